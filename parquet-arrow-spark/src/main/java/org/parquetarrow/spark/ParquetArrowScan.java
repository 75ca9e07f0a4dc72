package org.parquetarrow.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.prune.FilePruner;
import org.parquetarrow.dataset.prune.PruningMetrics;

/**
 * One scan of the table: the columns and filter Spark pushed, planned into input partitions of
 * whole files packed by bytes as Spark packs its own file splits ({@code maxPartitionBytes},
 * {@code spark.sql.files.openCostInBytes}, the default parallelism).
 */
final class ParquetArrowScan implements Scan, Batch {
  private final Dataset dataset;
  private final StructType fullSchema;
  private final StructType readSchema;
  private final Set<String> partitionColumns;
  private final Expression dataFilter;
  private final Expression partitionFilter;
  private final Predicate[] pushed;
  private final ReadConfig config;

  ParquetArrowScan(Dataset dataset, StructType fullSchema, StructType readSchema, Set<String> partitionColumns,
      Expression dataFilter, Expression partitionFilter, Predicate[] pushed, ReadConfig config) {
    this.dataset = dataset;
    this.fullSchema = fullSchema;
    this.readSchema = readSchema;
    this.partitionColumns = partitionColumns;
    this.dataFilter = dataFilter;
    this.partitionFilter = partitionFilter;
    this.pushed = pushed;
    this.config = config;
  }

  @Override
  public StructType readSchema() {
    return readSchema;
  }

  @Override
  public String description() {
    return "ParquetArrowScan files=" + dataset.files().size()
        + " pushedPredicates=" + Arrays.stream(pushed).map(Object::toString).collect(Collectors.joining(", ", "[", "]"))
        + " filter=" + (dataFilter == null ? "none" : dataFilter.toSql())
        + " partitionFilter=" + (partitionFilter == null ? "none" : partitionFilter.toSql());
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return ScanMetricsNames.all();
  }

  @Override
  public InputPartition[] planInputPartitions() {
    List<FileSlice> files = new ArrayList<>();
    FilePruner pruner = partitionFilter == null ? null
        : new FilePruner(partitionFilter, dataset.schema(), config.pruning(), new PruningMetrics());
    for (DatasetFile f : dataset.files()) {
      if (pruner != null && !pruner.partitionMayMatch(f.partitionValues())) {
        continue;
      }
      files.add(new FileSlice(f.path().toString(), size(f), new LinkedHashMap<>(f.partitionValues())));
    }
    SQLConf conf = SQLConf.get();
    int parallelism = SparkSession.active().sparkContext().defaultParallelism();
    return pack(files, maxSplitBytes(files, config.maxPartitionBytes(), conf.filesOpenCostInBytes(), parallelism),
        conf.filesOpenCostInBytes()).toArray(new InputPartition[0]);
  }

  private static long size(DatasetFile f) {
    try {
      return Files.size(f.path());
    } catch (IOException e) {
      throw ParquetIOException.opening("cannot size the file", f.path(), e);
    }
  }

  /** Spark's {@code FilePartition.maxSplitBytes}: small enough for every core to get work. */
  static long maxSplitBytes(List<FileSlice> files, long maxPartitionBytes, long openCost, int parallelism) {
    long total = 0;
    for (FileSlice f : files) {
      total += f.length() + openCost;
    }
    long perCore = total / Math.max(1, parallelism);
    return Math.min(maxPartitionBytes, Math.max(openCost, perCore));
  }

  /**
   * Files, largest first, into partitions of at most {@code maxSplit} bytes each counting its
   * open cost (Spark's next-fit packing); a larger file is a partition of its own.
   */
  static List<FilePartition> pack(List<FileSlice> files, long maxSplit, long openCost) {
    List<FileSlice> sorted = new ArrayList<>(files);
    sorted.sort(Comparator.comparingLong(FileSlice::length).reversed());
    List<FilePartition> out = new ArrayList<>();
    List<FileSlice> current = new ArrayList<>();
    long bytes = 0;
    for (FileSlice f : sorted) {
      if (!current.isEmpty() && bytes + f.length() > maxSplit) {
        out.add(new FilePartition(out.size(), current));
        current = new ArrayList<>();
        bytes = 0;
      }
      current.add(f);
      bytes += f.length() + openCost;
    }
    if (!current.isEmpty()) {
      out.add(new FilePartition(out.size(), current));
    }
    return out;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    List<String> partitionNames = new ArrayList<>();
    for (StructField f : readSchema.fields()) {
      if (partitionColumns.contains(f.name())) {
        partitionNames.add(f.name());
      }
    }
    return new ParquetArrowReaderFactory(readSchema, partitionNames, projection(readSchema, fullSchema, partitionColumns),
        dataFilter == null ? null : dataFilter.toSql(), config);
  }

  /**
   * Our projection for Spark's read schema: a top-level name for a field taken whole, dotted
   * paths down a struct where Spark pruned some of its fields.
   */
  static List<String> projection(StructType read, StructType full, Set<String> partitionColumns) {
    List<String> out = new ArrayList<>();
    for (StructField f : read.fields()) {
      if (!partitionColumns.contains(f.name())) {
        paths(f.name(), f.dataType(), full.apply(f.name()).dataType(), out);
      }
    }
    return out;
  }

  private static void paths(String path, DataType read, DataType full, List<String> out) {
    if (read instanceof StructType r && full instanceof StructType fs && !r.equals(fs)) {
      for (StructField c : r.fields()) {
        paths(path + "." + c.name(), c.dataType(), fs.apply(c.name()).dataType(), out);
      }
    } else {
      out.add(path);
    }
  }

  /** {@code required} with every field below a list or map as in {@code full}. */
  static StructType widen(StructType required, StructType full) {
    StructField[] out = new StructField[required.fields().length];
    for (int i = 0; i < out.length; i++) {
      StructField r = required.fields()[i];
      DataType f = full.apply(r.name()).dataType();
      DataType t = r.dataType() instanceof StructType rs && f instanceof StructType fs ? widen(rs, fs) : f;
      out[i] = new StructField(r.name(), t, r.nullable(), r.metadata());
    }
    return new StructType(out);
  }
}
