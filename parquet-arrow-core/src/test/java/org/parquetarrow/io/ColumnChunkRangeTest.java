package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

class ColumnChunkRangeTest {
  private static final WriterVersion CURRENT = WriterVersion.parse("parquet-mr version 1.13.1");

  @Test
  void startsAtTheDictionaryPageWhenItComesFirst() {
    assertEquals(
        new ColumnChunkRange(4, 300, 300), ColumnChunkRange.of(meta(50, 4L, 300), 1_000, CURRENT));
  }

  @Test
  void aZeroOrLaterDictionaryOffsetIsIgnored() {
    assertEquals(
        new ColumnChunkRange(50, 300, 300), ColumnChunkRange.of(meta(50, 0L, 300), 1_000, CURRENT));
    assertEquals(
        new ColumnChunkRange(50, 300, 300),
        ColumnChunkRange.of(meta(50, 60L, 300), 1_000, CURRENT));
    assertEquals(
        new ColumnChunkRange(50, 300, 300),
        ColumnChunkRange.of(meta(50, null, 300), 1_000, CURRENT));
  }

  @Test
  void oldParquetMrChunksArePaddedUpToTheEndOfTheFile() {
    WriterVersion old = WriterVersion.parse("parquet-mr version 1.2.8");
    assertEquals(
        new ColumnChunkRange(4, 300, 400), ColumnChunkRange.of(meta(4, null, 300), 1_000, old));
    // only 30 bytes are left after the chunk
    assertEquals(
        new ColumnChunkRange(4, 300, 330), ColumnChunkRange.of(meta(4, null, 300), 334, old));
    assertEquals(
        new ColumnChunkRange(4, 300, 300), ColumnChunkRange.of(meta(4, null, 300), 304, old));
    // parquet-mr without a version counts as old; other writers and 1.2.9 are not padded
    assertEquals(
        400,
        ColumnChunkRange.of(meta(4, null, 300), 1_000, WriterVersion.parse("parquet-mr")).length());
    assertEquals(
        300,
        ColumnChunkRange.of(
                meta(4, null, 300), 1_000, WriterVersion.parse("parquet-mr version 1.2.9"))
            .length());
    assertEquals(
        300,
        ColumnChunkRange.of(
                meta(4, null, 300), 1_000, WriterVersion.parse("parquet-cpp version 1.0.0"))
            .length());
    assertEquals(
        300, ColumnChunkRange.of(meta(4, null, 300), 1_000, WriterVersion.UNKNOWN).length());
  }

  @Test
  void chunksWithoutValuesAreEmpty() {
    ColumnChunkRange r = ColumnChunkRange.of(meta(0, 4L, 14, 0), 400, CURRENT);
    assertTrue(r.isEmpty());
    assertEquals(0, r.declaredLength());
  }

  @Test
  void impossibleChunksAreCorrupt() {
    assertCorrupt(meta(900, null, 200), 1_000, "runs past the end of the file");
    assertCorrupt(meta(4, null, Long.MAX_VALUE), 1_000, "runs past the end of the file");
    assertCorrupt(meta(Long.MAX_VALUE - 1, null, 10), 1_000, "runs past the end of the file");
    assertCorrupt(meta(-5, null, 10), 1_000, "invalid column chunk");
    assertCorrupt(meta(0, null, 10), 1_000, "invalid column chunk"); // inside the head magic
    assertCorrupt(meta(4, null, -1), 1_000, "invalid column chunk");
    assertCorrupt(meta(4, null, 10, -3), 1_000, "negative value count");
  }

  /** The corpus files the rule was written for. */
  @Test
  void corpusChunks() throws IOException {
    // dictionary_page_offset = 0 although there is no dictionary: start at the data page
    FileMetaData zero = footer("dict-page-offset-zero.parquet");
    ColumnMetaData m = zero.rowGroups().get(0).columns().get(0).metaData();
    assertEquals(0L, m.dictionaryPageOffset());
    assertEquals(
        new ColumnChunkRange(4, 40, 40),
        ColumnChunkRange.of(m, 635, WriterVersion.parse(zero.createdBy())));

    // zero rows, offsets 0: nothing to read
    FileMetaData empty = footer("column_chunk_key_value_metadata.parquet");
    for (var chunk : empty.rowGroups().get(0).columns()) {
      assertTrue(
          ColumnChunkRange.of(chunk.metaData(), 400, WriterVersion.parse(empty.createdBy()))
              .isEmpty());
    }

    // created_by "parquet-mr": every chunk padded by 100 bytes, the file being long enough
    FileMetaData nation = footer("nation.dict-malformed.parquet");
    for (var chunk : nation.rowGroups().get(0).columns()) {
      ColumnChunkRange r =
          ColumnChunkRange.of(chunk.metaData(), 2_850, WriterVersion.parse(nation.createdBy()));
      assertEquals(r.declaredLength() + 100, r.length());
    }
  }

  private static void assertCorrupt(ColumnMetaData meta, long fileLength, String message) {
    CorruptFileException e =
        assertThrows(
            CorruptFileException.class, () -> ColumnChunkRange.of(meta, fileLength, CURRENT));
    assertTrue(e.problem().contains(message), e::getMessage);
    assertEquals("x.y", e.location().column());
  }

  private static FileMetaData footer(String name) throws IOException {
    Path p = TestData.parquetTesting().resolve("data").resolve(name);
    try (LocalInputFile in = LocalInputFile.open(p)) {
      return ParquetFooter.read(in).metadata();
    }
  }

  private static ColumnMetaData meta(long dataPageOffset, Long dictionaryPageOffset, long size) {
    return meta(dataPageOffset, dictionaryPageOffset, size, 10);
  }

  private static ColumnMetaData meta(
      long dataPageOffset, Long dictionaryPageOffset, long size, long values) {
    return new ColumnMetaData(
        PhysicalType.INT64,
        List.of(Encoding.PLAIN),
        List.of("x", "y"),
        CompressionCodec.SNAPPY,
        values,
        size,
        size,
        null,
        dataPageOffset,
        null,
        dictionaryPageOffset,
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
