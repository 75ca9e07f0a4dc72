package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageType;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * When a chunk keeps its dictionary and when it goes PLAIN, with the default 20000-row pages and
 * 1 MiB dictionary limit: mostly unique values give it up on the first page (no dictionary page at
 * all); sorted keys repeated a few times each, whose dictionary grows by the same amount every
 * page, go PLAIN from the second page when that compresses smaller (and the chunk is then smaller
 * than with the dictionary kept), though not uncompressed; values drawn at random from a set that
 * fits the dictionary keep it, though its first pages add entries fast.
 */
class DictionaryChoiceTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 200_000;

  private Path write(String name, LongUnaryOperator value, WriterProperties properties) throws Exception {
    Path file = dir.resolve(name + ".parquet");
    Schema schema = new Schema(List.of(Field.notNullable("k", new ArrowType.Int(64, true))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, properties)) {
      BigIntVector v = (BigIntVector) root.getVector(0);
      v.allocateNew(ROWS);
      for (int i = 0; i < ROWS; i++) {
        v.set(i, value.applyAsLong(i));
      }
      root.setRowCount(ROWS);
      w.write(root);
    }
    // whatever was chosen, the values read back
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      long row = 0;
      VectorSchemaRoot next;
      while ((next = r.readNextBatch()) != null) {
        try (VectorSchemaRoot b = next) {
          BigIntVector v = (BigIntVector) b.getVector(0);
          for (int i = 0; i < b.getRowCount(); i++, row++) {
            assertEquals(value.applyAsLong(row), v.get(i), "row " + row);
          }
        }
      }
      assertEquals(ROWS, row);
    }
    return file;
  }

  private static ColumnMetaData chunk(Path file) throws Exception {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      return ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData();
    }
  }

  /** Data pages per encoding, and the number of dictionary pages under key {@code null}. */
  private static Map<String, Integer> pages(ColumnMetaData c) {
    Map<String, Integer> out = new TreeMap<>();
    for (PageEncodingStats s : c.encodingStats()) {
      out.merge(s.pageType() == PageType.DICTIONARY_PAGE ? "dictionary" : s.encoding().name(), s.count(), Integer::sum);
    }
    return out;
  }

  private static WriterProperties codec(CompressionCodec codec) {
    return WriterProperties.builder().codec(codec).build();
  }

  /** 4 rows per key, ascending: every 20000-row page adds 5000 keys (40 KB) to the dictionary. */
  private static long sortedKey(long row) {
    return 1_000_000 + row / 4;
  }

  @Test
  void sortedKeysGoPlainFromTheSecondPageWhenThatCompressesSmaller() throws Exception {
    Path file = write("sorted", DictionaryChoiceTest::sortedKey, codec(CompressionCodec.SNAPPY));
    ColumnMetaData c = chunk(file);
    // 40 KB per page would pass 1 MiB before a 1Mi-row group ends; the first page keeps its ids
    assertEquals(Map.of("dictionary", 1, "RLE_DICTIONARY", 1, "PLAIN", 9), pages(c));
    // kept all the way (a limit the projection cannot pass), the dictionary makes a larger chunk
    Path kept = write("sorted-kept", DictionaryChoiceTest::sortedKey,
        WriterProperties.builder().codec(CompressionCodec.SNAPPY).dictionaryPageSizeLimit(64 << 20).build());
    ColumnMetaData k = chunk(kept);
    assertEquals(Map.of("dictionary", 1, "RLE_DICTIONARY", 10), pages(k));
    assertTrue(c.totalCompressedSize() < k.totalCompressedSize(),
        c.totalCompressedSize() + " vs " + k.totalCompressedSize());
  }

  @Test
  void rowGroupsSizedByBytesAloneStillDecideAtOnce() throws Exception {
    // no row limit and a 1 GiB dictionary: 40 KB a page fills it only after 26000 pages
    WriterProperties p = WriterProperties.builder().codec(CompressionCodec.SNAPPY).rowGroupRows(Long.MAX_VALUE)
        .dictionaryPageSizeLimit(1 << 30).build();
    ColumnMetaData c = assertTimeoutPreemptively(Duration.ofSeconds(30),
        () -> chunk(write("by-bytes", DictionaryChoiceTest::sortedKey, p)));
    assertEquals(Map.of("dictionary", 1, "RLE_DICTIONARY", 1, "PLAIN", 9), pages(c));
  }

  @Test
  void uncompressedSortedKeysKeepTheDictionary() throws Exception {
    // ids of 16 bits plus 8-byte entries for one row in four: 4 bytes a row against PLAIN's 8
    ColumnMetaData c = chunk(write("sorted-plain", DictionaryChoiceTest::sortedKey, codec(CompressionCodec.UNCOMPRESSED)));
    assertEquals(Map.of("dictionary", 1, "RLE_DICTIONARY", 10), pages(c));
  }

  @Test
  void valuesRepeatingAtRandomKeepTheDictionary() throws Exception {
    // 60000 keys (480 KB of entries, under the limit): the first page adds about 17000, the second
    // 12200, and each later one about 0.72 times the one before, so the dictionary levels off
    // below its limit. Taken as steady, 12200 a page would pass 1 MiB and PLAIN (random values
    // under 2^16 compress to about 2 bytes of 8) would look smaller than ids plus new entries.
    SplittableRandom random = new SplittableRandom(7);
    long[] keys = random.longs(ROWS, 0, 60_000).toArray();
    ColumnMetaData c = chunk(write("random", row -> keys[(int) row], codec(CompressionCodec.SNAPPY)));
    assertEquals(Map.of("dictionary", 1, "RLE_DICTIONARY", 10), pages(c));
  }

  @Test
  void mostlyUniqueValuesGiveItUpOnTheFirstPage() throws Exception {
    SplittableRandom random = new SplittableRandom(11);
    long[] keys = random.longs(ROWS).toArray();
    ColumnMetaData c = chunk(write("unique", row -> keys[(int) row], codec(CompressionCodec.SNAPPY)));
    assertEquals(Map.of("PLAIN", 10), pages(c));
    assertNull(c.dictionaryPageOffset());
  }
}
