package org.parquetarrow.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.RecordingInputFile;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * What {@link BloomFilterReader} reads: one read of exactly {@code bloom_filter_length} bytes when
 * the chunk records it, never a byte twice when it does not, and a typed error naming the file,
 * column and offset for a filter that does not fit.
 */
class BloomFilterReaderTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** 5,000 distinct ids, bloom filter bound 1,000 (a 2,048-byte bitset), one row group. */
  private Path written() throws Exception {
    Path p = dir.resolve("ids.parquet");
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    WriterProperties props = WriterProperties.builder()
        .column("id", c -> c.bloomFilter(new BloomFilterOptions(1000, 0.01))).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(p, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      id.allocateNew(5000);
      for (int i = 0; i < 5000; i++) {
        id.set(i, i);
      }
      root.setRowCount(5000);
      w.write(root);
    }
    return p;
  }

  private static ColumnMetaData withLength(ColumnMetaData m, Integer length) {
    return new ColumnMetaData(m.type(), m.encodings(), m.pathInSchema(), m.codec(), m.numValues(),
        m.totalUncompressedSize(), m.totalCompressedSize(), m.keyValueMetadata(), m.dataPageOffset(),
        m.indexPageOffset(), m.dictionaryPageOffset(), m.statistics(), m.encodingStats(), m.bloomFilterOffset(),
        length, m.sizeStatistics(), m.geospatialStatistics());
  }

  private static ColumnMetaData firstChunk(InputFile in) {
    return ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData();
  }

  @Test
  void aRecordedLengthIsOneReadOfExactlyThatLength() throws Exception {
    try (LocalInputFile file = LocalInputFile.open(written())) {
      ColumnMetaData meta = firstChunk(file);
      RecordingInputFile counting = new RecordingInputFile(file);
      StoredBloomFilter stored = BloomFilterReader.read(counting, meta).orElseThrow();
      assertEquals(1, counting.reads().size());
      assertEquals(meta.bloomFilterOffset(), counting.reads().get(0).offset());
      assertEquals((long) meta.bloomFilterLength(), counting.reads().get(0).length());
      assertEquals((long) meta.bloomFilterLength(), stored.bytesRead());
      assertEquals(2048, stored.header().numBytes());
      for (long v = 0; v < 5000; v++) {
        assertTrue(stored.filter().mightContain(SplitBlockBloomFilter.hashLong(v)), "id " + v);
      }
    }
  }

  @Test
  void anUnrecordedLengthReadsNoByteTwice() throws Exception {
    try (LocalInputFile file = LocalInputFile.open(written())) {
      ColumnMetaData recorded = firstChunk(file);
      StoredBloomFilter expected = BloomFilterReader.read(file, recorded).orElseThrow();
      RecordingInputFile counting = new RecordingInputFile(file);
      // the same chunk as an older writer leaves it: the offset alone
      StoredBloomFilter stored = BloomFilterReader.read(counting, withLength(recorded, null)).orElseThrow();
      // the speculative first read, then the rest of the bitset right after it
      assertEquals(2, counting.reads().size());
      assertEquals(recorded.bloomFilterOffset(), counting.reads().get(0).offset());
      assertEquals(counting.reads().get(0).offset() + counting.reads().get(0).length(), counting.reads().get(1).offset(), "contiguous");
      assertEquals((long) recorded.bloomFilterLength(), counting.bytesRead(), "header and bitset, once");
      assertEquals(counting.bytesRead(), stored.bytesRead());
      assertEquals(java.util.Arrays.toString(expected.filter().toBytes()),
          java.util.Arrays.toString(stored.filter().toBytes()));
    }
  }

  @Test
  void aCorpusFilterWithoutLengthReadsNoByteTwice() throws Exception {
    // parquet-mr 1.13 wrote this one without bloom_filter_length
    Path p = TestData.parquetTesting().resolve("data/data_index_bloom_encoding_stats.parquet");
    try (LocalInputFile file = LocalInputFile.open(p)) {
      ColumnMetaData meta = firstChunk(file);
      assertEquals(null, meta.bloomFilterLength(), "the corpus file records no length");
      RecordingInputFile counting = new RecordingInputFile(file);
      StoredBloomFilter stored = BloomFilterReader.read(counting, meta).orElseThrow();
      long end = meta.bloomFilterOffset();
      for (FileRange r : counting.reads()) {
        assertEquals(end, r.offset(), "each read starts where the last ended");
        end += r.length();
      }
      assertTrue(counting.reads().size() <= 2, counting.reads().size() + " reads");
      assertTrue(counting.bytesRead() >= stored.header().numBytes(), "the bitset was read");
      assertTrue(stored.probeable());
      byte[] hello = "Hello".getBytes(StandardCharsets.UTF_8);
      // the file's first value must be a maybe
      assertTrue(stored.filter().mightContain(SplitBlockBloomFilter.hashBytes(hello, 0, hello.length)));
    }
  }

  @Test
  void anEncryptedFilterWithItsLengthIsOneRead() throws Exception {
    Path p = dir.resolve("enc.parquet");
    EncryptedWriteFixture.write(allocator.allocator(), p,
        EncryptedWriteFixture.writer(EncryptedWriteFixture.columnKeys().build(), DataPageVersion.V1).build());
    try (LocalInputFile file = LocalInputFile.open(p)) {
      ParquetFooter footer = ParquetFooter.read(file, EncryptedWriteFixture.readKeys().build());
      FileMetaData md = footer.decryptor().decryptColumnMetaData(footer.metadata());
      int name = 1;
      for (int r = 0; r < md.rowGroups().size(); r++) {
        ColumnMetaData meta = md.rowGroups().get(r).columns().get(name).metaData();
        ColumnDecryptor cd = footer.decryptor().columnDecryptor(md, r, name);
        RecordingInputFile counting = new RecordingInputFile(file);
        StoredBloomFilter stored = BloomFilterReader.read(counting, meta, cd, ErrorLocation.ofFile(p.toString()))
            .orElseThrow();
        assertEquals(1, counting.reads().size());
        assertEquals((long) meta.bloomFilterLength(), counting.bytesRead());
        for (int k = 0; k < 37; k++) {
          byte[] v = ("n" + k).getBytes(StandardCharsets.UTF_8);
          assertTrue(stored.filter().mightContain(SplitBlockBloomFilter.hashBytes(v, 0, v.length)), "n" + k);
        }
      }
    }
  }

  @Test
  void aFilterThatDoesNotFitIsCorruptionNamingFileColumnAndOffset() throws Exception {
    byte[] bytes = java.nio.file.Files.readAllBytes(written());
    InputFile file = new ByteBufferInputFile("ids.parquet", bytes);
    ColumnMetaData meta = firstChunk(file);
    long offset = meta.bloomFilterOffset();
    // a length past the end of the file, and one too short for the bitset its header announces
    for (Integer length : List.of((int) (bytes.length - offset) + 1, meta.bloomFilterLength() - 1)) {
      CorruptFileException e = assertThrows(CorruptFileException.class,
          () -> BloomFilterReader.read(file, withLength(meta, length)));
      assertEquals("ids.parquet", e.location().file());
      assertEquals("id", e.location().column());
      assertEquals(offset, e.location().offset());
    }
    // a header announcing a bitset past the end of the file, length unrecorded
    byte[] cut = java.util.Arrays.copyOf(bytes, (int) offset + 100);
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> BloomFilterReader.read(new ByteBufferInputFile("cut.parquet", cut), withLength(meta, null)));
    assertTrue(e.getMessage().contains("2048"), e.getMessage());
    assertFalse(e.getMessage().isEmpty());
  }
}
