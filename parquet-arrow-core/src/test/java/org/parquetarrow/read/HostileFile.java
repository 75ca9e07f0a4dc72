package org.parquetarrow.read;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DictionaryPageHeader;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.io.ByteBufferInputFile;

/**
 * Test-only: a whole Parquet file of one leaf column and one row group, its page headers written by
 * the format package's thrift writer and its bodies by hand, so that any size in the footer or in a
 * page header can be made hostile independently of the bytes really present.
 *
 * <pre>{@code
 * byte[] file = HostileFile.flat(PhysicalType.INT32, null, Repetition.REQUIRED, 3)
 *     .dataPage(3, Encoding.PLAIN, body).bytes();
 * }</pre>
 */
final class HostileFile {
  private final List<SchemaElement> schema;
  private final PhysicalType type;
  private final List<String> path;
  private final long rows;
  private final ByteArrayOutputStream chunk = new ByteArrayOutputStream();
  private long values;
  private Long dictionaryOffset;
  private Long dataOffset;
  private long chunkUncompressed = -1;
  private CompressionCodec codec = CompressionCodec.UNCOMPRESSED;

  private HostileFile(List<SchemaElement> schema, PhysicalType type, List<String> path, long rows) {
    this.schema = schema;
    this.type = type;
    this.path = path;
    this.rows = rows;
  }

  /** One top-level leaf "c" of {@code type} ({@code typeLength} for FIXED_LEN_BYTE_ARRAY). */
  static HostileFile flat(PhysicalType type, Integer typeLength, Repetition repetition, long rows) {
    return new HostileFile(
        List.of(
            group("schema", null, 1, null),
            new SchemaElement(type, typeLength, repetition, "c", null, null, null, null, null, null, null)),
        type, List.of("c"), rows);
  }

  /** An optional three-level LIST "l" of optional INT32 elements: leaf l.list.element, max def 3, max rep 1. */
  static HostileFile listOfInts(long rows) {
    return new HostileFile(
        List.of(
            group("schema", null, 1, null),
            group("l", Repetition.OPTIONAL, 1, LogicalType.LIST),
            group("list", Repetition.REPEATED, 1, null),
            new SchemaElement(PhysicalType.INT32, null, Repetition.OPTIONAL, "element", null, null, null, null, null,
                null, null)),
        PhysicalType.INT32, List.of("l", "list", "element"), rows);
  }

  private static SchemaElement group(String name, Repetition repetition, int children, LogicalType logical) {
    ConvertedType converted = logical == LogicalType.LIST ? ConvertedType.LIST : null;
    return new SchemaElement(null, null, repetition, name, children, converted, null, null, null, logical, null);
  }

  /** A PLAIN dictionary page claiming {@code numValues} entries, stored uncompressed. */
  HostileFile dictionaryPage(int numValues, byte[] body) {
    dictionaryOffset = 4L + chunk.size();
    return page(new PageHeader(PageType.DICTIONARY_PAGE, body.length, body.length, null, null, null,
        new DictionaryPageHeader(numValues, Encoding.PLAIN, false), null), body);
  }

  /** A v1 data page claiming {@code numValues} level entries; levels (if any) are RLE in {@code body}. */
  HostileFile dataPage(int numValues, Encoding encoding, byte[] body) {
    if (dataOffset == null) {
      dataOffset = 4L + chunk.size();
    }
    values += numValues;
    return page(new PageHeader(PageType.DATA_PAGE, body.length, body.length, null,
        new DataPageHeader(numValues, encoding, Encoding.RLE, Encoding.RLE, null), null, null, null), body);
  }

  /**
   * A v1 data page of PLAIN values without levels, stored with {@code codec} (the chunk's codec from
   * now on) and claiming to decompress to {@code claimedSize} bytes, whatever {@code body} holds.
   */
  HostileFile compressedDataPage(int numValues, CompressionCodec codec, int claimedSize, byte[] body) {
    this.codec = codec;
    if (dataOffset == null) {
      dataOffset = 4L + chunk.size();
    }
    values += numValues;
    return page(new PageHeader(PageType.DATA_PAGE, claimedSize, body.length, null,
        new DataPageHeader(numValues, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null), null, null, null), body);
  }

  /** Appends a page with any header, e.g. one whose sizes disagree with its body. */
  HostileFile page(PageHeader header, byte[] body) {
    chunk.writeBytes(MetadataWriter.toBytes(header));
    chunk.writeBytes(body);
    return this;
  }

  /** Overrides the chunk's total_uncompressed_size (default: its real size). */
  HostileFile chunkUncompressedSize(long bytes) {
    chunkUncompressed = bytes;
    return this;
  }

  byte[] bytes() {
    byte[] pages = chunk.toByteArray();
    long first = dictionaryOffset != null ? dictionaryOffset : 4L;
    List<Encoding> encodings = new ArrayList<>(List.of(Encoding.PLAIN, Encoding.RLE));
    if (dictionaryOffset != null) {
      encodings.add(Encoding.RLE_DICTIONARY);
    }
    ColumnMetaData meta = new ColumnMetaData(type, encodings, path, codec, values,
        chunkUncompressed >= 0 ? chunkUncompressed : pages.length, pages.length, null,
        dataOffset != null ? dataOffset : first, null, dictionaryOffset, null, null, null, null, null, null);
    ColumnChunk column = new ColumnChunk(null, first, meta, null, null, null, null, null, null);
    RowGroup group = new RowGroup(List.of(column), pages.length, rows, null, first, (long) pages.length, (short) 0);
    byte[] footer = MetadataWriter.toBytes(
        new FileMetaData(1, schema, rows, List.of(group), null, "hostile-test", null, null, null));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(pages);
    out.writeBytes(footer);
    out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.length).array());
    out.writeBytes("PAR1".getBytes(StandardCharsets.US_ASCII));
    return out.toByteArray();
  }

  ByteBufferInputFile file() {
    return new ByteBufferInputFile("hostile.parquet", bytes());
  }

  static byte[] ints(int... values) {
    ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
    for (int v : values) {
      b.putInt(v);
    }
    return b.array();
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.writeBytes(p);
    }
    return o.toByteArray();
  }

  /** v1 levels: a 4-byte little-endian length, then the RLE/bit-packed hybrid runs. */
  static byte[] v1Levels(byte... runs) {
    return concat(ints(runs.length), runs);
  }

  /** One RLE run of {@code count} copies of {@code value} at one byte's width (unsigned LEB128 header). */
  static byte[] rleRun(long count, int value) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    long header = count << 1;
    while ((header & ~0x7FL) != 0) {
      o.write((int) ((header & 0x7F) | 0x80));
      header >>>= 7;
    }
    o.write((int) header);
    o.write(value);
    return o.toByteArray();
  }
}
