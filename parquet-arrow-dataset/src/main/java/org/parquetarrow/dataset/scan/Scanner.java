package org.parquetarrow.dataset.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DiscoveryOptions.CorruptFilePolicy;
import org.parquetarrow.dataset.FileScan;
import org.parquetarrow.dataset.OpenFiles;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.selection.RowSelection;

/**
 * Scans a dataset: plans the files, row groups and rows to read by pruning ({@link
 * Dataset#plan}), then reads them in parallel (files, and runs of row groups of a file when there
 * are fewer files than threads) into Arrow batches of the projected schema, with
 * partition columns filled in, columns a file lacks as nulls, and (unless {@link
 * ScanOptions#exact()} is off) only the rows the filter is true for. Encrypted files are read with
 * the keys the dataset was discovered with ({@link org.parquetarrow.dataset.DiscoveryOptions.Builder#decryption}),
 * through the footers discovery parsed.
 *
 * <pre>{@code
 * Dataset ds = DatasetDiscovery.directory(Path.of("/data/events"), DiscoveryOptions.defaults());
 * ScanOptions options = ScanOptions.builder().filter("year = 2024 and id < 100").columns("id", "name").build();
 * try (ScanReader reader = Scanner.scan(ds, options, allocator)) {
 *   while (reader.loadNextBatch()) {
 *     consume(reader.getVectorSchemaRoot());
 *   }
 * }
 * }</pre>
 */
public final class Scanner {
  private static final AtomicInteger THREADS = new AtomicInteger();

  private Scanner() {}

  /**
   * Plans the scan (reading pruning metadata on this thread) and returns its reader; nothing is
   * decoded until the first {@link ScanReader#loadNextBatch()}. Every buffer comes from {@code
   * allocator}.
   *
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException if the filter, a projected
   *     column or a dictionary column does not fit the dataset's schema (the message lists the
   *     dataset's column names)
   * @throws org.parquetarrow.ParquetException naming the file whose pruning metadata is corrupt
   */
  public static ScanReader scan(Dataset dataset, ScanOptions options, BufferAllocator allocator) {
    return scan(dataset, options, allocator, plan -> plan);
  }

  /**
   * {@link #scan(Dataset, ScanOptions, BufferAllocator)}, reading only what {@code planStep} keeps
   * of the pruned plan (the row groups a count could not answer from metadata).
   */
  static ScanReader scan(Dataset dataset, ScanOptions options, BufferAllocator allocator,
      UnaryOperator<List<FileScan>> planStep) {
    Expression bound = options.filter() == null ? null : ExpressionBinder.bind(options.filter(), dataset.schema());
    checkDictionaryColumns(options.dictionaryColumns(), dataset.schema());
    ScanShape shape = ScanShape.of(dataset.schema(), dataset.partitionSchema(), options.columns(), bound)
        .withDictionaries(options.dictionaryColumns());
    ScanMetrics metrics = new ScanMetrics();
    // pruning and reading share each file's one open (one footer-suffix request for a remote file)
    OpenFiles files = new OpenFiles(metrics.io(), OpenFiles.DEFAULT_MAX_KEPT);
    List<FileScanTask> tasks = new ArrayList<>();
    try {
      List<FileScan> plan = dataset.plan(options.filter(), options.pruning(), metrics.pruning(), files);
      plan = trimToLimit(planStep.apply(plan), options);
      FilterEvaluator evaluator = bound == null ? null : new FilterEvaluator(bound);
      Selectivity selectivity = new Selectivity();
      // on the calling thread a file's row groups are read in order by one reader: no cutting
      int pieces = options.readingThread() == ScanOptions.ReadingThread.CALLER ? 1
          : piecesPerFile(plan.size(), options.parallelism());
      for (FileScan f : plan) {
        List<FileScan> split = split(f, pieces);
        files.share(f.file(), split.size());
        for (int i = 0; i < split.size(); i++) {
          tasks.add(new FileScanTask(split.get(i), dataset.schema(), dataset.readOptions(), shape, evaluator, options,
              metrics, allocator, i == 0, files, selectivity));
        }
      }
    } catch (RuntimeException e) {
      files.close();
      throw e;
    }
    ExecutorService owned = null;
    if (options.executor() == null && options.readingThread() == ScanOptions.ReadingThread.READERS) {
      owned = Executors.newFixedThreadPool(options.parallelism(), daemonThreads());
    }
    return new ScanReader(allocator, shape.output(), tasks, options, metrics,
        owned != null ? owned : options.executor(), owned, files);
  }

  /**
   * Refuses a dictionary column the dataset does not have, as the projection and the filter do,
   * rather than reading it plainly without a word.
   */
  private static void checkDictionaryColumns(Set<String> names, Schema schema) {
    for (String name : names) {
      ExpressionBinder.resolve(new ColumnRef(List.of(name)), schema);
    }
  }

  /**
   * The rows of {@code dataset} that {@code filter} is true for ({@code null}: every row), counted
   * without reading what metadata decides: files and row groups pruning rules out count zero, row
   * groups whose statistics or partition values prove every row matches count their footer row
   * count, and only in the rest are the filter's columns read (the rows the page index keeps) and
   * the filter evaluated. Buffers of those reads come from {@code allocator} and are freed before
   * this returns.
   *
   * <pre>{@code
   * RowCount c = Scanner.countRows(dataset, ExpressionParser.parse("year = 2024 and id < 1000"), allocator);
   * }</pre>
   *
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException if the filter does not fit the
   *     dataset's schema
   * @throws org.parquetarrow.ParquetException naming the file whose metadata or data is corrupt
   */
  public static RowCount countRows(Dataset dataset, Expression filter, BufferAllocator allocator) {
    return countRows(dataset, filter, ScanOptions.builder().build(), allocator);
  }

  /**
   * {@link #countRows(Dataset, Expression, BufferAllocator)} with the pruning, parallelism and read
   * options template of {@code options} (its columns, limit and filter are not used).
   */
  public static RowCount countRows(Dataset dataset, Expression filter, ScanOptions options, BufferAllocator allocator) {
    ScanOptions counting = ScanOptions.builder()
        .filter(filter)
        .columns(List.of())           // no output column: only the filter's are read
        .readOptions(options.readOptions())
        .parallelism(options.parallelism())
        .executor(options.executor())
        .readingThread(options.readingThread())
        .pruning(options.pruning())
        .ordered(false)
        .build();
    long[] proven = new long[2]; // rows, row groups
    long[] toRead = new long[1];
    UnaryOperator<List<FileScan>> unproven = plan -> {
      List<FileScan> rest = new ArrayList<>();
      for (FileScan f : plan) {
        List<RowGroupScan> read = new ArrayList<>();
        for (RowGroupScan g : f.rowGroups()) {
          if (g.filterAlwaysTrue()) {
            proven[0] += g.rows().rowCount();
            proven[1]++;
          } else {
            read.add(g);
          }
        }
        if (!read.isEmpty()) {
          rest.add(new FileScan(f.file(), read));
          toRead[0] += read.size();
        }
      }
      return rest;
    };
    long rows = 0;
    try (ScanReader reader = scan(dataset, counting, allocator, unproven)) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
      return new RowCount(proven[0] + rows, proven[1], toRead[0], reader.metrics());
    } catch (IOException e) {
      throw new ParquetIOException("cannot count the rows: " + e.getMessage(), e);
    }
  }

  /**
   * The plan cut after the row group by whose end metadata proves the limit's rows are in hand:
   * groups whose statistics show every row matches (or any kept row, when the scan is not exact)
   * count in full, the others count nothing, as their matches are unknown until read.
   */
  static List<FileScan> trimToLimit(List<FileScan> plan, ScanOptions options) {
    if (options.limit() == ScanOptions.NO_LIMIT || options.corruptFiles() == CorruptFilePolicy.SKIP) {
      // a file skipped as corrupt would leave the limit short of rows the files cut here hold
      return plan;
    }
    List<FileScan> out = new ArrayList<>();
    long proven = 0;
    for (FileScan f : plan) {
      if (proven >= options.limit()) {
        break;
      }
      List<RowGroupScan> groups = new ArrayList<>();
      for (RowGroupScan g : f.rowGroups()) {
        if (proven >= options.limit()) {
          break;
        }
        if (g.filterAlwaysTrue() || !options.exact()) {
          // every selected row comes out: the rows past the limit need not be fetched at all
          RowSelection rows = firstRows(g.rows(), options.limit() - proven);
          groups.add(new RowGroupScan(g.rowGroup(), rows, g.filterAlwaysTrue()));
          proven += rows.rowCount();
        } else {
          groups.add(g);
        }
      }
      out.add(new FileScan(f.file(), groups));
    }
    return out;
  }

  /** The first {@code n} rows {@code rows} selects (all of them if it selects fewer). */
  static RowSelection firstRows(RowSelection rows, long n) {
    if (rows.rowCount() <= n) {
      return rows;
    }
    RowSelection.Builder b = RowSelection.builder();
    long left = n;
    for (int i = 0; i < rows.rangeCount() && left > 0; i++) {
      long end = Math.min(rows.rangeEnd(i), rows.rangeStart(i) + left);
      b.add(rows.rangeStart(i), end);
      left -= end - rows.rangeStart(i);
    }
    return b.build();
  }

  /**
   * Into how many tasks each file's row groups are cut: one while there are at least as many
   * files as threads; otherwise enough for every thread to have work twice over, so that a few
   * large files (or one) are still read in parallel, a run of row groups per task.
   */
  static int piecesPerFile(int files, int parallelism) {
    if (files == 0 || files >= parallelism) {
      return 1;
    }
    return (2 * parallelism + files - 1) / files;
  }

  /** {@code f}'s row groups in up to {@code pieces} runs of consecutive ones, in order. */
  static List<FileScan> split(FileScan f, int pieces) {
    int n = f.rowGroups().size();
    int k = Math.min(pieces, n);
    if (k <= 1) {
      return List.of(f);
    }
    List<FileScan> out = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      out.add(new FileScan(f.file(), f.rowGroups().subList(i * n / k, (i + 1) * n / k)));
    }
    return out;
  }

  private static ThreadFactory daemonThreads() {
    return r -> {
      Thread t = new Thread(r, "parquet-arrow-scan-" + THREADS.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
