package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The complete program of the README ("Use it from Maven") is compiled and run as a user would
 * paste it: a README that no longer compiles, or prints something else, fails here.
 */
class ReadmeExampleTest {
  private static final String MARKER = "<!-- ReadmeExampleTest: Quickstart.java -->";
  /**
   * Worked out from the program's data: the three cities with two of their columns, then the two
   * whose population is above 600,000 (Oslo 709,037 and Lima 10,092,000; Lisbon 545,796 is not).
   */
  private static final String EXPECTED = """
      city	population
      Oslo	709037
      Lisbon	545796
      Lima	10092000
      id	city
      1	Oslo
      3	Lima
      """;

  @Test
  void theReadmeProgramCompilesRunsAndPrintsWhatTheReadmeSays(@TempDir Path dir) throws Exception {
    String readme = Files.readString(readme());
    String source = codeBlockAfter(readme, MARKER);
    Path src = dir.resolve("Quickstart.java");
    Files.writeString(src, source);

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertNotNull(javac, "tests run on a JDK");
    StringWriter diagnostics = new StringWriter();
    int status = javac.run(null, null, new PrintStream(new ByteArrayOutputStream()) {
      @Override
      public void write(byte[] b, int off, int len) {
        diagnostics.write(new String(b, off, len, StandardCharsets.UTF_8));
      }
    }, "-d", dir.toString(), "-cp", System.getProperty("java.class.path"), src.toString());
    assertEquals(0, status, "the README's program does not compile:\n" + diagnostics);

    Path file = dir.resolve("cities.parquet");
    PrintStream stdout = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Method main = loader.loadClass("Quickstart").getMethod("main", String[].class);
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      main.invoke(null, (Object) new String[] {file.toString()});
    } finally {
      System.setOut(stdout);
    }
    assertEquals(EXPECTED, printed.toString(StandardCharsets.UTF_8));
    assertTrue(Files.size(file) > 0);

    // and the README shows that same output
    String shown = codeBlockAfter(readme.substring(readme.indexOf(MARKER)), "It prints:");
    assertEquals(EXPECTED, shown);
  }

  private static Path readme() {
    for (Path p : List.of(Path.of("README.md"), Path.of("../README.md"))) {
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    throw new AssertionError("README.md not found from " + Path.of("").toAbsolutePath());
  }

  /** The text of the first fenced code block after {@code marker}, without its fences. */
  private static String codeBlockAfter(String text, String marker) {
    int at = text.indexOf(marker);
    assertTrue(at >= 0, "README has no " + marker);
    int open = text.indexOf("```", at);
    int bodyStart = text.indexOf('\n', open) + 1;
    int close = text.indexOf("\n```", bodyStart);
    return text.substring(bodyStart, close + 1);
  }
}
