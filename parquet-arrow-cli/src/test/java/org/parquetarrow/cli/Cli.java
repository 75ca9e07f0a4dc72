package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.parquetarrow.testing.TestData;
import picocli.CommandLine;

/** Runs the command in-process and keeps what it printed. */
record Cli(int exit, String out, String err) {
  static Cli run(String... args) {
    CommandLine cl = ParquetArrowCommand.commandLine(args);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int exit = cl.execute(args);
    return new Cli(exit, out.toString(), err.toString());
  }

  JsonNode json() {
    try {
      return new ObjectMapper().readTree(out);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String corpus(String relative) {
    return TestData.parquetTesting().resolve(relative).toString();
  }

  /** The Arrow C++ golden IPC file of a corpus file such as {@code data/x.parquet}. */
  static Path golden(String relative) {
    return TestData.parquetTesting().resolve("expected").resolve(relative.replace("/", "__") + ".arrow");
  }
}
