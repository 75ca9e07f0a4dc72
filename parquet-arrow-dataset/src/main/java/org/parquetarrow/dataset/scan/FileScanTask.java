package org.parquetarrow.dataset.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.util.AutoCloseables;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.FileScan;
import org.parquetarrow.dataset.OpenFiles;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.selection.RowSelection;

/**
 * Reads the row groups pruning kept of one file (all of them, or a run of them when the file is
 * split across threads) and turns every decoded batch into output
 * batches: shaped to the work schema (missing columns as nulls, partition values filled in),
 * filtered by the residual filter, cut to the output schema.
 *
 * <p>A row group the {@link LateMaterializationPlanner} picks is read in two passes instead: the
 * filter's columns alone, evaluated batch by batch into the selection of its matching rows, then
 * the output's columns of those rows only (see {@link ScanOptions.LateMaterialization}).
 */
final class FileScanTask {
  /** Where output batches go; blocks for back-pressure and answers false once the scan is cancelled. */
  interface Sink {
    boolean accept(ScanBatch batch) throws InterruptedException;

    boolean cancelled();
  }

  private final FileScan scan;
  private final Schema datasetSchema;
  private final ScanShape shape;
  private final FilterEvaluator filter;
  private final ScanOptions options;
  private final ScanMetrics metrics;
  private final BufferAllocator allocator;
  /** Whether this task is the first (or only) of its file, the one that counts it as read. */
  private final boolean countsFile;
  /** The scan's open files, the one pruning opened among them. */
  private final OpenFiles files;
  /** The fields of the work and output vectors (dictionary-encoded columns as their indices). */
  private final ArrowReadOptions readOptions;
  private final List<Field> workFields;
  private final List<Field> outputFields;
  private final List<Field> filterFields;
  /** What the scan's filter kept so far, for deciding late materialisation. */
  private final Selectivity selectivity;
  /** The filter's results on dictionary entries, reused from batch to batch while a chunk's dictionary lasts. */
  private final DictionaryResults dictionaryResults = new DictionaryResults();
  /**
   * The filter-only dictionary columns whose step of the filter the reader answers as it decodes
   * their indices ({@link FilterEvaluator#answerableColumns}): they come out as {@code Bool}
   * vectors of answers, not as indices.
   */
  private final Set<String> answered;
  /** Rows this task handed out. */
  private long produced;
  /** Whether the task is done early: the sink refused a batch, the limit's rows are out, or it was cancelled mid-filter. */
  private boolean stopped;

  /** Row groups read whole in one reader, at most 2 to the power of this, before the planner decides again. */
  private static final int MAX_WHOLE_RUN_SHIFT = 3;

  FileScanTask(FileScan scan, Schema datasetSchema, ArrowReadOptions readOptions, ScanShape shape, FilterEvaluator filter, ScanOptions options,
      ScanMetrics metrics, BufferAllocator allocator, boolean countsFile, OpenFiles files, Selectivity selectivity) {
    this.files = files;
    this.scan = scan;
    this.datasetSchema = datasetSchema;
    this.readOptions = readOptions;
    this.shape = filter == null ? shape : shape.withFilterDictionaries(filterDictionaries(shape, scan));
    this.filter = filter;
    this.options = options;
    this.metrics = metrics;
    this.allocator = allocator;
    this.countsFile = countsFile;
    this.workFields = this.shape.work().getFields().stream().map(ScanShape::memory).toList();
    this.outputFields = this.shape.output().getFields().stream().map(ScanShape::memory).toList();
    this.filterFields = this.shape.filter().getFields().stream().map(ScanShape::memory).toList();
    this.selectivity = selectivity;
    this.answered = answeredColumns(filter, shape, this.shape);
  }

  /** The columns of {@link #answered}: the filter's answerable ones this task reads as dictionaries for the filter only. */
  private static Set<String> answeredColumns(FilterEvaluator filter, ScanShape before, ScanShape shape) {
    if (filter == null) {
      return Set.of();
    }
    Set<String> out = new HashSet<>(filter.answerableColumns());
    // those withFilterDictionaries made dictionaries: read for the filter only, as values otherwise
    out.retainAll(before.filterOnlyFixedWidth());
    out.retainAll(shape.dictionaryNames());
    return Set.copyOf(out);
  }

  /**
   * The fixed-width columns only the filter reads ({@link ScanShape#filterOnlyFixedWidth()}) that
   * this task reads as dictionaries: those stored as a top-level column of the file whose chunk has
   * dictionary-encoded pages in every row group the task reads. The filter then tests each
   * predicate once per dictionary entry and looks rows up by index; a chunk without a dictionary
   * would make every value an entry, so such a column is read as values.
   */
  private static Set<String> filterDictionaries(ScanShape shape, FileScan scan) {
    Set<String> candidates = shape.filterOnlyFixedWidth();
    if (candidates.isEmpty()) {
      return candidates;
    }
    Set<String> out = new HashSet<>();
    List<RowGroup> groups = scan.file().metadata().rowGroups();
    for (String name : candidates) {
      boolean encoded = !scan.rowGroups().isEmpty() && readAsStored(scan.file(), name);
      for (RowGroupScan g : scan.rowGroups()) {
        encoded &= dictionaryEncoded(groups.get(g.rowGroup()), name);
      }
      if (encoded) {
        out.add(name);
      }
    }
    return out;
  }

  /**
   * Whether the file's top-level column {@code name} reads as the type its pages decode to: the
   * reader gives a dictionary only then, not for a column the file's Arrow schema retypes (a
   * timestamp in seconds stored as milliseconds, say), whose values are converted after decoding.
   */
  private static boolean readAsStored(DatasetFile file, String name) {
    return file.mapping().fields().stream().anyMatch(f -> f.name().equals(name)
        && f.kind() == org.parquetarrow.schema.FieldMapping.Kind.PRIMITIVE && f.type().equals(f.storageType()));
  }

  /**
   * Whether {@code group} has a top-level leaf {@code name} with dictionary-encoded pages, of a
   * physical type the reader gives as a dictionary of fixed-width values (not BYTE_ARRAY decimals or
   * INT96 timestamps, which it reads as values).
   */
  private static boolean dictionaryEncoded(RowGroup group, String name) {
    for (ColumnChunk c : group.columns()) {
      ColumnMetaData m = c.metaData();
      if (m != null && m.pathInSchema().size() == 1 && m.pathInSchema().get(0).equals(name)) {
        PhysicalType p = m.type();
        boolean fixed = p == PhysicalType.INT32 || p == PhysicalType.INT64 || p == PhysicalType.FLOAT
            || p == PhysicalType.DOUBLE || p == PhysicalType.FIXED_LEN_BYTE_ARRAY;
        return fixed && m.encodings() != null
            && (m.encodings().contains(Encoding.RLE_DICTIONARY) || m.encodings().contains(Encoding.PLAIN_DICTIONARY));
      }
    }
    return false;
  }

  /** The file this task reads. */
  DatasetFile file() {
    return scan.file();
  }

  String fileName() {
    return scan.file().location();
  }

  /**
   * Reads the task on this thread, handing every output batch to {@code sink}: the threaded scan's
   * way ({@link ScanReader} runs it on a reader thread).
   */
  void run(Sink sink) throws InterruptedException {
    try (Cursor cursor = cursor(sink::cancelled)) {
      ScanBatch out;
      while (!sink.cancelled() && (out = cursor.next()) != null) {
        if (!sink.accept(out)) {
          stopped = true;
          return;
        }
      }
    }
  }

  /**
   * This task's output batches one at a time, each decoded when asked on the asking thread (the
   * calling-thread scan's way, {@link ScanOptions.ReadingThread#CALLER}); {@code cancelled} is
   * asked between batches. Close it to release the reader it holds, also after a failure.
   */
  Cursor cursor(BooleanSupplier cancelled) {
    return new Cursor(cancelled);
  }

  /**
   * The task as a sequence of readers: one reader for the run of row groups read whole (or all of
   * them when no row group may be late-materialised), or the two passes of a late-materialised row
   * group, whose first pass runs when the row group is reached. Every failure comes out typed and
   * naming the file, as {@link #run} reports it.
   */
  final class Cursor implements AutoCloseable {
    private final BooleanSupplier cancelled;
    private boolean started;
    private boolean done;
    private InputFile file;
    private List<RowGroupScan> groups;
    private boolean evaluate;
    private List<String> columns;
    private LateMaterializationPlanner late;
    private LateColumns lateColumns;
    /** The next row group (index into {@link #groups}) no reader has been opened for. */
    private int nextGroup;
    private int streak;
    /** The open reader and its batches; {@link #carried} is set while it is a late row group's second pass. */
    private ParquetFileReader reader;
    private ArrowReader batches;
    private CarriedColumns carried;

    private Cursor(BooleanSupplier cancelled) {
      this.cancelled = cancelled;
    }

    /** The next output batch (the caller closes it), or {@code null} once the task is done, stopped or cancelled. */
    ScanBatch next() {
      try {
        return advance();
      } catch (ParquetException e) {
        throw e.locate(ErrorLocation.ofFile(fileName()));
      } catch (IOException e) {
        throw typed(e);
      } catch (RuntimeException e) {
        throw new ParquetException("scan of " + fileName() + " failed: " + e.getMessage(), ErrorLocation.ofFile(fileName()), e);
      }
    }

    private ScanBatch advance() throws IOException {
      while (!done) {
        if (batches != null) {
          if (!stopped && !cancelled.getAsBoolean() && batches.loadNextBatch()) {
            ScanBatch out = carried == null
                ? shape(batches.getVectorSchemaRoot(), batches.getDictionaryVectors(), evaluate)
                : secondPass(batches, lateColumns, carried);
            if (out != null) {
              count(out);
              return out;
            }
            continue;
          }
          closeReader();
          continue;
        }
        if (!started) {
          start();
        }
        if (stopped || cancelled.getAsBoolean() || nextGroup >= groups.size()) {
          done = true;
          break;
        }
        openNext();
      }
      return null;
    }

    /** Before the first reader: the counters, the plan (which row groups may be late-materialised), the file. */
    private void start() throws IOException {
      started = true;
      groups = scan.rowGroups();
      evaluate = filter != null && options.exact() && groups.stream().anyMatch(g -> !g.filterAlwaysTrue());
      if (countsFile) {
        metrics.filesRead.increment();
      }
      metrics.rowGroupsRead.add(groups.size());
      Schema fileSchema = scan.file().mapping().arrowSchema();
      columns = withRowCounts(shape.readColumns(datasetSchema, fileSchema));
      if (evaluate) {
        lateColumns = lateColumns(fileSchema);
        late = LateMaterializationPlanner.of(options.lateMaterialization(), scan.file().metadata(), lateColumns.filter(),
            shape.readColumns(shape.output(), datasetSchema, fileSchema), selectivity);
      }
      // The reader fetches only the pages the row selections need (through the offset index), from
      // the version of the file discovery read, through the file pruning opened when it is kept.
      file = files.open(scan.file());
    }

    /** Opens the reader of the next row groups: all of them, a run read whole, or one late row group. */
    private void openNext() throws IOException {
      if (late == null) {
        openWhole(groups);
        nextGroup = groups.size();
      } else if (lateFor(late, groups.get(nextGroup))) {
        RowGroupScan g = groups.get(nextGroup++);
        streak = 0;
        openLate(g);
      } else {
        // read whole: a run of row groups, longer while the planner keeps saying so (fewer readers to open)
        int n = 1;
        while (n < 1 << streak && nextGroup + n < groups.size() && !lateFor(late, groups.get(nextGroup + n))) {
          n++;
        }
        openWhole(groups.subList(nextGroup, nextGroup + n));
        nextGroup += n;
        streak = Math.min(streak + 1, MAX_WHOLE_RUN_SHIFT);
      }
    }

    /** A reader of {@code run}: every column of the work schema, then the filter on all of them. */
    private void openWhole(List<RowGroupScan> run) {
      Map<Integer, RowSelection> selections = new LinkedHashMap<>();
      run.forEach(g -> selections.put(g.rowGroup(), g.rows()));
      use(open(file, columns, selections), null);
    }

    /**
     * Row group {@code g} late-materialised: the filter's columns first, batch by batch (each freed
     * once evaluated, but for the matching rows of the output columns among them), into the
     * selection of its matching rows; then a reader of the output's other columns of those rows
     * only, which need no filtering. No reader is left open when no row matches.
     */
    private void openLate(RowGroupScan g) throws IOException {
      CarriedColumns kept = new CarriedColumns(lateColumns.carried(), allocator);
      try {
        RowSelection rows = filterPass(file, lateColumns.filter(), g, kept, cancelled);
        if (rows == null) {
          kept.close();
          return;
        }
        selectivity.observe(g.rows().rowCount(), rows.rowCount(), rows.rangeCount());
        metrics.rowGroupsLateMaterialized.increment();
        metrics.rowsMaterialized.add(rows.rowCount());
        if (rows.isEmpty()) {
          kept.close();
          return;
        }
        use(open(file, lateColumns.rest(), Map.of(g.rowGroup(), rows)), kept);
      } catch (IOException | RuntimeException e) {
        kept.close();
        throw e;
      }
    }

    private void use(ParquetFileReader opened, CarriedColumns secondPassOf) {
      try {
        batches = opened.toArrowReader();
      } catch (RuntimeException e) {
        opened.close();
        throw e;
      }
      reader = opened;
      carried = secondPassOf;
    }

    /** Closes the open reader (counting what it read) and the carried columns of its row group. */
    private void closeReader() throws IOException {
      ParquetFileReader r = reader;
      ArrowReader b = batches;
      CarriedColumns c = carried;
      reader = null;
      batches = null;
      carried = null;
      try {
        if (r != null) {
          countReader(r);
        }
      } finally {
        try {
          if (b != null) {
            b.close();
          }
        } finally {
          if (c != null) {
            c.close();
          }
        }
      }
    }

    @Override
    public void close() {
      done = true;
      try {
        try {
          closeReader();
        } finally {
          if (file != null) {
            InputFile f = file;
            file = null;
            f.close();
          }
        }
      } catch (ParquetException e) {
        throw e.locate(ErrorLocation.ofFile(fileName()));
      } catch (IOException e) {
        throw typed(e);
      }
    }
  }

  /** A file deleted or made unreadable between discovery and scan reads as such, typed. */
  private ParquetException typed(IOException e) {
    if (!scan.file().isLocal()) {
      return new ParquetIOException("cannot scan the file: " + e.getMessage(), e).locate(ErrorLocation.ofFile(fileName()));
    }
    return ParquetIOException.opening("cannot scan the file", scan.file().path(), e);
  }

  private static boolean lateFor(LateMaterializationPlanner late, RowGroupScan g) {
    return !g.filterAlwaysTrue() && late.lateFor(g);
  }

  /** {@code columns}, or the file's first column when empty: a reader needs a column to count rows. */
  private List<String> withRowCounts(List<String> columns) {
    // Only partition or missing columns wanted: read the first column for the row counts.
    return columns.isEmpty() ? List.of(scan.file().mapping().arrowSchema().getFields().get(0).getName()) : columns;
  }

  /**
   * What the two passes of late materialisation read in this file: the filter's columns; the
   * output fields the first pass carries over (their columns all among the filter's, not
   * dictionary-encoded: per-batch dictionaries do not carry); the columns the second pass reads.
   */
  private record LateColumns(List<String> filter, List<Field> carried, List<String> rest) {}

  private LateColumns lateColumns(Schema fileSchema) {
    List<String> filterColumns = withRowCounts(shape.readColumns(shape.filter(), datasetSchema, fileSchema));
    List<Field> carried = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    for (Field f : shape.output().getFields()) {
      if (shape.partitionNames().contains(f.getName())) {
        continue;
      }
      List<String> columns = shape.readColumns(new Schema(List.of(f)), datasetSchema, fileSchema);
      if (f.getDictionary() == null && !columns.isEmpty() && filterColumns.containsAll(columns)) {
        carried.add(f);
      } else {
        rest.addAll(columns);
      }
    }
    return new LateColumns(filterColumns, carried, rest);
  }

  /** A reader of {@code columns} of this file, of the row groups of {@code selections} in order, each only its rows. */
  private ParquetFileReader open(InputFile file, List<String> columns, Map<Integer, RowSelection> selections) {
    // the scan's template (checksums, batch size and bytes, executor, fetching), then what this file decides
    ReadOptions.Builder rb = options.readOptions().toBuilder().allocator(allocator).arrowOptions(fileReadOptions());
    rb.columns(columns);
    List<String> dictionaryColumns = new ArrayList<>(shape.dictionaryNames());
    dictionaryColumns.retainAll(columns);
    if (!dictionaryColumns.isEmpty()) {
      // the user's string and binary columns and the filter's fixed-width ones (withFilterDictionaries)
      rb.dictionaryColumns(dictionaryColumns.toArray(String[]::new))
          .dictionaryLeaves(ArrowReadOptions.DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH);
    }
    for (String name : answered) {
      if (columns.contains(name)) {
        rb.dictionaryRowFilter(name, entries -> filter.entryAnswers(name, entries));
      }
    }
    selections.forEach(rb::rowSelection);
    rb.rowGroups(selections.keySet().stream().mapToInt(Integer::intValue).toArray());
    // Discovery parsed the footer (and, for an encrypted file, decrypted it with the dataset's
    // keys): the reader takes it as is instead of reading the file's tail again.
    return ParquetFileReader.open(file, scan.file().footer(), rb.build());
  }

  /**
   * The output batch of a late row group's second pass: its decoded batch holds only matching
   * rows, joined by the carried output columns' rows the first pass kept.
   */
  private ScanBatch secondPass(ArrowReader batches, LateColumns columns, CarriedColumns carried) throws IOException {
    VectorSchemaRoot in = batches.getVectorSchemaRoot();
    Map<String, FieldVector> ready = new HashMap<>();
    List<FieldVector> taken = carried.take(in.getRowCount());
    for (int i = 0; i < taken.size(); i++) {
      ready.put(columns.carried().get(i).getName(), taken.get(i));
    }
    return output(in, batches.getDictionaryVectors(), ready);
  }

  /**
   * The first pass over {@code g}: the selection of its matching rows, with the carried columns'
   * matching rows put in {@code carried}; {@code null} if the scan was cancelled meanwhile.
   */
  private RowSelection filterPass(InputFile file, List<String> filterColumns, RowGroupScan g, CarriedColumns carried,
      BooleanSupplier cancelled) throws IOException {
    MatchingRows matching = new MatchingRows(g.rows());
    ParquetFileReader reader = open(file, filterColumns, Map.of(g.rowGroup(), g.rows()));
    try (ArrowReader batches = reader.toArrowReader()) {
      try {
        while (batches.loadNextBatch()) {
          if (cancelled.getAsBoolean()) {
            stopped = true;
            return null;
          }
          VectorSchemaRoot in = batches.getVectorSchemaRoot();
          int rows = in.getRowCount();
          metrics.rowsRead.add(rows);
          Map<Long, FieldVector> dictionaries = new HashMap<>();
          try (VectorSchemaRoot root = conformed(in, batches.getDictionaryVectors(), shape.filter(), filterFields,
              dictionaries, Map.of())) {
            countAnswered(root);
            TriBits bits = filter.evaluate(root, dictionaries, dictionaryResults, answered);
            matching.add(bits.isTrue, rows);
            int count = bits.trueCount();
            if (count > 0 && !carried.isEmpty()) {
              carried.add(select(root, carried.fields(), bits, count));
            }
          } finally {
            AutoCloseables.closeNoChecked(() -> AutoCloseables.close(dictionaries.values()));
          }
        }
      } finally {
        countReader(reader);
      }
    }
    return matching.build();
  }

  /** Adds to the metrics the values of {@code root} the reader answered the filter's step for ({@link #answered}). */
  private void countAnswered(VectorSchemaRoot root) {
    int columns = 0;
    for (String name : answered) {
      if (root.getVector(name) instanceof BitVector) {
        columns++;
      }
    }
    metrics.valuesAnsweredFromIndices.add((long) columns * root.getRowCount());
  }

  /** Counts {@code out} as handed out; stops the task once the limit's rows are out. */
  private void count(ScanBatch out) {
    produced += out.root().getRowCount();
    if (options.limit() != ScanOptions.NO_LIMIT && produced >= options.limit()) {
      // no row of this task past the limit's can be handed out: the next row groups are not fetched
      stopped = true;
    }
  }

  private void countReader(ParquetFileReader reader) {
    metrics.dataBytesRead.add(reader.bytesFetched());
    metrics.dataBytesRequested.add(reader.bytesRequested());
    metrics.pagesSkippedReading.add(reader.pagesSkipped());
  }

  /**
   * The dataset's read options with only the dictionary columns this file has: the file reader
   * refuses a name it lacks, and a column the dataset's other files have is no error here.
   */
  private ArrowReadOptions fileReadOptions() {
    if (readOptions.dictionaryColumns().isEmpty()) {
      return readOptions;
    }
    Set<String> paths = new HashSet<>();
    scan.file().mapping().parquetSchema().columns().forEach(c -> paths.add(c.dottedPath()));
    List<String> kept = readOptions.dictionaryColumns().stream().filter(paths::contains).toList();
    return readOptions.toBuilder().dictionaryColumns(kept).build();
  }

  /** The output batch of one decoded batch, or {@code null} if no row matches. */
  private ScanBatch shape(VectorSchemaRoot in, Map<Long, Dictionary> inDictionaries, boolean evaluate) {
    int rows = in.getRowCount();
    metrics.rowsRead.add(rows);
    metrics.rowsMaterialized.add(rows);
    Map<Long, FieldVector> dictionaries = new HashMap<>();
    try (VectorSchemaRoot workRoot = conformed(in, inDictionaries, shape.work(), workFields, dictionaries, Map.of())) {
      if (evaluate) {
        countAnswered(workRoot);
      }
      TriBits bits = evaluate ? filter.evaluate(workRoot, dictionaries, dictionaryResults, answered) : null;
      int count = bits == null ? rows : bits.trueCount();
      if (bits != null) {
        selectivity.observe(rows, count, bits.trueRuns());
      }
      if (count == 0) {
        return null;
      }
      List<FieldVector> out = new ArrayList<>();
      try {
        for (Field f : outputFields) {
          FieldVector cut = VectorConformer.conform(workRoot.getVector(f.getName()), f, rows, allocator);
          if (count < rows) {
            try (cut) {
              out.add(RowSelector.select(cut, bits.isTrue, rows, count, allocator));
            }
          } else {
            out.add(cut);
          }
        }
      } catch (RuntimeException e) {
        AutoCloseables.closeNoChecked(() -> AutoCloseables.close(out));
        throw e;
      }
      return new ScanBatch(new VectorSchemaRoot(outputFields, out, count), outputDictionaries(dictionaries));
    } finally {
      // dictionaries only the filter read
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(dictionaries.values()));
    }
  }

  /** The {@code count} rows set in {@code bits} of {@code fields}, cut out of {@code root} (whose vectors they empty). */
  private List<FieldVector> select(VectorSchemaRoot root, List<Field> fields, TriBits bits, int count) {
    int rows = root.getRowCount();
    List<FieldVector> out = new ArrayList<>();
    try {
      for (Field f : fields) {
        FieldVector cut = VectorConformer.conform(root.getVector(f.getName()), f, rows, allocator);
        if (count < rows) {
          try (cut) {
            out.add(RowSelector.select(cut, bits.isTrue, rows, count, allocator));
          }
        } else {
          out.add(cut);
        }
      }
      return out;
    } catch (RuntimeException e) {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(out));
      throw e;
    }
  }

  /**
   * The output batch of a batch holding only matching rows of the second pass's columns, with the
   * vectors in {@code ready} (by name, this takes them) for the output columns the first pass carried.
   */
  private ScanBatch output(VectorSchemaRoot in, Map<Long, Dictionary> inDictionaries, Map<String, FieldVector> ready) {
    Map<Long, FieldVector> dictionaries = new HashMap<>();
    try {
      VectorSchemaRoot root = conformed(in, inDictionaries, shape.output(), outputFields, dictionaries, ready);
      return new ScanBatch(root, outputDictionaries(dictionaries));
    } finally {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(dictionaries.values()));
    }
  }

  /**
   * The vectors of {@code schema}'s fields (in memory form {@code memoryFields}) for a decoded
   * batch: those given in {@code ready} (by name; taken), partition values, the file's columns
   * conformed (moved out of {@code in}), a dictionary-encoded column's values into {@code
   * dictionaries}. The caller closes the root.
   */
  private VectorSchemaRoot conformed(VectorSchemaRoot in, Map<Long, Dictionary> inDictionaries, Schema schema,
      List<Field> memoryFields, Map<Long, FieldVector> dictionaries, Map<String, FieldVector> ready) {
    int rows = in.getRowCount();
    List<FieldVector> vectors = new ArrayList<>();
    Map<String, FieldVector> left = new HashMap<>(ready);
    try {
      for (Field f : schema.getFields()) {
        if (left.containsKey(f.getName())) {
          vectors.add(left.remove(f.getName()));
        } else if (shape.partitionNames().contains(f.getName())) {
          vectors.add(ConstantVectors.of(f, scan.file().partitionValues().get(f.getName()), rows, allocator));
        } else if (answered.contains(f.getName())) {
          // the reader's answers to the filter's step on this column, moved as they are
          TransferPair moved = in.getVector(f.getName()).getTransferPair(allocator);
          moved.transfer();
          vectors.add((FieldVector) moved.getTo());
        } else if (f.getDictionary() != null) {
          vectors.add(DictionaryColumns.conform(in.getVector(f.getName()), inDictionaries, f, rows, allocator, dictionaries));
        } else {
          vectors.add(VectorConformer.conform(in.getVector(f.getName()), f, rows, allocator));
        }
      }
      return new VectorSchemaRoot(memoryFields, vectors, rows);
    } catch (RuntimeException e) {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(vectors, left.values()));
      throw e;
    }
  }

  /** The output's dictionaries, taken out of {@code dictionaries}. */
  private Map<Long, FieldVector> outputDictionaries(Map<Long, FieldVector> dictionaries) {
    Map<Long, FieldVector> out = new HashMap<>();
    for (Field f : outputFields) {
      if (f.getDictionary() != null) {
        long id = f.getDictionary().getId();
        out.put(id, dictionaries.remove(id));
      }
    }
    return out;
  }
}
