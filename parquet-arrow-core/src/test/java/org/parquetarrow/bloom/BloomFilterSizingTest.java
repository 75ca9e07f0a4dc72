package org.parquetarrow.bloom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
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
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The writer sizes each chunk's bloom filter for the distinct values the chunk holds, at most the
 * configured bound. Expected sizes come from the sizing rule worked out by hand: {@code -8 n /
 * ln(1 - p^(1/8))} bits, which at p = 0.01 is 9.6816 bits (1.2102 bytes) per distinct value,
 * rounded up to a power of two bytes of at least 32 (parquet-java's optimalNumOfBits).
 */
class BloomFilterSizingTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema SCHEMA = new Schema(List.of(
      new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("city", FieldType.nullable(new ArrowType.Utf8()), null)));

  /** Writes {@code rows} rows, {@code id} = ids(row) and {@code city} = "city-" + ids(row), one row group. */
  private Path write(String name, int rows, IntFunction<Long> ids, BloomFilterOptions options) throws Exception {
    Path p = dir.resolve(name);
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(rows)
        .column("id", c -> c.bloomFilter(options))
        .column("city", c -> c.bloomFilter(options))
        .build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(p, SCHEMA, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector city = (VarCharVector) root.getVector("city");
      id.allocateNew(rows);
      city.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        long v = ids.apply(i);
        id.set(i, v);
        city.setSafe(i, ("city-" + v).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(rows);
      w.write(root);
    }
    return p;
  }

  /** The stored filters of the file's first row group, by column name. */
  private static List<StoredBloomFilter> filters(Path p, List<ColumnChunk> chunks) throws Exception {
    List<StoredBloomFilter> out = new ArrayList<>();
    try (LocalInputFile in = LocalInputFile.open(p)) {
      FileMetaData md = ParquetFooter.read(in).metadata();
      chunks.addAll(md.rowGroups().get(0).columns());
      for (ColumnChunk c : md.rowGroups().get(0).columns()) {
        out.add(BloomFilterReader.read(in, c.metaData()).orElseThrow());
      }
    }
    return out;
  }

  @Test
  void tenDistinctValuesGetTheSmallestFilterWhateverTheBound() throws Exception {
    // the README's example bound: a million distinct values would take 1,210,200 bytes, 2 MiB
    Path p = write("ten.parquet", 10, i -> (long) i * 1000, new BloomFilterOptions(1_000_000, 0.01));
    List<ColumnChunk> chunks = new ArrayList<>();
    List<StoredBloomFilter> stored = filters(p, chunks);
    for (int c = 0; c < 2; c++) {
      // 10 values: 96.8 bits, 13 bytes, so the spec's minimum of one 32-byte block; its header is
      // 15 bytes of compact thrift (numBytes: 0x15 0x40, then three unions of one empty struct,
      // 0x1C 0x1C 0x00 0x00 each, and the stop byte)
      assertEquals(32, stored.get(c).header().numBytes(), "header numBytes");
      assertEquals(15 + 32, chunks.get(c).metaData().bloomFilterLength(), "bloom_filter_length");
    }
    for (int v = 0; v < 10; v++) {
      long id = v * 1000L;
      byte[] city = ("city-" + id).getBytes(StandardCharsets.UTF_8);
      assertTrue(stored.get(0).filter().mightContain(SplitBlockBloomFilter.hashLong(id)), "id " + id);
      assertTrue(stored.get(1).filter().mightContain(SplitBlockBloomFilter.hashBytes(city, 0, city.length)), "city " + id);
    }
    // two 47-byte filters, not two of 2 MiB: the whole file is a few hundred bytes plus the schema
    assertTrue(Files.size(p) < 4096, "file of " + Files.size(p) + " bytes");
  }

  @Test
  void aChunkBelowTheBoundGetsTheFilterForItsDistinctCount() throws Exception {
    // 3,000 distinct ids (each twice) under a bound of 100,000 (131,072 bytes): 3,630.7 bytes, so 4,096
    Path p = write("mid.parquet", 6000, i -> (long) (i % 3000) * 7, new BloomFilterOptions(100_000, 0.01));
    List<StoredBloomFilter> stored = filters(p, new ArrayList<>());
    assertEquals(4096, stored.get(0).header().numBytes());
    assertEquals(4096, stored.get(1).header().numBytes());
    for (int i = 0; i < 3000; i++) {
      assertTrue(stored.get(0).filter().mightContain(SplitBlockBloomFilter.hashLong(i * 7L)));
    }
  }

  @Test
  void aChunkWithMoreDistinctValuesThanTheBoundGetsTheLargestFilter() throws Exception {
    // the bound of 1,000 distinct values: 1,210.2 bytes, so 2,048; the chunk holds 5,000
    Path p = write("over.parquet", 5000, i -> (long) i, new BloomFilterOptions(1000, 0.01));
    List<StoredBloomFilter> stored = filters(p, new ArrayList<>());
    assertEquals(2048, stored.get(0).header().numBytes());
    assertEquals(2048, stored.get(1).header().numBytes());
    for (int i = 0; i < 5000; i++) {
      assertTrue(stored.get(0).filter().mightContain(SplitBlockBloomFilter.hashLong(i)));
    }
  }

  @Test
  void aChunkTooLargeToCountExactlyIsSizedFromItsEstimatedCount() throws Exception {
    // 200,000 distinct ids under the README's bound (2 MiB): more than the 131,072 hashes a set no
    // larger than that filter holds at half load, yet the filter is sized for them: 242,045 bytes,
    // so 262,144, and it holds exactly the bits a filter of that size gets from the same values
    int n = 200_000;
    Path p = write("large.parquet", n, i -> (long) i * 31, new BloomFilterOptions(1_000_000, 0.01));
    List<StoredBloomFilter> stored = filters(p, new ArrayList<>());
    assertEquals(262_144, stored.get(0).header().numBytes());
    SplitBlockBloomFilter direct = new SplitBlockBloomFilter(262_144);
    for (int i = 0; i < n; i++) {
      direct.insert(SplitBlockBloomFilter.hashLong(i * 31L));
    }
    assertArrayEquals(direct.toBytes(), stored.get(0).filter().toBytes());
  }
}
