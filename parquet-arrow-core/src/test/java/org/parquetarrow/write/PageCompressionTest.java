package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetException;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.FileEncryptionProperties;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Pages compressed on a helper thread ({@link PageCompression#HELPER_THREAD}, the default) make
 * the same file as pages compressed in line, for every codec, v1 and v2 pages, dictionary pages
 * and the fallback from them, nested columns and page checksums (the table of {@link
 * WriterOutputIdentityTest}: every type the writer accepts); encrypted files, whose nonces are
 * random, read back to their values with pages of the same sizes. A failure on the helper reaches
 * the writer's thread as it was thrown; many writers at once share the helpers without waiting on
 * each other.
 */
class PageCompressionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static List<Arguments> settings() {
    List<Arguments> out = new ArrayList<>();
    CompressionCodec[] codecs = {CompressionCodec.UNCOMPRESSED, CompressionCodec.SNAPPY, CompressionCodec.GZIP,
        CompressionCodec.ZSTD, CompressionCodec.LZ4_RAW, CompressionCodec.BROTLI};
    for (CompressionCodec codec : codecs) {
      for (DataPageVersion version : DataPageVersion.values()) {
        for (String dictionary : List.of("fallback", "none")) {
          for (int pageRows : new int[] {500, 4000}) {
            out.add(Arguments.of(codec, version, dictionary, pageRows));
          }
        }
      }
    }
    return out;
  }

  /**
   * Pages of 500 rows are mostly small enough to stay in line, so in-line and helper pages mix
   * within a chunk and across columns; pages of 4,000 rows mostly go to the helper.
   */
  @ParameterizedTest(name = "{0} {1} dictionary={2} pageRows={3}")
  @MethodSource("settings")
  void helperPagesAreTheInLinePagesByteForByte(CompressionCodec codec, DataPageVersion version, String dictionary,
      int pageRows) throws Exception {
    byte[] inLine = write(PageCompression.IN_LINE, codec, version, dictionary, pageRows);
    byte[] helper = write(PageCompression.HELPER_THREAD, codec, version, dictionary, pageRows);
    assertTrue(inLine.length > 10_000, "a file of many pages");
    assertArrayEquals(inLine, helper, codec + " " + version + " dictionary=" + dictionary);
  }

  static List<Arguments> byteLimitedGroups() {
    List<Arguments> out = new ArrayList<>();
    for (CompressionCodec codec : List.of(CompressionCodec.SNAPPY, CompressionCodec.ZSTD, CompressionCodec.GZIP)) {
      for (DataPageVersion version : DataPageVersion.values()) {
        out.add(Arguments.of(codec, version));
      }
    }
    return out;
  }

  /**
   * Row groups cut by their byte limit while pages are still on the helper: the writer goes on
   * without waiting for them only while a bound of their sizes leaves the group short of its
   * limit, so the groups end at the same rows as in line, batch boundaries or not. Half-random
   * strings (compressing to about two thirds) and repeated ones, with nulls and empty strings.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("byteLimitedGroups")
  void rowGroupsCutByBytesWhilePagesAreInFlightEndWhereInLineOnesDo(CompressionCodec codec,
      DataPageVersion version) throws Exception {
    byte[] inLine = writeStrings(PageCompression.IN_LINE, codec, version);
    byte[] helper = writeStrings(PageCompression.HELPER_THREAD, codec, version);
    FileMetaData md = ParquetFooter.read(new ByteBufferInputFile("helper", helper)).metadata();
    long rows = 0;
    List<Long> groupRows = new ArrayList<>();
    for (RowGroup group : md.rowGroups()) {
      groupRows.add(group.numRows());
      rows += group.numRows();
    }
    assertEquals(6 * STRING_BATCH_ROWS, rows);
    // cut by bytes (the row limit is far away), not at batch boundaries
    assertTrue(groupRows.size() >= 8, groupRows + " rows per group");
    assertTrue(groupRows.stream().anyMatch(n -> n % STRING_BATCH_ROWS != 0), groupRows + " rows per group");
    assertArrayEquals(inLine, helper, codec + " " + version + ", rows per group " + groupRows);
  }

  /**
   * The same with every column encrypted: nonces differ from file to file, but each group's rows
   * and each chunk's stored size (AES-GCM adds the same bytes to every module) do not.
   */
  @Test
  void encryptedRowGroupsCutByBytesWhilePagesAreInFlightEndWhereInLineOnesDo() throws Exception {
    FileEncryptionProperties encryption = FileEncryptionProperties.builder(EncryptedWriteFixture.FOOTER_KEY).build();
    FileDecryptionProperties keys = FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY)
        .build();
    List<String> inLine = groupSizes(writeStrings(PageCompression.IN_LINE, CompressionCodec.SNAPPY,
        DataPageVersion.V1, encryption), keys);
    List<String> helper = groupSizes(writeStrings(PageCompression.HELPER_THREAD, CompressionCodec.SNAPPY,
        DataPageVersion.V1, encryption), keys);
    assertTrue(helper.size() >= 8, helper + " groups");
    assertEquals(inLine, helper);
  }

  /** Per row group: its rows, then each chunk's stored bytes. */
  private static List<String> groupSizes(byte[] file, FileDecryptionProperties keys) {
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("f", file), keys);
    FileMetaData md = footer.decryptor().decryptColumnMetaData(footer.metadata());
    List<String> groups = new ArrayList<>();
    for (RowGroup group : md.rowGroups()) {
      StringBuilder g = new StringBuilder().append(group.numRows());
      for (ColumnChunk chunk : group.columns()) {
        g.append(' ').append(chunk.metaData().totalCompressedSize());
      }
      groups.add(g.toString());
    }
    return groups;
  }

  private static final int STRING_BATCH_ROWS = 30_000;

  private byte[] writeStrings(PageCompression where, CompressionCodec codec, DataPageVersion version)
      throws Exception {
    return writeStrings(where, codec, version, null);
  }

  private byte[] writeStrings(PageCompression where, CompressionCodec codec, DataPageVersion version,
      FileEncryptionProperties encryption) throws Exception {
    Path file = dir.resolve("strings-" + where + "-" + codec + "-" + version + "-" + (encryption != null)
        + ".parquet");
    Schema schema = new Schema(List.of(
        Field.nullable("category", ArrowType.Utf8.INSTANCE),
        Field.nullable("id", ArrowType.Utf8.INSTANCE)));
    WriterProperties.Builder b = WriterProperties.builder().pageCompression(where).dataPageVersion(version)
        .dataPageRowLimit(3000).rowGroupBytes(150_000)
        // the CRC of encrypted bytes, random, varies the header's length: encrypted pages go without
        .pageChecksum(encryption == null);
    if (encryption != null) {
      b.encryption(encryption);
    }
    if (codec == CompressionCodec.GZIP) {
      b.codec(codec, 1);
    } else {
      b.codec(codec);
    }
    java.util.Random random = new java.util.Random(18);
    try (ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, b.build())) {
      for (int batch = 0; batch < 6; batch++) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
          org.apache.arrow.vector.VarCharVector category = (org.apache.arrow.vector.VarCharVector) root.getVector(0);
          org.apache.arrow.vector.VarCharVector id = (org.apache.arrow.vector.VarCharVector) root.getVector(1);
          category.allocateNew(STRING_BATCH_ROWS);
          id.allocateNew(STRING_BATCH_ROWS);
          for (int i = 0; i < STRING_BATCH_ROWS; i++) {
            if (random.nextInt(20) != 0) {
              category.setSafe(i, ("category-" + random.nextInt(50)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            int kind = random.nextInt(40);
            if (kind == 0) {
              id.setSafe(i, new byte[0]);
            } else if (kind != 1) {
              byte[] value = new byte[8 + random.nextInt(33)];
              for (int k = 0; k < value.length; k++) {
                value[k] = (byte) (k % 2 == 0 ? 'a' + random.nextInt(26) : 'x');
              }
              id.setSafe(i, value);
            }
          }
          root.setRowCount(STRING_BATCH_ROWS);
          w.write(root);
        }
      }
    }
    return Files.readAllBytes(file);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("versions")
  void encryptedPagesOnTheHelperReadBackAsInLineOnes(DataPageVersion version) throws Exception {
    FileEncryptionProperties encryption = EncryptedWriteFixture.columnKeys().build();
    byte[] inLine = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("in-line.parquet"),
        EncryptedWriteFixture.writer(encryption, version).pageCompression(PageCompression.IN_LINE).build());
    byte[] helper = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("helper.parquet"),
        EncryptedWriteFixture.writer(encryption, version).pageCompression(PageCompression.HELPER_THREAD).build());
    // the nonces (and so the CRCs, whose varints vary in length) differ from file to file; the
    // values and the chunks' make-up must not
    FileDecryptionProperties keys = EncryptedWriteFixture.readKeys().build();
    assertEquals(EncryptedWriteFixture.ROWS,
        EncryptedWriteFixture.readAndCompare(memory.allocator(), new ByteBufferInputFile("in-line", inLine), keys));
    assertEquals(EncryptedWriteFixture.ROWS,
        EncryptedWriteFixture.readAndCompare(memory.allocator(), new ByteBufferInputFile("helper", helper), keys));
    assertEquals(chunks(inLine, keys), chunks(helper, keys));
  }

  /** Each column chunk's values, encodings and page encoding counts, chunk by chunk. */
  private static List<String> chunks(byte[] file, FileDecryptionProperties keys) {
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("f", file), keys);
    FileMetaData md = footer.decryptor().decryptColumnMetaData(footer.metadata());
    List<String> places = new ArrayList<>();
    for (RowGroup group : md.rowGroups()) {
      for (ColumnChunk chunk : group.columns()) {
        places.add(chunk.metaData().numValues() + " " + chunk.metaData().encodings() + " "
            + chunk.metaData().encodingStats());
      }
    }
    assertEquals(3 * 6, places.size(), "three row groups of six leaves");
    return places;
  }

  static List<DataPageVersion> versions() {
    return List.of(DataPageVersion.values());
  }

  @Test
  void manyWritersAtOnceShareTheHelpersAndWriteWhatOneWriterWrites() throws Exception {
    byte[] expected = write(PageCompression.IN_LINE, CompressionCodec.SNAPPY, DataPageVersion.V1, "fallback", 4000);
    int writers = 2 * (PageLane.helperThreads() + 1) + 1;
    ExecutorService callers = Executors.newFixedThreadPool(writers);
    try {
      List<Future<byte[]>> files = new ArrayList<>();
      CountDownLatch start = new CountDownLatch(1);
      for (int i = 0; i < writers; i++) {
        int n = i;
        files.add(callers.submit(() -> {
          start.await();
          return write(dir.resolve("w" + n + ".parquet"), PageCompression.HELPER_THREAD, CompressionCodec.SNAPPY,
              DataPageVersion.V1, "fallback", 4000);
        }));
      }
      start.countDown();
      for (Future<byte[]> f : files) {
        assertArrayEquals(expected, f.get(2, TimeUnit.MINUTES));
      }
    } finally {
      callers.shutdownNow();
    }
    assertTrue(helperThreadsAlive() <= PageLane.helperThreads(),
        "helper threads: " + helperThreadsAlive() + ", pool size " + PageLane.helperThreads());
  }

  @Test
  void aFailureOnTheHelperIsThrownOnTheWritersThreadAsItWasThrown() {
    PageLane lane = new PageLane(PageCompression.HELPER_THREAD);
    ParquetException failure = new ParquetException("the codec failed") {};
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    lane.submit(true, () -> {
      ranOn.set(Thread.currentThread());
      throw failure;
    }, page -> {
      throw new AssertionError("a failed page reached its column");
    });
    ParquetException thrown = assertThrows(ParquetException.class, lane::await);
    assertSame(failure, thrown);
    assertTrue(ranOn.get() != null);
    // thrown once: the lane takes the next page
    AtomicReference<PageWriter.StoredPage> stored = new AtomicReference<>();
    PageWriter.StoredPage page = new PageWriter.StoredPage(new byte[1], new byte[2], 2);
    lane.submit(true, () -> page, stored::set);
    lane.await();
    assertSame(page, stored.get());
  }

  @Test
  void aFailureIsThrownBySubmittingTheNextPageWhenNothingAwaitedIt() {
    PageLane lane = new PageLane(PageCompression.HELPER_THREAD);
    IllegalStateException failure = new IllegalStateException("encryption failed");
    lane.submit(true, () -> {
      throw failure;
    }, page -> {});
    assertSame(failure, assertThrows(IllegalStateException.class,
        () -> lane.submit(true, () -> null, page -> {})));
  }

  @Test
  void aPageNoHelperStartedRunsOnTheWaitingThreadAndQuiesceDropsAQueuedOne() throws Exception {
    // every helper busy: a waiting writer does its page itself instead of waiting behind them
    int helpers = PageLane.helperThreads();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch busy = new CountDownLatch(helpers);
    List<PageLane> blockers = new ArrayList<>();
    try {
      for (int i = 0; i < helpers; i++) {
        PageLane blocker = new PageLane(PageCompression.HELPER_THREAD);
        blockers.add(blocker);
        blocker.submit(true, () -> {
          busy.countDown();
          awaitQuietly(release);
          return null;
        }, page -> {});
      }
      assertTrue(busy.await(1, TimeUnit.MINUTES), "helpers started");
      PageLane lane = new PageLane(PageCompression.HELPER_THREAD);
      AtomicReference<Thread> ranOn = new AtomicReference<>();
      lane.submit(true, () -> {
        ranOn.set(Thread.currentThread());
        return null;
      }, page -> {});
      lane.await();
      assertSame(Thread.currentThread(), ranOn.get());
      // a queued page dropped by quiesce never runs
      PageLane closing = new PageLane(PageCompression.HELPER_THREAD);
      AtomicInteger runs = new AtomicInteger();
      closing.submit(true, () -> {
        runs.incrementAndGet();
        return null;
      }, page -> {});
      closing.quiesce();
      release.countDown();
      for (PageLane blocker : blockers) {
        blocker.await();
      }
      closing.await(); // nothing left to wait for
      assertEquals(0, runs.get());
    } finally {
      release.countDown();
    }
  }

  @Test
  void inLineLanesUseOneBodyBufferAndHelperLanesTwo() {
    PageLane inLine = new PageLane(PageCompression.IN_LINE);
    ByteSink first = inLine.freeBody();
    inLine.submit(true, () -> null, page -> {});
    assertSame(first, inLine.freeBody());
    PageLane helper = new PageLane(PageCompression.HELPER_THREAD);
    ByteSink a = helper.freeBody();
    helper.submit(true, () -> null, page -> {});
    assertFalse(a == helper.freeBody(), "the next page is not encoded into the buffer in flight");
    helper.await();
  }

  @Test
  void theDefaultIsTheHelperThread() {
    assertEquals(PageCompression.HELPER_THREAD, WriterProperties.builder().build().pageCompression());
    assertThrows(NullPointerException.class, () -> WriterProperties.builder().pageCompression(null));
  }

  @Test
  void aWriterFailingAfterPagesWentToTheHelperLeavesNoFile() throws Exception {
    Path file = dir.resolve("failed.parquet");
    Schema schema = WriterOutputIdentityTest.schema();
    WriterProperties properties = WriterProperties.builder().codec(CompressionCodec.ZSTD).dataPageRowLimit(200)
        .pageCompression(PageCompression.HELPER_THREAD).build();
    try (DictionaryProvider.MapDictionaryProvider dictionaries = WriterTypeCases.dictionaries(memory.allocator())) {
      ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, dictionaries, properties);
      try (VectorSchemaRoot root = WriterOutputIdentityTest.batch(memory.allocator(), schema, 0)) {
        w.write(root);
      }
      // a batch of another schema fails the writer while its pages may be in flight
      try (VectorSchemaRoot other = VectorSchemaRoot.create(EncryptedWriteFixture.schema(), memory.allocator())) {
        assertThrows(SchemaMismatchException.class, () -> w.write(other));
      }
      assertThrows(WriterFailedException.class, w::close);
      w.close(); // reported once
    }
    assertFalse(Files.exists(file));
    try (var listing = Files.list(dir)) {
      assertEquals(List.of(), listing.toList(), "no temporary file left");
    }
  }

  private byte[] write(PageCompression where, CompressionCodec codec, DataPageVersion version, String dictionary,
      int pageRows) throws Exception {
    return write(dir.resolve(where + "-" + codec + "-" + version + "-" + dictionary + "-" + pageRows + ".parquet"),
        where, codec, version, dictionary, pageRows);
  }

  /** Two or more batches of the identity test's table (at least ten pages), row groups of five pages. */
  private byte[] write(Path file, PageCompression where, CompressionCodec codec, DataPageVersion version,
      String dictionary, int pageRows) throws Exception {
    WriterProperties.Builder b = WriterProperties.builder().createdBy("page compression test")
        .pageCompression(where).dataPageVersion(version).dataPageRowLimit(pageRows).pageChecksum(true)
        .rowGroupRows(5L * pageRows);
    if (codec == CompressionCodec.GZIP) {
      b.codec(codec, 1); // its default level 9 takes long and tests nothing more here
    } else {
      b.codec(codec);
    }
    if (dictionary.equals("none")) {
      b.dictionary(false);
    } else {
      b.dictionaryPageSizeLimit(1024); // outgrown: the fallback after dictionary pages
    }
    Schema schema = WriterOutputIdentityTest.schema();
    try (DictionaryProvider.MapDictionaryProvider dictionaries = WriterTypeCases.dictionaries(memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, dictionaries, b.build())) {
      int batches = Math.max(2, 10 * pageRows / WriterOutputIdentityTest.ROWS_PER_BATCH);
      for (int batch = 0; batch < batches; batch++) {
        try (VectorSchemaRoot root = WriterOutputIdentityTest.batch(memory.allocator(), schema,
            batch * WriterOutputIdentityTest.ROWS_PER_BATCH)) {
          w.write(root);
        }
      }
    }
    return Files.readAllBytes(file);
  }

  private static long helperThreadsAlive() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("parquet-arrow-page-compression-")).count();
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
