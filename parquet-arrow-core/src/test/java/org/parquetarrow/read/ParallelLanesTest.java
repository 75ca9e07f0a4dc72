package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The lanes of a parallel read ({@link ParallelBatchReader}): every executor a caller may give
 * (one thread for several lanes, last-in-first-out, the caller's own thread) reads every row
 * without deadlock; a slow caller holds no more batches than the bound in batches the reader
 * promises; closing mid-read and after a lane's failure frees everything; each lane's reader carries
 * on across its windows (pages of the other lanes skipped, none lost from the metrics).
 */
class ParallelLanesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int GROUPS = 6;
  private static final int GROUP_ROWS = 2000;
  private static final Field ITEM = new Field("item", FieldType.nullable(new ArrowType.Int(32, true)), null);
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("n", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
      new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(ITEM))));

  // the generator: what row r holds (s repeats, so that it is dictionary-encoded)
  private static long n(long r) {
    return 5 * r - 2;
  }

  private static String s(long r) {
    return r % 9 == 0 ? null : "v" + (r % 37);
  }

  private static List<Integer> tags(long r) {
    if (r % 13 == 0) {
      return null;
    }
    List<Integer> items = new ArrayList<>();
    for (int j = 0; j < r % 3; j++) {
      items.add((r + j) % 4 == 0 ? null : (int) (r * 7 + j));
    }
    return items;
  }

  /** Six row groups of 2000 rows, pages of at most 150 rows, page CRCs, with or without a page index. */
  private Path written(boolean pageIndex) {
    Path file = dir.resolve(pageIndex ? "indexed.parquet" : "plain.parquet");
    WriterProperties props = WriterProperties.builder().rowGroupRows(GROUP_ROWS).dataPageRowLimit(150)
        .pageIndex(pageIndex).pageChecksum(true).build();
    try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props);
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      BigIntVector nv = (BigIntVector) root.getVector("n");
      VarCharVector sv = (VarCharVector) root.getVector("s");
      ListVector tv = (ListVector) root.getVector("tags");
      for (int g = 0; g < GROUPS; g++) {
        root.allocateNew();
        IntVector items = (IntVector) tv.getDataVector();
        int item = 0;
        for (int i = 0; i < GROUP_ROWS; i++) {
          long r = (long) g * GROUP_ROWS + i;
          nv.set(i, n(r));
          if (s(r) == null) {
            sv.setNull(i);
          } else {
            sv.setSafe(i, s(r).getBytes(StandardCharsets.UTF_8));
          }
          List<Integer> t = tags(r);
          if (t == null) {
            tv.setNull(i);
            continue;
          }
          tv.startNewValue(i);
          for (Integer v : t) {
            if (v == null) {
              items.setNull(item++);
            } else {
              items.setSafe(item++, v);
            }
          }
          tv.endValue(i, t.size());
        }
        tv.setValueCount(GROUP_ROWS);
        root.setRowCount(GROUP_ROWS);
        w.write(root);
      }
    }
    return file;
  }

  private static List<List<Object>> expected() {
    List<List<Object>> rows = new ArrayList<>();
    for (long r = 0; r < (long) GROUPS * GROUP_ROWS; r++) {
      rows.add(Arrays.asList(n(r), s(r), tags(r)));
    }
    return rows;
  }

  /** Every row of a read, the dictionary column looked up in the dictionaries that came with its batch. */
  private static List<List<Object>> rows(ParquetFileReader reader) {
    List<List<Object>> rows = new ArrayList<>();
    for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
      try (VectorSchemaRoot batch = b) {
        for (int i = 0; i < batch.getRowCount(); i++) {
          List<Object> row = new ArrayList<>();
          for (FieldVector v : batch.getFieldVectors()) {
            var encoding = v.getField().getDictionary();
            if (encoding != null) {
              Dictionary d = reader.dictionaries().lookup(encoding.getId());
              row.add(v.isNull(i) ? null
                  : d.getVector().getObject(((IntVector) v).get(i)).toString());
              continue;
            }
            Object value = v.getObject(i);
            row.add(value == null ? null : v instanceof VarCharVector ? value.toString() : value);
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }

  /** An executor with one thread that runs the task submitted last first. */
  private static final class LastInFirstOut implements Executor, AutoCloseable {
    private final LinkedBlockingDeque<Runnable> tasks = new LinkedBlockingDeque<>();
    private final Thread thread = new Thread(() -> {
      try {
        while (true) {
          tasks.takeFirst().run();
        }
      } catch (InterruptedException e) {
        // closed
      }
    }, "test-lifo");

    LastInFirstOut() {
      thread.setDaemon(true);
      thread.start();
    }

    @Override
    public void execute(Runnable task) {
      tasks.addFirst(task);
    }

    @Override
    public void close() {
      thread.interrupt();
    }
  }

  static Stream<Arguments> fewerThreadsThanLanes() {
    List<Arguments> all = new ArrayList<>();
    for (String executor : new String[] {"one thread", "last in first out", "the caller's thread"}) {
      for (int lanes = 2; lanes <= 4; lanes++) {
        for (boolean pageIndex : new boolean[] {true, false}) {
          all.add(Arguments.of(executor, lanes, pageIndex));
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}, parallelism {1}, page index {2}")
  @MethodSource("fewerThreadsThanLanes")
  void everyExecutorReadsEveryRowWithoutDeadlock(String kind, int lanes, boolean pageIndex) {
    Path file = written(pageIndex);
    ExecutorService one = Executors.newSingleThreadExecutor();
    LastInFirstOut lifo = new LastInFirstOut();
    try {
      Executor executor = switch (kind) {
        case "one thread" -> one;
        case "last in first out" -> lifo;
        default -> Runnable::run;
      };
      ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(256).parallelism(lanes).parallelDecoding(ReadOptions.ParallelDecoding.LANES)
          .executor(executor).dictionaryColumns("s").build();
      List<List<Object>> got = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
        try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
          return rows(reader);
        }
      });
      assertEquals(expected(), got);
    } finally {
      one.shutdownNow();
      lifo.close();
    }
  }

  static Stream<Arguments> executorsThatNeverRun() {
    List<Arguments> all = new ArrayList<>();
    for (String executor : new String[] {"drops every task", "refuses every task"}) {
      for (int lanes = 2; lanes <= 4; lanes++) {
        for (boolean pageIndex : new boolean[] {true, false}) {
          all.add(Arguments.of(executor, lanes, pageIndex));
        }
      }
    }
    return all.stream();
  }

  /**
   * The caller decodes whatever no helper does: with an executor that never runs a helper, the
   * read still gives every row, in order, from the caller's thread alone (before session 12 the
   * caller waited for lanes queued on such an executor for ever, or failed on the refusal).
   */
  @ParameterizedTest(name = "{0}, parallelism {1}, page index {2}")
  @MethodSource("executorsThatNeverRun")
  void anExecutorThatNeverRunsAHelperStillReadsEveryRowOnTheCaller(String kind, int lanes, boolean pageIndex) {
    Path file = written(pageIndex);
    List<Runnable> dropped = new ArrayList<>();
    Executor never = kind.startsWith("drops") ? dropped::add : task -> {
      throw new RejectedExecutionException("no threads here");
    };
    java.util.Set<Thread> decoders = java.util.concurrent.ConcurrentHashMap.newKeySet();
    BufferAllocator scan = memory.allocator().newChildAllocator("scan", new org.apache.arrow.memory.AllocationListener() {
      @Override
      public void onPreAllocation(long size) {
        decoders.add(Thread.currentThread());
      }
    }, 0, Long.MAX_VALUE);
    try (scan) {
      // batches that divide the row groups: without a page index the windows then end at row
      // group ends, several of them (otherwise one window, read by one reader as before)
      ReadOptions options = ReadOptions.builder(scan).batchSize(250).parallelism(lanes).parallelDecoding(ReadOptions.ParallelDecoding.LANES)
          .executor(never).dictionaryColumns("s").build();
      Thread[] caller = new Thread[1];
      List<List<Object>> got = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
        caller[0] = Thread.currentThread();
        try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
          return rows(reader);
        }
      });
      assertEquals(expected(), got);
      assertEquals(java.util.Set.of(caller[0]), decoders, "every batch decoded on the caller");
    }
    if (kind.startsWith("drops")) {
      assertTrue(!dropped.isEmpty(), "helpers were handed to the executor");
      // a helper the executor runs late finds the reader closed and returns without decoding
      dropped.forEach(Runnable::run);
      assertEquals(0, memory.allocator().getAllocatedMemory());
    }
  }

  @ParameterizedTest(name = "parallelism {0}")
  @MethodSource("lanesCounts")
  void batchesCutShortByBytesNeverJoinTwoWindows(int lanes) {
    // "s" holds 2 or 3 bytes a row: 600 bytes end a batch of 500 rows after about 250
    Path file = written(true);
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(500).maxBatchBytes(600)
        .parallelism(lanes).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
    List<Integer> sizes = new ArrayList<>();
    List<List<Object>> got = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          sizes.add(batch.getRowCount());
          for (int i = 0; i < batch.getRowCount(); i++) {
            Object s = batch.getVector("s").getObject(i);
            got.add(Arrays.asList(batch.getVector("n").getObject(i), s == null ? null : s.toString(),
                batch.getVector("tags").getObject(i)));
          }
        }
      }
    }
    assertEquals(expected(), got);
    assertTrue(sizes.stream().allMatch(n -> n > 0 && n < 500), "every batch cut short: " + sizes);
  }

  static Stream<Integer> lanesCounts() {
    return Stream.of(2, 3, 4);
  }

  @Test
  void aSlowCallerHoldsNoMoreThanTheBoundInBatches() {
    // one non-null 64-bit column, no dictionary: a batch of 1024 rows is 8 KiB of values and
    // 128 bytes of validity, both powers of two, so the allocator rounds neither up
    Schema schema = new Schema(List.of(new Field("n", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    int batch = 1024;
    int batches = 64;
    Path file = dir.resolve("long.parquet");
    WriterProperties props = WriterProperties.builder().rowGroupRows(8 * batch).dataPageRowLimit(1000)
        .pageIndex(true).dictionary(false).build();
    try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      BigIntVector nv = (BigIntVector) root.getVector("n");
      for (int k = 0; k < batches; k++) {
        root.allocateNew();
        for (int i = 0; i < batch; i++) {
          nv.set(i, n((long) k * batch + i));
        }
        root.setRowCount(batch);
        w.write(root);
      }
    }
    long batchBytes = 8L * batch + batch / 8;
    int threads = 2;
    long windowBatches = ParallelBatchReader.windowRows((long) batch * batches, batch, threads) / batch;
    int held = ParallelBatchReader.mostBatchesHeld(threads, ParallelBatchReader.aheadFor(windowBatches));
    // windows of 4 batches, 2 ahead per lane: 2 lanes x (2 waiting + 1 being decoded) + 1 taken
    assertEquals(7, held);
    BufferAllocator child = memory.allocator().newChildAllocator("scan", 0, Long.MAX_VALUE);
    try (child) {
      ReadOptions options = ReadOptions.builder(child).batchSize(batch).parallelism(threads).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
      long rows = 0;
      long sum = 0;
      try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
        for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
          try (VectorSchemaRoot root = b) {
            BigIntVector nv = (BigIntVector) root.getVector("n");
            for (int i = 0; i < root.getRowCount(); i++) {
              sum += nv.get(i);
            }
            rows += root.getRowCount();
          }
          Thread.sleep(3); // the lanes run ahead as far as they may
        }
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      long total = (long) batch * batches;
      assertEquals(total, rows);
      assertEquals(5 * (total * (total - 1) / 2) - 2 * total, sum);
      long peak = child.getPeakMemoryAllocation();
      assertTrue(peak <= held * batchBytes,
          "peak " + peak + " bytes above " + held + " batches of " + batchBytes + " bytes");
    }
  }

  @Test
  void closingMidReadOnOneThreadFreesEverything() {
    Path file = written(true);
    ExecutorService one = Executors.newSingleThreadExecutor();
    try {
      for (int taken = 0; taken < 6; taken++) {
        ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(200).parallelism(3).parallelDecoding(ReadOptions.ParallelDecoding.LANES)
            .executor(one).dictionaryColumns("s").build();
        ParquetFileReader reader = ParquetFileReader.open(file, options);
        for (int i = 0; i < taken; i++) {
          reader.readNextBatch().close();
        }
        reader.close();
        assertEquals(0, memory.allocator().getAllocatedMemory(), "nothing held once close returns");
        assertThrows(IllegalStateException.class, reader::readNextBatch);
      }
    } finally {
      one.shutdownNow();
    }
  }

  @Test
  void aLaneFailingAheadFailsTypedAtItsBatchAndFreesEverything() throws IOException {
    Path file = written(true);
    int damaged = 3;
    FileMetaData footer;
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      footer = r.metadata();
    }
    ColumnMetaData chunk = footer.rowGroups().get(damaged).columns().get(0).metaData();
    // the first data page of the damaged group's "n": a lane fails there, the other lane runs on
    try (InputFile in = LocalInputFile.open(file); RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      OffsetIndex index = OffsetIndexReader.read(in, footer.rowGroups().get(damaged).columns().get(0));
      PageLocation first = index.pageLocations().get(0);
      long at = first.offset() + first.compressedPageSize() - 3;
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x5A);
    }
    assertTrue(chunk.numValues() > 0);
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(250).parallelism(2).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
    LastInFirstOut lifo = new LastInFirstOut();
    long[] rowsBefore = new long[1];
    try {
      ReadOptions onLifo = options.toBuilder().executor(lifo).build();
      for (ReadOptions o : List.of(options, onLifo)) {
        rowsBefore[0] = 0;
        ParquetException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
          try (ParquetFileReader reader = ParquetFileReader.open(file, o)) {
            return assertThrows(ParquetException.class, () -> {
              for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
                try (VectorSchemaRoot batch = b) {
                  rowsBefore[0] += batch.getRowCount();
                }
              }
            });
          }
        });
        assertEquals((long) damaged * GROUP_ROWS, rowsBefore[0], "every batch before the damaged page came out");
        assertEquals(damaged, e.location().rowGroup(), e.getMessage());
        assertEquals("n", e.location().column(), e.getMessage());
        assertEquals(0, memory.allocator().getAllocatedMemory(), () -> "nothing held after the failure: " + memory.allocator().toVerboseString());
      }
    } finally {
      lifo.close();
    }
  }

  @Test
  void withoutAPageIndexLanesTakeWholeRowGroupsAndFetchEachChunkOnce() {
    Path file = written(false);
    ReadOptions one = ReadOptions.builder(memory.allocator()).batchSize(500).build();
    ReadOptions two = one.toBuilder().parallelism(2).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
    long wholeBytes = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(file, one)) {
      for (ColumnChunk c : allChunks(reader.metadata())) {
        wholeBytes += c.metaData().totalCompressedSize();
      }
      assertEquals(expected(), rows(reader));
      assertEquals(wholeBytes, reader.bytesFetched());
    }
    try (ParquetFileReader reader = ParquetFileReader.open(file, two)) {
      assertEquals(expected(), rows(reader));
      assertEquals(wholeBytes, reader.bytesFetched(), "every chunk fetched once, by one lane");
      assertEquals(0, reader.pagesSkipped());
    }
  }

  @Test
  void withAPageIndexEachLaneSkipsTheOtherLanesPagesAndFetchesItsOwn() throws IOException {
    Path file = written(true);
    int batch = 250;
    ReadOptions two = ReadOptions.builder(memory.allocator()).batchSize(batch).parallelism(2).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
    FileMetaData footer;
    try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      footer = reader.metadata();
    }
    // worked out from the offset indexes: each data page belongs to the lane(s) whose windows
    // hold one of its rows; a lane passes over the pages of the others before its last one
    long windowRows = ParallelBatchReader.windowRows((long) GROUPS * GROUP_ROWS, batch, 2);
    long fetched = 0;
    long skipped = 0;
    try (InputFile in = LocalInputFile.open(file)) {
      for (int g = 0; g < GROUPS; g++) {
        for (ColumnChunk c : footer.rowGroups().get(g).columns()) {
          OffsetIndex index = OffsetIndexReader.read(in, c);
          List<PageLocation> pages = index.pageLocations();
          long dataStart = pages.get(0).offset();
          long chunkStart = c.metaData().dictionaryPageOffset() == null ? dataStart
              : Math.min(c.metaData().dictionaryPageOffset(), dataStart);
          for (int lane = 0; lane < 2; lane++) {
            boolean opens = false;
            long laneBytes = 0;
            long laneSkipped = 0;
            long notMineSinceLastMine = 0;
            for (int p = 0; p < pages.size(); p++) {
              long from = (long) g * GROUP_ROWS + pages.get(p).firstRowIndex();
              long to = (long) g * GROUP_ROWS
                  + (p + 1 < pages.size() ? pages.get(p + 1).firstRowIndex() : GROUP_ROWS);
              boolean mine = false;
              for (long w = from / windowRows; w * windowRows < to; w++) {
                mine |= w % 2 == lane;
              }
              if (mine) {
                opens = true;
                laneBytes += pages.get(p).compressedPageSize();
                laneSkipped += notMineSinceLastMine;
                notMineSinceLastMine = 0;
              } else {
                notMineSinceLastMine++;
              }
            }
            // pages after a lane's last row in the chunk are never reached, so never passed over
            if (opens) {
              fetched += laneBytes + (dataStart - chunkStart);
              skipped += laneSkipped;
            }
          }
        }
      }
    }
    try (ParquetFileReader reader = ParquetFileReader.open(file, two)) {
      assertEquals(expected(), rows(reader));
      assertEquals(fetched, reader.bytesFetched());
      assertEquals(skipped, reader.pagesSkipped());
    }
    assertTrue(skipped > 0);
  }

  private static List<ColumnChunk> allChunks(FileMetaData metadata) {
    List<ColumnChunk> all = new ArrayList<>();
    metadata.rowGroups().forEach(g -> all.addAll(g.columns()));
    return all;
  }
}
