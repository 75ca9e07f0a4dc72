package org.parquetarrow.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.FileScan;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.prune.FilePruner;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;

/**
 * One scan of the table: the columns and filter Spark pushed, planned into input partitions by
 * bytes as Spark plans its own file splits ({@code maxPartitionBytes}, {@code
 * spark.sql.files.openCostInBytes}, the default parallelism): a file larger than the split size is
 * cut into runs of whole row groups (when the scan builder allowed it, see {@link
 * ParquetArrowScanBuilder}), and the pieces are packed into partitions largest first.
 */
final class ParquetArrowScan implements Scan, Batch, SupportsReportStatistics {
  private final Dataset dataset;
  /** The table's schema, in the files' spelling. */
  private final StructType fullSchema;
  /** The columns read as Spark names them (a schema the user gave may spell one otherwise than the files). */
  private final StructType sparkReadSchema;
  /** {@link #sparkReadSchema} in the files' spelling, as the tasks read them. */
  private final StructType readSchema;
  private final Set<String> partitionColumns;
  private final Expression dataFilter;
  private final Expression partitionFilter;
  private final Predicate[] pushed;
  private final ReadConfig config;
  private final boolean splitFiles;
  /** The aggregation the tasks compute (their rows are its partial rows), or null. */
  private final AggregateTranslator.Spec aggregation;
  /** Row groups {@link #planInputPartitions()} ruled out by statistics on the driver. */
  private volatile long driverRuledOut;
  /** Whether and how the footers answer {@link #aggregation} (computed once, on first need). */
  private FooterAggregates.Outcome footerOutcome;
  /** The schema the user gave the read (partition values are cast to it), or null. */
  private final UserSchema userSchema;

  ParquetArrowScan(Dataset dataset, StructType fullSchema, StructType sparkReadSchema, StructType readSchema,
      Set<String> partitionColumns,
      Expression dataFilter, Expression partitionFilter, Predicate[] pushed, ReadConfig config, boolean splitFiles,
      AggregateTranslator.Spec aggregation, UserSchema userSchema) {
    this.userSchema = userSchema;
    this.splitFiles = splitFiles;
    this.aggregation = aggregation;
    this.dataset = dataset;
    this.fullSchema = fullSchema;
    this.sparkReadSchema = sparkReadSchema;
    this.readSchema = readSchema;
    this.partitionColumns = partitionColumns;
    this.dataFilter = dataFilter;
    this.partitionFilter = partitionFilter;
    this.pushed = pushed;
    this.config = config;
  }

  @Override
  public StructType readSchema() {
    return aggregation == null ? sparkReadSchema : aggregation.output();
  }

  @Override
  public String description() {
    return "ParquetArrowScan files=" + dataset.files().size()
        + " pushedPredicates=" + Arrays.stream(pushed).map(Object::toString).collect(Collectors.joining(", ", "[", "]"))
        + " filter=" + (dataFilter == null ? "none" : dataFilter.toSql())
        + " partitionFilter=" + (partitionFilter == null ? "none" : partitionFilter.toSql())
        + (splitFiles ? " splitFiles=true" : "")
        + (aggregation == null ? "" : aggregation.description()
            + (footerOutcome().complete() ? " answeredByFooter=true"
                : footerOutcome().answer() != null ? " answeredByFooter=partly (" + footerOutcome().answer().rowGroups()
                    + " row groups; scanned: " + footerOutcome().rest().stream().mapToInt(u -> u.rowGroups().cardinality()).sum()
                    + ", " + footerOutcome().rest().get(0).why() + ")"
                : " answeredByFooter=false (" + footerOutcome().refusal() + ")"));
  }

  /**
   * The pushed aggregation answered from the footers of the files left after partition pruning,
   * or why not: then the tasks scan and aggregate ({@link AggregatingPartitionReader}).
   */
  synchronized FooterAggregates.Outcome footerOutcome() {
    if (footerOutcome == null) {
      List<FooterAggregates.FileFooter> footers = new ArrayList<>();
      for (DatasetFile f : partitionsKept()) {
        footers.add(new FooterAggregates.FileFooter(f.location(), f.partitionValues(), f.metadata(),
            f.mapping().parquetSchema()));
      }
      footerOutcome = FooterAggregates.answer(aggregation, dataFilter != null, footers);
    }
    return footerOutcome;
  }

  /** The files whose partition values do not rule out the partition filter. */
  private List<DatasetFile> partitionsKept() {
    List<DatasetFile> files = new ArrayList<>();
    FilePruner pruner = partitionFilter == null ? null
        : new FilePruner(partitionFilter, dataset.schema(), config.pruning(), new PruningMetrics());
    for (DatasetFile f : dataset.files()) {
      if (pruner == null || pruner.partitionMayMatch(f.partitionValues())) {
        files.add(f);
      }
    }
    return files;
  }

  /**
   * Sizes for Spark's planner (broadcast joins, join order): the files' bytes scaled by the share
   * of the row width read, as Spark's own file scans estimate; the row count from the footers
   * when no filter is pushed.
   */
  @Override
  public Statistics estimateStatistics() {
    long bytes = 0;
    long rows = 0;
    for (DatasetFile f : dataset.files()) {
      bytes += size(f);
      rows += f.rowCount();
    }
    long estimate = Math.max(1, (long) (bytes * (double) readSchema.defaultSize() / Math.max(1, fullSchema.defaultSize())));
    boolean exactRows = dataFilter == null && partitionFilter == null && aggregation == null;
    long rowCount = rows;
    return new Statistics() {
      @Override
      public java.util.OptionalLong sizeInBytes() {
        return java.util.OptionalLong.of(estimate);
      }

      @Override
      public java.util.OptionalLong numRows() {
        return exactRows ? java.util.OptionalLong.of(rowCount) : java.util.OptionalLong.empty();
      }
    };
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
    if (aggregation != null && footerOutcome().answer() != null) {
      driverRuledOut = 0;
      List<InputPartition> out = new ArrayList<>();
      out.add(new FooterAggregatePartition(footerOutcome().answer()));
      if (!footerOutcome().complete()) {
        // the row groups the footers could not answer for, aggregated by the tasks
        Map<String, DatasetFile> byLocation = new java.util.HashMap<>();
        partitionsKept().forEach(f -> byLocation.put(f.location(), f));
        List<DatasetFile> rest = footerOutcome().rest().stream().map(u -> byLocation.get(u.location())).toList();
        long maxSplit = maxSplitBytes(rest, config.maxPartitionBytes());
        List<FileSlice> slices = new ArrayList<>();
        for (FooterAggregates.Unanswered u : footerOutcome().rest()) {
          slices.addAll(runs(byLocation.get(u.location()), u.rowGroups(), maxSplit));
        }
        out.addAll(pack(slices, maxSplit, SQLConf.get().filesOpenCostInBytes()));
      }
      return out.toArray(new InputPartition[0]);
    }
    List<DatasetFile> files = partitionsKept();
    Map<String, BitSet> mayMatch = rowGroupsByStatistics(files);
    long ruledOut = 0;
    List<DatasetFile> kept = new ArrayList<>();
    for (DatasetFile f : files) {
      if (mayMatch.get(f.location()).isEmpty()) {
        ruledOut += f.metadata().rowGroups().size();
      } else {
        kept.add(f);
      }
    }
    long maxSplit = maxSplitBytes(kept, config.maxPartitionBytes());
    List<FileSlice> slices = new ArrayList<>();
    for (DatasetFile f : kept) {
      BitSet groups = mayMatch.get(f.location());
      for (FileSlice slice : splitFiles ? slices(f, maxSplit) : List.of(whole(f))) {
        int from = slice.isWholeFile() ? 0 : slice.rowGroupFrom();
        int to = slice.isWholeFile() ? f.metadata().rowGroups().size() : slice.rowGroupTo();
        int next = groups.nextSetBit(from);
        if (next >= 0 && next < to) {
          slices.add(inTableTypes(slice));
        } else {
          ruledOut += to - from;
        }
      }
    }
    driverRuledOut = ruledOut;
    return pack(slices, maxSplit, SQLConf.get().filesOpenCostInBytes()).toArray(new InputPartition[0]);
  }

  /**
   * For each file (by location), the row groups whose statistics (in the footers discovery already
   * holds: no request) do not rule out the pushed filter; every row group when no filter was pushed
   * or statistics pruning is off. A file or split none of whose row groups may match becomes no task
   * at all, so a selective query starts only the tasks that have rows to read; the tasks prune
   * again (the same statistics, then bloom filters, dictionaries and page indexes) and count.
   */
  private Map<String, BitSet> rowGroupsByStatistics(List<DatasetFile> files) {
    Map<String, BitSet> out = new HashMap<>();
    boolean prune = dataFilter != null && config.pruning().statistics();
    if (prune) {
      List<FileScan> plan = dataset.withFiles(files)
          .plan(dataFilter, PruningOptions.NONE.withStatistics(true), new PruningMetrics());
      for (FileScan scan : plan) {
        BitSet groups = new BitSet();
        scan.rowGroups().forEach(g -> groups.set(g.rowGroup()));
        out.put(scan.file().location(), groups);
      }
    }
    for (DatasetFile f : files) {
      if (!prune) {
        BitSet all = new BitSet();
        all.set(0, f.metadata().rowGroups().size());
        out.put(f.location(), all);
      } else {
        out.putIfAbsent(f.location(), new BitSet());
      }
    }
    return out;
  }

  /**
   * The row groups the driver ruled out by statistics while planning ({@link
   * #planInputPartitions()}), which no task sees: added to the scan's row group counters, so that
   * the plan's metrics count every row group once, as when the tasks pruned them all.
   */
  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    long n = driverRuledOut;
    return new CustomTaskMetric[] {TaskMetric.of("row_groups", n), TaskMetric.of("row_groups_pruned_by_statistics", n)};
  }

  private static FileSlice whole(DatasetFile f) {
    return FileSlice.whole(f.location(), size(f), f.entry().version(), new LinkedHashMap<>(f.partitionValues()));
  }

  /** Whether {@code f} is over {@code maxSplit} bytes and has row groups to cut it between. */
  static boolean splittable(DatasetFile f, long maxSplit) {
    return size(f) > maxSplit && f.metadata().rowGroups().size() > 1;
  }

  /** {@code f} whole, or in runs of consecutive row groups of about {@code maxSplit} bytes each. */
  static List<FileSlice> slices(DatasetFile f, long maxSplit) {
    if (!splittable(f, maxSplit)) {
      return List.of(whole(f));
    }
    List<org.parquetarrow.format.RowGroup> groups = f.metadata().rowGroups();
    List<FileSlice> out = new ArrayList<>();
    int from = 0;
    long bytes = 0;
    for (int g = 0; g < groups.size(); g++) {
      long size = groups.get(g).totalCompressedSize() != null ? groups.get(g).totalCompressedSize() : groups.get(g).totalByteSize();
      if (g > from && bytes + size > maxSplit) {
        out.add(new FileSlice(f.location(), bytes, size(f), f.entry().version(), new LinkedHashMap<>(f.partitionValues()),
            from, g));
        from = g;
        bytes = 0;
      }
      bytes += size;
    }
    out.add(new FileSlice(f.location(), bytes, size(f), f.entry().version(), new LinkedHashMap<>(f.partitionValues()),
        from, groups.size()));
    return out;
  }

  /**
   * The row groups of {@code f} set in {@code groups}, in runs of consecutive ones of about
   * {@code maxSplit} bytes at most (a run cut where a row group is not wanted); the whole file
   * when every row group is wanted and it is not split.
   */
  static List<FileSlice> runs(DatasetFile f, java.util.BitSet groups, long maxSplit) {
    List<org.parquetarrow.format.RowGroup> all = f.metadata().rowGroups();
    if (groups.cardinality() == all.size() && !splittable(f, maxSplit)) {
      return List.of(whole(f));
    }
    List<FileSlice> out = new ArrayList<>();
    for (int from = groups.nextSetBit(0); from >= 0; ) {
      int to = from;
      long bytes = 0;
      while (to < all.size() && groups.get(to) && (to == from || bytes + compressed(all.get(to)) <= maxSplit)) {
        bytes += compressed(all.get(to));
        to++;
      }
      out.add(new FileSlice(f.location(), bytes, size(f), f.entry().version(), new LinkedHashMap<>(f.partitionValues()),
          from, to));
      from = groups.nextSetBit(to);
    }
    return out;
  }

  private static long compressed(org.parquetarrow.format.RowGroup g) {
    return g.totalCompressedSize() != null ? g.totalCompressedSize() : g.totalByteSize();
  }

  /** The split size for these files under the session's open cost and default parallelism. */
  static long maxSplitBytes(List<DatasetFile> files, long maxPartitionBytes) {
    long openCost = SQLConf.get().filesOpenCostInBytes();
    int parallelism = SparkSession.active().sparkContext().defaultParallelism();
    List<Long> sizes = files.stream().map(ParquetArrowScan::size).toList();
    return maxSplitBytes(sizes, maxPartitionBytes, openCost, parallelism);
  }

  static long size(DatasetFile f) {
    if (f.entry().size() >= 0) {
      return f.entry().size(); // as listed (remote files: no request per file)
    }
    if (!f.isLocal()) {
      // a URL, which lists without a size: its row groups' bytes, as the footer gives them
      long bytes = 0;
      for (org.parquetarrow.format.RowGroup g : f.metadata().rowGroups()) {
        bytes += g.totalCompressedSize() != null ? g.totalCompressedSize() : g.totalByteSize();
      }
      return Math.max(1, bytes);
    }
    try {
      return Files.size(f.path());
    } catch (IOException e) {
      throw ParquetIOException.opening("cannot size the file", f.path(), e);
    }
  }

  /** Spark's {@code FilePartition.maxSplitBytes}: small enough for every core to get work. */
  static long maxSplitBytes(List<Long> sizes, long maxPartitionBytes, long openCost, int parallelism) {
    long total = 0;
    for (long size : sizes) {
      total += size + openCost;
    }
    long perCore = total / Math.max(1, parallelism);
    return Math.min(maxPartitionBytes, Math.max(openCost, perCore));
  }

  /**
   * Files, largest first, into partitions of at most {@code maxSplit} bytes each counting its
   * open cost (Spark's next-fit packing); a larger file is a partition of its own.
   */
  static List<FilePartition> pack(List<FileSlice> files, long maxSplit, long openCost) {
    // Spark's FilePartition.getFilePartitions
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
    if (aggregation != null) {
      StructType read = aggregation.readColumns();
      return new ParquetArrowReaderFactory(read, List.of(), projection(read, fullSchema, partitionColumns),
          dataFilter == null ? null : dataFilter.toSql(), config, aggregation);
    }
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
   * Our projection for Spark's read schema as field-name paths (a name may hold a dot): a
   * top-level name for a field taken whole, paths down a struct where Spark pruned some of its
   * fields.
   */
  static List<List<String>> projection(StructType read, StructType full, Set<String> partitionColumns) {
    List<List<String>> out = new ArrayList<>();
    for (StructField f : read.fields()) {
      if (!partitionColumns.contains(f.name())) {
        paths(List.of(f.name()), f.dataType(), full.apply(f.name()).dataType(), out);
      }
    }
    return out;
  }

  private static void paths(List<String> path, DataType read, DataType full, List<List<String>> out) {
    if (read instanceof StructType r && full instanceof StructType fs && !r.equals(fs)) {
      for (StructField c : r.fields()) {
        List<String> child = new ArrayList<>(path);
        child.add(c.name());
        paths(List.copyOf(child), c.dataType(), fs.apply(c.name()).dataType(), out);
      }
    } else {
      out.add(path);
    }
  }

  /** {@code slice} with its partition values in the table's types, as the tasks make constant columns of them. */
  private FileSlice inTableTypes(FileSlice slice) {
    return userSchema == null ? slice : new FileSlice(slice.path(), slice.length(), slice.fileSize(), slice.version(),
        userSchema.partitionValues(slice.partitionValues()), slice.rowGroupFrom(), slice.rowGroupTo());
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
