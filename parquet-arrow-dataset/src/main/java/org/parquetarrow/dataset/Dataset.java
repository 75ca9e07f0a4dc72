package org.parquetarrow.dataset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.prune.FilePruner;
import org.parquetarrow.dataset.prune.PlanExplanation;
import org.parquetarrow.dataset.prune.PlanRecorder;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;

/**
 * Many Parquet files as one table: the files (with footers and partition values), the unified
 * schema (file columns, then partition columns), and scan planning by pruning.
 *
 * <pre>{@code
 * Dataset ds = DatasetDiscovery.directory(Path.of("/data/events"), DiscoveryOptions.defaults());
 * PruningMetrics m = new PruningMetrics();
 * List<FileScan> plan = ds.plan(ExpressionParser.parse("year = 2024 and id = 42"), PruningOptions.ALL, m);
 * }</pre>
 */
public final class Dataset {
  private final List<DatasetFile> files;
  private final Schema schema;
  private final Schema partitionSchema;
  private final List<SkippedFile> skipped;
  private final ArrowReadOptions readOptions;
  private final IoStatistics discoveryStatistics;
  // the row groups [from, to) of the one file of a split (withRowGroups); from < 0: every row group
  private final int rowGroupFrom;
  private final int rowGroupTo;

  Dataset(List<DatasetFile> files, Schema schema, Schema partitionSchema, List<SkippedFile> skipped,
      ArrowReadOptions readOptions, IoStatistics discoveryStatistics) {
    this(files, schema, partitionSchema, skipped, readOptions, discoveryStatistics, -1, -1);
  }

  private Dataset(List<DatasetFile> files, Schema schema, Schema partitionSchema, List<SkippedFile> skipped,
      ArrowReadOptions readOptions, IoStatistics discoveryStatistics, int rowGroupFrom, int rowGroupTo) {
    this.files = List.copyOf(files);
    this.schema = schema;
    this.partitionSchema = partitionSchema;
    this.skipped = List.copyOf(skipped);
    this.readOptions = readOptions;
    this.discoveryStatistics = discoveryStatistics;
    this.rowGroupFrom = rowGroupFrom;
    this.rowGroupTo = rowGroupTo;
  }

  /**
   * The requests and bytes discovery cost on remote storage: listing pages and footers (none for
   * footers a {@link FooterCache} held; nothing for local files).
   */
  public IoStatistics discoveryStatistics() {
    return discoveryStatistics;
  }

  /** How the files' footers were mapped to Arrow; a scan reads the files with the same settings. */
  public ArrowReadOptions readOptions() {
    return readOptions;
  }

  public List<DatasetFile> files() {
    return files;
  }

  /**
   * This dataset restricted to {@code files} (some of its own), with the same schema and read
   * options, reading nothing: a split of a dataset served in parts.
   *
   * @throws IllegalArgumentException if a file is not one of this dataset's
   */
  public Dataset withFiles(List<DatasetFile> files) {
    for (DatasetFile f : files) {
      if (!this.files.contains(f)) {
        throw new IllegalArgumentException(f.location() + " is not a file of this dataset");
      }
    }
    return new Dataset(files, schema, partitionSchema, List.of(), readOptions, new IoStatistics(), rowGroupFrom,
        rowGroupTo);
  }

  /**
   * This dataset restricted to the row groups {@code from} (inclusive) to {@code to} (exclusive) of
   * {@code file} (one of its own), with the same schema and read options, reading nothing: a split
   * of a large file that one worker scans, pruned (and its pruning counted) over its own row groups
   * only. Scanned with {@link org.parquetarrow.dataset.scan.Scanner}, it is filtered exactly as a
   * whole dataset is.
   *
   * <pre>{@code
   * DatasetFile big = ds.files().get(0);
   * try (ScanReader r = Scanner.scan(ds.withRowGroups(big, 0, 4), options, allocator)) { ... }
   * }</pre>
   *
   * @throws IllegalArgumentException if the file is not one of this dataset's, or the range is not
   *     within its row groups
   */
  public Dataset withRowGroups(DatasetFile file, int from, int to) {
    if (!files.contains(file)) {
      throw new IllegalArgumentException(file.location() + " is not a file of this dataset");
    }
    int groups = file.metadata().rowGroups().size();
    if (from < 0 || from > to || to > groups) {
      throw new IllegalArgumentException("row groups " + from + " to " + to + " are not within the " + groups
          + " row groups of " + file.location());
    }
    return new Dataset(List.of(file), schema, partitionSchema, List.of(), readOptions, new IoStatistics(), from, to);
  }

  /** The unified schema: every file column, then the partition columns. */
  public Schema schema() {
    return schema;
  }

  /** The partition columns (empty when there are none). */
  public Schema partitionSchema() {
    return partitionSchema;
  }

  /** Files left out because they could not be read (only with {@link DiscoveryOptions.CorruptFilePolicy#SKIP}). */
  public List<SkippedFile> skippedFiles() {
    return skipped;
  }

  /**
   * The files, row groups and rows a scan with {@code filter} must read, every pruning step
   * counted in {@code metrics}; a {@code null} filter keeps every non-empty row group whole.
   *
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException if the filter does not fit the
   *     schema
   * @throws ParquetException naming the file if its bloom filters or page index are corrupt
   */
  public List<FileScan> plan(Expression filter, PruningOptions options, PruningMetrics metrics) {
    return plan(filter, options, metrics, new IoStatistics());
  }

  /**
   * {@link #plan(Expression, PruningOptions, PruningMetrics)}, counting the requests and bytes of
   * remote files into {@code io}: a file is opened only if pruning reads its page index, bloom
   * filters or dictionaries.
   */
  public List<FileScan> plan(Expression filter, PruningOptions options, PruningMetrics metrics, IoStatistics io) {
    try (OpenFiles none = new OpenFiles(io, 0)) {
      return plan(filter, options, metrics, none);
    }
  }

  /**
   * {@link #plan(Expression, PruningOptions, PruningMetrics, IoStatistics)}, leaving the files
   * pruning opened and that have rows to read in {@code files} (as many as it keeps), so that the
   * scan's readers read through them ({@link OpenFiles#open}) instead of opening them again.
   */
  public List<FileScan> plan(Expression filter, PruningOptions options, PruningMetrics metrics, OpenFiles files) {
    return plan(filter, options, metrics, files, null);
  }

  /**
   * Why a scan with {@code filter} would read what it reads: every file, row group and run of
   * pages with the verdict pruning reaches and its reason (partition values, statistics against
   * the filter, bloom filter, dictionary, page index), from the same decisions {@link #plan} makes.
   * Reads what planning reads (bloom filters, dictionaries, page indexes of the filter's columns),
   * no data page.
   *
   * <pre>{@code
   * PlanExplanation why = dataset.explain(ExpressionParser.parse("id = 42"), PruningOptions.ALL);
   * log.info("{}", why);   // one line per file, row group and run of pages
   * }</pre>
   *
   * @param filter the filter, or {@code null} (everything is read, for that reason)
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException if the filter does not fit the schema
   */
  public PlanExplanation explain(Expression filter, PruningOptions options) {
    PruningMetrics metrics = new PruningMetrics();
    PlanRecorder recorder = new PlanRecorder();
    try (OpenFiles none = new OpenFiles(new IoStatistics(), 0)) {
      plan(filter, options, metrics, none, recorder);
    }
    return recorder.finish(filter == null ? null : filter.toSql(), metrics);
  }

  private List<FileScan> plan(Expression filter, PruningOptions options, PruningMetrics metrics, OpenFiles files,
      PlanRecorder recorder) {
    FilePruner pruner = new FilePruner(filter, schema, options, metrics, recorder);
    List<FileScan> out = new ArrayList<>();
    for (DatasetFile f : files()) {
      if (recorder != null) {
        recorder.beginFile(f.location(), f.partitionValues());
      }
      if (!pruner.partitionMayMatch(f.partitionValues())) {
        continue;
      }
      List<RowGroupScan> groups = null;
      InputFile in = files.forPruning(f);
      try {
        groups = rowGroupFrom < 0
            ? pruner.prune(in, f.metadata(), f.mapping(), f.partitionValues(), f.footer().decryptor())
            : pruner.prune(in, f.metadata(), f.mapping(), f.partitionValues(), f.footer().decryptor(), rowGroupFrom,
                rowGroupTo);
      } catch (ParquetException e) {
        throw e.locate(ErrorLocation.ofFile(f.location()));
      } finally {
        try {
          files.afterPruning(f, in, groups != null && !groups.isEmpty());
        } catch (IOException e) {
          if (f.isLocal()) {
            throw ParquetIOException.opening("cannot open the file", f.path(), e);
          }
          throw new ParquetIOException("cannot open the file: " + e.getMessage(), e).locate(ErrorLocation.ofFile(f.location()));
        }
      }
      if (!groups.isEmpty()) {
        out.add(new FileScan(f, groups));
      }
    }
    return out;
  }
}
