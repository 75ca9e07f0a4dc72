package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Pages carry a CRC-32 by default (as parquet-java's since 1.12): a byte flipped in a value of an
 * uncompressed PLAIN page, which without a CRC reads back as a wrong value in silence, makes the
 * read fail with a {@link ChecksumException} naming the column, the row group and the page.
 */
class PageChecksumDefaultTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void aFlippedByteInADefaultWrittenPageIsRefused() throws Exception {
    Path file = dir.resolve("crc.parquet");
    Schema schema = new Schema(List.of(Field.notNullable("v", new ArrowType.Int(64, true))));
    WriterProperties props = WriterProperties.builder().codec(org.parquetarrow.format.CompressionCodec.UNCOMPRESSED)
        .dictionary(false).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      BigIntVector v = (BigIntVector) root.getVector("v");
      for (int i = 0; i < 1000; i++) {
        v.setSafe(i, 1_000_000L + i);
      }
      root.setRowCount(1000);
      w.write(root);
    }
    long lastValueByte;
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      ColumnMetaData m = r.metadata().rowGroups().get(0).columns().get(0).metaData();
      // the chunk ends with its one page's last value, little-endian: its high byte comes last
      lastValueByte = m.dataPageOffset() + m.totalCompressedSize() - 8;
    }
    assertEquals(1_000_999L, values(file, true).get(999));
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(lastValueByte);
      int b = raf.read();
      raf.seek(lastValueByte);
      raf.write(b ^ 0x01);
    }
    ChecksumException e = assertThrows(ChecksumException.class, () -> values(file, true));
    assertEquals("v", e.location().column(), e.getMessage());
    assertEquals(0, e.location().rowGroup(), e.getMessage());
    assertEquals(0, e.location().page(), e.getMessage());
    // unchecked, the damage is a wrong value, not an error: what the default CRC guards against
    assertNotEquals(1_000_999L, values(file, false).get(999));
  }

  private List<Long> values(Path file, boolean verify) {
    List<Long> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(file,
        ReadOptions.builder(memory.allocator()).verifyChecksums(verify).build())) {
      for (VectorSchemaRoot next = r.readNextBatch(); next != null; next = r.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          BigIntVector v = (BigIntVector) batch.getVector("v");
          for (int i = 0; i < batch.getRowCount(); i++) {
            out.add(v.get(i));
          }
        }
      }
    }
    return out;
  }
}
