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
  /** Per field, the index of its first leaf (a field's leaves are consecutive). */
  private int[] firstLeafOfField;
  /**
   * By columns: most batches begun and not returned. Two, so that a thread done with its share of
   * the oldest batch goes on with the next one's leaves whose fields are done, rather than wait
   * for the batch's last leaf (with one batch begun at a time the helper sat idle 18% of a NESTED
   * scan), and so that helpers go on decoding while the caller works on the batch it holds (with
   * one batch begun while it held one, the helper sat idle 10% of a LINEITEM scan whose caller
   * digests each batch).
   */
  static final int COLUMN_DEPTH = 2;
  /**
   * By columns: the batches begun and not returned, oldest first; its monitor guards them, the
   * fields below, and every job's scheduling state.
   */
  private final ArrayDeque<Job> jobs = new ArrayDeque<>();
  /** Guarded by {@link #jobs}: a script is being worked out (scripts move the reader, one at a time). */
  private boolean scripting;
  /** Guarded by {@link #jobs}: helpers handed to the executor and not ended. */
  private int helpersOut;
  /** Guarded by {@link #jobs}: leaf tasks taken and not ended, over every batch. */
  private int running;
  /** Guarded by {@link #jobs}: no task is taken of a batch at or after this one (a failure, or closing). */
  private long stopFrom = Long.MAX_VALUE;
  /** Guarded by {@link #jobs}: the next batch's place in the read. */
  private long jobSeq;
  /** Guarded by {@link #jobs}: rows of the batches begun (returned, and those in {@link #jobs}). */
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
    this.firstLeafOfField = new int[fields.size()];
    int leaf = 0;
    for (int f = 0; f < fields.size(); f++) {
      firstLeafOfField[f] = leaf;
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
   * The next batch decoded by columns, pipelined {@link #COLUMN_DEPTH} batches deep: while the
   * caller holds a batch, the helpers work out the scripts of the next ones (their row groups
   * opened) and decode their leaves, each leaf of a batch as soon as its field is done in the batch
   * before. This call takes leaf tasks too (of its batch first, then of the next rather than
   * wait), waits for those a helper started, and assembles the batch. A failure of a batch
   * (in its opening or its decoding) is thrown by the call that would have returned it, after the
   * batches before it; and the counters ({@link #pagesSkipped}, {@link #bytesFetched}, {@link
   * #bytesRequested}) cover the batches returned, not those begun.
   */
  private VectorSchemaRoot nextByColumns() {
    Job job;
    Job claimed = null;
    synchronized (jobs) {
      if (jobs.isEmpty()) {
        claimed = claimScript();
        if (claimed == null) {
          return null; // every row begun and returned
        }
      }
      job = jobs.peekFirst();
    }
    if (claimed != null) {
      runScript(claimed);
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
    boolean more;
    synchronized (jobs) {
      jobs.removeFirst();
      more = wantHelper();
    }
    if (more) {
      submitHelper();
    }
    return root;
  }

  /**
   * The batch of {@code job}, the oldest begun: the caller takes the tasks nobody has taken (of this
   * batch, then of the next), works out the next script when no task is free, and waits only when
   * neither is left while a helper still decodes one of the batch's leaves. On a failure the batch
   * is released and its failure thrown.
   */
  private VectorSchemaRoot join(Job job) {
    boolean interrupted = false;
    while (true) {
      Runnable work = null;
      synchronized (jobs) {
        while (!job.ended()) {
          work = claimWork();
          if (work != null) {
            break;
          }
          try {
            // woken by every task's or script's end: a field done in this batch frees a leaf of the next
            jobs.wait();
          } catch (InterruptedException e) {
            // the helpers still write into this batch: it is waited for all the same
            interrupted = true;
          }
        }
      }
      if (work == null) {
        break;
      }
      work.run();
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (job.failure != null) {
      if (job.failure instanceof RuntimeException r) {
        throw r;
      }
      throw (Error) job.failure;
    }
    synchronized (jobs) {
      System.arraycopy(job.cost, 0, leafCost, 0, leafCost.length);
    }
    batchGroups.clear();
    batchGroups.addAll(job.groups);
    List<FieldVector> vectors = new ArrayList<>(fields.size());
    try {
      for (int i = 0; i < fields.size(); i++) {
        FieldVector v = job.vectors[i];
        if (v == null) {
          // a field without leaves: no batch after this one has touched it
          fields.get(i).startOwnBatch(job.rows);
          v = finishField(i);
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
    for (int i = 0; i < leaves.size(); i++) {
      FieldVector d = job.dictionaries[i];
      if (d != null) {
        job.dictionaries[i] = null;
        long id = ((DictionarySink) leaves.get(i).sink()).dictionaryId();
        dictionaries.put(id, new Dictionary(d, schemaEncoding(id)));
      }
    }
    return new VectorSchemaRoot(memorySchema.getFields(), vectors, job.rows);
  }

  /**
   * A helper's turn: takes tasks and scripts until none is left, then ends (it never waits, so an
   * executor with fewer threads than asked for, or none at all, still reads every row).
   */
  private void helper() {
    while (true) {
      Runnable work;
      synchronized (jobs) {
        work = claimWork();
        if (work == null) {
          helpersOut--;
          return;
        }
      }
      work.run();
    }
  }

  /**
   * Guarded by {@link #jobs}: the calling thread's next piece of work, claimed: a free leaf task
   * ({@link #take}), else the next batch's script ({@link #claimScript}); {@code null} when
   * neither is left.
   */
  private Runnable claimWork() {
    Task task = take();
    if (task != null) {
      return () -> runTask(task);
    }
    Job script = claimScript();
    return script == null ? null : () -> runScript(script);
  }

  /**
   * Guarded by {@link #jobs}: the next free leaf task, of the oldest batch that has one. A leaf of
   * a batch is free once the batch's script is worked out and its field is done in the batch
   * before (a field's leaves and assembly carry state from batch to batch); its field's batch is
   * started then. Nothing is taken from a batch at or after {@link #stopFrom}.
   */
  private Task take() {
    Job before = null;
    for (Job job : jobs) {
      if (job.seq >= stopFrom || !job.scriptDone) {
        return null;
      }
      for (int k = job.firstFree; k < job.order.length; k++) {
        int i = job.order[k];
        if (job.state[i] != Job.FREE) {
          if (k == job.firstFree) {
            job.firstFree++;
          }
          continue;
        }
        if (!job.gateOpen(i, before)) {
          continue;
        }
        int f = fieldOfLeaf[i];
        if (!job.fieldStarted[f]) {
          try {
            fields.get(f).startOwnBatch(job.rows);
          } catch (RuntimeException | Error e) {
            job.failed(e);
            stopFrom = Math.min(stopFrom, job.seq);
            return null;
          }
          job.fieldStarted[f] = true;
        }
        job.state[i] = Job.TAKEN;
        job.running++;
        running++;
        return new Task(job, i);
      }
      before = job;
    }
    return null;
  }

  /**
   * Guarded by {@link #jobs}: the next batch, begun, its script claimed by the calling thread;
   * {@code null} when a script is being worked out already, {@link #COLUMN_DEPTH} batches are
   * begun, every row is begun, or the read failed or is closing.
   */
  private Job claimScript() {
    if (scripting || jobs.size() >= COLUMN_DEPTH || rowsBegun >= totalRows || stopFrom != Long.MAX_VALUE) {
      return null;
    }
    int rows = batchRows(rowsBegun);
    rowsBegun += rows;
    Job job = new Job(this, rows, jobSeq++);
    jobs.addLast(job);
    scripting = true;
    return job;
  }

  /**
   * Works out {@code job}'s script, by the thread that claimed it: its row groups opened, rows
   * skipped, rows read, which depend on the plan alone. The reader's position in the plan is
   * touched by one script at a time ({@link #scripting}), and leaves take their page readers from
   * the openings only once the script is done. A failure is kept in the job.
   */
  private void runScript(Job job) {
    Throwable failure = null;
    try {
      script(job);
    } catch (RuntimeException | Error e) {
      job.closeOpenings();
      failure = e;
    }
    boolean more;
    synchronized (jobs) {
      scripting = false;
      job.scriptDone = true;
      if (failure != null) {
        job.failed(failure);
        stopFrom = Math.min(stopFrom, job.seq);
      }
      jobs.notifyAll();
      more = wantHelper();
    }
    if (more) {
      submitHelper();
    }
  }

  private void script(Job job) {
    job.groups.add(new int[] {0, currentGroup});
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
  }

  /** Runs one leaf task; its end (or failure) is recorded under the lock, waking whoever waits. */
  private void runTask(Task task) {
    Job job = task.job();
    int i = task.leaf();
    long began = System.nanoTime();
    Throwable failure = null;
    boolean fieldDone = false;
    try {
      fieldDone = job.runLeaf(i);
    } catch (RuntimeException | Error e) {
      failure = e;
    }
    boolean more;
    synchronized (jobs) {
      job.cost[i] = System.nanoTime() - began;
      job.state[i] = Job.ENDED;
      job.leavesLeft--;
      job.running--;
      running--;
      if (failure != null) {
        job.failed(failure);
        stopFrom = Math.min(stopFrom, job.seq);
      } else if (fieldDone) {
        job.fieldDone[fieldOfLeaf[i]] = true;
      }
      jobs.notifyAll();
      more = fieldDone && wantHelper();
    }
    if (more) {
      submitHelper();
    }
  }

  /**
   * Guarded by {@link #jobs}: whether to hand one more helper to the executor now (counted as out
   * if so): fewer are out than asked for and there is a task or a script for it.
   */
  private boolean wantHelper() {
    if (helpersOut >= helpers() || stopFrom != Long.MAX_VALUE) {
      return false;
    }
    boolean work = !scripting && jobs.size() < COLUMN_DEPTH && rowsBegun < totalRows;
    if (!work) {
      Job before = null;
      for (Job job : jobs) {
        if (!job.scriptDone) {
          break;
        }
        if (job.freeLeaf(before)) {
          work = true;
          break;
        }
        before = job;
      }
    }
    if (work) {
      helpersOut++;
    }
    return work;
  }

  /** By columns: the batches begun so far (returned, and those in flight); for tests. */
  long batchesBegun() {
    synchronized (jobs) {
      return jobSeq;
    }
  }

  private void submitHelper() {
    try {
      columnExecutor.execute(this::helper);
    } catch (RejectedExecutionException e) {
      synchronized (jobs) {
        helpersOut--; // the caller does what no helper does
      }
    }
  }

  private int helpers() {
    return Math.min(columnHelpers, leaves.size() - 1);
  }

  /**
   * Drops every batch begun: no task or script is taken any more, those running are waited for,
   * and every buffer they made is released (the leaves' unfinished ones by their fields' close).
   */
  private void dropPipeline() {
    List<Job> dropped;
    synchronized (jobs) {
      stopFrom = Long.MIN_VALUE;
      awaitUninterruptibly(jobs, () -> running == 0 && !scripting);
      dropped = new ArrayList<>(jobs);
      jobs.clear();
    }
    for (Job job : dropped) {
      job.release();
    }
  }

  /**
   * Waits on {@code lock} (held) until {@code done}, through interrupts (the work waited for still
   * writes into the batch or the reader, so leaving early would free what it writes), keeping the
   * interrupt.
   */
  private static void awaitUninterruptibly(Object lock, java.util.function.BooleanSupplier done) {
    boolean interrupted = false;
    while (!done.getAsBoolean()) {
      try {
        lock.wait();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
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

  /** One leaf of one batch, decoded by whichever thread took it. */
  private record Task(Job job, int leaf) {}

  /**
   * One batch decoded by columns: its script (pairs of an operation and its argument), the row
   * groups it opens, and its leaf tasks, taken costliest first by whoever is free. Its scheduling
   * state is guarded by the reader's {@link #jobs}.
   */
  private static final class Job {
    static final long OPEN = 0;
    static final long SKIP = 1;
    static final long READ = 2;
    static final byte FREE = 0;
    static final byte TAKEN = 1;
    static final byte ENDED = 2;

    private final BatchReader reader;
    final int rows;
    /** The batch's place in the read: 0 for the first batch. */
    final long seq;
    /** Where the batch's rows come from: (first row in the batch, row group) pairs. */
    final List<int[]> groups = new ArrayList<>(2);
    /** The reader's byte counters once the batch's row groups were opened. */
    long fetched;
    long requested;
    private long[] script = new long[16];
    private int length;
    final List<Opening> openings = new ArrayList<>(1);
    /** Leaves by their cost in a batch before, costliest first. */
    final int[] order;
    /** Positions in {@link #order} before this one are all taken. */
    int firstFree;
    /** Per leaf: {@link #FREE}, {@link #TAKEN} or {@link #ENDED}. */
    final byte[] state;
    int leavesLeft;
    /** Tasks taken and not ended. */
    int running;
    /** Per field: its batch started ({@link FieldAssembler#startOwnBatch}), and its vector made. */
    final boolean[] fieldStarted;
    final boolean[] fieldDone;
    boolean scriptDone;
    /** Per field, its leaves not ended yet (counted by the leaves' threads). */
    private final AtomicIntegerArray fieldLeft;
    final FieldVector[] vectors;
    /** Per leaf read as an Arrow dictionary, the batch's dictionary, taken as its field is made. */
    final FieldVector[] dictionaries;
    final long[] cost;
    /** Per leaf, its pages skipped once its task ended. */
    private final long[] skipped;
    /** The first failure; the batch's other tasks are not taken. */
    volatile Throwable failure;

    Job(BatchReader reader, int rows, long seq) {
      this.reader = reader;
      this.rows = rows;
      this.seq = seq;
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
      this.state = new byte[n];
      this.leavesLeft = n;
      int fieldCount = reader.fields.size();
      this.fieldStarted = new boolean[fieldCount];
      this.fieldDone = new boolean[fieldCount];
      this.fieldLeft = new AtomicIntegerArray(fieldCount);
      for (int f = 0; f < fieldCount; f++) {
        fieldLeft.set(f, reader.fields.get(f).leaves().size());
      }
      this.vectors = new FieldVector[fieldCount];
      this.dictionaries = new FieldVector[n];
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

    /** Whether every task has ended (or, after a failure, every task taken), with the script done. */
    boolean ended() {
      return scriptDone && running == 0 && (leavesLeft == 0 || failure != null);
    }

    /**
     * Whether leaf {@code i}'s field may decode this batch: it has started it, or it is done in
     * {@code before}, the batch before (none: every batch before is returned).
     */
    boolean gateOpen(int i, Job before) {
      int f = reader.fieldOfLeaf[i];
      return fieldStarted[f] || before == null || before.fieldDone[f];
    }

    /** Whether a leaf is free to take (see {@link BatchReader#take}), with {@code before} the batch before. */
    boolean freeLeaf(Job before) {
      for (int k = firstFree; k < order.length; k++) {
        if (state[order[k]] == FREE && gateOpen(order[k], before)) {
          return true;
        }
      }
      return false;
    }

    void failed(Throwable e) {
      if (failure == null) {
        failure = e;
      } else if (failure != e) {
        failure.addSuppressed(e);
      }
    }

    /**
     * Decodes leaf {@code i}'s rows of this batch; the thread that ends a field's last leaf makes
     * the field's vector (and takes its leaves' dictionaries) and returns true.
     */
    boolean runLeaf(int i) {
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
      skipped[i] = leaf.pagesSkipped();
      int f = reader.fieldOfLeaf[i];
      if (fieldLeft.decrementAndGet(f) != 0) {
        return false;
      }
      vectors[f] = reader.finishField(f);
      // a dictionary sink keeps its batch's dictionary only until its next batch is finished
      List<LeafReader> own = reader.fields.get(f).leaves();
      for (int k = 0; k < own.size(); k++) {
        if (own.get(k).sink() instanceof DictionarySink d && !d.filtering()) {
          dictionaries[reader.firstLeafOfField[f] + k] = d.takeDictionary();
        }
      }
      return true;
    }

    /** Pages the leaves skipped up to the end of this batch. */
    long pagesSkipped() {
      long n = 0;
      for (long k : skipped) {
        n += k;
      }
      return n;
    }

    /** Releases what the batch made: its unopened page readers, the fields already finished, their dictionaries. */
    void release() {
      closeOpenings();
      for (int f = 0; f < vectors.length; f++) {
        if (vectors[f] != null) {
          vectors[f].close();
          vectors[f] = null;
        }
      }
      for (int i = 0; i < dictionaries.length; i++) {
        if (dictionaries[i] != null) {
          dictionaries[i].close();
          dictionaries[i] = null;
        }
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
    dropPipeline();
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
    dropPipeline();
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
