package org.parquetarrow.bench.peers;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the figures were measured on: the JVM, the CPU, and the load average that says how busy
 * the (possibly shared) machine was.
 *
 * <pre>
 * String before = Machine.loadAverage(); // "1.52 1.10 0.80"
 * </pre>
 */
public record Machine(String jvm, String cpu, int cores, long maxHeapBytes, String os) {

  /** This JVM and the machine it runs on. */
  public static Machine current() {
    Runtime rt = Runtime.getRuntime();
    String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
        + " (" + System.getProperty("java.vendor") + ")";
    String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch");
    return new Machine(jvm, cpuModel(), rt.availableProcessors(), rt.maxMemory(), os);
  }

  /** The 1, 5 and 15 minute load averages, from /proc/loadavg where there is one. */
  public static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      // not Linux: the JVM knows only the 1-minute figure
      return String.format(Locale.ROOT, "%.2f",
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
  }

  private static String cpuModel() {
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
      for (String line : lines) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through to what the JVM knows
    }
    return System.getProperty("os.arch");
  }
}
