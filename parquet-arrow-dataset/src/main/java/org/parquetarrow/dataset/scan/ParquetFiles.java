package org.parquetarrow.dataset.scan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.table.Table;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.util.OversizedAllocationException;
import org.apache.arrow.vector.util.VectorAppender;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.PlanExplanation;

/**
 * One-call reads of a Parquet file or dataset, as pyarrow's {@code pq.read_table(path, columns=,
 * filters=)}: a location (a local file, a directory of hive partitions, a glob such as {@code
 * data/year=*}{@code /*.parquet}, {@code s3://bucket/prefix/}, an {@code https://} file) read into an
 * Arrow {@link Table}, a list of batches, or batches to loop over, with the columns, filter and
 * row limit of a {@link TableReadOptions}. Every read prunes as a dataset scan does (partition
 * values, statistics, dictionaries, bloom filters, the page index), a single file included, and
 * every buffer comes from the caller's allocator, which owns what is returned.
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *     Table t = ParquetFiles.readTable("events/", TableReadOptions.builder()
 *         .columns("id", "name").filter("year = 2024 and id < 1000").limit(100).build(), allocator)) {
 *   for (Row row : t) { ... }
 * }
 * long n = ParquetFiles.countRows("events/", "year = 2024", allocator).rows();
 * }</pre>
 */
public final class ParquetFiles {
  private ParquetFiles() {}

  /** Every row and column of {@code location} as one {@link Table}. */
  public static Table readTable(String location, BufferAllocator allocator) {
    return readTable(location, TableReadOptions.defaults(), allocator);
  }

  /**
   * The rows {@code options} asks for, in file order, as one {@link Table} (its vectors hold every
   * batch appended; close it to free them).
   *
   * @throws IllegalArgumentException if the rows do not fit in a {@code Table} (more than {@link
   *     Integer#MAX_VALUE} of them, a column whose values outgrow one vector's 2 GiB, or a
   *     dictionary-encoded column, whose dictionary differs from batch to batch), naming the
   *     column: read them with {@link #batches} or {@link #readBatches} then
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException if a column or the filter does
   *     not fit the data (naming the columns there are)
   * @throws org.parquetarrow.ParquetException if a file cannot be read (naming it)
   */
  public static Table readTable(String location, TableReadOptions options, BufferAllocator allocator) {
    return read(() -> OpenedDataset.open(location, options.discovery(), options.storage()), options, allocator,
        reader -> toTable(reader, allocator));
  }

  /** {@link #readTable(String, TableReadOptions, BufferAllocator)} of a local file or directory. */
  public static Table readTable(Path path, TableReadOptions options, BufferAllocator allocator) {
    return read(() -> OpenedDataset.open(path, options.discovery()), options, allocator, reader -> toTable(reader, allocator));
  }

  /**
   * The rows {@code options} asks for, in file order, as the batches they were read in, each a
   * {@link VectorSchemaRoot} the caller closes: the form for more rows than a {@link Table} holds.
   */
  public static List<VectorSchemaRoot> readBatches(String location, TableReadOptions options, BufferAllocator allocator) {
    return read(() -> OpenedDataset.open(location, options.discovery(), options.storage()), options, allocator,
        ParquetFiles::toBatches);
  }

  /**
   * The rows {@code options} asks for as batches to loop over, read as the loop goes (only a few
   * batches held at once); close the result (try-with-resources) to stop early.
   */
  public static ParquetBatches batches(String location, TableReadOptions options, BufferAllocator allocator) {
    OpenedDataset source = OpenedDataset.open(location, options.discovery(), options.storage());
    try {
      return new ParquetBatches(source, Scanner.scan(source.dataset(), options.scanOptions(), allocator));
    } catch (RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /** {@link #batches(String, TableReadOptions, BufferAllocator)} of a local file or directory. */
  public static ParquetBatches batches(Path path, TableReadOptions options, BufferAllocator allocator) {
    OpenedDataset source = OpenedDataset.open(path, options.discovery());
    try {
      return new ParquetBatches(source, Scanner.scan(source.dataset(), options.scanOptions(), allocator));
    } catch (RuntimeException e) {
      source.close();
      throw e;
    }
  }

  /** The first {@code rows} rows of {@code location}, every column, as pyarrow's {@code dataset.head(n)}. */
  public static Table head(String location, long rows, BufferAllocator allocator) {
    return readTable(location, TableReadOptions.builder().limit(rows).build(), allocator);
  }

  /**
   * The number of rows of {@code location} that {@code options}' filter is true for (every row
   * without one), answered from footers and statistics where they decide it, reading only the
   * filter's columns where they do not ({@link Scanner#countRows}); columns and limit are not used.
   */
  public static RowCount countRows(String location, TableReadOptions options, BufferAllocator allocator) {
    try (OpenedDataset source = OpenedDataset.open(location, options.discovery(), options.storage())) {
      return Scanner.countRows(source.dataset(), options.filter(), options.scanOptions(), allocator);
    }
  }

  /**
   * {@link #countRows(String, TableReadOptions, BufferAllocator)} with {@code filter} in SQL
   * {@code WHERE} syntax ({@code null}: every row).
   *
   * @throws org.parquetarrow.dataset.expr.ExpressionParseException pointing at the bad token
   */
  public static RowCount countRows(String location, String filter, BufferAllocator allocator) {
    TableReadOptions.Builder b = TableReadOptions.builder();
    if (filter != null) {
      b.filter(ExpressionParser.parse(filter));
    }
    return countRows(location, b.build(), allocator);
  }

  /**
   * Why a read of {@code location} with {@code options}' filter reads what it reads ({@link
   * Dataset#explain}): every file, row group and run of pages, its verdict and the reason.
   */
  public static PlanExplanation explain(String location, TableReadOptions options) {
    try (OpenedDataset source = OpenedDataset.open(location, options.discovery(), options.storage())) {
      return source.dataset().explain(options.filter(), options.pruning());
    }
  }

  private interface Source {
    OpenedDataset open();
  }

  /** Turns a scan's batches into the call's result, freeing what it made on failure. */
  private interface Collect<T> {
    T from(ScanReader reader) throws IOException;
  }

  private static <T> T read(Source source, TableReadOptions options, BufferAllocator allocator,
      Collect<T> collect) {
    try (OpenedDataset opened = source.open();
        ScanReader reader = Scanner.scan(opened.dataset(), options.scanOptions(), allocator)) {
      return collect.from(reader);
    } catch (IOException e) {
      throw new ParquetIOException("cannot read: " + e.getMessage(), e);
    }
  }

  private static Table toTable(ScanReader reader, BufferAllocator allocator) throws IOException {
    List<String> encoded = new ArrayList<>();
    for (Field f : reader.getVectorSchemaRoot().getSchema().getFields()) {
      if (f.getDictionary() != null) {
        encoded.add(f.getName());
      }
    }
    if (!encoded.isEmpty()) {
      throw new IllegalArgumentException("columns " + encoded + " are dictionary-encoded with a dictionary per batch,"
          + " which a Table (one dictionary per column) cannot hold: read them with ParquetFiles.batches");
    }
    VectorSchemaRoot batch = reader.getVectorSchemaRoot();
    VectorSchemaRoot all = VectorSchemaRoot.create(batch.getSchema(), allocator);
    try {
      long rows = 0;
      while (reader.loadNextBatch()) {
        rows += batch.getRowCount();
        if (rows > Integer.MAX_VALUE) {
          throw new IllegalArgumentException("more than " + Integer.MAX_VALUE
              + " rows, the most a Table holds: read them with ParquetFiles.batches or readBatches");
        }
        if (all.getRowCount() == 0) {
          // the appender grows vectors that hold data; the first batch is moved in whole
          transfer(batch, all);
        } else {
          append(batch, all);
        }
      }
      return new Table(all);
    } finally {
      all.close(); // the table took the vectors' buffers; this frees only what a failure left
    }
  }

  /** Appends {@code from}'s rows to {@code to}'s vectors, naming a column that outgrows a vector. */
  private static void append(VectorSchemaRoot from, VectorSchemaRoot to) {
    for (int i = 0; i < from.getFieldVectors().size(); i++) {
      FieldVector target = to.getVector(i);
      try {
        from.getVector(i).accept(new VectorAppender(target), null);
      } catch (OversizedAllocationException e) {
        throw new IllegalArgumentException("column '" + target.getName() + "' holds more data than one Arrow vector can"
            + " (2 GiB of values or offsets), so the rows do not fit in a Table: read them with ParquetFiles.batches"
            + " or readBatches", e);
      }
    }
    to.setRowCount(to.getRowCount() + from.getRowCount());
  }

  private static void transfer(VectorSchemaRoot from, VectorSchemaRoot to) {
    for (int i = 0; i < from.getFieldVectors().size(); i++) {
      from.getVector(i).makeTransferPair(to.getVector(i)).transfer();
    }
    to.setRowCount(from.getRowCount());
  }

  private static List<VectorSchemaRoot> toBatches(ScanReader reader) throws IOException {
    List<VectorSchemaRoot> out = new ArrayList<>();
    VectorSchemaRoot batch = reader.getVectorSchemaRoot();
    try {
      while (reader.loadNextBatch()) {
        List<FieldVector> owned = new ArrayList<>();
        for (FieldVector v : batch.getFieldVectors()) {
          TransferPair t = v.getTransferPair(v.getAllocator());
          t.transfer();
          owned.add((FieldVector) t.getTo());
        }
        out.add(new VectorSchemaRoot(batch.getSchema().getFields(), owned, batch.getRowCount()));
      }
      return out;
    } catch (IOException | RuntimeException e) {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(out));
      throw e;
    }
  }
}
