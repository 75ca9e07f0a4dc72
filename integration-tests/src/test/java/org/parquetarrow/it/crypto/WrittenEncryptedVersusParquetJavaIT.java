package org.parquetarrow.it.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.FileEncryptionProperties;
import org.parquetarrow.crypto.ParquetCipher;
import org.parquetarrow.write.DataPageVersion;

/**
 * Files our writer encrypts, read by parquet-java 1.18 with the same keys: both algorithms, both
 * footer modes, v1 and v2 pages, uniform encryption and per-column keys with some columns left
 * in plaintext (a nested list leaf among the encrypted ones). parquet-java must read the same
 * values as our reader, decrypt the column index, offset index and bloom filter of encrypted
 * columns and find in them the values written; and, without keys, read the plaintext columns of a
 * plaintext-footer file while refusing its encrypted ones.
 */
class WrittenEncryptedVersusParquetJavaIT {
  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> parquetJavaReadsWhatWeEncrypt() {
    List<DynamicTest> tests = new ArrayList<>();
    for (ParquetCipher cipher : ParquetCipher.values()) {
      for (boolean plaintextFooter : new boolean[] {false, true}) {
        for (DataPageVersion pages : DataPageVersion.values()) {
          for (boolean uniform : new boolean[] {false, true}) {
            String name = cipher + (plaintextFooter ? " plaintext footer " : " encrypted footer ") + pages
                + (uniform ? " uniform" : " column keys");
            tests.add(DynamicTest.dynamicTest(name, () -> compare(cipher, plaintextFooter, pages, uniform)));
          }
        }
      }
    }
    return tests.stream();
  }

  private void compare(ParquetCipher cipher, boolean plaintextFooter, DataPageVersion pages, boolean uniform)
      throws Exception {
    FileEncryptionProperties.Builder enc = uniform ? FileEncryptionProperties.builder(EncryptedWriteFixture.FOOTER_KEY)
        : EncryptedWriteFixture.columnKeys();
    enc.algorithm(cipher).plaintextFooter(plaintextFooter).aadPrefix("tbl/part-0".getBytes(StandardCharsets.US_ASCII));
    Path file = write(enc.build(), pages);
    FileDecryptionProperties keys = EncryptedWriteFixture.readKeys().build();
    List<String> leafPaths = new ArrayList<>();
    Map<String, List<String>> ours = EncryptedReadVersusParquetJavaIT.ours(file, keys, null, leafPaths);
    org.apache.parquet.crypto.FileDecryptionProperties theirKeys =
        EncryptedReadVersusParquetJavaIT.parquetJavaKeys(keys, leafPaths);
    Map<String, List<String>> theirs = EncryptedReadVersusParquetJavaIT.theirs(file, theirKeys);
    assertEquals(List.of(Integer.toString(EncryptedWriteFixture.ROWS)), theirs.get(EncryptedReadVersusParquetJavaIT.ROWS));
    EncryptedReadVersusParquetJavaIT.assertSameColumns(theirs, ours);
    checkIndexesAndBloomFilters(file, EncryptedReadVersusParquetJavaIT.parquetJavaKeys(keys, leafPaths));
  }

  private Path write(FileEncryptionProperties encryption, DataPageVersion pages) throws Exception {
    Path file = dir.resolve("f-" + System.nanoTime() + ".parquet");
    try (BufferAllocator allocator = new RootAllocator()) {
      EncryptedWriteFixture.write(allocator, file, EncryptedWriteFixture.writer(encryption, pages).build());
    }
    return file;
  }

  /**
   * parquet-java decrypts the page index and bloom filters of every column: each page's bounds in
   * the column index hold the values of its rows (row i has score i * 0.5 unless i % 7 == 0, name
   * "n(i % 37)" unless i % 11 == 0), and the bloom filters find them.
   */
  private static void checkIndexesAndBloomFilters(Path file, org.apache.parquet.crypto.FileDecryptionProperties keys)
      throws IOException {
    ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration()).withDecryption(keys).build();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file), options)) {
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      assertEquals(3, blocks.size());
      long rowBase = 0;
      for (BlockMetaData block : blocks) {
        assertEquals(6, block.getColumns().size());
        for (ColumnChunkMetaData c : block.getColumns()) {
          OffsetIndex oi = r.readOffsetIndex(c);
          assertNotNull(oi, c.getPath().toDotString());
          assertNotNull(r.readColumnIndex(c), c.getPath().toDotString());
        }
        ColumnChunkMetaData score = column(block, "score");
        ColumnIndex ci = r.readColumnIndex(score);
        OffsetIndex oi = r.readOffsetIndex(score);
        BloomFilter scoreBloom = r.readBloomFilter(score);
        BloomFilter nameBloom = r.readBloomFilter(column(block, "name"));
        assertNotNull(scoreBloom);
        assertNotNull(nameBloom);
        assertTrue(oi.getPageCount() > 1);
        for (int p = 0; p < oi.getPageCount(); p++) {
          double min = Double.MAX_VALUE;
          double max = -Double.MAX_VALUE;
          for (long row = oi.getFirstRowIndex(p); row <= oi.getLastRowIndex(p, block.getRowCount()); row++) {
            long i = rowBase + row;
            if (i % 7 != 0) {
              min = Math.min(min, i * 0.5);
              max = Math.max(max, i * 0.5);
              assertTrue(scoreBloom.findHash(scoreBloom.hash(i * 0.5)), "score bloom misses row " + i);
            }
            if (i % 11 != 0) {
              Binary name = Binary.fromString("n" + (i % 37));
              assertTrue(nameBloom.findHash(nameBloom.hash(name)), "name bloom misses row " + i);
            }
          }
          assertEquals(min, ci.getMinValues().get(p).order(java.nio.ByteOrder.LITTLE_ENDIAN).getDouble(0), "page " + p);
          assertEquals(max, ci.getMaxValues().get(p).order(java.nio.ByteOrder.LITTLE_ENDIAN).getDouble(0), "page " + p);
        }
        rowBase += block.getRowCount();
      }
    }
  }

  private static ColumnChunkMetaData column(BlockMetaData block, String path) {
    return block.getColumns().stream().filter(c -> c.getPath().toDotString().equals(path)).findFirst().orElseThrow();
  }

  /**
   * Only columns with keys of their own: parquet-java 1.18 refuses, already while parsing the
   * footer, any file with a column encrypted with the footer key when it has no keys.
   */
  @Test
  void plaintextFooterFileReadWithoutKeysGivesThePlaintextColumns() throws Exception {
    FileEncryptionProperties ownKeysOnly = FileEncryptionProperties.builder(EncryptedWriteFixture.FOOTER_KEY)
        .plaintextFooter(true)
        .columnKey("name", EncryptedWriteFixture.NAME_KEY, null)
        .columnKey(EncryptedWriteFixture.TAGS_LEAF, EncryptedWriteFixture.TAGS_KEY, null)
        .build();
    Path file = write(ownKeysOnly, DataPageVersion.V1);
    List<String> leafPaths = new ArrayList<>();
    Map<String, List<String>> ours = EncryptedReadVersusParquetJavaIT.ours(file, null, null, leafPaths, "id", "point");
    Map<String, List<String>> theirs = withoutKeys(file,
        "message m { required int64 id; optional group point { optional int32 x; optional int32 y; } }");
    EncryptedReadVersusParquetJavaIT.assertSameColumns(theirs, ours);
    // row 0 has a null point, row 1 the point (1, -1); row 4999 the id 4999
    assertEquals(List.of("null", "i:1", "i:-1"), theirs.get("point").subList(0, 3));
    assertEquals("i:4999", theirs.get("id").get(EncryptedWriteFixture.ROWS - 1));
    assertThrows(Exception.class, () -> withoutKeys(file, "message m { optional binary name (STRING); }"));
  }

  /** The columns of {@code projection} as parquet-java reads them without any key. */
  private static Map<String, List<String>> withoutKeys(Path file, String projection) throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    conf.set(ReadSupport.PARQUET_READ_SCHEMA, projection);
    Map<String, List<String>> theirs = new LinkedHashMap<>();
    long rows = 0;
    try (ParquetReader<Group> r = new ParquetReader.Builder<Group>(new LocalInputFile(file), conf) {
          @Override
          protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
          }
        }.build()) {
      for (Group g = r.read(); g != null; g = r.read()) {
        for (int field = 0; field < g.getType().getFieldCount(); field++) {
          List<String> out = theirs.computeIfAbsent(g.getType().getFieldName(field), k -> new ArrayList<>());
          if (g.getFieldRepetitionCount(field) == 0) {
            out.add("null");
          } else if (g.getType().getType(field).isPrimitive()) {
            out.add("i:" + g.getLong(field, 0));
          } else {
            Group p = g.getGroup(field, 0);
            for (int f = 0; f < 2; f++) {
              if (p.getFieldRepetitionCount(f) > 0) {
                out.add("i:" + p.getInteger(f, 0));
              }
            }
          }
        }
        rows++;
      }
    }
    theirs.put(EncryptedReadVersusParquetJavaIT.ROWS, List.of(Long.toString(rows)));
    return theirs;
  }
}
