package org.parquetarrow.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code demo [DIR]}: the library's main job on a built-in example. Writes {@link DemoData}'s
 * sample orders to {@code DIR/orders.parquet} (zstd, statistics, page index, bloom filters on
 * {@code order_id}, {@code city} and {@code customer.name}), reads every row back, and prints the
 * schema, the first rows, the file's layout (also drawn to {@code DIR/orders-layout.svg}), a bloom
 * filter probe, two filtered scans with what pruning skipped ({@link #rangeFilter}, {@link
 * #ABSENT_NAME_FILTER}) and the write throughput (one cold run) and read throughput (the median of
 * warm reads).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Write a sample dataset to Parquet, read it back and show schema, rows, layout, filtered scans and speed.")
final class DemoCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "DIR",
      description = "Where to write the sample (default: a new temporary folder).")
  Path dir;

  @Option(names = "--rows", defaultValue = "2000000", paramLabel = "N", description = "Rows to generate (default ${DEFAULT-VALUE}).")
  long rows;

  @Spec CommandSpec spec;

  private static final int BATCH = 64 * 1024;
  private static final long ROW_GROUP_ROWS = 512 * 1024;
  /** Customer names are {@code customer-0} to {@code customer-99999}: this one is in no row group. */
  static final String ABSENT_NAME_FILTER = "customer.name = 'customer-123456'";
  /** Reads after the first whose median is the read throughput: the first pays for class loading and the JIT. */
  private static final int WARM_READS = 3;
  /** Rows the range scan covers. */
  static final long RANGE_ROWS = 10_000;

  @Override
  public Integer call() throws IOException {
    if (rows < 1) {
      throw new UserInputException("--rows must be positive, not " + rows);
    }
    Path folder = dir != null ? dir : Files.createTempDirectory("parquet-arrow-demo");
    Files.createDirectories(folder);
    Path file = folder.resolve("orders.parquet");
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "== writing %,d sample orders to %s%n", rows, file);
    out.flush();

    double writeS = write(file);
    double firstReadS = read(file, true);
    double[] warm = new double[WARM_READS];
    for (int i = 0; i < WARM_READS; i++) {
      warm[i] = read(file, false);
    }
    java.util.Arrays.sort(warm);
    double readS = warm[WARM_READS / 2];

    out.println();
    out.println("== schema");
    run(out, "schema", file.toString());
    out.println();
    out.println("== first rows");
    run(out, "head", file.toString(), "-n", "5");
    out.println();
    out.println("== layout");
    FileMetaData md;
    try (OpenedParquet p = OpenedParquet.open(file, null)) {
      md = p.metadata;
    }
    printLayout(out, md);
    run(out, "layout", file.toString(), "--svg", folder.resolve("orders-layout.svg").toString());
    out.println();
    out.println("== bloom filter: which row groups may hold city = 'Lisbon', and 'Atlantis'");
    run(out, "bloom", file.toString(), "--column", "city", "--value", "Lisbon");
    run(out, "bloom", file.toString(), "--column", "city", "--value", "Atlantis");
    out.println();
    scan(out, file, rangeFilter(rows), "a range on the sorted order_id: row groups pruned by statistics, pages by the page index");
    out.println();
    scan(out, file, ABSENT_NAME_FILTER, "an absent value of a high-cardinality column: row groups pruned by its bloom filter");
    out.println();
    long bytes = Files.size(file);
    long uncompressed = uncompressedBytes(md);
    out.println("== throughput (one thread; MB/s of uncompressed Parquet data)");
    out.printf(Locale.ROOT, "write: %,d rows in %.3f s = %,.0f rows/s, %.1f MB/s: one run in a fresh JVM, JIT warm-up included%n",
        rows, writeS, rows / writeS, uncompressed / 1e6 / writeS);
    out.printf(Locale.ROOT, "read:  %,d rows in %.3f s = %,.0f rows/s, %.1f MB/s: the median of %d warm reads (the first, cold: %.3f s)%n",
        rows, readS, rows / readS, uncompressed / 1e6 / readS, WARM_READS, firstReadS);
    out.printf(Locale.ROOT, "file:  %,d bytes on disk, %,d uncompressed (%.2fx)%n",
        bytes, uncompressed, bytes == 0 ? 0 : (double) uncompressed / bytes);
    out.printf(Locale.ROOT, "%nTry: bin/parquet-arrow meta %s   or   bin/parquet-arrow cat %s --json --columns customer%n",
        file, file);
    out.printf(Locale.ROOT, "     bin/parquet-arrow scan %s --filter \"city = 'Lima' and amount > 500\" --columns order_id,amount%n", file);
    out.flush();
    return 0;
  }

  private double write(Path file) {
    BloomFilterOptions sizing = new BloomFilterOptions(Math.min(rows, ROW_GROUP_ROWS), 0.01);
    WriterProperties props = WriterProperties.builder()
        .codec(CompressionCodec.ZSTD)
        .rowGroupRows(ROW_GROUP_ROWS)
        .pageIndex(true)
        .statistics(true)
        .column("order_id", c -> c.bloomFilter(sizing))
        .column("city", c -> c.bloomFilter(sizing))
        .column("customer.name", c -> c.bloomFilter(new BloomFilterOptions(Math.min(rows, 100_000), 0.01)))
        .keyValue("written_by", "parquet-arrow demo")
        .build();
    ProgressBar bar = ProgressBar.start(spec.commandLine().getErr(), "writing", rows);
    long t0 = System.nanoTime();
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(DemoData.schema(), allocator);
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), root.getSchema(), props)) {
      for (long first = 0; first < rows; first += BATCH) {
        DemoData.fill(root, first, (int) Math.min(BATCH, rows - first));
        w.write(root);
        bar.update(first + root.getRowCount(), "rows");
      }
    } finally {
      bar.finish();
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  private double read(Path file, boolean showProgress) {
    ProgressBar bar = showProgress ? ProgressBar.start(spec.commandLine().getErr(), "reading", rows)
        : ProgressBar.start(new PrintWriter(java.io.Writer.nullWriter()), "reading", rows);
    long t0 = System.nanoTime();
    long seen = 0;
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.defaults(allocator))) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        seen += b.getRowCount();
        b.close();
        bar.update(seen, "rows");
      }
    } finally {
      bar.finish();
    }
    if (seen != rows) {
      throw new IllegalStateException("wrote " + rows + " rows but read back " + seen);
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  /**
   * The selective range scan: {@value #RANGE_ROWS} order ids from three fifths into the data (so
   * with the default rows it falls inside one row group of four), and one city.
   */
  static String rangeFilter(long rows) {
    long lo = rows * 3 / 5;
    long hi = Math.min(rows - 1, lo + RANGE_ROWS - 1);
    return "order_id between " + lo + " and " + hi + " and city = 'Oslo'";
  }

  /** A filtered scan through the dataset layer, with its metrics; the summary goes to stdout here. */
  private void scan(PrintWriter out, Path file, String filter, String what) throws IOException {
    out.println("== filtered scan: " + what);
    out.println("   --filter \"" + filter + "\"");
    Dataset dataset = DatasetDiscovery.file(file, DiscoveryOptions.defaults());
    ScanOptions options = ScanOptions.builder().filter(filter).columns("order_id", "city", "customer").build();
    long t0 = System.nanoTime();
    ScanMetrics metrics;
    try (BufferAllocator allocator = new RootAllocator();
        ScanReader reader = Scanner.scan(dataset, options, allocator)) {
      while (reader.loadNextBatch()) {
        // the rows are counted in the metrics; the demo shows what was skipped, not the rows
      }
      metrics = reader.metrics();
    }
    ScanSummary.print(out, metrics, Files.size(file), (System.nanoTime() - t0) / 1e9);
  }

  /** Another command of this program, printing to the same place. */
  private void run(PrintWriter out, String... args) {
    CommandLine cl = ParquetArrowCommand.commandLine(args);
    cl.setOut(out);
    cl.setErr(spec.commandLine().getErr());
    int exit = cl.execute(args);
    if (exit != 0) {
      throw new IllegalStateException("demo step '" + String.join(" ", args) + "' failed with status " + exit);
    }
  }

  private static void printLayout(PrintWriter out, FileMetaData md) {
    for (int g = 0; g < md.rowGroups().size(); g++) {
      RowGroup rg = md.rowGroups().get(g);
      long compressed = 0;
      for (ColumnChunk c : rg.columns()) {
        compressed += c.metaData().totalCompressedSize();
      }
      out.printf(Locale.ROOT, "row group %d: %,d rows, %,d bytes%n", g, rg.numRows(), compressed);
      if (g > 0) {
        continue; // the others are alike; the first shows where the bytes go
      }
      int width = 0;
      for (ColumnChunk c : rg.columns()) {
        width = Math.max(width, String.join(".", c.metaData().pathInSchema()).length());
      }
      for (ColumnChunk c : rg.columns()) {
        ColumnMetaData m = c.metaData();
        out.printf(Locale.ROOT, "  %-" + width + "s  %-5s %,12d bytes  %5.2fx  %4.1f%%%n", String.join(".", m.pathInSchema()),
            m.codec(), m.totalCompressedSize(), (double) m.totalUncompressedSize() / Math.max(1, m.totalCompressedSize()),
            100.0 * m.totalCompressedSize() / Math.max(1, compressed));
      }
    }
  }

  private static long uncompressedBytes(FileMetaData md) {
    long n = 0;
    for (RowGroup rg : md.rowGroups()) {
      for (ColumnChunk c : rg.columns()) {
        n += c.metaData().totalUncompressedSize();
      }
    }
    return n;
  }
}
