package org.parquetarrow.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * parquet-java writes a CRC-32 per page by default ({@code parquet.page.write-checksum.enabled},
 * true since 1.12). One byte flipped in a page's values (uncompressed, PLAIN: without a CRC the
 * byte would read back as a wrong value, silently) must make our reader, with its default options,
 * refuse the page with a {@link ChecksumException} naming the column, the row group and the page.
 */
class ParquetJavaPageChecksumIT {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
      message m {
        required int64 id;
        required binary s (STRING);
      }""");
  private static final int ROWS = 2000;

  @TempDir Path dir;

  @Test
  void aFlippedByteInAPageParquetJavaChecksummedIsATypedErrorNamingThePage() throws Exception {
    Path file = dir.resolve("crc.parquet");
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration()) // parquet-java's defaults: page CRCs on
        .withType(SCHEMA)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
        .withDictionaryEncoding(false)
        .withRowGroupRowCountLimit(1000)
        .withPageRowCountLimit(250)
        .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
      for (int i = 0; i < ROWS; i++) {
        w.write(groups.newGroup().append("id", (long) i).append("s", "value-" + (100_000 + i)));
      }
    }
    long lastByte;
    int chunkPages;
    try (var r = org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(file))) {
      BlockMetaData second = r.getFooter().getBlocks().get(1);
      ColumnChunkMetaData s = second.getColumns().get(1);
      assertEquals("s", s.getPath().toDotString());
      // the chunk's last byte is the last character of its last page's last value
      lastByte = s.getStartingPos() + s.getTotalSize() - 1;
      chunkPages = r.readOffsetIndex(s).getPageCount();
      assertTrue(chunkPages > 1, "several pages per chunk");
    }
    List<String> clean = strings(file, true);
    assertEquals("value-" + (100_000 + ROWS - 1), clean.get(ROWS - 1));
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(lastByte);
      int b = raf.read();
      raf.seek(lastByte);
      raf.write(b ^ 0x04);
    }

    ChecksumException e = assertThrows(ChecksumException.class, () -> strings(file, true));
    assertEquals("s", e.location().column(), e.getMessage());
    assertEquals(1, e.location().rowGroup(), e.getMessage());
    assertEquals(chunkPages - 1, e.location().page(), e.getMessage());
    assertTrue(e.getMessage().contains("crc.parquet"), e.getMessage());

    // what the CRC guards against: unchecked, the flipped byte reads back as a wrong value
    List<String> unchecked = strings(file, false);
    assertNotEquals(clean.get(ROWS - 1), unchecked.get(ROWS - 1));
    assertEquals(clean.subList(0, ROWS - 1), unchecked.subList(0, ROWS - 1));
  }

  private static List<String> strings(Path file, boolean verify) {
    List<String> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFileReader r = ParquetFileReader.open(file,
            ReadOptions.builder(allocator).columns("s").verifyChecksums(verify).build())) {
      // a batch is the caller's to close; the allocator's close then fails on anything left
      for (VectorSchemaRoot next = r.readNextBatch(); next != null; next = r.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          VarCharVector v = (VarCharVector) batch.getVector("s");
          for (int i = 0; i < batch.getRowCount(); i++) {
            out.add(v.getObject(i).toString());
          }
        }
      }
    }
    return out;
  }
}
