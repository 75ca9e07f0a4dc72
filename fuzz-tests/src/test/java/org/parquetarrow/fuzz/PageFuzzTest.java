package org.parquetarrow.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.DictionaryPageHeader;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.SchemaElement;

/**
 * Target (b): one data page (and, for dictionary encodings, its dictionary page) decoded into
 * Arrow. The fuzzer describes the page: the column's physical type and shape (required, optional,
 * or the element of an optional list), the encoding, page version, value, null and row counts,
 * level lengths, and the page bodies; a valid file is built around it (uncompressed, so that the
 * bytes reach the decoders) and read to the end. Every physical type meets every encoding,
 * including the combinations the spec forbids, which must end in a typed error.
 */
class PageFuzzTest {
  private static final Encoding[] ENCODINGS = {
    Encoding.PLAIN, Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY, Encoding.RLE, Encoding.BIT_PACKED,
    Encoding.DELTA_BINARY_PACKED, Encoding.DELTA_LENGTH_BYTE_ARRAY, Encoding.DELTA_BYTE_ARRAY,
    Encoding.BYTE_STREAM_SPLIT
  };

  /** The column's place in the schema. */
  private enum Shape { REQUIRED, OPTIONAL, LIST_ELEMENT }

  @FuzzTest
  void page(FuzzedDataProvider data) {
    PhysicalType type = data.pickValue(new PhysicalType[] {
      PhysicalType.BOOLEAN, PhysicalType.INT32, PhysicalType.INT64, PhysicalType.INT96, PhysicalType.FLOAT,
      PhysicalType.DOUBLE, PhysicalType.BYTE_ARRAY, PhysicalType.FIXED_LEN_BYTE_ARRAY});
    Integer typeLength = type == PhysicalType.FIXED_LEN_BYTE_ARRAY ? data.consumeInt(1, 32) : null;
    boolean utf8 = type == PhysicalType.BYTE_ARRAY && data.consumeBoolean();
    Shape shape = data.pickValue(Shape.values());
    Encoding encoding = data.pickValue(ENCODINGS);
    boolean v2 = data.consumeBoolean();
    int numValues = data.consumeInt(0, 4096);
    int numRows = data.consumeInt(0, 4096);
    int numNulls = data.consumeInt(0, 4096);
    int defLength = data.consumeInt(0, 256);
    int repLength = data.consumeInt(0, 256);
    boolean dictionary = encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY
        || data.consumeInt(0, 15) == 0;
    int dictionaryValues = data.consumeInt(0, 1024);
    byte[] dictionaryBody = dictionary ? data.consumeBytes(data.consumeInt(0, 2048)) : new byte[0];
    byte[] body = data.consumeRemainingAsBytes();

    ByteArrayOutputStream file = new ByteArrayOutputStream();
    file.writeBytes(MAGIC);
    Long dictionaryOffset = null;
    if (dictionary) {
      dictionaryOffset = (long) file.size();
      file.writeBytes(MetadataWriter.toBytes(new PageHeader(PageType.DICTIONARY_PAGE, dictionaryBody.length,
          dictionaryBody.length, null, null, null,
          new DictionaryPageHeader(dictionaryValues, Encoding.PLAIN, null), null)));
      file.writeBytes(dictionaryBody);
    }
    long dataOffset = file.size();
    PageHeader header = v2
        ? new PageHeader(PageType.DATA_PAGE_V2, body.length, body.length, null, null, null, null,
            new DataPageHeaderV2(numValues, numNulls, numRows, encoding, defLength, repLength, false, null))
        : new PageHeader(PageType.DATA_PAGE, body.length, body.length, null,
            new DataPageHeader(numValues, encoding, Encoding.RLE, Encoding.RLE, null), null, null, null);
    file.writeBytes(MetadataWriter.toBytes(header));
    file.writeBytes(body);
    long chunkLength = file.size() - MAGIC.length;

    String leaf = shape == Shape.LIST_ELEMENT ? "element" : "v";
    List<String> path = shape == Shape.LIST_ELEMENT ? List.of("v", "list", "element") : List.of("v");
    List<Encoding> encodings = dictionary ? List.of(Encoding.PLAIN, Encoding.RLE, encoding) : List.of(Encoding.RLE, encoding);
    ColumnMetaData column = new ColumnMetaData(type, encodings, path, CompressionCodec.UNCOMPRESSED,
        numValues, chunkLength, chunkLength, null, dataOffset, null, dictionaryOffset,
        null, null, null, null, null, null);
    // a v1 page does not count rows: for a flat column they are its values
    long rows = v2 || shape == Shape.LIST_ELEMENT ? numRows : numValues;
    RowGroup group = new RowGroup(List.of(new ColumnChunk(null, MAGIC.length, column, null, null, null, null,
        null, null)), chunkLength, rows, null, (long) MAGIC.length, chunkLength, (short) 0);
    FileMetaData footer = new FileMetaData(2, schema(shape, type, typeLength, utf8, leaf), rows, List.of(group),
        null, "parquet-arrow fuzz", null, null, null);
    byte[] footerBytes = MetadataWriter.toBytes(footer);
    file.writeBytes(footerBytes);
    int n = footerBytes.length;
    file.writeBytes(new byte[] {(byte) n, (byte) (n >>> 8), (byte) (n >>> 16), (byte) (n >>> 24)});
    file.writeBytes(MAGIC);

    byte[] bytes = file.toByteArray();
    FuzzHarness.withAllocator(bytes, null, allocator ->
        FuzzHarness.readAll(bytes, FuzzHarness.options(allocator).build()));
    if (type == PhysicalType.BYTE_ARRAY) {
      // string and binary columns also decode into dictionary vectors when asked
      FuzzHarness.withAllocator(bytes, null, allocator -> FuzzHarness.readAll(bytes,
          FuzzHarness.options(allocator).dictionaryColumns(String.join(".", path)).build()));
    }
  }

  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private static List<SchemaElement> schema(Shape shape, PhysicalType type, Integer typeLength, boolean utf8,
      String leaf) {
    List<SchemaElement> out = new ArrayList<>();
    ConvertedType converted = utf8 ? ConvertedType.UTF8 : null;
    Repetition leafRepetition = shape == Shape.REQUIRED ? Repetition.REQUIRED : Repetition.OPTIONAL;
    out.add(new SchemaElement(null, null, null, "schema", 1, null, null, null, null, null, null));
    if (shape == Shape.LIST_ELEMENT) {
      out.add(new SchemaElement(null, null, Repetition.OPTIONAL, "v", 1, ConvertedType.LIST, null, null, null,
          null, null));
      out.add(new SchemaElement(null, null, Repetition.REPEATED, "list", 1, null, null, null, null, null, null));
    }
    out.add(new SchemaElement(type, typeLength, leafRepetition, leaf, null, converted, null, null, null, null,
        null));
    return out;
  }
}
