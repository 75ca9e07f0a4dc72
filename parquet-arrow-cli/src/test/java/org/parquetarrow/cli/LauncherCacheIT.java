package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/parquet-arrow}'s class-data sharing archive: made after a first {@code schema} or
 * {@code meta}, used by later runs, and never a reason for a command to fail or print anything
 * else: not with an unwritable cache dir, nor with a truncated or garbage archive.
 */
class LauncherCacheIT {
  private record Run(int exit, String out, String err) {}

  private static final String FILE = Cli.corpus("data/alltypes_plain.parquet");

  private static Run run(Path cache, String... args) throws Exception {
    Path root = Path.of(System.getProperty("project.root"));
    ProcessBuilder pb = new ProcessBuilder(
        Stream.concat(Stream.of(root.resolve("bin/parquet-arrow").toString()), Stream.of(args)).toList());
    pb.environment().put("PARQUET_ARROW_CACHE_DIR", cache.toString());
    Path out = Files.createTempFile("out", ".txt");
    Path err = Files.createTempFile("err", ".txt");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    int exit = pb.start().waitFor();
    Run r = new Run(exit, Files.readString(out), Files.readString(err));
    Files.delete(out);
    Files.delete(err);
    return r;
  }

  /**
   * The published archive, once the background run that makes it has finished: an archive whose
   * size is the one recorded beside it, and no temporary file left.
   */
  private static Path awaitArchive(Path cache) throws Exception {
    long deadline = System.nanoTime() + 180_000_000_000L;
    while (System.nanoTime() < deadline) {
      List<Path> archives = list(cache, ".jsa");
      if (archives.size() == 1 && list(cache, ".tmp").isEmpty()) {
        Path archive = archives.get(0);
        Path size = Path.of(archive + ".size");
        try {
          if (Files.exists(size)
              && Files.readString(size).strip().equals(String.valueOf(Files.size(archive)))) {
            return archive;
          }
        } catch (IOException racingWithThePublisher) {
          // a file went away between the listing and the read: look again
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no archive in " + cache + " after 180 s: " + list(cache, ""));
  }

  private static List<Path> list(Path dir, String suffix) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(suffix)).toList();
    }
  }

  private static void assertSchemaPrinted(Run r) {
    assertEquals(0, r.exit(), r.err());
    assertEquals("", r.err());
    assertTrue(r.out().contains("rows:       8 in 1 row group(s)"), r.out());
    assertFalse(r.out().contains("cds"), "no JVM archive logging on stdout: " + r.out());
  }

  @Test
  void archiveIsMadeOnceThenUsedAndABrokenOneIsIgnored(@TempDir Path dir) throws Exception {
    Path cache = dir.resolve("cache");
    Run first = run(cache, "schema", FILE);
    assertSchemaPrinted(first);
    Path archive = awaitArchive(cache);
    long size = Files.size(archive);
    assertTrue(size > 1_000_000, "an archive of the classes a schema loads, not " + size + " bytes");

    assertEquals(first, run(cache, "schema", FILE));

    // truncated (JDK 17 would crash mapping it): dropped, the command runs without it
    archive.toFile().setWritable(true);
    try (var ch = Files.newByteChannel(archive, java.nio.file.StandardOpenOption.WRITE)) {
      ch.truncate(size / 2);
    }
    assertEquals(first, run(cache, "schema", FILE));

    // garbage of the recorded size: the JVM refuses its header and runs without it, silently
    Path again = awaitArchive(cache);
    byte[] garbage = new byte[(int) Files.size(again)];
    java.util.Arrays.fill(garbage, (byte) 0x5a);
    again.toFile().setWritable(true);
    Files.write(again, garbage);
    assertEquals(first, run(cache, "schema", FILE));
    assertEquals(0, run(cache, "meta", FILE, "--json").exit());
  }

  @Test
  void anUnwritableCacheDirIsNoError(@TempDir Path dir) throws Exception {
    // a cache dir below a regular file cannot be made, even by root
    Path file = Files.writeString(dir.resolve("plain-file"), "x");
    Path cache = file.resolve("cache");
    Run r = run(cache, "schema", FILE);
    assertSchemaPrinted(r);
    assertEquals(r, run(cache, "schema", FILE));
    assertEquals(0, run(cache, "--version").exit());
    assertEquals("x", Files.readString(file));
  }
}
