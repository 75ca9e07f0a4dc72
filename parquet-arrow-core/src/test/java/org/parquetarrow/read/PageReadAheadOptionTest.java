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
import java.util.List;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
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
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@link ReadOptions.Builder#pageReadAhead}: with the read-ahead off every page is prepared on the
 * decoding threads (the helper threads do no work during the read), with it on (the default) they
 * do; either way, at every parallelism and under row selections that skip pages by the offset
 * index, the reader gives the rows the generator wrote in the same batches, a damaged page fails
 * with the same typed, located exception after the same rows, and nothing leaks.
 */
class PageReadAheadOptionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String HELPER = "parquet-arrow-page-read-ahead-";
  private static final int GROUPS = 4;
  private static final int GROUP_ROWS = 20_000;
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("n", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

  // the generator: what row r holds
  private static long n(long r) {
    return r * r % 1_000_003;
  }

  private static String s(long r) {
    return r % 5 == 0 ? null : "value-" + (r * 7919 % 100_000);
  }

  /** Four SNAPPY row groups with pages of 500 rows, page CRCs and a page index. */
  private Path written() {
    Path file = dir.resolve("snappy.parquet");
    WriterProperties props = WriterProperties.builder().rowGroupRows(GROUP_ROWS).dataPageRowLimit(500)
        .pageIndex(true).pageChecksum(true).codec(CompressionCodec.SNAPPY).build();
    try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props);
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      BigIntVector nv = (BigIntVector) root.getVector("n");
      VarCharVector sv = (VarCharVector) root.getVector("s");
      for (int g = 0; g < GROUPS; g++) {
        root.allocateNew();
        for (int i = 0; i < GROUP_ROWS; i++) {
          long r = (long) g * GROUP_ROWS + i;
          nv.setSafe(i, n(r));
          if (s(r) == null) {
            sv.setNull(i);
          } else {
            sv.setSafe(i, s(r).getBytes(StandardCharsets.UTF_8));
          }
        }
        root.setRowCount(GROUP_ROWS);
        w.write(root);
      }
    }
    return file;
  }

  /** What a read gave: each batch's row count, and the row number checks of every row. */
  private record Read(List<Integer> batchRows, long rows, boolean allAsWritten) {}

  private Read read(Path file, ReadOptions options, long[] expectedRows) {
    List<Integer> sizes = new ArrayList<>();
    int at = 0;
    boolean same = true;
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          sizes.add(batch.getRowCount());
          BigIntVector nv = (BigIntVector) batch.getVector("n");
          VarCharVector sv = (VarCharVector) batch.getVector("s");
          for (int i = 0; i < batch.getRowCount(); i++, at++) {
            long r = expectedRows[at];
            Object text = sv.getObject(i);
            same &= nv.get(i) == n(r) && java.util.Objects.equals(text == null ? null : text.toString(), s(r));
          }
        }
      }
    }
    return new Read(sizes, at, same && at == expectedRows.length);
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

  private record Choice(String name, UnaryOperator<ReadOptions.Builder> set, long[] fileRows) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() {
    RowSelection fileWide = RowSelection.fromRanges(250, 19_750, 33_333, 33_334, 49_990, 61_000, 79_000, 80_000);
    List<Long> groups = new ArrayList<>();
    for (int g : new int[] {3, 1}) {
      for (long r = (long) g * GROUP_ROWS; r < (g + 1L) * GROUP_ROWS; r++) {
        groups.add(r);
      }
    }
    List<Choice> choices = List.of(
        new Choice("every row", b -> b, rows(RowSelection.range(0, (long) GROUPS * GROUP_ROWS))),
        new Choice("file-wide selection", b -> b.rowSelection(fileWide), rows(fileWide)),
        new Choice("row groups 3, 1", b -> b.rowGroups(3, 1), groups.stream().mapToLong(Long::longValue).toArray()));
    List<Arguments> all = new ArrayList<>();
    for (Choice c : choices) {
      for (ReadOptions.PageReadAhead policy : ReadOptions.PageReadAhead.values()) {
        for (int threads : new int[] {1, 2, 3}) {
          all.add(Arguments.of(c, policy, threads));
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}, read-ahead {1}, {2} threads")
  @MethodSource("cases")
  void givesTheWrittenRowsInTheSameBatchesWithEitherPolicy(Choice choice, ReadOptions.PageReadAhead policy,
      int threads) {
    Path file = written();
    ReadOptions reference = choice.set.apply(ReadOptions.builder(memory.allocator()).batchSize(3000)).build();
    ReadOptions options = choice.set.apply(ReadOptions.builder(memory.allocator()).batchSize(3000)
        .parallelism(threads).pageReadAhead(policy)).build();
    Read r = read(file, options, choice.fileRows);
    assertTrue(r.allAsWritten, "every row as the generator wrote it");
    assertEquals(choice.fileRows.length, r.rows);
    assertEquals(read(file, reference, choice.fileRows).batchRows, r.batchRows, "batches cut as by default");
  }

  /**
   * Tasks handed to the shared read-ahead helpers so far in this JVM: the count of tasks their pool
   * (a private field of the internal page layer, read reflectively from inside the module) was given.
   */
  private static long pagesSentAhead() {
    try {
      java.lang.reflect.Field pool = Class.forName("org.parquetarrow.read.page.PagesAhead").getDeclaredField("POOL");
      pool.setAccessible(true);
      return ((ThreadPoolExecutor) pool.get(null)).getTaskCount();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("the page layer's read-ahead pool is not where this test looks", e);
    }
  }

  private void readAll(Path file, ReadOptions options) {
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        b.close();
      }
    }
  }

  @Test
  void offKeepsThePagesOnTheDecodingThreadsAndTheDefaultSendsThemAhead() {
    Path file = written();
    for (int threads : new int[] {1, 2}) {
      ReadOptions off = ReadOptions.builder(memory.allocator()).parallelism(threads)
          .pageReadAhead(ReadOptions.PageReadAhead.OFF).build();
      long before = pagesSentAhead();
      readAll(file, off);
      assertEquals(before, pagesSentAhead(), "no page went to the read-ahead helpers with OFF, " + threads + " threads");
      // a template carries the policy into the copies a dataset scan makes of it
      ReadOptions fromTemplate = ReadOptions.builder().pageReadAhead(ReadOptions.PageReadAhead.OFF).build()
          .toBuilder().allocator(memory.allocator()).parallelism(threads).build();
      before = pagesSentAhead();
      readAll(file, fromTemplate);
      assertEquals(before, pagesSentAhead(), "no page went to the read-ahead helpers with OFF from a template");
    }
    ReadOptions byDefault = ReadOptions.builder(memory.allocator()).build();
    assertEquals(ReadOptions.PageReadAhead.AUTO, byDefault.pageReadAhead());
    long before = pagesSentAhead();
    readAll(file, byDefault);
    // 4 row groups x 2 columns: each chunk's first data page handed out sends the helpers a task
    // (which makes pages and queues itself again while pages may be made ahead)
    assertTrue(pagesSentAhead() - before >= GROUPS * 2, "the default sends pages ahead: "
        + (pagesSentAhead() - before));
    // AUTO with as many lanes as cores (at least two): the lanes prepare their own pages
    int cores = Math.max(2, Runtime.getRuntime().availableProcessors());
    before = pagesSentAhead();
    readAll(file, ReadOptions.builder(memory.allocator()).parallelism(cores).build());
    assertEquals(before, pagesSentAhead(), "no helper beside lanes on every core");
    // ... unless asked for: then they do as told
    before = pagesSentAhead();
    readAll(file, ReadOptions.builder(memory.allocator()).parallelism(cores)
        .pageReadAhead(ReadOptions.PageReadAhead.SEVERAL_PAGES).build());
    assertTrue(pagesSentAhead() - before >= GROUPS * 2, "SEVERAL_PAGES with lanes on every core sends pages ahead");
    ReadOptions next = ReadOptions.builder(memory.allocator()).pageReadAhead(ReadOptions.PageReadAhead.NEXT_PAGE).build();
    before = pagesSentAhead();
    readAll(file, next);
    assertTrue(pagesSentAhead() - before >= GROUPS * 2, "NEXT_PAGE sends pages ahead: " + (pagesSentAhead() - before));
  }

  @ParameterizedTest(name = "read-ahead {0}, {1} threads")
  @MethodSource("damagedCases")
  void aDamagedPageFailsTypedAndLocatedAfterTheRowsBeforeIt(ReadOptions.PageReadAhead policy, int threads)
      throws IOException {
    Path file = written();
    int damaged = 2;
    FileMetaData footer;
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      footer = r.metadata();
    }
    ColumnMetaData chunk = footer.rowGroups().get(damaged).columns().get(1).metaData();
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      long start = chunk.dictionaryPageOffset() == null ? chunk.dataPageOffset()
          : Math.min(chunk.dictionaryPageOffset(), chunk.dataPageOffset());
      long at = start + chunk.totalCompressedSize() / 2;
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x5A);
    }
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(GROUP_ROWS / 4)
        .parallelism(threads).pageReadAhead(policy).build();
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
    assertTrue(rowsBefore[0] >= (long) damaged * GROUP_ROWS && rowsBefore[0] < (damaged + 1L) * GROUP_ROWS,
        "the rows before the damaged page came out: " + rowsBefore[0]);
    assertNotNull(e.location());
    assertEquals(damaged, e.location().rowGroup(), e.getMessage());
    assertEquals("s", e.location().column(), e.getMessage());
  }

  static Stream<Arguments> damagedCases() {
    return Stream.of(ReadOptions.PageReadAhead.values())
        .flatMap(p -> Stream.of(Arguments.of(p, 1), Arguments.of(p, 3)));
  }

  @Test
  void closingMidChunkFreesEverythingWithEitherPolicy() {
    Path file = written();
    for (ReadOptions.PageReadAhead policy : ReadOptions.PageReadAhead.values()) {
      for (int threads : new int[] {1, 3}) {
        ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator())
            .batchSize(700).parallelism(threads).pageReadAhead(policy).build());
        reader.readNextBatch().close();
        reader.readNextBatch().close();
        reader.close();
        assertEquals(0, memory.allocator().getAllocatedMemory(), policy + ", " + threads + " threads: nothing held");
      }
    }
  }

  @Test
  void aMissingPolicyIsRefused() {
    assertThrows(NullPointerException.class, () -> ReadOptions.builder().pageReadAhead(null));
    assertEquals(ReadOptions.PageReadAhead.OFF, ReadOptions.builder().pageReadAhead(ReadOptions.PageReadAhead.OFF)
        .build().toBuilder().build().pageReadAhead());
  }
}
