package org.parquetarrow.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * Real pages written by other implementations (parquet-mr, parquet-cpp, Arrow C++, parquet-rs,
 * Impala, DuckDB, Polars…), found by hand in the corpus files. Every one must decode to exactly its
 * header's uncompressed size, and where a golden exists the bytes must be the values Arrow C++ read
 * from the same file.
 */
class CorpusPagesTest {
  /** Keeps the two 1 GiB dictionary/data pages of large_string_map.brotli out of the sweep. */
  private static final int MAX_PAGE = 16 << 20;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void everyCompressedPageInTheCorpusDecodesToItsHeaderSize() throws Exception {
    List<Path> files = new ArrayList<>();
    Path parquetTesting = TestData.parquetTesting();
    for (String dir :
        new String[] {"data", "shredded_variant", "bad_data/ARROW-GH-43605.parquet"}) {
      files.addAll(parquetFiles(parquetTesting.resolve(dir)));
    }
    files.addAll(parquetFiles(TestData.arrowTesting().resolve("data/parquet")));

    Map<CompressionCodec, Integer> pagesPerCodec = new EnumMap<>(CompressionCodec.class);
    Map<CompressionCodec, Decompressor> decompressors = new EnumMap<>(CompressionCodec.class);
    try {
      for (Path file : files) {
        for (CorpusPages.Page page : CorpusPages.compressedPages(file)) {
          if (page.uncompressedLength() > MAX_PAGE) {
            continue;
          }
          Decompressor d = decompressors.computeIfAbsent(page.codec(), Codecs::decompressor);
          byte[] out = new byte[page.uncompressedLength()];
          int n =
              d.decompress(
                  page.fileBytes(), page.offset(), page.compressedLength(), out, 0, out.length);
          assertEquals(page.uncompressedLength(), n, page::toString);
          pagesPerCodec.merge(page.codec(), 1, Integer::sum);
        }
      }
    } finally {
      decompressors.values().forEach(Decompressor::close);
    }
    for (CompressionCodec c :
        List.of(
            CompressionCodec.SNAPPY,
            CompressionCodec.GZIP,
            CompressionCodec.BROTLI,
            CompressionCodec.LZ4,
            CompressionCodec.ZSTD,
            CompressionCodec.LZ4_RAW)) {
      assertTrue(pagesPerCodec.getOrDefault(c, 0) > 0, "no " + c + " page in the corpus sweep");
    }
    // 216 ZSTD dictionary pages and 216 data pages in nested_structs.rust.parquet alone
    assertTrue(pagesPerCodec.get(CompressionCodec.ZSTD) >= 432, pagesPerCodec::toString);
  }

  @Test
  void pagesOfTheFuzzerReproducersDecodeOrFailAsCorrupt() throws Exception {
    int pages = 0;
    int corrupt = 0;
    for (Path file : TestData.filesUnder(TestData.arrowTesting().resolve("data/parquet/fuzzing"))) {
      for (CorpusPages.Page page : CorpusPages.compressedPagesBestEffort(file)) {
        if (page.uncompressedLength() > MAX_PAGE) {
          continue;
        }
        pages++;
        try (Decompressor d = Codecs.decompressor(page.codec())) {
          d.decompress(
              page.fileBytes(),
              page.offset(),
              page.compressedLength(),
              new byte[page.uncompressedLength()],
              0,
              page.uncompressedLength());
        } catch (CorruptFileException | org.parquetarrow.UnsupportedFeatureException e) {
          corrupt++;
        }
      }
    }
    // 30 SNAPPY, ZSTD, BROTLI and LZ4 pages can be located in the 137 reproducers
    assertTrue(pages >= 25, "only " + pages + " pages found in the reproducers");
    assertTrue(corrupt > 0, "no reproducer page was corrupt");
  }

  @Test
  void twoGzipMembersInOnePageDecodeToTheValuesArrowCppRead() throws Exception {
    CorpusPages.Page page = onlyPage("concatenated_gzip_members.parquet", "long_col", 0);
    byte[] compressed = page.compressed();
    assertTrue(secondGzipMemberOffset(compressed) > 0, "the page should hold two gzip members");

    byte[] values = decompress(page);
    List<Object> golden =
        Goldens.column(memory.allocator(), "concatenated_gzip_members.parquet", "long_col");
    assertEquals(513, golden.size());
    assertArrayEquals(int64LittleEndian(golden), values);
  }

  @Test
  void lz4RawPageHoldsTheValuesArrowCppRead() throws Exception {
    byte[] values = decompress(onlyPage("lz4_raw_compressed.parquet", "c0", 0));
    List<Object> golden = Goldens.column(memory.allocator(), "lz4_raw_compressed.parquet", "c0");
    assertArrayEquals(int64LittleEndian(golden), values);
  }

  @Test
  void hadoopFramedAndBareLz4PagesOfTwoWritersAgreeWithEachOtherAndWithArrowCpp() throws Exception {
    for (String column : new String[] {"c0", "c1", "v11"}) {
      CorpusPages.Page hadoop = onlyPage("hadoop_lz4_compressed.parquet", column, 0);
      CorpusPages.Page bare = onlyPage("non_hadoop_lz4_compressed.parquet", column, 0);
      assertEquals(CorpusPages.DICTIONARY_PAGE, hadoop.type());
      assertEquals(CorpusPages.DICTIONARY_PAGE, bare.type());
      // parquet-mr framed its page (first word = uncompressed size), parquet-cpp did not
      assertEquals(
          hadoop.uncompressedLength(),
          AbstractDecompressor.readIntBigEndian(hadoop.fileBytes(), hadoop.offset()));
      assertArrayEquals(decompress(hadoop), decompress(bare), column);
    }
    List<Object> c0 = Goldens.column(memory.allocator(), "hadoop_lz4_compressed.parquet", "c0");
    byte[] dictionary = decompress(onlyPage("hadoop_lz4_compressed.parquet", "c0", 0));
    assertArrayEquals(int64LittleEndian(new ArrayList<>(new LinkedHashSet<>(c0))), dictionary);
  }

  @Test
  void hadoopLz4PageOfThreeBlocksHoldsTheStringsArrowCppRead() throws Exception {
    CorpusPages.Page page = onlyPage("hadoop_lz4_compressed_larger.parquet", "a", 0);
    assertEquals(3, hadoopBlockCount(page), "the page should hold three Hadoop LZ4 blocks");
    byte[] values = decompress(page);
    List<Object> golden =
        Goldens.column(memory.allocator(), "hadoop_lz4_compressed_larger.parquet", "a");
    assertArrayEquals(plainByteArrays(golden), values);
  }

  @Test
  void lz4RawLargerPageHoldsTheStringsArrowCppRead() throws Exception {
    byte[] values = decompress(onlyPage("lz4_raw_compressed_larger.parquet", "a", 0));
    List<Object> golden =
        Goldens.column(memory.allocator(), "lz4_raw_compressed_larger.parquet", "a");
    assertArrayEquals(plainByteArrays(golden), values);
  }

  @Test
  void snappyDictionaryPageOfImpalaHoldsTheIdsArrowCppRead() throws Exception {
    byte[] dictionary = decompress(onlyPage("alltypes_plain.snappy.parquet", "id", 0));
    List<Object> ids = Goldens.column(memory.allocator(), "alltypes_plain.snappy.parquet", "id");
    ByteBuffer expected = ByteBuffer.allocate(4 * ids.size()).order(ByteOrder.LITTLE_ENDIAN);
    ids.forEach(id -> expected.putInt((Integer) id));
    assertArrayEquals(expected.array(), dictionary);
  }

  @Test
  void zstdFrameOfZeroBytesDecodesToAnEmptyPage() throws Exception {
    CorpusPages.Page page = onlyPage("page_v2_empty_compressed.parquet", "integer_column", 0);
    assertEquals(0, page.uncompressedLength());
    assertTrue(page.compressedLength() > 0);
    try (Decompressor d = Codecs.decompressor(CompressionCodec.ZSTD)) {
      assertEquals(
          0,
          d.decompress(
              page.fileBytes(), page.offset(), page.compressedLength(), new byte[0], 0, 0));
      // a frame of 0 bytes is not a frame of 1 byte
      assertThrows(
          CorruptFileException.class,
          () ->
              d.decompress(
                  page.fileBytes(), page.offset(), page.compressedLength(), new byte[1], 0, 1));
    }
  }

  @Test
  void brotliPageOfOneGibibyteIsStoppedAtTheClaimedSize() throws Exception {
    CorpusPages.Page page = onlyPage("large_string_map.brotli.parquet", "arr.key_value.key", 0);
    assertTrue(page.uncompressedLength() > 1 << 30);
    int claimed = 1 << 20;
    byte[] out = new byte[claimed + 64];
    try (Decompressor d = Codecs.decompressor(CompressionCodec.BROTLI)) {
      CorruptFileException e =
          assertThrows(
              CorruptFileException.class,
              () ->
                  d.decompress(
                      page.fileBytes(), page.offset(), page.compressedLength(), out, 0, claimed));
      assertTrue(e.getMessage().contains("more bytes than the page header"), e::getMessage);
    }
    for (int i = claimed; i < out.length; i++) {
      assertEquals(0, out[i], "byte written past the claimed size");
    }
  }

  private static List<Path> parquetFiles(Path dirOrFile) throws Exception {
    if (Files.isRegularFile(dirOrFile)) {
      return List.of(dirOrFile);
    }
    try (Stream<Path> s = Files.list(dirOrFile)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".parquet"))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static CorpusPages.Page onlyPage(String file, String column, int ordinal)
      throws Exception {
    Path path = TestData.parquetTesting().resolve("data").resolve(file);
    return CorpusPages.compressedPages(path).stream()
        .filter(p -> p.column().equals(column) && p.ordinal() == ordinal)
        .findFirst()
        .orElseThrow(
            () -> new AssertionError(file + " has no page " + ordinal + " in column " + column));
  }

  private static byte[] decompress(CorpusPages.Page page) {
    byte[] out = new byte[page.uncompressedLength()];
    try (Decompressor d = Codecs.decompressor(page.codec())) {
      d.decompress(page.fileBytes(), page.offset(), page.compressedLength(), out, 0, out.length);
    }
    return out;
  }

  /** Where the second gzip member starts, found by decoding the first with the JDK's stream. */
  private static int secondGzipMemberOffset(byte[] page) throws Exception {
    java.util.zip.Inflater inflater = new java.util.zip.Inflater(true);
    try {
      inflater.setInput(page, 10, page.length - 10); // the writer set no header flags
      byte[] sink = new byte[1 << 16];
      while (!inflater.finished()) {
        inflater.inflate(sink);
      }
      int next = page.length - inflater.getRemaining() + 8;
      return next < page.length && (page[next] & 0xff) == 0x1f ? next : -1;
    } finally {
      inflater.end();
    }
  }

  private static int hadoopBlockCount(CorpusPages.Page page) {
    int pos = page.offset();
    int end = page.offset() + page.compressedLength();
    int blocks = 0;
    while (pos < end) {
      pos += 8 + AbstractDecompressor.readIntBigEndian(page.fileBytes(), pos + 4);
      blocks++;
    }
    assertEquals(end, pos);
    return blocks;
  }

  private static byte[] int64LittleEndian(List<Object> values) {
    ByteBuffer b = ByteBuffer.allocate(8 * values.size()).order(ByteOrder.LITTLE_ENDIAN);
    values.forEach(v -> b.putLong((Long) v));
    return b.array();
  }

  /** PLAIN BYTE_ARRAY: each value as a 4-byte little-endian length and its bytes. */
  private static byte[] plainByteArrays(List<Object> values) {
    int size = 0;
    List<byte[]> bytes = new ArrayList<>();
    for (Object v : values) {
      byte[] b = v.toString().getBytes(StandardCharsets.UTF_8);
      bytes.add(b);
      size += 4 + b.length;
    }
    ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    for (byte[] b : bytes) {
      out.putInt(b.length).put(b);
    }
    return out.array();
  }
}
