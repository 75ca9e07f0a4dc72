package org.parquetarrow.spark;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.read.ReadOptions;

/**
 * Reads one input partition: its files one after another, each scanned by parquet-arrow's {@link
 * Scanner} (pruning and filtering with the pushed filter), whole or a run of a large file's row
 * groups, every Arrow batch handed to Spark as a
 * {@link ColumnarBatch} over the scan's vectors (no copy), partition columns as constant columns,
 * columns a file lacks as null columns. The counters of the finished files plus the open one are
 * the task's custom metrics.
 */
final class ParquetArrowPartitionReader implements PartitionReader<ColumnarBatch> {
  private final FilePartition partition;
  private final StructType readSchema;
  private final List<String> partitionNames;
  private final List<List<String>> projection;
  private final String filterSql;
  private final ReadConfig config;
  private final BufferAllocator allocator = new RootAllocator();
  private final Map<String, Long> finished = new HashMap<>();
  private int nextFile;
  private BatchSource scan;
  private FileSlice file;
  private ColumnarBatch batch;

  ParquetArrowPartitionReader(FilePartition partition, StructType readSchema, List<String> partitionNames,
      List<List<String>> projection, String filterSql, ReadConfig config) {
    this.partition = partition;
    this.readSchema = readSchema;
    this.partitionNames = partitionNames;
    this.projection = projection;
    this.filterSql = filterSql;
    this.config = config;
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      if (scan == null) {
        if (nextFile == partition.files().size()) {
          return false;
        }
        file = partition.files().get(nextFile++);
        scan = open(file);
      }
      if (scan.loadNextBatch()) {
        batch = toBatch(scan.root());
        return true;
      }
      closeScan();
    }
  }

  /**
   * The slice through the dataset {@link Scanner}: the file as the driver listed it (not listed
   * again; a remote file held to the listed version), the whole of it or its run of row groups,
   * pruned and filtered exactly. Partition values come from the driver, as constant columns.
   */
  private BatchSource open(FileSlice f) throws IOException {
    Dataset ds = TaskSetup.dataset(f, config);
    if (!f.isWholeFile()) {
      ds = ds.withRowGroups(ds.files().get(0), f.rowGroupFrom(), f.rowGroupTo());
    }
    ScanOptions.Builder options = ScanOptions.builder()
        .readOptions(ReadOptions.builder().pageReadAhead(config.pageReadAhead())
            .verifyChecksums(config.verifyChecksums()).build())
        .columns(present(projection, ds.schema()))
        .batchSize(config.batchSize())
        .parallelism(1)
        .readingThread(config.scanAhead() == ReadConfig.ScanAhead.NONE
            ? ScanOptions.ReadingThread.CALLER : ScanOptions.ReadingThread.READERS)
        .memoryBudget(config.scanMemoryBudget())
        .lateMaterialization(config.lateMaterialization())
        .corruptFiles(config.corruptFiles())
        .pruning(config.pruning());
    if (filterSql != null) {
      options.filter(TaskSetup.filter(filterSql));
    }
    return new ScannerSource(Scanner.scan(ds, options.build(), allocator));
  }

  /**
   * The projected paths this file has, as the scan's column names. A path the file lacks is
   * replaced by its longest prefix the file has (a struct missing a newer field is read whole, so
   * the struct's own nulls stay right and the field comes out as nulls); a top-level column the
   * file lacks comes out as a null column.
   */
  static List<String> present(List<List<String>> paths, Schema fileSchema) {
    List<String> out = new ArrayList<>();
    for (List<String> path : paths) {
      for (int n = path.size(); n > 0; n--) {
        if (resolves(path.subList(0, n), fileSchema)) {
          String have = columnName(path.subList(0, n), fileSchema);
          if (!out.contains(have)) {
            out.add(have);
          }
          break;
        }
      }
    }
    return out;
  }

  /**
   * {@code path} as a scan column name, which is a whole top-level name or else a dotted path: a
   * path through a struct that cannot be spelt so (a name in it holds a dot, or its dotted spelling
   * is also a top-level column's name, as Spark's {@code `a.b`} beside {@code a.b}) reads its
   * top-level column whole, and Spark picks the field out of it.
   */
  private static String columnName(List<String> path, Schema schema) {
    if (path.size() == 1) {
      return path.get(0);
    }
    String dotted = String.join(".", path);
    boolean spelt = path.stream().noneMatch(n -> n.contains("."))
        && schema.getFields().stream().noneMatch(f -> f.getName().equals(dotted));
    return spelt ? dotted : path.get(0);
  }

  private static boolean resolves(List<String> path, Schema schema) {
    try {
      ExpressionBinder.resolve(new ColumnRef(path), schema);
      return true;
    } catch (ExpressionBindException e) {
      return false; // schema evolution: this file predates (or lacks) the column
    }
  }

  private ColumnarBatch toBatch(VectorSchemaRoot root) {
    int rows = root.getRowCount();
    ColumnVector[] columns = new ColumnVector[readSchema.fields().length];
    for (int i = 0; i < columns.length; i++) {
      StructField f = readSchema.fields()[i];
      if (partitionNames.contains(f.name())) {
        columns[i] = constant(rows, f.dataType(), file.partitionValues().get(f.name()));
      } else {
        FieldVector v = root.getVector(f.name());
        columns[i] = v == null ? ArrowValuesColumnVector.nulls(rows, f.dataType())
            : SparkColumns.wrap(v, f.dataType(), config.columnVectors());
      }
    }
    return new ColumnarBatch(columns, rows);
  }

  /** A partition value (canonical form, see {@link org.parquetarrow.dataset.expr.Literal}) repeated. */
  static ColumnVector constant(int rows, DataType type, Object value) {
    ConstantColumnVector c = new ConstantColumnVector(rows, type);
    if (value == null) {
      c.setNull();
    } else if (type == DataTypes.StringType) {
      c.setUtf8String(UTF8String.fromString(value.toString()));
    } else if (type == DataTypes.BooleanType) {
      c.setBoolean((Boolean) value);
    } else if (type == DataTypes.ByteType) {
      c.setByte(((Number) value).byteValue());
    } else if (type == DataTypes.ShortType) {
      c.setShort(((Number) value).shortValue());
    } else if (type == DataTypes.IntegerType || type == DataTypes.DateType) {
      c.setInt(((Number) value).intValue());
    } else if (type == DataTypes.LongType || type == DataTypes.TimestampType || type == DataTypes.TimestampNTZType) {
      c.setLong(((Number) value).longValue());
    } else if (type == DataTypes.FloatType) {
      c.setFloat(((Number) value).floatValue());
    } else if (type == DataTypes.DoubleType) {
      c.setDouble(((Number) value).doubleValue());
    } else if (type instanceof DecimalType dt) {
      c.setDecimal(Decimal.apply((BigDecimal) value, dt.precision(), dt.scale()), dt.precision());
    } else {
      throw new UnmappableTypeException(String.valueOf(type), type.simpleString(), "not a partition column type");
    }
    return c;
  }

  @Override
  public ColumnarBatch get() {
    return batch;
  }

  /** The Arrow vectors of the batch {@link #get()} wraps (valid until the next {@link #next()}). */
  VectorSchemaRoot root() throws IOException {
    return scan.root();
  }

  /** The file (or run of row groups) the current batch comes from. */
  FileSlice file() {
    return file;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    Map<String, Long> now = scan == null ? Map.of() : scan.metrics();
    CustomTaskMetric[] out = new CustomTaskMetric[ScanMetricsNames.KEYS.size()];
    for (int i = 0; i < out.length; i++) {
      String name = ScanMetricsNames.KEYS.get(i)[0];
      out[i] = TaskMetric.of(name, finished.getOrDefault(name, 0L) + now.getOrDefault(name, 0L));
    }
    return out;
  }

  private void closeScan() throws IOException {
    if (scan != null) {
      scan.metrics().forEach((k, v) -> finished.merge(k, v, Long::sum));
      BatchSource s = scan;
      scan = null;
      batch = null;
      s.close();
    }
  }

  @Override
  public void close() throws IOException {
    try {
      closeScan();
    } finally {
      allocator.close();
    }
  }
}
