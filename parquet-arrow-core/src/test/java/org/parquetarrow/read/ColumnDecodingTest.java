package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A parallel read by columns ({@link ReadOptions.ParallelDecoding#COLUMNS}): each batch the same as
 * the serial reader's (values, validity, offsets, row counts, dictionaries), the serial reader being
 * checked against parquet-java, DuckDB and Arrow C++ elsewhere; whatever the executor does with its
 * helpers; a failure in one column's task thrown as the serial reader throws it, every buffer freed.
 */
class ColumnDecodingTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int GROUPS = 5;
  private static final int GROUP_ROWS = 1700;
  private static final Field ITEM = new Field("item", FieldType.nullable(new ArrowType.Int(32, true)), null);
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("n", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
      new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(ITEM)),
      new Field("pair", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
          new Field("a", FieldType.nullable(new ArrowType.Int(32, true)), null),
          new Field("b", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)))));

  /**
   * Row groups of 1,700 rows in pages of at most 130 rows (so pages end inside batches of 250 and
   * batches span row groups), with nulls at every level, a repeating string (dictionary-encoded),
   * a page index and page CRCs.
   */
  private Path written() {
    Path file = dir.resolve("columns.parquet");
    WriterProperties props = WriterProperties.builder().rowGroupRows(GROUP_ROWS).dataPageRowLimit(130)
        .pageIndex(true).pageChecksum(true).build();
    try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props);
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      BigIntVector nv = (BigIntVector) root.getVector("n");
      VarCharVector sv = (VarCharVector) root.getVector("s");
      ListVector tv = (ListVector) root.getVector("tags");
      StructVector pv = (StructVector) root.getVector("pair");
      IntVector av = (IntVector) pv.getChild("a");
      VarCharVector bv = (VarCharVector) pv.getChild("b");
      for (int g = 0; g < GROUPS; g++) {
        root.allocateNew();
        IntVector items = (IntVector) tv.getDataVector();
        int item = 0;
        for (int i = 0; i < GROUP_ROWS; i++) {
          long r = (long) g * GROUP_ROWS + i;
          nv.set(i, 3 * r + 1);
          if (r % 7 == 0) {
            sv.setNull(i);
          } else {
            sv.setSafe(i, ("v" + r % 23).getBytes(StandardCharsets.UTF_8));
          }
          if (r % 11 == 0) {
            tv.setNull(i);
          } else {
            tv.startNewValue(i);
            for (int j = 0; j < r % 4; j++) {
              if ((r + j) % 5 == 0) {
                items.setNull(item++);
              } else {
                items.setSafe(item++, (int) (r * 3 + j));
              }
            }
            tv.endValue(i, (int) (r % 4));
          }
          if (r % 13 == 0) {
            pv.setNull(i);
            av.setNull(i);
            bv.setNull(i);
          } else {
            pv.setIndexDefined(i);
            if (r % 3 == 0) {
              av.setNull(i);
            } else {
              av.setSafe(i, (int) -r);
            }
            bv.setSafe(i, ("b" + r * r).getBytes(StandardCharsets.UTF_8));
          }
        }
        tv.setValueCount(GROUP_ROWS);
        pv.setValueCount(GROUP_ROWS);
        root.setRowCount(GROUP_ROWS);
        w.write(root);
      }
    }
    return file;
  }

  /** A read's batches, each with copies of the dictionaries it came with, to compare after the read. */
  private record Batch(VectorSchemaRoot root, List<FieldVector> dictionaries) implements AutoCloseable {
    @Override
    public void close() {
      root.close();
      dictionaries.forEach(FieldVector::close);
    }
  }

  private List<Batch> batches(Path file, ReadOptions options) {
    List<Batch> out = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        List<FieldVector> dictionaries = new ArrayList<>();
        for (FieldVector v : b.getFieldVectors()) {
          if (v.getField().getDictionary() != null) {
            Dictionary d = reader.dictionaries().lookup(v.getField().getDictionary().getId());
            FieldVector copy = (FieldVector) d.getVector().getField().createVector(memory.allocator());
            copy.allocateNew();
            for (int i = 0; i < d.getVector().getValueCount(); i++) {
              copy.copyFromSafe(i, i, d.getVector());
            }
            copy.setValueCount(d.getVector().getValueCount());
            dictionaries.add(copy);
          }
        }
        out.add(new Batch(b, dictionaries));
      }
    } catch (RuntimeException e) {
      out.forEach(Batch::close);
      throw e;
    }
    return out;
  }

  /** The batches of {@code options} by columns on {@code threads} threads equal the serial reader's. */
  private void assertSameAsSerial(Path file, ReadOptions options, int threads) {
    // the serial reader on the calling thread alone (with an executor it hands it its leaves)
    List<Batch> want = batches(file, options.toBuilder().executor(null).build());
    List<Batch> got;
    try {
      got = batches(file, options.toBuilder().parallelism(threads)
          .parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build());
    } catch (RuntimeException | Error e) {
      want.forEach(Batch::close); // the failure is the test's finding, not a leak
      throw e;
    }
    try {
      assertEquals(want.size(), got.size(), "batches");
      for (int k = 0; k < want.size(); k++) {
        VectorSchemaRoot w = want.get(k).root();
        VectorSchemaRoot g = got.get(k).root();
        assertEquals(w.getSchema(), g.getSchema());
        assertEquals(w.getRowCount(), g.getRowCount(), "rows of batch " + k);
        for (int c = 0; c < w.getFieldVectors().size(); c++) {
          assertTrue(VectorEqualsVisitor.vectorEquals(w.getVector(c), g.getVector(c)),
              "batch " + k + ", column " + w.getVector(c).getName());
        }
        assertEquals(want.get(k).dictionaries().size(), got.get(k).dictionaries().size());
        for (int d = 0; d < want.get(k).dictionaries().size(); d++) {
          assertTrue(VectorEqualsVisitor.vectorEquals(want.get(k).dictionaries().get(d),
              got.get(k).dictionaries().get(d)), "dictionary " + d + " of batch " + k);
        }
      }
    } finally {
      want.forEach(Batch::close);
      got.forEach(Batch::close);
    }
  }

  @Test
  void everyBatchIsTheSerialReadersOverRowGroupsAndPageBoundaries() {
    Path file = written();
    for (int batch : new int[] {1, 97, 250, 1700, 4000, 100_000}) {
      for (int threads : new int[] {2, 3, 8}) {
        assertSameAsSerial(file, ReadOptions.builder(memory.allocator()).batchSize(batch).build(), threads);
      }
    }
  }

  @Test
  void selectionsProjectionsAndDictionaryOutputAreTheSerialReaders() {
    Path file = written();
    List<UnaryOperator<ReadOptions.Builder>> choices = List.of(
        b -> b.rowSelection(RowSelection.fromRanges(5, 40, 1600, 3500, 6000, 8499)),
        b -> b.rowGroups(1, 3).rowSelection(3, RowSelection.fromRanges(10, 20, 500, 990)),
        b -> b.columns("tags", "pair"),
        b -> b.columns("pair.b", "n"),
        b -> b.dictionaryColumns("s", "pair.b"),
        b -> b.pageReadAhead(ReadOptions.PageReadAhead.SEVERAL_PAGES),
        b -> b.verifyChecksums(false).maxBatchBytes(1L << 30));
    for (UnaryOperator<ReadOptions.Builder> choice : choices) {
      ReadOptions options = choice.apply(ReadOptions.builder(memory.allocator()).batchSize(250)).build();
      assertSameAsSerial(file, options, 2);
    }
  }

  static Stream<Path> corpus() throws IOException {
    try (Stream<Path> files = Files.list(TestData.parquetTesting().resolve("data"))) {
      return files.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList().stream();
    }
  }

  /**
   * Every file of parquet-testing (maps, nested structs and lists, dictionaries, several row groups,
   * every encoding): by columns, the serial reader's batches, or the same exception.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void theCorpusReadsAsSerially(Path file) {
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(37).build();
    Class<?> serialFailure = null;
    try {
      batches(file, options).forEach(Batch::close);
    } catch (RuntimeException e) {
      serialFailure = e.getClass();
    }
    if (serialFailure == null) {
      assertSameAsSerial(file, options, 2);
      return;
    }
    ReadOptions columns = options.toBuilder().parallelism(2).parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build();
    RuntimeException e = assertThrows(RuntimeException.class, () -> batches(file, columns).forEach(Batch::close));
    assertEquals(serialFailure, e.getClass(), String.valueOf(e));
  }

  @Test
  void anExecutorThatNeverRunsItsTasksOrRefusesThemLeavesEverythingToTheCaller() {
    Path file = written();
    List<Runnable> dropped = new ArrayList<>();
    Executor never = dropped::add;
    Executor refusing = task -> {
      throw new RejectedExecutionException("full");
    };
    for (Executor e : List.of(never, refusing, (Executor) Runnable::run)) {
      assertSameAsSerial(file, ReadOptions.builder(memory.allocator()).batchSize(250).executor(e).build(), 3);
    }
    assertTrue(dropped.size() > 0, "helpers were handed to the executor");
    dropped.forEach(Runnable::run); // late helpers find nothing left to do
  }

  @Test
  void helpersDecodeOnThreadsOfTheirOwnKeptFromReaderToReader() {
    Path file = written();
    Set<Thread> decoders = ConcurrentHashMap.newKeySet();
    AllocationListener onDecodingThread = new AllocationListener() {
      @Override
      public void onPreAllocation(long size) {
        decoders.add(Thread.currentThread());
      }
    };
    for (int i = 0; i < 4; i++) {
      try (BufferAllocator scan = memory.allocator().newChildAllocator("scan " + i, onDecodingThread, 0, Long.MAX_VALUE)) {
        // AUTO chooses columns for this file: four leaves, none of them most of the bytes
        assertSameAsSerial(file, ReadOptions.builder(scan).batchSize(250).build(), 2);
      }
    }
    decoders.remove(Thread.currentThread());
    for (Thread t : decoders) {
      assertTrue(t.isDaemon() && t.getName().startsWith("parquet-arrow-decode-columns-"), t + " is a decoding thread");
    }
    assertTrue(decoders.size() <= Math.max(1, Runtime.getRuntime().availableProcessors() - 1), "threads kept: " + decoders);
  }

  @Test
  void aCorruptPageInOneColumnFailsAsTheSerialReaderFailsAndFreesEverything() throws IOException {
    Path file = written();
    int damaged = 2;
    FileMetaData footer;
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      footer = r.metadata();
    }
    // a byte inside the third data page of row group 2's "pair.b" (leaf 4), its CRC no longer matching
    try (InputFile in = LocalInputFile.open(file); RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      OffsetIndex index = OffsetIndexReader.read(in, footer.rowGroups().get(damaged).columns().get(4));
      PageLocation page = index.pageLocations().get(2);
      long at = page.offset() + page.compressedPageSize() - 3;
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x5A);
    }
    ReadOptions serial = ReadOptions.builder(memory.allocator()).batchSize(250).build();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (ReadOptions o : List.of(serial,
          serial.toBuilder().parallelism(2).parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build(),
          serial.toBuilder().parallelism(3).executor(pool).parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build())) {
        long[] rows = new long[1];
        try (ParquetFileReader reader = ParquetFileReader.open(file, o)) {
          ParquetException e = assertThrows(ParquetException.class, () -> {
            for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
              try (VectorSchemaRoot batch = b) {
                rows[0] += batch.getRowCount();
              }
            }
          });
          assertNotNull(e.location());
          assertEquals("pair.b", e.location().column(), String.valueOf(e));
          assertEquals(damaged, e.location().rowGroup(), String.valueOf(e));
          // the page of rows 260..389 of the group: the batches before the one holding its rows
          assertEquals((damaged * GROUP_ROWS + 260) / 250 * 250, rows[0], o.toString());
          IllegalStateException again = assertThrows(IllegalStateException.class, reader::readNextBatch);
          assertTrue(again.getMessage().contains("failed"), again.getMessage());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Holds a helper thread at its first allocation inside a leaf task (not in a script, which the
   * caller would have to wait for) until released: the allocator's listener.
   */
  private static final class LeafHold implements AllocationListener {
    private final AtomicReference<Thread> holdOn = new AtomicReference<>();
    private final CountDownLatch inside = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    @Override
    public void onPreAllocation(long size) {
      if (Thread.currentThread() == holdOn.get() && StackWalker.getInstance()
          .walk(frames -> frames.anyMatch(f -> f.getMethodName().equals("runLeaf")))) {
        holdOn.set(null);
        inside.countDown();
        try {
          release.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }

    /** Runs {@code handed} on a new thread; returns it once it is held inside a leaf. */
    Thread start(List<Runnable> handed) throws InterruptedException {
      Thread t = new Thread(() -> handed.forEach(Runnable::run), "held-helper");
      holdOn.set(t);
      t.start();
      assertTrue(inside.await(10, TimeUnit.SECONDS), "the helper is inside a leaf");
      return t;
    }

    void release() {
      release.countDown();
    }
  }

  /** {@code readNextBatch} on a thread of its own, returned once that thread waits in the reader. */
  private static final class NextElsewhere {
    final AtomicReference<VectorSchemaRoot> got = new AtomicReference<>();
    final AtomicReference<Throwable> failed = new AtomicReference<>();
    final Thread thread;

    private NextElsewhere(ParquetFileReader reader) {
      thread = new Thread(() -> {
        try {
          got.set(reader.readNextBatch());
        } catch (Throwable t) {
          failed.set(t);
        }
      }, "caller");
    }

    static NextElsewhere untilWaiting(ParquetFileReader reader) throws InterruptedException {
      NextElsewhere next = new NextElsewhere(reader);
      next.thread.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (next.thread.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
        Thread.sleep(2);
      }
      return next;
    }
  }

  /**
   * An executor that runs nothing until told: the test decides when the helpers run, so what is
   * decoded ahead (and by whom) does not depend on timing.
   */
  private static final class HeldExecutor implements Executor {
    private final List<Runnable> queued = new ArrayList<>();

    @Override
    public synchronized void execute(Runnable task) {
      queued.add(task);
    }

    synchronized List<Runnable> take() {
      List<Runnable> out = new ArrayList<>(queued);
      queued.clear();
      return out;
    }

    /** Runs the tasks handed over so far (and those they hand over) on the calling thread. */
    void runAll() {
      for (List<Runnable> now = take(); !now.isEmpty(); now = take()) {
        now.forEach(Runnable::run);
      }
    }
  }

  /** Equal values, validity and row counts. */
  private static void assertSameBatch(VectorSchemaRoot want, VectorSchemaRoot got, String what) {
    assertEquals(want.getRowCount(), got.getRowCount(), "rows of " + what);
    for (int c = 0; c < want.getFieldVectors().size(); c++) {
      assertTrue(VectorEqualsVisitor.vectorEquals(want.getVector(c), got.getVector(c)),
          what + ", column " + want.getVector(c).getName());
    }
  }

  /**
   * While the caller holds a batch (and does not call the reader), the helpers decode the next
   * {@link BatchReader#COLUMN_DEPTH} batches in full: holding batch 0 they decode batches 1 and 2,
   * holding each later batch the one more batch that keeps two ahead, and nothing once the last is
   * decoded. The next call only hands a batch over. Every batch is still the serial reader's.
   */
  @Test
  void whileTheCallerHoldsABatchTheHelpersDecodeTheNextTwo() {
    Path file = written();
    ReadOptions serial = ReadOptions.builder(memory.allocator()).batchSize(1000).build();
    List<Batch> want = batches(file, serial);
    assertTrue(want.size() > BatchReader.COLUMN_DEPTH + 2, "batches enough to see the pipeline: " + want.size());
    HeldExecutor helper = new HeldExecutor();
    ReadOptions columns = serial.toBuilder().parallelism(2).executor(helper)
        .parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build();
    try (BufferAllocator scan = memory.allocator().newChildAllocator("scan", 0, Long.MAX_VALUE);
        ParquetFileReader reader = ParquetFileReader.open(file, columns.toBuilder().allocator(scan).build())) {
      BatchReader pipeline = (BatchReader) reader.source();
      int k = 0;
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch(), k++) {
        try (VectorSchemaRoot batch = b) {
          assertSameBatch(want.get(k).root(), batch, "batch " + k);
          long held = scan.getAllocatedMemory();
          helper.runAll(); // the slow consumer's time: the helper works alone
          int begun = Math.min(k + 1 + BatchReader.COLUMN_DEPTH, want.size());
          assertEquals(begun, pipeline.batchesBegun(), "batches begun while the caller held batch " + k);
          if (k == 0 || k + BatchReader.COLUMN_DEPTH < want.size()) {
            assertTrue(scan.getAllocatedMemory() > held, "batches up to " + (begun - 1) + " were decoded while the caller"
                + " held batch " + k + ": " + held + " bytes before the helper ran, " + scan.getAllocatedMemory() + " after");
          } else {
            assertEquals(held, scan.getAllocatedMemory(), "nothing is decoded once the last batch is");
          }
        }
      }
      assertEquals(want.size(), k, "batches");
    } finally {
      want.forEach(Batch::close);
    }
  }

  /**
   * While the caller waits for a batch whose leaf a helper is still decoding, it does not sit idle:
   * once it has taken the batch's other leaves it begins the next batch and decodes that batch's
   * leaves whose fields are done; the held leaf's field waits for the leaf. Every batch is the
   * serial reader's, and nothing is left allocated.
   */
  @Test
  void whileTheCallerWaitsForAHelpersLeafItBeginsTheNextBatch() throws Exception {
    Path file = written();
    ReadOptions serial = ReadOptions.builder(memory.allocator()).batchSize(1000).build();
    List<Batch> want = batches(file, serial);
    HeldExecutor helper = new HeldExecutor();
    LeafHold holding = new LeafHold();
    try (BufferAllocator scan = memory.allocator().newChildAllocator("scan", holding, 0, Long.MAX_VALUE);
        ParquetFileReader reader = ParquetFileReader.open(file, serial.toBuilder().allocator(scan).parallelism(2)
            .executor(helper).parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build())) {
      BatchReader columns = (BatchReader) reader.source();
      try (VectorSchemaRoot batch0 = reader.readNextBatch()) {
        assertSameBatch(want.get(0).root(), batch0, "batch 0");
        assertEquals(1, columns.batchesBegun(), "the caller decoded batch 0 alone: the helper was not run");
      }
      List<Runnable> handed = helper.take();
      assertFalse(handed.isEmpty(), "a helper was handed over as batch 0 was returned");
      Thread helperThread = holding.start(handed);
      NextElsewhere next = NextElsewhere.untilWaiting(reader);
      assertEquals(Thread.State.WAITING, next.thread.getState(), "the caller waits for the helper's leaf in the end");
      assertEquals(3, columns.batchesBegun(), "waiting for batch 1, the caller began batch 2");
      holding.release();
      next.thread.join(30_000);
      helperThread.join(30_000);
      assertEquals(null, next.failed.get());
      try (VectorSchemaRoot batch1 = next.got.get()) {
        assertNotNull(batch1);
        assertSameBatch(want.get(1).root(), batch1, "batch 1");
        long begun = columns.batchesBegun();
        assertTrue(begun <= 2 + BatchReader.COLUMN_DEPTH, "no batch begun beyond two ahead of batch 1: " + begun);
      }
      int k = 2;
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch(), k++) {
        try (VectorSchemaRoot batch = b) {
          helper.runAll();
          assertSameBatch(want.get(k).root(), batch, "batch " + k);
        }
      }
      assertEquals(want.size(), k, "batches");
    } finally {
      want.forEach(Batch::close);
    }
  }

  /**
   * A damaged page in the batch begun while the caller waits for the one before: that batch still
   * comes out right, and the damage is thrown by the next call, typed and located, as one thread
   * would throw it; then the reader stays failed and nothing is left allocated.
   */
  @Test
  void aCorruptPageInTheBatchBegunWhileTheCallerWaitsIsThrownByTheCallAfter() throws Exception {
    Path file = written();
    List<Batch> want = batches(file, ReadOptions.builder(memory.allocator()).batchSize(GROUP_ROWS).build());
    int damaged = 2;
    damageFirstPageOfN(file, damaged);
    HeldExecutor helper = new HeldExecutor();
    LeafHold holding = new LeafHold();
    try (BufferAllocator scan = memory.allocator().newChildAllocator("scan", holding, 0, Long.MAX_VALUE);
        ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(scan).batchSize(GROUP_ROWS)
            .parallelism(2).executor(helper).parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build())) {
      BatchReader columns = (BatchReader) reader.source();
      try (VectorSchemaRoot batch0 = reader.readNextBatch()) {
        assertSameBatch(want.get(0).root(), batch0, "batch 0");
      }
      Thread helperThread = holding.start(helper.take());
      NextElsewhere next = NextElsewhere.untilWaiting(reader);
      assertEquals(3, columns.batchesBegun(), "waiting for batch 1, the caller began the damaged batch 2");
      holding.release();
      next.thread.join(30_000);
      helperThread.join(30_000);
      assertEquals(null, next.failed.get(), "batch 1 is not the damaged one");
      try (VectorSchemaRoot batch1 = next.got.get()) {
        assertSameBatch(want.get(1).root(), batch1, "batch 1");
      }
      CorruptFileException e = assertThrows(CorruptFileException.class, reader::readNextBatch);
      assertNotNull(e.location());
      assertEquals("n", e.location().column(), String.valueOf(e));
      assertEquals(damaged, e.location().rowGroup(), String.valueOf(e));
      assertThrows(IllegalStateException.class, reader::readNextBatch);
    } finally {
      want.forEach(Batch::close);
    }
  }

  /** Flips a byte near the end of the first data page of row group {@code group}'s "n" (leaf 0). */
  private static void damageFirstPageOfN(Path file, int group) throws IOException {
    FileMetaData footer;
    try (BufferAllocator a = new org.apache.arrow.memory.RootAllocator();
        ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(a))) {
      footer = r.metadata();
    }
    try (InputFile in = LocalInputFile.open(file); RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      OffsetIndex index = OffsetIndexReader.read(in, footer.rowGroups().get(group).columns().get(0));
      PageLocation page = index.pageLocations().get(0);
      long at = page.offset() + page.compressedPageSize() - 3;
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x5A);
    }
  }

  /**
   * close() while a helper is inside batch 1 (held in one of its allocations) waits for that task,
   * then releases every buffer of the batch ahead; tasks handed over and not started never run into
   * the closed reader. The allocator then closes clean.
   */
  @Test
  void closeWithTheNextBatchInFlightWaitsForItAndReleasesIt() throws Exception {
    Path file = written();
    HeldExecutor helper = new HeldExecutor();
    AtomicReference<Thread> holdOn = new AtomicReference<>();
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AllocationListener holding = new AllocationListener() {
      @Override
      public void onPreAllocation(long size) {
        if (Thread.currentThread() == holdOn.get()) {
          inside.countDown();
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
    };
    BufferAllocator scan = memory.allocator().newChildAllocator("scan", holding, 0, Long.MAX_VALUE);
    ReadOptions columns = ReadOptions.builder(scan).batchSize(1000).parallelism(3).executor(helper)
        .parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build();
    ParquetFileReader reader = ParquetFileReader.open(file, columns);
    VectorSchemaRoot first = reader.readNextBatch();
    List<Runnable> handed = helper.take();
    AtomicReference<Throwable> helperFailed = new AtomicReference<>();
    Thread helperThread = new Thread(() -> {
      try {
        handed.forEach(Runnable::run);
      } catch (Throwable t) {
        helperFailed.set(t);
      }
    }, "held-helper");
    holdOn.set(helperThread);
    helperThread.start();
    assertTrue(inside.await(10, TimeUnit.SECONDS), "a helper decodes batch 1 while the caller holds batch 0");
    AtomicBoolean closed = new AtomicBoolean();
    Thread closer = new Thread(() -> {
      reader.close();
      closed.set(true);
    }, "closer");
    closer.start();
    closer.join(300);
    assertFalse(closed.get(), "close() waits for the task in flight, which still writes into the batch");
    release.countDown();
    closer.join(30_000);
    helperThread.join(30_000);
    assertTrue(closed.get(), "close() returned once the task ended");
    assertEquals(null, helperFailed.get());
    helper.runAll(); // helpers the executor starts late find the reader closed
    first.close();
    assertEquals(0, scan.getAllocatedMemory(), "every buffer of the batch ahead released:\n" + scan.toVerboseString());
    scan.close();
  }

  /**
   * A corrupt page in the batch ahead fails while the caller holds the batch before, but the
   * failure is thrown by the call that would return the damaged batch, located, after every batch
   * before it came out right; and nothing is left allocated.
   */
  @Test
  void aCorruptPageInTheBatchAheadIsThrownByTheCallThatWouldReturnIt() throws IOException {
    Path file = written();
    List<Batch> want = batches(file, ReadOptions.builder(memory.allocator()).batchSize(GROUP_ROWS).build());
    int damaged = 2;
    // a byte inside the first data page of row group 2's "n" (leaf 0): batches of a row group each,
    // so the damage is met only when batch 2 is decoded, which starts as batch 0 is returned
    damageFirstPageOfN(file, damaged);
    HeldExecutor helper = new HeldExecutor();
    ReadOptions columns = ReadOptions.builder(memory.allocator()).batchSize(GROUP_ROWS).parallelism(2)
        .executor(helper).parallelDecoding(ReadOptions.ParallelDecoding.COLUMNS).build();
    try (ParquetFileReader reader = ParquetFileReader.open(file, columns)) {
      for (int k = 0; k < damaged; k++) {
        try (VectorSchemaRoot batch = reader.readNextBatch()) {
          helper.runAll(); // decodes the batches ahead now, the damaged one among them from k + 2 == damaged
          assertSameBatch(want.get(k).root(), batch, "batch " + k);
        }
      }
      CorruptFileException e = assertThrows(CorruptFileException.class, reader::readNextBatch);
      assertNotNull(e.location());
      assertEquals("n", e.location().column(), String.valueOf(e));
      assertEquals(damaged, e.location().rowGroup(), String.valueOf(e));
      IllegalStateException again = assertThrows(IllegalStateException.class, reader::readNextBatch);
      assertTrue(again.getMessage().contains("failed"), again.getMessage());
    } finally {
      want.forEach(Batch::close);
    }
  }
}
