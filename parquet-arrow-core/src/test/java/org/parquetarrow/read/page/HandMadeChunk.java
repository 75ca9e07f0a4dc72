package org.parquetarrow.read.page;

import org.parquetarrow.io.ColumnChunkBytes;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.DictionaryPageHeader;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;

/**
 * Test-only: a column chunk assembled page by page from headers (serialised by the format package's
 * writer) and bodies written by hand, as if it sat at {@link #FILE_OFFSET} in a file.
 */
final class HandMadeChunk {
  static final long FILE_OFFSET = 4;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final List<PageLocation> locations = new ArrayList<>();

  /** Appends a page; {@code firstRow >= 0} also lists it in the offset index. */
  HandMadeChunk page(PageHeader header, byte[] body, long firstRow) {
    int start = out.size();
    out.writeBytes(MetadataWriter.toBytes(header));
    out.writeBytes(body);
    if (firstRow >= 0) {
      locations.add(new PageLocation(FILE_OFFSET + start, out.size() - start, firstRow));
    }
    return this;
  }

  HandMadeChunk page(PageHeader header, byte[] body) {
    return page(header, body, -1);
  }

  HandMadeChunk raw(byte[] bytes) {
    out.writeBytes(bytes);
    return this;
  }

  /** File offset of the next byte to be written. */
  long nextOffset() {
    return FILE_OFFSET + out.size();
  }

  byte[] bytes() {
    return out.toByteArray();
  }

  ColumnChunkBytes chunkBytes() {
    return ColumnChunkBytes.wrap(FILE_OFFSET, bytes());
  }

  OffsetIndex offsetIndex() {
    return new OffsetIndex(List.copyOf(locations), null);
  }

  static ColumnChunk chunk(CompressionCodec codec, long numValues) {
    ColumnMetaData meta =
        new ColumnMetaData(
            PhysicalType.INT32,
            List.of(Encoding.PLAIN),
            List.of("a", "b"),
            codec,
            numValues,
            0,
            0,
            null,
            FILE_OFFSET,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    return new ColumnChunk(null, 0, meta, null, null, null, null, null, null);
  }

  static PageHeader dictionary(int numValues, int uncompressed, int compressed, Integer crc) {
    return new PageHeader(
        PageType.DICTIONARY_PAGE,
        uncompressed,
        compressed,
        crc,
        null,
        null,
        new DictionaryPageHeader(numValues, Encoding.PLAIN, true),
        null);
  }

  static PageHeader v1(
      int numValues,
      int uncompressed,
      int compressed,
      Integer crc,
      Encoding repetition,
      Encoding definition) {
    return new PageHeader(
        PageType.DATA_PAGE,
        uncompressed,
        compressed,
        crc,
        new DataPageHeader(numValues, Encoding.PLAIN, definition, repetition, null),
        null,
        null,
        null);
  }

  static PageHeader v1(int numValues, int size) {
    return v1(numValues, size, size, null, Encoding.RLE, Encoding.RLE);
  }

  static PageHeader v2(
      int numValues,
      int numNulls,
      int numRows,
      int repLength,
      int defLength,
      Boolean isCompressed,
      int uncompressed,
      int compressed) {
    return new PageHeader(
        PageType.DATA_PAGE_V2,
        uncompressed,
        compressed,
        null,
        null,
        null,
        null,
        new DataPageHeaderV2(
            numValues,
            numNulls,
            numRows,
            Encoding.RLE_DICTIONARY,
            defLength,
            repLength,
            isCompressed,
            null));
  }

  static PageHeader index(int size) {
    return new PageHeader(
        PageType.INDEX_PAGE,
        size,
        size,
        null,
        null,
        new org.parquetarrow.format.IndexPageHeader(),
        null,
        null);
  }

  static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.writeBytes(p);
    }
    return o.toByteArray();
  }
}
