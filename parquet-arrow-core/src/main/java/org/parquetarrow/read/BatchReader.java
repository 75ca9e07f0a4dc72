package org.parquetarrow.read;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.MissingKeyException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.read.page.ChunkSlices;
import org.parquetarrow.read.page.ColumnChunkPageReader;
import org.parquetarrow.read.page.PageReadOptions;
import org.parquetarrow.read.page.PageReaderBuilder;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.variant.VariantUnshredder;

/**
 * Cuts the selected row groups of a file into batches of at most {@code batchSize} rows; a batch
 * may span pages and row groups. Fetches each row group's chunks when the first of its rows is
 * needed. After a failure every buffer is released and the reader refuses to continue.
 */
final class BatchReader implements BatchSource {
  /** Most rows read between two checks of the batch's variable-length bytes. */
  private static final int STRETCH = 4096;
  /**
   * The largest uncompressed bytes per row of a projected column chunk in the current row group,
   * by its footer: a hint that rows are wide before any is read.
   */
  private double wideRowBytes;

  private final InputFile file;
  private final FileMetaData metadata;
  /** The file's decryptor, {@code null} for a plaintext file or when no keys were given. */
  private final FileDecryptor decryptor;
  private final ReadOptions options;
  private final Schema schema;
  private final Schema memorySchema;
  /** The dictionaries of the last batch, by id; owned here until the next batch. */
  private final Map<Long, Dictionary> dictionaries = new HashMap<>();
  private final List<FieldAssembler> fields;
  /** The top-level field of each assembler, to name it in errors. */
  private final List<String> fieldNames;
  /** Per top-level field, its variant rebuilder, or {@code null} for fields read as decoded. */
  private final List<VariantUnshredder> variants;
  /** Where the current batch's rows come from: (first row in the batch, row group) pairs. */
  private final List<int[]> batchGroups = new ArrayList<>();
  private int currentGroup = -1;
  private final List<LeafReader> leaves;
  private final int[] leafOrdinals;
  private final int[] rowGroups;
  private final RowPlan plan;
  private final WriterVersion writer;
  private final PageReadOptions pageOptions;
  /**
   * Decompressed pages a reader (a lane of a parallel read) may hold ahead of its decoding, over
   * all its columns, beyond the next page of each.
   */
  static final long AHEAD_BYTES_PER_READER = 32L << 20;
  private final long totalRows;

  /** The selected row ranges of the current row group, as start/end pairs. */
  private long[] ranges = new long[0];
  private int range;
  /** The next row of the current row group to read. */
  private long groupRow;
  private long rowsReturned;
  /** Row counts at which a batch ends whatever its size ({@link #stopBatchesAt}), and the next one. */
  private long[] stops = new long[0];
  private int stop;
  private long bytesFetched;
  private long bytesRequested;
  /** What reads of a local file do with the holes between the spans they cover ({@link #skipLocalHoles}). */
  private ColumnChunkFetcher.LocalHoles localHoles = ColumnChunkFetcher.LocalHoles.READ_THROUGH;
  /**
   * Per leaf, the buffers its streamed chunks are read into, reused row group after row group
   * (made at the first streamed chunk).
   */
  private final ChunkSlices[] slices;
  /** Row groups planned (and perhaps fetching) but not yet opened, in reading order. */
  private final ArrayDeque<RowGroupFetch> inFlight = new ArrayDeque<>();
  /** The index in {@link #rowGroups} of the next row group to plan. */
  private int planned;
  private boolean failed;
  private boolean closed;
  /** With {@link #decodeByColumns}: where helpers run, and how many at most per batch. */
  private Executor columnExecutor;
  private int columnHelpers;
  /** Per leaf, its decoding time in the batch before (nanoseconds): the costliest leaves go first. */
  private long[] leafCost;
  /** Per leaf, the index of its top-level field. */
  private int[] fieldOfLeaf;
  /** By columns: the batch begun after the last one returned, decoding while the caller holds that one. */
  private Job ahead;
  /** By columns: rows of the batches begun (returned, and the one ahead). */
  private long rowsBegun;
  /** By columns: the counters as of the last batch returned. */
  private long shownFetched;
  private long shownRequested;
  private long shownPagesSkipped;

  BatchReader(InputFile file, FileMetaData metadata, WriterVersion writer, FileDecryptor decryptor,
      SchemaMapping mapping, RowPlan plan, ReadOptions options) {
    this.file = file;
    this.metadata = metadata;
    this.decryptor = decryptor;
    this.options = options;
    this.plan = plan;
    this.rowGroups = plan.rowGroups();
    this.writer = writer;
    List<FieldAssembler> built = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try {
      this.variants = ReadFields.unshredders(mapping, options.arrowOptions(), options.variantShredding());
      Map<String, DictionaryRowFilter> rowFilters = options.dictionaryRowFilters();
      this.schema = answered(ReadFields.messageSchema(mapping, variants), rowFilters);
      this.memorySchema = answered(ReadFields.memorySchema(mapping, variants), rowFilters);
      for (FieldMapping f : mapping.fields()) {
        built.add(FieldAssemblers.build(f, options.allocator(), rowFilters.get(f.name())));
        names.add(f.name());
      }
    } catch (RuntimeException e) {
      built.forEach(FieldAssembler::close);
      throw e instanceof ParquetException p ? p.locate(ErrorLocation.ofFile(file.name())) : e;
    }
    this.fields = built;
    this.fieldNames = names;
    this.leaves = new ArrayList<>();
    for (FieldAssembler a : fields) {
      leaves.addAll(a.leaves());
    }
    this.pageOptions = pageOptions(options, leaves.size());
    this.leafOrdinals = new int[leaves.size()];
    this.slices = new ChunkSlices[leaves.size()];
    for (int i = 0; i < leafOrdinals.length; i++) {
      leafOrdinals[i] = leaves.get(i).column.ordinal();
    }
    long total = 0;
    for (int g : rowGroups) {
      long n = metadata.rowGroups().get(g).numRows();
      if (n < 0) {
        close();
        throw new CorruptFileException(
            "row group has " + n + " rows", ErrorLocation.ofFile(file.name()).withRowGroup(g), null);
      }
      total += selection(g, n).rowCount();
    }
    this.totalRows = total;
    try {
      checkKeys();
      checkFixedWidths();
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * Fails before the first batch is allocated when a required FIXED_LEN_BYTE_ARRAY column's
   * {@code type_length} is more than its chunk's bytes: every row of such a chunk holds a value, so
   * at least one value of that width is in the chunk (plain, or as a dictionary entry). Without the
   * check a hostile {@code type_length} makes the batch ask for rows times that width.
   */
  private void checkFixedWidths() {
    for (int i = 0; i < leafOrdinals.length; i++) {
      ColumnDescriptor column = leaves.get(i).column;
      Integer width = column.node().typeLength();
      if (column.physicalType() != PhysicalType.FIXED_LEN_BYTE_ARRAY || column.maxDefinitionLevel() > 0
          || width == null) {
        continue;
      }
      for (int g : rowGroups) {
        RowGroup group = metadata.rowGroups().get(g);
        if (group.numRows() == 0 || group.columns() == null || leafOrdinals[i] >= group.columns().size()) {
          continue; // nothing to allocate, or reported as corrupt when the row group is opened
        }
        ColumnMetaData meta = group.columns().get(leafOrdinals[i]).metaData();
        if (meta != null && meta.totalUncompressedSize() < width) {
          throw new CorruptFileException("a required FIXED_LEN_BYTE_ARRAY column of " + width
              + "-byte values has a chunk of " + meta.totalUncompressedSize() + " bytes for "
              + group.numRows() + " rows, less than one value",
              ErrorLocation.ofFile(file.name()).withRowGroup(g).withColumn(column.dottedPath()), null);
        }
      }
    }
  }

  /**
   * Fails now, rather than in the middle of the file, when a projected column is encrypted and
   * its key is missing.
   */
  private void checkKeys() {
    for (int g : rowGroups) {
      RowGroup group = metadata.rowGroups().get(g);
      for (int i = 0; i < leafOrdinals.length; i++) {
        if (group.columns() == null || leafOrdinals[i] >= group.columns().size()) {
          continue; // reported as corrupt when the row group is opened
        }
        ColumnChunk chunk = group.columns().get(leafOrdinals[i]);
        if (chunk.cryptoMetadata() == null && chunk.encryptedColumnMetadata() == null) {
          continue;
        }
        String column = leaves.get(i).column.dottedPath();
        if (decryptor == null) {
          throw new MissingKeyException("column " + column + " is encrypted: give its key with"
              + " ReadOptions.Builder.decryption, or leave it out of the projection")
              .locate(ErrorLocation.ofFile(file.name()).withRowGroup(g).withColumn(column));
        }
        decryptor.columnDecryptor(metadata, g, leafOrdinals[i]);
      }
    }
  }

  @Override
  public Schema schema() {
    return schema;
  }

  @Override
  public Map<Long, Dictionary> dictionaries() {
    return dictionaries;
  }

  /**
   * The dictionaries of the last batch returned, handed over to the caller, who closes them: for
   * a batch that travels to another thread with its dictionaries.
   */
  Map<Long, Dictionary> takeDictionaries() {
    Map<Long, Dictionary> taken = Map.copyOf(dictionaries);
    dictionaries.clear();
    return taken;
  }

  @Override
  public BufferAllocator allocator() {
    return options.allocator();
  }

  @Override
  public long pagesSkipped() {
    if (columnExecutor != null) {
      return shownPagesSkipped;
    }
    long n = 0;
    for (LeafReader leaf : leaves) {
      n += leaf.pagesSkipped();
    }
    return n;
  }

  /**
   * Ends a batch at each of {@code rowCounts} (rows of this reader, ascending) as well: a parallel
   * read's lane ends its batches where its windows end, so that a batch cut short by {@link
   * ReadOptions#maxBatchBytes} never joins the rows of two windows. Before the first batch.
   */
  void stopBatchesAt(long[] rowCounts) {
    this.stops = rowCounts.clone();
    this.stop = 0;
  }

  /**
   * Reads a local file's coalesced spans each on its own, packed into one array per coalesced read,
   * instead of reading through the holes between them: for a parallel read's lane, whose spans of a
   * chunk are its own windows' pages with the other lanes' pages between. Before the first batch.
   */
  void skipLocalHoles() {
    this.localHoles = ColumnChunkFetcher.LocalHoles.SKIP;
  }

  /** The rows this reader reads, over all its row groups. */
  long totalRows() {
    return totalRows;
  }

  @Override
  public long bytesFetched() {
    return columnExecutor != null ? shownFetched : bytesFetched;
  }

  @Override
  public long bytesRequested() {
    return columnExecutor != null ? shownRequested : bytesRequested;
  }

  @Override
  public VectorSchemaRoot next() {
    if (closed) {
      throw new IllegalStateException("reader is closed");
    }
    if (failed) {
      throw new IllegalStateException("reader failed on an earlier batch");
    }
    if (columnExecutor != null) {
      return nextByColumns();
    }
    if (rowsReturned >= totalRows) {
      return null;
    }
    int rows = batchRows(rowsReturned);
    try {
      releaseDictionaries();
      batchGroups.clear();
      batchGroups.add(new int[] {0, currentGroup});
      for (int i = 0; i < fields.size(); i++) {
        try {
          fields.get(i).startBatch(rows);
        } catch (ParquetException e) {
          throw e.locate(ErrorLocation.UNKNOWN.withColumn(fieldNames.get(i)));
        }
      }
      int filled = 0;
      while (filled < rows) {
        if (range * 2 >= ranges.length) {
          openNextRowGroup();
          batchGroups.add(new int[] {filled, currentGroup});
          continue;
        }
        long start = ranges[2 * range];
        long end = ranges[2 * range + 1];
        if (groupRow < start) {
          forEachLeaf(leaf -> leaf.skipTo(start));
          groupRow = start;
        }
        int take = (int) Math.min(Math.min(rows - filled, end - groupRow), stretch(filled));
        forEachLeaf(leaf -> leaf.read(take));
        filled += take;
        groupRow += take;
        if (groupRow == end) {
          range++;
        }
        if (filled < rows && overBytes()) {
          // 32-bit offsets must not overflow: end the batch here
          for (FieldAssembler f : fields) {
            f.truncateBatch(filled);
          }
          rows = filled;
        }
      }
      VectorSchemaRoot root = finish(rows);
      rowsReturned += rows;
      return root;
    } catch (ParquetException e) {
      fail();
      throw e.locate(ErrorLocation.ofFile(file.name()));
    } catch (RuntimeException | Error e) {
      fail();
      throw e;
    }
  }

  /** Rows of the batch that begins after {@code from} rows: a batch, or fewer at a stop or the end. */
  private int batchRows(long from) {
    while (stop < stops.length && stops[stop] <= from) {
      stop++;
    }
    long until = stop < stops.length ? Math.min(stops[stop], totalRows) : totalRows;
    return (int) Math.min(options.batchSize(), until - from);
  }

  /**
   * Decodes each batch's leaves as tasks ({@link ReadOptions.ParallelDecoding#COLUMNS}): by the
   * caller and up to {@code helpers} helpers on {@code executor}. Before the first batch.
   */
  void decodeByColumns(Executor executor, int helpers) {
    this.columnExecutor = executor;
    this.columnHelpers = helpers;
    this.leafCost = new long[leaves.size()];
    this.fieldOfLeaf = new int[leaves.size()];
    int leaf = 0;
    for (int f = 0; f < fields.size(); f++) {
      for (int k = 0; k < fields.get(f).leaves().size(); k++) {
        fieldOfLeaf[leaf++] = f;
      }
    }
  }

  /**
   * Whether {@link ReadOptions.ParallelDecoding#AUTO} decodes this read by columns on {@code
   * threads} threads: at least as many leaves as threads; no leaf with more of the projected bytes
   * than {@code 1.5 / threads} of them (by the footer's uncompressed sizes: a leaf much costlier
   * than an even share leaves the other threads idle, where lanes would keep them busy); and rows
   * narrow enough (by the footer) that no batch comes near {@link ReadOptions#maxBatchBytes()},
   * the one limit that depends on the values read and so on every column's progress at once.
   */
  boolean columnsBalance(int threads) {
    if (leaves.size() < threads || !narrowRows()) {
      return false;
    }
    long[] bytes = new long[leaves.size()];
    long total = 0;
    for (int g : rowGroups) {
      RowGroup group = metadata.rowGroups().get(g);
      if (group.columns() == null) {
        return false;
      }
      for (int i = 0; i < leafOrdinals.length; i++) {
        ColumnMetaData meta = group.columns().get(leafOrdinals[i]).metaData();
        bytes[i] += meta.totalUncompressedSize();
        total += meta.totalUncompressedSize();
      }
    }
    for (long b : bytes) {
      if (b * threads > 1.5 * total) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether every row group's rows are narrow enough by the footer (a column's uncompressed bytes
   * per row, times a batch, times 8) that no batch comes near {@link ReadOptions#maxBatchBytes()}:
   * the one limit that depends on the values read and so on every column's progress at once, which
   * a read by columns cannot follow. Without it a parallel read goes by lanes, whatever the policy.
   */
  boolean narrowRows() {
    for (int g : rowGroups) {
      RowGroup group = metadata.rowGroups().get(g);
      if (group.columns() == null) {
        return false;
      }
      for (int i = 0; i < leafOrdinals.length; i++) {
        if (leafOrdinals[i] >= group.columns().size()) {
          return false;
        }
        ColumnMetaData meta = group.columns().get(leafOrdinals[i]).metaData();
        if (meta == null || meta.totalUncompressedSize() < 0) {
          return false;
        }
        if (group.numRows() > 0 && (double) meta.totalUncompressedSize() / group.numRows()
            * options.batchSize() * 8 >= options.maxBatchBytes()) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The next batch decoded by columns, pipelined one batch deep: each batch is {@linkplain #begin
   * begun} (its script worked out, its row groups opened, its leaf tasks handed to the helpers) as
   * soon as the batch before it is returned, so the helpers decode it while the caller works on
   * the one it holds; this call then takes the leaf tasks nobody has started, waits for those
   * started, and assembles the batch. The caller waits only for tasks a helper started, so an
   * executor that never runs a task leaves all to it. A failure of the batch ahead (in its
   * opening or its decoding) is thrown here, by the call that would have returned it; and the
   * counters ({@link #pagesSkipped}, {@link #bytesFetched}, {@link #bytesRequested}) cover the
   * batches returned, not the one ahead.
   */
  private VectorSchemaRoot nextByColumns() {
    Job job = ahead;
    ahead = null;
    if (job == null) {
      if (rowsBegun >= totalRows) {
        return null;
      }
      job = begin();
    }
    VectorSchemaRoot root;
    try {
      releaseDictionaries();
      root = join(job);
    } catch (ParquetException e) {
      fail();
      throw e.locate(ErrorLocation.ofFile(file.name()));
    } catch (RuntimeException | Error e) {
      fail();
      throw e;
    }
    rowsReturned += job.rows;
    shownFetched = job.fetched;
    shownRequested = job.requested;
    shownPagesSkipped = job.pagesSkipped();
    if (rowsBegun < totalRows) {
      ahead = beginAhead();
    }
    return root;
  }

  /**
   * The next batch begun on this thread: its script worked out ({@link #script}), then its leaf
   * tasks handed to up to {@link #columnHelpers} helpers, costliest leaves first. Never throws: a
   * failure is kept in the job, for {@link #join} to throw.
   */
  private Job begin() {
    Job job = newJob();
    job.claimScript();
    script(job);
    submitHelpers(job, helpers());
    return job;
  }

  /**
   * The next batch begun by a helper: one task works out its script (so the row groups it opens
   * are fetched and set up off the caller's thread too) and hands the batch's other helpers over,
   * then takes leaf tasks itself. The caller works out the script when no helper has begun it by
   * the time it asks for the batch (an executor that never runs a task, or refuses it).
   */
  private Job beginAhead() {
    Job job = newJob();
    try {
      columnExecutor.execute(() -> {
        // a script the caller claimed is not to be read until it is worked out; the caller hands
        // the helpers over then
        if (job.claimScript()) {
          script(job);
          submitHelpers(job, helpers() - 1);
          job.work();
        }
      });
    } catch (RejectedExecutionException e) {
      // the caller works it out when it asks for the batch
    }
    return job;
  }

  private Job newJob() {
    int rows = batchRows(rowsBegun);
    rowsBegun += rows;
    return new Job(this, rows);
  }

  private int helpers() {
    return Math.min(columnHelpers, leaves.size() - 1);
  }

  private void submitHelpers(Job job, int helpers) {
    for (int i = 0; i < helpers; i++) {
      try {
        columnExecutor.execute(job::work);
      } catch (RejectedExecutionException e) {
        break; // the caller does what no helper does
      }
    }
  }

  /**
   * Works out {@code job}'s script, by the thread that claimed it: its fields started (each leaf
   * allocates its own buffers in its task), row groups opened, rows skipped, rows read, which
   * depend on the plan alone. The reader's position in the plan is touched by one script at a time
   * (a batch's is begun only once the batch before is joined). A failure is kept in the job.
   */
  private void script(Job job) {
    try {
      job.groups.add(new int[] {0, currentGroup});
      for (int i = 0; i < fields.size(); i++) {
        fields.get(i).startOwnBatch(job.rows);
      }
      int filled = 0;
      while (filled < job.rows) {
        if (range * 2 >= ranges.length) {
          job.add(Job.OPEN, job.openings.size());
          job.openings.add(prepareNextRowGroup());
          job.groups.add(new int[] {filled, currentGroup});
          continue;
        }
        long start = ranges[2 * range];
        long end = ranges[2 * range + 1];
        if (groupRow < start) {
          job.add(Job.SKIP, start);
          groupRow = start;
        }
        int take = (int) Math.min(job.rows - filled, end - groupRow);
        job.add(Job.READ, take);
        filled += take;
        groupRow += take;
        if (groupRow == end) {
          range++;
        }
      }
      job.fetched = bytesFetched;
      job.requested = bytesRequested;
    } catch (RuntimeException | Error e) {
      job.closeOpenings();
      job.failure = e;
    } finally {
      job.scripted();
    }
  }

  /**
   * The batch of {@code job}: the caller takes the tasks left, waits for those a helper started,
   * and assembles the batch; on a failure every buffer of the job is released and it is thrown.
   */
  private VectorSchemaRoot join(Job job) {
    if (job.claimScript()) {
      script(job);
      submitHelpers(job, helpers());
    } else {
      job.awaitScripted();
    }
    job.work();
    job.awaitStarted();
    if (job.failure != null) {
      job.release();
      if (job.failure instanceof RuntimeException r) {
        throw r;
      }
      throw (Error) job.failure;
    }
    System.arraycopy(job.cost, 0, leafCost, 0, leafCost.length);
    batchGroups.clear();
    batchGroups.addAll(job.groups);
    List<FieldVector> vectors = new ArrayList<>(fields.size());
    try {
      for (int i = 0; i < fields.size(); i++) {
        FieldVector v = job.vectors[i];
        if (v == null) {
          v = finishField(i); // a field without leaves
        }
        job.vectors[i] = null;
        vectors.add(v);
      }
      unshredVariants(vectors);
    } catch (RuntimeException e) {
      vectors.forEach(FieldVector::close);
      job.release();
      throw e;
    }
    return root(vectors, job.rows);
  }

  /**
   * Drops the batch ahead, if any: tasks not started are never run, those started are waited for,
   * and every buffer they made is released (the leaves' unfinished ones by their fields' close).
   */
  private void dropAhead() {
    Job job = ahead;
    ahead = null;
    if (job != null) {
      job.cancel();
      if (job.claimScript()) {
        job.scripted(); // never to be worked out
      } else {
        job.awaitScripted();
      }
      job.awaitStarted();
      job.release();
    }
  }

  private FieldVector finishField(int i) {
    try {
      return fields.get(i).finishBatch();
    } catch (ParquetException e) {
      // a leaf's failure names the leaf already; the field's name is for the assembly's buffers
      throw e.locate(ErrorLocation.UNKNOWN.withColumn(fieldNames.get(i)));
    }
  }

  /**
   * One batch decoded by columns: its script (pairs of an operation and its argument), the row
   * groups it opens, and its leaf tasks, taken in order by whoever is free.
   */
  private static final class Job {
    static final long OPEN = 0;
    static final long SKIP = 1;
    static final long READ = 2;

    private final BatchReader reader;
    final int rows;
    /** Where the batch's rows come from: (first row in the batch, row group) pairs. */
    final List<int[]> groups = new ArrayList<>(2);
    /** The reader's byte counters once the batch's row groups were opened. */
    long fetched;
    long requested;
    private long[] script = new long[16];
    private int length;
    final List<Opening> openings = new ArrayList<>(1);
    /** Leaves by their cost in the batch before, costliest first. */
    private final int[] order;
    private final AtomicInteger next = new AtomicInteger();
    /** Per field, its leaves not ended yet. */
    private final AtomicIntegerArray fieldLeft;
    final FieldVector[] vectors;
    final long[] cost;
    /** Per leaf, its pages skipped once its task ended. */
    private final long[] skipped;
    /** Guarded by this: tasks taken and not ended. */
    private int running;
    /** Guarded by this: whether a thread has claimed the script, and whether it is worked out. */
    private boolean scriptClaimed;
    private boolean scriptDone;
    /** The first failure; later tasks are taken and dropped. */
    volatile Throwable failure;

    Job(BatchReader reader, int rows) {
      this.reader = reader;
      this.rows = rows;
      int n = reader.leaves.size();
      this.order = new int[n];
      long[] past = reader.leafCost;
      for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && past[order[j - 1]] < past[i]) {
          order[j] = order[j - 1];
          j--;
        }
        order[j] = i;
      }
      this.fieldLeft = new AtomicIntegerArray(reader.fields.size());
      for (int f = 0; f < reader.fields.size(); f++) {
        fieldLeft.set(f, reader.fields.get(f).leaves().size());
      }
      this.vectors = new FieldVector[reader.fields.size()];
      this.cost = new long[n];
      this.skipped = new long[n];
    }

    void add(long op, long arg) {
      if (length + 2 > script.length) {
        script = Arrays.copyOf(script, script.length * 2);
      }
      script[length++] = op;
      script[length++] = arg;
    }

    /** Takes leaf tasks until none is left; never waits. */
    void work() {
      while (true) {
        // counted before a task is taken, so that the caller never sees none running while a
        // helper holds one
        synchronized (this) {
          running++;
        }
        int k = next.getAndIncrement();
        try {
          if (k >= order.length) {
            return;
          }
          if (failure == null) {
            runLeaf(order[k]);
          }
        } catch (RuntimeException | Error e) {
          synchronized (this) {
            if (failure == null) {
              failure = e;
            } else if (failure != e) {
              failure.addSuppressed(e);
            }
          }
        } finally {
          synchronized (this) {
            running--;
            if (running == 0) {
              notifyAll();
            }
          }
        }
      }
    }

    private void runLeaf(int i) {
      long began = System.nanoTime();
      LeafReader leaf = reader.leaves.get(i);
      leaf.startBatch(rows);
      long most = reader.options.maxBatchBytes();
      int filled = 0;
      for (int p = 0; p < length; p += 2) {
        long arg = script[p + 1];
        if (script[p] == OPEN) {
          Opening o = openings.get((int) arg);
          leaf.startChunk(o.take(i), o.where[i]);
        } else if (script[p] == SKIP) {
          leaf.skipTo(arg);
        } else {
          for (int left = (int) arg; left > 0; ) {
            int take = Math.min(STRETCH, left);
            leaf.read(take);
            left -= take;
            filled += take;
            if (filled < rows && leaf.batchBytes() >= most) {
              throw new UnsupportedFeatureException("batch cut short in a read by columns",
                  "column " + leaf.column.dottedPath()
                  + " holds " + leaf.batchBytes() + " bytes of values after " + filled + " rows of a batch,"
                  + " past maxBatchBytes (" + most + ") though the footer's sizes promised narrow rows:"
                  + " read the file with ReadOptions.ParallelDecoding.LANES, which ends such a batch early").locate(ErrorLocation.UNKNOWN.withColumn(leaf.column.dottedPath()));
            }
          }
        }
      }
      int f = reader.fieldOfLeaf[i];
      if (fieldLeft.decrementAndGet(f) == 0) {
        vectors[f] = reader.finishField(f);
      }
      skipped[i] = leaf.pagesSkipped();
      cost[i] = System.nanoTime() - began;
    }

    /** Pages the leaves skipped up to the end of this batch. */
    long pagesSkipped() {
      long n = 0;
      for (long k : skipped) {
        n += k;
      }
      return n;
    }

    /** Makes the tasks not started yet end at once, without touching their leaves. */
    void cancel() {
      synchronized (this) {
        if (failure == null) {
          failure = new CancellationException("the reader was closed");
        }
      }
    }

    /** Releases what the batch made: its unopened page readers and the fields already finished. */
    void release() {
      closeOpenings();
      for (int f = 0; f < vectors.length; f++) {
        if (vectors[f] != null) {
          vectors[f].close();
          vectors[f] = null;
        }
      }
    }

    /** Whether the calling thread is the one to work out the script (the first to ask). */
    synchronized boolean claimScript() {
      if (scriptClaimed) {
        return false;
      }
      scriptClaimed = true;
      return true;
    }

    synchronized void scripted() {
      scriptDone = true;
      notifyAll();
    }

    /** Waits for the script another thread claimed (it opens row groups and moves the reader). */
    synchronized void awaitScripted() {
      awaitUninterruptibly(() -> scriptDone);
    }

    /** Waits for the tasks a helper started; those not started are the caller's (taken by now). */
    synchronized void awaitStarted() {
      awaitUninterruptibly(() -> running == 0);
    }

    /**
     * Waits on this batch until {@code done}, through interrupts (the work waited for still writes
     * into the batch or the reader, so leaving early would free what it writes), keeping the interrupt.
     */
    private void awaitUninterruptibly(java.util.function.BooleanSupplier done) {
      boolean interrupted = false;
      while (!done.getAsBoolean()) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    void closeOpenings() {
      for (Opening o : openings) {
        o.closeUntaken();
      }
    }
  }

  /** A row group's page readers, one per leaf, until each leaf takes its own. */
  private static final class Opening {
    final ColumnChunkPageReader[] pages;
    final ErrorLocation[] where;

    Opening(int leaves) {
      this.pages = new ColumnChunkPageReader[leaves];
      this.where = new ErrorLocation[leaves];
    }

    /** Leaf {@code i}'s page reader, now the leaf's to close. */
    ColumnChunkPageReader take(int i) {
      ColumnChunkPageReader p = pages[i];
      pages[i] = null;
      return p;
    }

    void closeUntaken() {
      for (int i = 0; i < pages.length; i++) {
        if (pages[i] != null) {
          pages[i].close();
          pages[i] = null;
        }
      }
    }
  }

  /**
   * Rows to read before the next check of the batch's bytes: {@link #STRETCH}, fewer when rows are
   * so wide (by the chunk sizes in the footer, or by the bytes read so far in this batch) that a
   * full stretch could carry a column past what its 32-bit offsets address.
   */
  private int stretch(int filled) {
    double perRow = wideRowBytes;
    long most = 0;
    for (LeafReader leaf : leaves) {
      long bytes = leaf.batchBytes();
      most = Math.max(most, bytes);
      if (filled > 0) {
        perRow = Math.max(perRow, (double) bytes / filled);
      }
    }
    if (perRow * STRETCH < options.maxBatchBytes()) {
      return STRETCH;
    }
    double room = Math.max(0, options.maxBatchBytes() - most);
    return (int) Math.max(1, Math.min(STRETCH, room / perRow));
  }

  private boolean overBytes() {
    for (LeafReader leaf : leaves) {
      if (leaf.batchBytes() >= options.maxBatchBytes()) {
        return true;
      }
    }
    return false;
  }

  private VectorSchemaRoot finish(int rows) {
    List<FieldVector> vectors = new ArrayList<>(fields.size());
    try {
      for (int i = 0; i < fields.size(); i++) {
        try {
          vectors.add(fields.get(i).finishBatch());
        } catch (ParquetException e) {
          // a leaf's failure names the leaf already; the field's name is for the assembly's buffers
          throw e.locate(ErrorLocation.UNKNOWN.withColumn(fieldNames.get(i)));
        }
      }
      unshredVariants(vectors);
    } catch (RuntimeException e) {
      vectors.forEach(FieldVector::close);
      throw e;
    }
    return root(vectors, rows);
  }

  /** The batch of {@code vectors}, the leaves' dictionaries kept for it. */
  private VectorSchemaRoot root(List<FieldVector> vectors, int rows) {
    for (LeafReader leaf : leaves) {
      if (leaf.sink() instanceof DictionarySink d && !d.filtering()) {
        FieldVector values = d.takeDictionary();
        long id = d.dictionaryId();
        dictionaries.put(id, new Dictionary(values, schemaEncoding(id)));
      }
    }
    return new VectorSchemaRoot(memorySchema.getFields(), vectors, rows);
  }

  /** Replaces each VARIANT column's decoded struct by its rebuilt variants. */
  private void unshredVariants(List<FieldVector> vectors) {
    for (int i = 0; i < vectors.size(); i++) {
      VariantUnshredder variant = variants.get(i);
      if (variant != null) {
        FieldVector stored = vectors.get(i);
        try {
          vectors.set(i, variant.unshred((StructVector) stored, options.allocator(),
              row -> ErrorLocation.ofFile(file.name()).withRowGroup(rowGroupOf(row))));
        } catch (OutOfMemoryException | OutOfMemoryError e) {
          // rebuilt variants grow as they are written, past any size the file declared
          throw Allocations.refused(options.allocator(), -1, stored.getValueCount(), "variant values", e)
              .locate(ErrorLocation.ofFile(file.name()).withColumn(fieldNames.get(i)));
        }
        stored.close();
      }
    }
  }

  private int rowGroupOf(int batchRow) {
    int group = -1;
    for (int[] start : batchGroups) {
      if (start[0] <= batchRow) {
        group = start[1];
      }
    }
    return group;
  }

  /** {@code schema} with each column a row filter answers as its answers' {@code Bool} field. */
  private static Schema answered(Schema schema, Map<String, DictionaryRowFilter> rowFilters) {
    if (rowFilters.isEmpty()) {
      return schema;
    }
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(rowFilters.containsKey(f.getName()) ? DictionarySink.answerField(f.getName()) : f);
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  private DictionaryEncoding schemaEncoding(long id) {
    return new DictionaryEncoding(id, false, new ArrowType.Int(32, true));
  }

  private void releaseDictionaries() {
    for (Dictionary d : dictionaries.values()) {
      d.getVector().close();
    }
    dictionaries.clear();
  }

  private void openNextRowGroup() {
    Opening o = prepareNextRowGroup();
    for (int i = 0; i < leaves.size(); i++) {
      leaves.get(i).startChunk(o.take(i), o.where[i]);
    }
  }

  /** The next row group with rows to read, its pages made but not handed to the leaves. */
  private Opening prepareNextRowGroup() {
    while (true) {
      RowGroupFetch f = inFlight.poll();
      if (f == null) {
        if (planned >= rowGroups.length) {
          throw new CorruptFileException("row groups end before " + totalRows + " rows were read");
        }
        f = plan(rowGroups[planned++]);
        if (f == null) {
          continue;
        }
      }
      currentGroup = f.rowGroup;
      // the next row groups' bytes are requested before this one's are awaited, so that they
      // arrive while this one decodes
      prefetch();
      return prepare(f);
    }
  }

  /**
   * The page layer's options ({@link ReadOptions.PageReadAhead#AUTO} decided here): pages made ahead up to {@link #AHEAD_BYTES_PER_READER} of decompressed
   * pages shared among the columns read (at most {@link PageReadOptions#DEFAULT_AHEAD_BYTES} each),
   * so that a read of a wide file does not hold pages ahead for thousands of columns.
   */
  private static PageReadOptions pageOptions(ReadOptions options, int leaves) {
    PageReadOptions o = PageReadOptions.DEFAULT.withVerifyChecksums(options.verifyChecksums())
        .withMaxPageSize(options.maxPageSize());
    ReadOptions.PageReadAhead policy = options.pageReadAhead();
    if (policy == ReadOptions.PageReadAhead.AUTO) {
      policy = lanesTakeEveryCore(options) ? ReadOptions.PageReadAhead.OFF : ReadOptions.PageReadAhead.SEVERAL_PAGES;
    }
    return switch (policy) {
      case OFF, AUTO -> o.withReadAhead(org.parquetarrow.read.page.PageReadAhead.OFF);
      case NEXT_PAGE -> o.withReadAhead(org.parquetarrow.read.page.PageReadAhead.NEXT_PAGE);
      case SEVERAL_PAGES -> o.withReadAhead(org.parquetarrow.read.page.PageReadAhead.SEVERAL_PAGES)
          .withAheadBytes(Math.min(PageReadOptions.DEFAULT_AHEAD_BYTES, AHEAD_BYTES_PER_READER / Math.max(1, leaves)));
    };
  }

  /**
   * Whether {@code options} ask for {@link ReadOptions.PageReadAhead#AUTO} with lanes on every core,
   * where pages are then prepared by the lanes themselves.
   */
  static boolean lanesTakeEveryCore(ReadOptions options) {
    return options.pageReadAhead() == ReadOptions.PageReadAhead.AUTO && options.parallelism() > 1
        && options.parallelism() >= Runtime.getRuntime().availableProcessors();
  }

  /**
   * The page readers of {@code f}'s row group, one per leaf, not yet handed to the leaves; the
   * row group's selected ranges become the current ones.
   */
  private Opening prepare(RowGroupFetch f) {
    RowGroup group = metadata.rowGroups().get(f.rowGroup);
    List<ColumnChunkBytes> chunks = f.await();
    bytesRequested += f.requestedBytes;
    wideRowBytes = 0;
    for (int ordinal : leafOrdinals) {
      ColumnMetaData meta = group.columns().get(ordinal).metaData();
      if (meta != null && group.numRows() > 0) {
        wideRowBytes = Math.max(wideRowBytes, (double) meta.totalUncompressedSize() / group.numRows());
      }
    }
    Opening opening = new Opening(leaves.size());
    try {
      buildPages(f, group, chunks, opening);
    } catch (RuntimeException | Error e) {
      opening.closeUntaken();
      throw e;
    }
    RowSelection selected = f.selected;
    ranges = new long[2 * selected.rangeCount()];
    for (int i = 0; i < selected.rangeCount(); i++) {
      ranges[2 * i] = selected.rangeStart(i);
      ranges[2 * i + 1] = selected.rangeEnd(i);
    }
    range = 0;
    groupRow = 0;
    return opening;
  }

  private void buildPages(RowGroupFetch f, RowGroup group, List<ColumnChunkBytes> chunks, Opening opening) {
    for (int i = 0; i < leaves.size(); i++) {
      LeafReader leaf = leaves.get(i);
      ColumnChunk chunk = group.columns().get(leafOrdinals[i]);
      ColumnChunkBytes bytes = chunks.get(i);
      if (bytes.isStreamed()) {
        for (FileRange span : bytes.streamedSpans()) {
          bytesFetched += span.length(); // read by the page reader as it goes
        }
      } else {
        bytesFetched += bytes.length();
      }
      if (bytes.isStreamed() && slices[i] == null) {
        slices[i] = new ChunkSlices(options.fetchOptions().localSlice());
      }
      PageReaderBuilder builder =
          ColumnChunkPageReader.builder(
                  bytes, chunk, leaf.column.maxDefinitionLevel(), leaf.column.maxRepetitionLevel())
              .location(f.where)
              .writerVersion(writer)
              .options(pageOptions)
              .decryptor(f.decryptors[i])
              .slices(slices[i]);
      if (f.partial != null) {
        // with the offset index, pages holding no selected row are neither fetched nor decoded
        builder.offsetIndex(f.offsetIndexes.get(i), group.numRows()).selection(f.partial);
      }
      opening.pages[i] = builder.build();
      opening.where[i] = f.where.withColumn(leaf.column.dottedPath());
    }
  }

  /**
   * Plans the next row groups of a remote file, up to {@link FetchOptions#prefetchRowGroups()}
   * ahead, and starts fetching them while their planned bytes stay within {@link
   * FetchOptions#prefetchMemory()}. Local files are not prefetched: their reads are positional and
   * cheap (and the default {@link InputFile#readRangesAsync} reads on the calling thread), so
   * holding two row groups would only cost memory.
   */
  private void prefetch() {
    if (file.locality() != InputFile.Locality.REMOTE) {
      return;
    }
    FetchOptions fetch = options.fetchOptions();
    long pending = 0;
    for (RowGroupFetch f : inFlight) {
      pending += f.plannedBytes;
    }
    while (inFlight.size() < fetch.prefetchRowGroups() && planned < rowGroups.length) {
      RowGroupFetch next;
      try {
        next = plan(rowGroups[planned]);
      } catch (RuntimeException e) {
        // a later row group's damage is reported when its turn comes, after the rows before it
        return;
      }
      planned++;
      if (next == null) {
        continue;
      }
      if (pending + next.plannedBytes <= fetch.prefetchMemory()) {
        next.start();
      } // else fetched when its turn comes
      pending += next.plannedBytes;
      inFlight.add(next);
    }
  }

  /** The fetch of row group {@code g}, planned; {@code null} when none of its rows is selected. */
  private RowGroupFetch plan(int g) {
    RowSelection selected = selection(g, metadata.rowGroups().get(g).numRows());
    return RowGroupFetch.plan(
        file, metadata, writer, decryptor, options.fetchOptions(), localHoles, leafOrdinals, g, selected);
  }

  /**
   * Runs {@code work} on every leaf: on the caller's thread, or in parallel on the executor
   * (leaf readers share nothing but the allocator, which is thread-safe). The first failure is
   * rethrown once every task has ended, so no task still writes into a batch being released.
   */
  private void forEachLeaf(Consumer<LeafReader> work) {
    Executor executor = options.executor();
    if (executor == null || leaves.size() < 2) {
      for (LeafReader leaf : leaves) {
        work.accept(leaf);
      }
      return;
    }
    CompletableFuture<?>[] tasks = new CompletableFuture<?>[leaves.size()];
    for (int i = 0; i < tasks.length; i++) {
      LeafReader leaf = leaves.get(i);
      tasks[i] = CompletableFuture.runAsync(() -> work.accept(leaf), executor);
    }
    Throwable first = null;
    for (CompletableFuture<?> t : tasks) {
      try {
        t.join();
      } catch (CompletionException | CancellationException e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        if (first == null) {
          first = cause;
        } else if (first != cause) {
          first.addSuppressed(cause);
        }
      }
    }
    if (first instanceof RuntimeException r) {
      throw r;
    }
    if (first instanceof Error err) {
      throw err;
    }
    if (first != null) {
      throw new IllegalStateException("column task failed", first);
    }
  }

  /** The rows to read of row group {@code g} of {@code rows} rows. */
  private RowSelection selection(int g, long rows) {
    return plan.selection(g, rows);
  }

  private void cancelPrefetch() {
    for (RowGroupFetch f : inFlight) {
      f.cancel();
    }
    inFlight.clear();
  }

  private void fail() {
    failed = true;
    dropAhead();
    cancelPrefetch();
    releaseDictionaries();
    for (FieldAssembler f : fields) {
      f.close();
    }
    releaseSlices();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    dropAhead();
    cancelPrefetch();
    releaseDictionaries();
    for (FieldAssembler f : fields) {
      f.close();
    }
    releaseSlices();
  }

  /** Hands the columns' slice buffers on to later readers, once no page reader uses them. */
  private void releaseSlices() {
    for (ChunkSlices s : slices) {
      if (s != null) {
        s.release();
      }
    }
  }
}
