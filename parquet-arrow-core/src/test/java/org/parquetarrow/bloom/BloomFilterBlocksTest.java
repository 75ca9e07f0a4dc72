package org.parquetarrow.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.RecordingInputFile;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A bloom filter probed by block ({@link BloomFilterReader#openBlocks}) reads its header and then
 * only the 32-byte blocks the probed hashes select (block {@code ((hash >>> 32) * blocks) >>> 32}
 * of the bitset, as the spec defines it), and answers exactly as the whole filter does.
 */
class BloomFilterBlocksTest {
  private static final int IDS = 200_000;

  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** Ids 0 to 199,999 in one row group, a bloom filter sized for 100,000 at 1% (128 KiB). */
  private Path written() throws Exception {
    Path p = dir.resolve("ids.parquet");
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    WriterProperties props = WriterProperties.builder()
        .column("id", c -> c.dictionary(false).bloomFilter(new BloomFilterOptions(100_000, 0.01))).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(p, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      id.allocateNew(IDS);
      for (int i = 0; i < IDS; i++) {
        id.set(i, i);
      }
      root.setRowCount(IDS);
      w.write(root);
    }
    return p;
  }

  private static ColumnMetaData firstChunk(InputFile in) {
    return ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData();
  }

  @Test
  void noFalseNegativeAndTheSameAnswersAsTheWholeFilter() throws Exception {
    try (LocalInputFile file = LocalInputFile.open(written())) {
      ColumnMetaData meta = firstChunk(file);
      SplitBlockBloomFilter whole = BloomFilterReader.read(file, meta).orElseThrow().filter();
      BloomFilterBlocks blocks = BloomFilterReader.openBlocks(file, meta, null).orElseThrow();
      assertTrue(blocks.probeable());
      for (long v = 0; v < IDS; v++) {
        assertTrue(blocks.mightContain(SplitBlockBloomFilter.hashLong(v)), "id " + v);
      }
      int falsePositives = 0;
      for (long v = IDS; v < 3L * IDS; v++) {
        long h = SplitBlockBloomFilter.hashLong(v);
        boolean expected = whole.mightContain(h);
        assertEquals(expected, blocks.mightContain(h), "absent id " + v);
        falsePositives += expected ? 1 : 0;
      }
      // the comparison covers both answers: the filter (holding twice the values it was sized
      // for) lets some absent ids through and rules the others out
      assertTrue(falsePositives > 0 && falsePositives < 2 * IDS, falsePositives + " false positives");
    }
  }

  @Test
  void readsTheHeaderThenOnlyTheSelectedBlocks() throws Exception {
    try (LocalInputFile file = LocalInputFile.open(written())) {
      ColumnMetaData meta = firstChunk(file);
      RecordingInputFile counting = new RecordingInputFile(file);
      BloomFilterBlocks blocks = BloomFilterReader.openBlocks(counting, meta, null).orElseThrow();
      int numBytes = blocks.header().numBytes();
      assertEquals(128 * 1024, numBytes);
      // the header only: one read of 64 bytes at the filter's offset
      assertEquals(1, counting.reads().size());
      assertEquals(meta.bloomFilterOffset(), counting.reads().get(0).offset());
      assertEquals(BloomFilterReader.HEADER_READ, counting.reads().get(0).length());

      // the bitset follows the header and ends the recorded length
      long bitset = meta.bloomFilterOffset() + meta.bloomFilterLength() - numBytes;
      long numBlocks = numBytes / 32;
      long[] hashes = {SplitBlockBloomFilter.hashLong(7), SplitBlockBloomFilter.hashLong(123_456),
          SplitBlockBloomFilter.hashLong(199_999)};
      TreeSet<Long> expectedPositions = new TreeSet<>();
      for (long h : hashes) {
        expectedPositions.add(bitset + 32 * (((h >>> 32) * numBlocks) >>> 32));
      }
      blocks.fetch(hashes);
      TreeSet<Long> positions = new TreeSet<>();
      for (FileRange r : counting.reads().subList(1, counting.reads().size())) {
        assertEquals(32, r.length());
        positions.add(r.offset());
      }
      assertEquals(expectedPositions, positions);
      assertEquals(BloomFilterReader.HEADER_READ + 32L * expectedPositions.size(), counting.bytesRead());
      assertEquals(counting.bytesRead(), blocks.bytesRead());

      // probing values whose blocks are held reads nothing more
      int reads = counting.reads().size();
      for (long h : hashes) {
        assertTrue(blocks.mightContain(h));
      }
      assertEquals(reads, counting.reads().size());
    }
  }
}
