package org.parquetarrow.format;

import static org.parquetarrow.format.ColumnMetaDataCodec.encoding;
import static org.parquetarrow.format.ThriftWriter.enumValue;
import static org.parquetarrow.format.ThriftWriter.require;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/** Compact-protocol codec of {@code PageHeader} and its four page-specific headers. */
final class PageHeaderCodec {
  private static final IndexPageHeader INDEX_PAGE_HEADER = new IndexPageHeader();

  private PageHeaderCodec() {}

  static PageHeader read(ThriftReader in) throws TException {
    in.structBegin();
    PageType type = null;
    int uncompressed = 0;
    int compressed = 0;
    Integer crc = null;
    DataPageHeader data = null;
    IndexPageHeader index = null;
    DictionaryPageHeader dictionary = null;
    DataPageHeaderV2 dataV2 = null;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> type = in.expect(TType.I32) ? ColumnMetaDataCodec.pageType(in.readI32()) : type;
        case 2 -> {
          if (in.expect(TType.I32)) {
            uncompressed = in.readI32();
            seen |= 1 << 2;
          }
        }
        case 3 -> {
          if (in.expect(TType.I32)) {
            compressed = in.readI32();
            seen |= 1 << 3;
          }
        }
        case 4 -> crc = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : crc;
        case 5 -> data = in.expect(TType.STRUCT) ? readDataPageHeader(in) : data;
        case 6 -> {
          if (in.expect(TType.STRUCT)) {
            in.skipField(); // IndexPageHeader is an empty struct
            index = INDEX_PAGE_HEADER;
          }
        }
        case 7 -> dictionary = in.expect(TType.STRUCT) ? readDictionaryPageHeader(in) : dictionary;
        case 8 -> dataV2 = in.expect(TType.STRUCT) ? readDataPageHeaderV2(in) : dataV2;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (type == null) {
      throw in.missing("PageHeader", "type");
    }
    if ((seen & 1 << 2) == 0) {
      throw in.missing("PageHeader", "uncompressed_page_size");
    }
    if ((seen & 1 << 3) == 0) {
      throw in.missing("PageHeader", "compressed_page_size");
    }
    return new PageHeader(type, uncompressed, compressed, crc, data, index, dictionary, dataV2);
  }

  static void write(PageHeader h, ThriftWriter out) throws TException {
    out.structBegin();
    PageType type = require(h.type(), "PageHeader.type");
    out.i32(1, enumValue(type.value(), type, "PageHeader.type"));
    out.i32(2, h.uncompressedPageSize());
    out.i32(3, h.compressedPageSize());
    out.i32(4, h.crc());
    if (h.dataPageHeader() != null) {
      out.field(TType.STRUCT, 5);
      writeDataPageHeader(h.dataPageHeader(), out);
    }
    if (h.indexPageHeader() != null) {
      out.field(TType.STRUCT, 6);
      out.structBegin();
      out.structEnd();
    }
    if (h.dictionaryPageHeader() != null) {
      out.field(TType.STRUCT, 7);
      writeDictionaryPageHeader(h.dictionaryPageHeader(), out);
    }
    if (h.dataPageHeaderV2() != null) {
      out.field(TType.STRUCT, 8);
      writeDataPageHeaderV2(h.dataPageHeaderV2(), out);
    }
    out.structEnd();
  }

  // ---------------------------------------------------------------- DataPageHeader

  private static DataPageHeader readDataPageHeader(ThriftReader in) throws TException {
    in.structBegin();
    int numValues = 0;
    boolean hasNumValues = false;
    Encoding encoding = null;
    Encoding definitionEncoding = null;
    Encoding repetitionEncoding = null;
    Statistics statistics = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            numValues = in.readI32();
            hasNumValues = true;
          }
        }
        case 2 -> encoding = in.expect(TType.I32) ? encoding(in.readI32()) : encoding;
        case 3 -> definitionEncoding = in.expect(TType.I32) ? encoding(in.readI32()) : definitionEncoding;
        case 4 -> repetitionEncoding = in.expect(TType.I32) ? encoding(in.readI32()) : repetitionEncoding;
        case 5 -> statistics = in.expect(TType.STRUCT) ? ColumnMetaDataCodec.readStatistics(in) : statistics;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (!hasNumValues) {
      throw in.missing("DataPageHeader", "num_values");
    }
    if (encoding == null) {
      throw in.missing("DataPageHeader", "encoding");
    }
    if (definitionEncoding == null) {
      throw in.missing("DataPageHeader", "definition_level_encoding");
    }
    if (repetitionEncoding == null) {
      throw in.missing("DataPageHeader", "repetition_level_encoding");
    }
    return new DataPageHeader(numValues, encoding, definitionEncoding, repetitionEncoding, statistics);
  }

  private static void writeDataPageHeader(DataPageHeader h, ThriftWriter out) throws TException {
    out.structBegin();
    out.i32(1, h.numValues());
    writeEncoding(2, h.encoding(), "DataPageHeader.encoding", out);
    writeEncoding(3, h.definitionLevelEncoding(), "DataPageHeader.definition_level_encoding", out);
    writeEncoding(4, h.repetitionLevelEncoding(), "DataPageHeader.repetition_level_encoding", out);
    if (h.statistics() != null) {
      out.field(TType.STRUCT, 5);
      ColumnMetaDataCodec.writeStatistics(h.statistics(), out);
    }
    out.structEnd();
  }

  // ---------------------------------------------------------------- DictionaryPageHeader

  private static DictionaryPageHeader readDictionaryPageHeader(ThriftReader in) throws TException {
    in.structBegin();
    int numValues = 0;
    boolean hasNumValues = false;
    Encoding encoding = null;
    Boolean sorted = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            numValues = in.readI32();
            hasNumValues = true;
          }
        }
        case 2 -> encoding = in.expect(TType.I32) ? encoding(in.readI32()) : encoding;
        case 3 -> sorted = in.expect(TType.BOOL) ? Boolean.valueOf(in.readBool()) : sorted;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (!hasNumValues) {
      throw in.missing("DictionaryPageHeader", "num_values");
    }
    if (encoding == null) {
      throw in.missing("DictionaryPageHeader", "encoding");
    }
    return new DictionaryPageHeader(numValues, encoding, sorted);
  }

  private static void writeDictionaryPageHeader(DictionaryPageHeader h, ThriftWriter out) throws TException {
    out.structBegin();
    out.i32(1, h.numValues());
    writeEncoding(2, h.encoding(), "DictionaryPageHeader.encoding", out);
    out.bool(3, h.isSorted());
    out.structEnd();
  }

  // ---------------------------------------------------------------- DataPageHeaderV2

  private static DataPageHeaderV2 readDataPageHeaderV2(ThriftReader in) throws TException {
    in.structBegin();
    int numValues = 0;
    int numNulls = 0;
    int numRows = 0;
    int definitionLength = 0;
    int repetitionLength = 0;
    int seen = 0;
    Encoding encoding = null;
    Boolean compressed = null;
    Statistics statistics = null;
    while (in.nextField()) {
      int id = in.fieldId();
      switch (id) {
        case 1, 2, 3, 5, 6 -> {
          if (in.expect(TType.I32)) {
            int v = in.readI32();
            switch (id) {
              case 1 -> numValues = v;
              case 2 -> numNulls = v;
              case 3 -> numRows = v;
              case 5 -> definitionLength = v;
              default -> repetitionLength = v;
            }
            seen |= 1 << id;
          }
        }
        case 4 -> encoding = in.expect(TType.I32) ? encoding(in.readI32()) : encoding;
        case 7 -> compressed = in.expect(TType.BOOL) ? Boolean.valueOf(in.readBool()) : compressed;
        case 8 -> statistics = in.expect(TType.STRUCT) ? ColumnMetaDataCodec.readStatistics(in) : statistics;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if ((seen & 1 << 1) == 0) {
      throw in.missing("DataPageHeaderV2", "num_values");
    }
    if ((seen & 1 << 2) == 0) {
      throw in.missing("DataPageHeaderV2", "num_nulls");
    }
    if ((seen & 1 << 3) == 0) {
      throw in.missing("DataPageHeaderV2", "num_rows");
    }
    if (encoding == null) {
      throw in.missing("DataPageHeaderV2", "encoding");
    }
    if ((seen & 1 << 5) == 0) {
      throw in.missing("DataPageHeaderV2", "definition_levels_byte_length");
    }
    if ((seen & 1 << 6) == 0) {
      throw in.missing("DataPageHeaderV2", "repetition_levels_byte_length");
    }
    return new DataPageHeaderV2(numValues, numNulls, numRows, encoding, definitionLength,
        repetitionLength, compressed, statistics);
  }

  private static void writeDataPageHeaderV2(DataPageHeaderV2 h, ThriftWriter out) throws TException {
    out.structBegin();
    out.i32(1, h.numValues());
    out.i32(2, h.numNulls());
    out.i32(3, h.numRows());
    writeEncoding(4, h.encoding(), "DataPageHeaderV2.encoding", out);
    out.i32(5, h.definitionLevelsByteLength());
    out.i32(6, h.repetitionLevelsByteLength());
    out.bool(7, h.isCompressed());
    if (h.statistics() != null) {
      out.field(TType.STRUCT, 8);
      ColumnMetaDataCodec.writeStatistics(h.statistics(), out);
    }
    out.structEnd();
  }

  private static void writeEncoding(int id, Encoding e, String structAndField, ThriftWriter out)
      throws TException {
    Encoding value = require(e, structAndField);
    out.i32(id, enumValue(value.value(), value, structAndField));
  }
}
