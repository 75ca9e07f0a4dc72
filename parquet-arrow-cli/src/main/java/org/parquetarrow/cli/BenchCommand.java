package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.ParquetFooter;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bench FILE --footer}: times opening the file and parsing its whole footer and schema
 * (Parquet and Arrow), nothing else. The median of the repeats after warm-up.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Time opening the file and parsing its footer and schema (--footer); median of the repeats.")
final class BenchCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file.")
  Path file;

  @Option(names = "--footer", required = true,
      description = "Open, read and parse the footer and schema only (the mode available now).")
  boolean footer;

  @Option(names = "--repeat", defaultValue = "20", paramLabel = "R", description = "Timed runs (default ${DEFAULT-VALUE}).")
  int repeat;

  @Option(names = "--warmup", defaultValue = "5", paramLabel = "W", description = "Untimed runs first (default ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--json", description = "One JSON object: rows, uncompressed_bytes, median_s, rows_per_s, mb_per_s.")
  boolean json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (repeat < 1 || warmup < 0) {
      throw new UserInputException("--repeat must be at least 1 and --warmup at least 0");
    }
    FileMetaData md = null;
    for (int i = 0; i < warmup; i++) {
      md = openAndParse();
    }
    long[] nanos = new long[repeat];
    for (int i = 0; i < repeat; i++) {
      long t0 = System.nanoTime();
      md = openAndParse();
      nanos[i] = System.nanoTime() - t0;
    }
    Arrays.sort(nanos);
    double median = (repeat % 2 == 1 ? nanos[repeat / 2] : (nanos[repeat / 2 - 1] + nanos[repeat / 2]) / 2.0) / 1e9;
    long rows = 0;
    long uncompressed = 0;
    for (RowGroup rg : md.rowGroups()) {
      rows += rg.numRows();
      for (ColumnChunk c : rg.columns()) {
        if (c.metaData() != null) {
          uncompressed += c.metaData().totalUncompressedSize();
        }
      }
    }
    double rowsPerS = median > 0 ? rows / median : 0;
    double mbPerS = median > 0 ? uncompressed / 1e6 / median : 0;
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      ObjectMapper mapper = new ObjectMapper();
      ObjectNode o = mapper.createObjectNode();
      o.put("file", file.toString());
      o.put("mode", "footer");
      o.put("rows", rows);
      o.put("uncompressed_bytes", uncompressed);
      o.put("repeat", repeat);
      o.put("median_s", median);
      o.put("min_s", nanos[0] / 1e9);
      o.put("max_s", nanos[repeat - 1] / 1e9);
      o.put("rows_per_s", rowsPerS);
      o.put("mb_per_s", mbPerS);
      out.println(mapper.writeValueAsString(o));
    } else {
      out.printf(Locale.ROOT, "%s: footer and schema of %d rows (%d uncompressed bytes)%n", file, rows, uncompressed);
      out.printf(Locale.ROOT, "median %.6f s of %d runs (min %.6f, max %.6f): %.0f rows/s, %.1f MB/s%n",
          median, repeat, nanos[0] / 1e9, nanos[repeat - 1] / 1e9, rowsPerS, mbPerS);
    }
    out.flush();
    return 0;
  }

  /** One timed unit: open, read and parse the footer, build both schemas, close. */
  private FileMetaData openAndParse() throws Exception {
    try (LocalInputFile in = OpenedParquet.openFile(file)) {
      FileMetaData md = ParquetFooter.read(in).metadata();
      ArrowSchemaConverter.toArrow(md, ArrowReadOptions.defaults());
      return md;
    }
  }
}
