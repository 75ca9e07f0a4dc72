package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.arrow.memory.AllocationListener;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@link ReadOptions.Builder#parallelism(int)}: windows of rows decoded ahead on several threads
 * give the rows a generator wrote, in the batches one thread cuts, under every row-group choice and
 * row selection; closing mid-scan frees everything; a window's damage surfaces typed and located on
 * the reading thread, after the rows before it, without hanging.
 */
class ParallelWindowsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int GROUPS = 10;
  private static final int GROUP_ROWS = 1000;
  private static final Field ITEM = new Field("item", FieldType.nullable(new ArrowType.Int(32, true)), null);
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("n", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
      new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE), List.of(ITEM))));

  private static ExecutorService pool;
  private static final AtomicInteger TASKS = new AtomicInteger();

  @BeforeAll
  static void start() {
    pool = Executors.newFixedThreadPool(3, r -> {
      Thread t = new Thread(r, "test-decode");
      t.setDaemon(true);
      return t;
    });
  }

  @AfterAll
  static void stop() {
    pool.shutdownNow();
  }

  // the generator: what row r holds
  private static long n(long r) {
    return 3 * r + 1;
  }

  private static String s(long r) {
    return r % 7 == 0 ? null : "row-" + r;
  }

  private static List<Integer> tags(long r) {
    if (r % 11 == 0) {
      return null;
    }
    List<Integer> items = new ArrayList<>();
    for (int j = 0; j < r % 4; j++) {
      items.add((r + j) % 5 == 0 ? null : (int) (r * 10 + j));
    }
    return items;
  }

  private static List<Object> row(long r) {
    return Arrays.asList(n(r), s(r), tags(r));
  }

  /** Ten row groups of 1000 rows, pages of at most 100 rows, page CRCs, with or without a page index. */
  private Path written(boolean pageIndex) {
    Path file = dir.resolve(pageIndex ? "indexed.parquet" : "plain.parquet");
    WriterProperties props = WriterProperties.builder().rowGroupRows(GROUP_ROWS).dataPageRowLimit(100)
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

  /** What a read gave: each batch's row count, and every row. */
  private record Read(List<Integer> batchRows, List<List<Object>> rows) {}

  private Read read(Path file, ReadOptions options) {
    List<Integer> sizes = new ArrayList<>();
    List<List<Object>> rows = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          sizes.add(batch.getRowCount());
          for (int i = 0; i < batch.getRowCount(); i++) {
            List<Object> row = new ArrayList<>();
            for (FieldVector v : batch.getFieldVectors()) {
              Object value = v.getObject(i);
              row.add(value == null ? null : v instanceof VarCharVector ? value.toString() : value);
            }
            rows.add(row);
          }
        }
      }
    }
    return new Read(sizes, rows);
  }

  /** The generator's rows, by their numbers in the file. */
  private static List<List<Object>> expected(long... fileRows) {
    List<List<Object>> rows = new ArrayList<>();
    for (long r : fileRows) {
      rows.add(row(r));
    }
    return rows;
  }

  private static long[] rows(RowSelection s) {
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < s.rangeCount(); i++) {
      for (long r = s.rangeStart(i); r < s.rangeEnd(i); r++) {
        out.add(r);
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /** Which rows to read, and the file rows a reader must give for it, in order. */
  private record Choice(String name, UnaryOperator<ReadOptions.Builder> set, long[] fileRows) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Choice> choices() {
    RowSelection fileWide = RowSelection.fromRanges(50, 1950, 3333, 3334, 4990, 7777, 9900, 10000);
    List<Long> chosenGroups = new ArrayList<>();
    for (int g : new int[] {7, 2, 5}) {
      for (long r = (long) g * GROUP_ROWS; r < (g + 1L) * GROUP_ROWS; r++) {
        chosenGroups.add(r);
      }
    }
    List<Long> perGroup = new ArrayList<>();
    for (long r = 1000; r < 2000; r++) {
      perGroup.add(r);
    }
    for (long r : rows(RowSelection.fromRanges(10, 20, 500, 990))) {
      perGroup.add(3000 + r);
    }
    return Stream.of(
        new Choice("every row", b -> b, rows(RowSelection.range(0, GROUPS * GROUP_ROWS))),
        new Choice("file-wide selection", b -> b.rowSelection(fileWide), rows(fileWide)),
        new Choice("row groups 7, 2, 5", b -> b.rowGroups(7, 2, 5),
            chosenGroups.stream().mapToLong(Long::longValue).toArray()),
        new Choice("row groups 1, 3 with a selection in 3",
            b -> b.rowGroups(1, 3).rowSelection(3, RowSelection.fromRanges(10, 20, 500, 990)),
            perGroup.stream().mapToLong(Long::longValue).toArray()));
  }

  static Stream<Arguments> cases() {
    List<Arguments> all = new ArrayList<>();
    for (Choice c : choices().toList()) {
      for (boolean pageIndex : new boolean[] {true, false}) {
        for (int threads : new int[] {2, 3}) {
          for (int batch : new int[] {64, 100, 333, 1000}) {
            all.add(Arguments.of(c, pageIndex, threads, batch));
          }
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}, page index {1}, {2} threads, batch {3}")
  @MethodSource("cases")
  void givesTheWrittenRowsInTheBatchesOfOneThread(Choice choice, boolean pageIndex, int threads, int batch) {
    Path file = written(pageIndex);
    ReadOptions one = choice.set.apply(ReadOptions.builder(memory.allocator()).batchSize(batch)).build();
    int before = TASKS.get();
    ReadOptions many = choice.set.apply(ReadOptions.builder(memory.allocator()).batchSize(batch)
        .parallelism(threads).parallelDecoding(ReadOptions.ParallelDecoding.LANES).executor(r -> {
          TASKS.incrementAndGet();
          pool.execute(r);
        })).build();
    Read parallel = read(file, many);
    assertEquals(expected(choice.fileRows), parallel.rows);
    assertEquals(read(file, one).batchRows, parallel.batchRows, "batches cut as one thread cuts them");
    assertTrue(TASKS.get() - before >= 1, "helpers decoded on the executor");
  }

  @Test
  void ownThreadsWithoutAnExecutorAndAProjection() {
    Path file = written(true);
    Read r = read(file, ReadOptions.builder(memory.allocator()).batchSize(128).parallelism(4).parallelDecoding(ReadOptions.ParallelDecoding.LANES)
        .columns("tags", "n").build());
    List<List<Object>> want = new ArrayList<>();
    for (long i = 0; i < GROUPS * GROUP_ROWS; i++) {
      want.add(Arrays.asList(tags(i), n(i)));
    }
    assertEquals(want, r.rows);
  }

  @Test
  void dictionaryColumnsTravelWithTheirBatches() {
    Path file = written(true);
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(100).parallelism(3).parallelDecoding(ReadOptions.ParallelDecoding.LANES)
        .dictionaryColumns("s").columns("s").build();
    List<String> seen = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          IntVector indices = (IntVector) batch.getVector("s");
          Dictionary dictionary = reader.dictionaries()
              .lookup(indices.getField().getDictionary().getId());
          VarCharVector values = (VarCharVector) dictionary.getVector();
          for (int i = 0; i < batch.getRowCount(); i++) {
            seen.add(indices.isNull(i) ? null : values.getObject(indices.get(i)).toString());
          }
        }
      }
    }
    List<String> want = new ArrayList<>();
    for (long i = 0; i < GROUPS * GROUP_ROWS; i++) {
      want.add(s(i));
    }
    assertEquals(want, seen);
  }

  static Stream<CorpusCatalog.Entry> goldenFiles() {
    return CorpusGoldenTest.goldenFiles();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void corpusFilesGiveTheGolden(CorpusCatalog.Entry file) throws Exception {
    // small batches, so that files of a few hundred rows make several windows
    ReadOptions options = ReadOptions.builder(memory.allocator())
        .batchSize(7).verifyChecksums(false).parallelism(3).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
    try (ArrowReader actual = ParquetFileReader.open(file.path(), options).toArrowReader();
        ArrowFileReader golden = file.golden().open(memory.allocator())) {
      Comparison c = ArrowAssertions.compareData(Batches.of(golden), Batches.of(actual), CompareOptions.strict());
      assertTrue(c.same(), c::describe);
    }
  }

  @Test
  void closingMidScanStopsTheWindowsAndFreesEverything() {
    Path file = written(true);
    for (int taken = 0; taken < 4; taken++) {
      ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(50).parallelism(3).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
      ParquetFileReader reader = ParquetFileReader.open(file, options);
      for (int i = 0; i < taken; i++) {
        reader.readNextBatch().close();
      }
      reader.close();
      assertEquals(0, memory.allocator().getAllocatedMemory(), "nothing held once close returns");
      assertThrows(IllegalStateException.class, reader::readNextBatch);
    }
  }

  @Test
  void lanesReadOnlyTheirOwnPagesOfALocalFile() {
    Path file = written(true);
    List<List<Object>> want = expected(java.util.stream.LongStream.range(0, (long) GROUPS * GROUP_ROWS).toArray());
    List<List<Object>> got = new ArrayList<>();
    long fetched;
    long requested;
    // windows of one 100-row batch, one page each: a lane's pages of a chunk alternate with the
    // other lanes', holes far below the lanes' gap of a MiB
    try (ParquetFileReader reader = ParquetFileReader.open(file,
        ReadOptions.builder(memory.allocator()).batchSize(100).parallelism(3).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build())) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          for (int i = 0; i < batch.getRowCount(); i++) {
            List<Object> row = new ArrayList<>();
            for (FieldVector v : batch.getFieldVectors()) {
              Object value = v.getObject(i);
              row.add(value == null ? null : v instanceof VarCharVector ? value.toString() : value);
            }
            got.add(row);
          }
        }
      }
      fetched = reader.bytesFetched();
      requested = reader.bytesRequested();
    }
    assertEquals(want, got, "the generator's rows");
    assertTrue(fetched > 0);
    assertEquals(fetched, requested, "the holes between a lane's spans are not read");
  }

  @Test
  void withoutAnExecutorTheLanesRunOnSharedDaemonThreadsKeptFromReaderToReader() {
    Path file = written(true);
    Read want = read(file, ReadOptions.builder(memory.allocator()).batchSize(100).build());
    // every buffer of a batch is allocated on the thread that decodes it
    Set<Thread> decoders = ConcurrentHashMap.newKeySet();
    AllocationListener onDecodingThread = new AllocationListener() {
      @Override
      public void onPreAllocation(long size) {
        decoders.add(Thread.currentThread());
      }
    };
    int readers = 5;
    int threads = 2;
    for (int i = 0; i < readers; i++) {
      try (BufferAllocator scan = memory.allocator().newChildAllocator("scan " + i, onDecodingThread, 0, Long.MAX_VALUE)) {
        assertEquals(want, read(file, ReadOptions.builder(scan).batchSize(100).parallelism(threads).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build()));
      }
    }
    assertTrue(decoders.remove(Thread.currentThread()), "the caller decoded batches too");
    assertTrue(decoders.size() >= 1, "helpers decoded on threads of their own: " + decoders);
    for (Thread t : decoders) {
      assertTrue(t.isDaemon() && t.getName().startsWith("parquet-arrow-decode-"), t + " is a daemon decoding thread");
    }
    // a pool per reader would have started (and ended) readers * (threads - 1) = 5 helper threads
    assertTrue(decoders.size() < readers * (threads - 1), "threads kept from reader to reader: " + decoders);
  }

  @Test
  void aDamagedPageInALaterWindowFailsTypedAfterTheRowsBeforeIt() throws IOException {
    Path file = written(true);
    int damaged = 6;
    FileMetaData footer;
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      footer = r.metadata();
    }
    ColumnMetaData chunk = footer.rowGroups().get(damaged).columns().get(0).metaData();
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      long start = chunk.dictionaryPageOffset() == null ? chunk.dataPageOffset()
          : Math.min(chunk.dictionaryPageOffset(), chunk.dataPageOffset());
      long at = start + chunk.totalCompressedSize() / 2;
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x5A);
    }
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(100).parallelism(3).parallelDecoding(ReadOptions.ParallelDecoding.LANES).build();
    long[] rowsBefore = new long[1];
    ParquetException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
        return assertThrows(ParquetException.class, () -> {
          for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
            try (VectorSchemaRoot batch = b) {
              rowsBefore[0] += batch.getRowCount();
            }
          }
        });
      }
    });
    assertEquals((long) damaged * GROUP_ROWS, rowsBefore[0], "every row before the damaged row group came out");
    assertNotNull(e.location());
    assertEquals(damaged, e.location().rowGroup(), e.getMessage());
    assertEquals("n", e.location().column(), e.getMessage());
    assertEquals(file.toString(), e.location().file(), e.getMessage());
  }

  @Test
  void parallelismBelowOneIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadOptions.builder(memory.allocator()).parallelism(0));
    assertTrue(e.getMessage().contains("parallelism 0"), e.getMessage());
    assertEquals(4, ReadOptions.builder().parallelism(4).build().toBuilder().build().parallelism());
    assertEquals(ReadOptions.ParallelDecoding.LANES, ReadOptions.builder()
        .parallelDecoding(ReadOptions.ParallelDecoding.LANES).build().toBuilder().build().parallelDecoding());
    assertEquals(ReadOptions.ParallelDecoding.AUTO, ReadOptions.builder().build().parallelDecoding());
  }
}
