package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.parquetarrow.io.IoStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.dataset.expr.ExpressionParseException;
import org.parquetarrow.dataset.prune.PlanExplanation;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.read.ReadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code scan PATH [--filter EXPR] [--columns a,b.c] [--limit N] [--batch-size N] [--threads N] [--out OUT.arrow|-]
 * [--metrics-json FILE] [--json] [--explain] [--footer-key K] [--column-key PATH:K]… [--aad-prefix P]}: the rows of a dataset (a file, a directory of hive partitions or
 * a glob) that a SQL {@code WHERE}-style filter keeps, read with every pruning step the dataset
 * layer has. Rows go to stdout as an aligned table (JSON lines with {@code --json}), or with
 * {@code --out} to an Arrow IPC file ({@code -}: an IPC stream on stdout), with a progress bar on a
 * terminal; what pruning skipped and what was read goes to stderr, and with {@code --metrics-json}
 * to a file as one JSON object. Encrypted files are read with the key options, the same keys for
 * every file of the dataset.
 *
 * <pre>
 * parquet-arrow scan data/ --filter "year = 2024 and id between 10 and 20" --columns id,user.name
 * parquet-arrow scan 'data/year=*&#47;*.parquet' --filter "city = 'Oslo'" --out oslo.arrow --metrics-json m.json
 * parquet-arrow scan data/ --filter "id = 42" --explain          # what pruning keeps, and why
 * </pre>
 */
@Command(name = "scan", mixinStandardHelpOptions = true,
    description = {
        "Scan a dataset (a file, a directory with hive partitions, or a glob) with a filter, pruning row groups"
            + " and pages by statistics, dictionaries, bloom filters and the page index.",
        "Rows go to stdout (an aligned table, JSON lines with --json, or Arrow IPC with --out);"
            + " the pruning metrics to stderr."})
final class ScanCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "PATH",
      description = "A Parquet file, a directory (recursive; key=value directories become columns) or a glob"
          + " such as 'data/year=*/*.parquet' (quote it); also s3://bucket/prefix/ (listed), s3://bucket/key"
          + " or an http(s):// file.")
  String path;

  @Option(names = "--filter", paramLabel = "EXPR",
      description = "Rows to keep, in SQL WHERE syntax: x > 5 and s in ('a', 'b') and d between date '2024-01-01'"
          + " and date '2024-12-31' and name like 'abc%%' and a.b is not null.")
  String filter;

  @Option(names = "--columns", split = ",", paramLabel = "COL",
      description = "Columns to output: top-level or partition names, dotted paths through structs (default all).")
  String[] columns;

  @Option(names = "--batch-size", defaultValue = "" + ReadOptions.DEFAULT_BATCH_SIZE, paramLabel = "N",
      description = "Most rows per batch (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Option(names = "--limit", paramLabel = "N",
      description = "Stop after N rows (the first in file order): row groups past them are not read.")
  Long limit;

  @Option(names = "--threads", paramLabel = "N",
      description = "Threads reading the dataset: files at once, and a few files (or one) cut into runs of whole"
          + " row groups read side by side; rows still come in file order (default: the number of cores).")
  Integer threads;

  @Option(names = "--out", paramLabel = "OUT.arrow",
      description = "Write the rows to this Arrow IPC file instead of printing them ('-': an IPC stream on stdout).")
  String out;

  @Option(names = "--metrics-json", paramLabel = "FILE", description = "Also write the scan metrics as one JSON object.")
  Path metricsJson;

  @Option(names = "--json", description = "Print rows as JSON lines (one object per row) instead of a table;"
      + " with --explain, the plan as one JSON object.")
  boolean json;

  @Option(names = "--explain", description = "Read no rows: print for every file, row group and run of pages"
      + " whether the filter's pruning keeps it and why (partition values, statistics, bloom filter, dictionary,"
      + " page index).")
  boolean explain;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    ScanOptions options = options();
    if (json && out != null) {
      throw new UserInputException("--json prints rows and --out writes them to Arrow: give one of them");
    }
    PrintWriter err = spec.commandLine().getErr();
    if (explain) {
      if (out != null || metricsJson != null) {
        throw new UserInputException("--explain reads no rows: it takes neither --out nor --metrics-json");
      }
      try (Locations locations = storage.locations()) {
        Dataset dataset = DatasetSource.discover(locations, path, DiscoveryOptions.builder().decryption(keys.properties()).build());
        PlanExplanation plan = explain(dataset, options);
        PrintWriter o = spec.commandLine().getOut();
        if (json) {
          o.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(ExplainJson.of(plan)));
        } else {
          o.println(plan);
        }
        o.flush();
      }
      return 0;
    }
    ScanMetrics metrics;
    Dataset dataset;
    if (metricsJson != null) {
      refuseMissingDirectory(metricsJson);
    }
    long t0 = System.nanoTime();
    try (Locations locations = storage.locations()) {
      dataset = DatasetSource.discover(locations, path, DiscoveryOptions.builder().decryption(keys.properties()).build());
      metrics = scan(dataset, options, err);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    ScanSummary.print(err, metrics, datasetBytes(dataset), seconds);
    if (!dataset.files().stream().allMatch(DatasetFile::isLocal)) {
      ScanSummary.printRequests(err, metrics, dataset.discoveryStatistics());
    }
    if (metricsJson != null) {
      writeMetrics(metrics, dataset.discoveryStatistics());
    }
    return 0;
  }

  private ScanMetrics scan(Dataset dataset, ScanOptions options, PrintWriter err) throws IOException {
    try (BufferAllocator allocator = new RootAllocator();
        ScanReader reader = open(dataset, options, allocator)) {
      if (out == null) {
        // the rows on stdout are the progress; a bar on the same terminal would tear them
        print(reader);
      } else {
        ProgressBar bar = ProgressBar.start(err, "scan", 0);
        try {
          write(reader, bar);
        } finally {
          bar.finish();
        }
      }
      return reader.metrics();
    }
  }

  private ScanOptions options() {
    if (batchSize < 1) {
      throw new UserInputException("--batch-size must be at least 1, not " + batchSize);
    }
    if (threads != null && threads < 1) {
      throw new UserInputException("--threads must be at least 1, not " + threads);
    }
    if (limit != null && limit < 0) {
      throw new UserInputException("--limit must be at least 0, not " + limit);
    }
    ScanOptions.Builder b = ScanOptions.builder().batchSize(batchSize);
    if (limit != null) {
      b.limit(limit);
    }
    if (threads != null) {
      b.parallelism(threads);
    }
    if (columns != null) {
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (String c : columns) {
        if (!seen.add(c)) {
          // SQL's SELECT a, a gives two columns, but an Arrow output (--out) and a JSON object
          // (--json) cannot hold two of one name: refused rather than quietly given once
          throw new UserInputException("--columns names " + c + " twice; a scan outputs each column once: list it once");
        }
      }
      b.columns(columns);
    }
    if (filter != null) {
      try {
        b.filter(filter);
      } catch (ExpressionParseException e) {
        throw new UserInputException("--filter: " + e.getMessage(), e);
      }
    }
    return b.build();
  }

  private static PlanExplanation explain(Dataset dataset, ScanOptions options) {
    try {
      return dataset.explain(options.filter(), options.pruning());
    } catch (ExpressionBindException e) {
      throw new UserInputException(e.getMessage(), e);
    }
  }

  /** The filter's and projection's binding problems are the user's, like the parser's. */
  private static ScanReader open(Dataset dataset, ScanOptions options, BufferAllocator allocator) {
    try {
      return Scanner.scan(dataset, options, allocator);
    } catch (ExpressionBindException e) {
      throw new UserInputException(e.getMessage(), e);
    }
  }

  private void print(ScanReader reader) throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    List<String> names = new ArrayList<>();
    for (Field f : root.getSchema().getFields()) {
      names.add(f.getName());
    }
    ObjectMapper mapper = new ObjectMapper();
    RowTable table = json ? null : new RowTable(o, names);
    ValueJson values = new ValueJson(reader);
    while (reader.loadNextBatch()) {
      List<FieldVector> vectors = root.getFieldVectors();
      for (int r = 0; r < root.getRowCount(); r++) {
        if (json) {
          ObjectNode row = JsonNodeFactory.instance.objectNode();
          for (int c = 0; c < vectors.size(); c++) {
            row.set(names.get(c), values.value(vectors.get(c), r));
          }
          o.println(mapper.writeValueAsString(row));
        } else {
          String[] cells = new String[vectors.size()];
          for (int c = 0; c < cells.length; c++) {
            cells[c] = HeadCommand.cell(values.value(vectors.get(c), r));
          }
          table.add(cells);
        }
      }
    }
    if (table != null) {
      table.finish();
    }
    o.flush();
  }

  private void write(ScanReader reader, ProgressBar bar) throws IOException {
    long rows = 0;
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    try (ArrowIpcOutput output = ArrowIpcOutput.open(out);
        ArrowWriter writer = output.writer(root, reader)) {
      writer.start();
      while (reader.loadNextBatch()) {
        writer.writeBatch();
        rows += root.getRowCount();
        bar.update(rows, "rows out");
      }
      writer.end();
      output.commit();
    } catch (IOException e) {
      throw ArrowIpcOutput.failure(out, e);
    }
    if (!"-".equals(out)) {
      PrintWriter o = spec.commandLine().getOut();
      o.printf(Locale.ROOT, "wrote %d rows to %s%n", rows, out);
      o.flush();
    }
  }

  /** Said before the scan, not after minutes of it, when the metrics file's directory is missing. */
  private static void refuseMissingDirectory(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
      throw FileErrors.cannotWrite(file.toString(), new java.nio.file.NoSuchFileException(file.toString()));
    }
  }

  private void writeMetrics(ScanMetrics metrics, IoStatistics discovery) {
    Map<String, Long> m = new LinkedHashMap<>(metrics.toMap());
    // listing and footers, before the scan's own requests
    m.put("discovery_requests", discovery.requests());
    m.put("discovery_bytes", discovery.bytesRead());
    try {
      // through NIO, whose exceptions FileErrors can put in words (FileOutputStream's cannot be told apart)
      try (var stream = java.nio.file.Files.newOutputStream(metricsJson)) {
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(stream, m);
      }
    } catch (IOException e) {
      throw FileErrors.cannotWrite(metricsJson.toString(), e);
    }
  }

  /** The local files' total size, or -1 for a remote dataset (its sizes were listed, not kept). */
  private static long datasetBytes(Dataset dataset) throws IOException {
    long n = 0;
    for (DatasetFile f : dataset.files()) {
      if (!f.isLocal()) {
        return -1;
      }
      n += Files.size(f.path());
    }
    return n;
  }
}
