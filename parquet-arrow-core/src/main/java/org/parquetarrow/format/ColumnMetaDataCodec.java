package org.parquetarrow.format;

import static org.parquetarrow.format.ThriftWriter.element;
import static org.parquetarrow.format.ThriftWriter.enumValue;
import static org.parquetarrow.format.ThriftWriter.require;

import java.util.List;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/**
 * Compact-protocol codec of {@code ColumnMetaData} and the structs only it holds: statistics,
 * size statistics, geospatial statistics and page encoding stats.
 */
final class ColumnMetaDataCodec {
  private ColumnMetaDataCodec() {}

  static ColumnMetaData read(ThriftReader in) throws TException {
    in.structBegin();
    PhysicalType type = null;
    List<Encoding> encodings = null;
    List<String> path = null;
    CompressionCodec codec = null;
    long numValues = 0;
    long totalUncompressed = 0;
    long totalCompressed = 0;
    List<KeyValue> kv = null;
    long dataPageOffset = 0;
    Long indexPageOffset = null;
    Long dictionaryPageOffset = null;
    Statistics statistics = null;
    List<PageEncodingStats> encodingStats = null;
    Long bloomFilterOffset = null;
    Integer bloomFilterLength = null;
    SizeStatistics sizeStatistics = null;
    GeospatialStatistics geoStatistics = null;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            type = physicalType(in, in.readI32(), "ColumnMetaData.type");
            seen |= 1 << 1;
          }
        }
        case 2 -> {
          int n = in.listBegin(TType.I32);
          if (n >= 0) {
            encodings = readEncodings(in, n);
            seen |= 1 << 2;
          }
        }
        case 3 -> {
          int n = in.listBegin(TType.STRING);
          if (n >= 0) {
            path = in.readStringList(n);
            seen |= 1 << 3;
          }
        }
        case 4 -> {
          if (in.expect(TType.I32)) {
            codec = compressionCodec(in.readI32());
            seen |= 1 << 4;
          }
        }
        case 5 -> {
          if (in.expect(TType.I64)) {
            numValues = in.readI64();
            seen |= 1 << 5;
          }
        }
        case 6 -> {
          if (in.expect(TType.I64)) {
            totalUncompressed = in.readI64();
            seen |= 1 << 6;
          }
        }
        case 7 -> {
          if (in.expect(TType.I64)) {
            totalCompressed = in.readI64();
            seen |= 1 << 7;
          }
        }
        case 8 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            kv = KeyValueCodec.readList(in, n);
          }
        }
        case 9 -> {
          if (in.expect(TType.I64)) {
            dataPageOffset = in.readI64();
            seen |= 1 << 9;
          }
        }
        case 10 -> {
          if (in.expect(TType.I64)) {
            indexPageOffset = in.readI64();
          }
        }
        case 11 -> {
          if (in.expect(TType.I64)) {
            dictionaryPageOffset = in.readI64();
          }
        }
        case 12 -> {
          if (in.expect(TType.STRUCT)) {
            statistics = readStatistics(in);
          }
        }
        case 13 -> {
          int n = in.listBegin(TType.STRUCT);
          if (n >= 0) {
            Object[] stats = new Object[n];
            for (int i = 0; i < n; i++) {
              stats[i] = readPageEncodingStats(in);
            }
            encodingStats = FrozenList.of(stats);
          }
        }
        case 14 -> {
          if (in.expect(TType.I64)) {
            bloomFilterOffset = in.readI64();
          }
        }
        case 15 -> {
          if (in.expect(TType.I32)) {
            bloomFilterLength = in.readI32();
          }
        }
        case 16 -> {
          if (in.expect(TType.STRUCT)) {
            sizeStatistics = readSizeStatistics(in);
          }
        }
        case 17 -> {
          if (in.expect(TType.STRUCT)) {
            geoStatistics = readGeospatialStatistics(in);
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    requireAll(in, seen);
    return new ColumnMetaData(type, encodings, path, codec, numValues, totalUncompressed,
        totalCompressed, kv, dataPageOffset, indexPageOffset, dictionaryPageOffset, statistics,
        encodingStats, bloomFilterOffset, bloomFilterLength, sizeStatistics, geoStatistics);
  }

  private static void requireAll(ThriftReader in, int seen) {
    final int all = 1 << 1 | 1 << 2 | 1 << 3 | 1 << 4 | 1 << 5 | 1 << 6 | 1 << 7 | 1 << 9;
    if ((seen & all) == all) {
      return;
    }
    String[] names = {null, "type", "encodings", "path_in_schema", "codec", "num_values",
        "total_uncompressed_size", "total_compressed_size", null, "data_page_offset"};
    for (int id = 1; id < names.length; id++) {
      if (names[id] != null && (seen & 1 << id) == 0) {
        throw in.missing("ColumnMetaData", names[id]);
      }
    }
  }

  static void write(ColumnMetaData m, ThriftWriter out) throws TException {
    out.structBegin();
    PhysicalType type = require(m.type(), "ColumnMetaData.type");
    out.i32(1, type.value());
    List<Encoding> encodings = require(m.encodings(), "ColumnMetaData.encodings");
    out.list(2, TType.I32, encodings.size());
    for (Encoding e : encodings) {
      out.i32Value(enumValue(element(e, "ColumnMetaData.encodings").value(), e, "ColumnMetaData.encodings"));
    }
    out.stringList(3, require(m.pathInSchema(), "ColumnMetaData.path_in_schema"),
        "ColumnMetaData.path_in_schema");
    CompressionCodec codec = require(m.codec(), "ColumnMetaData.codec");
    out.i32(4, enumValue(codec.value(), codec, "ColumnMetaData.codec"));
    out.i64(5, m.numValues());
    out.i64(6, m.totalUncompressedSize());
    out.i64(7, m.totalCompressedSize());
    KeyValueCodec.writeList(8, m.keyValueMetadata(), out, "ColumnMetaData.key_value_metadata");
    out.i64(9, m.dataPageOffset());
    out.i64(10, m.indexPageOffset());
    out.i64(11, m.dictionaryPageOffset());
    if (m.statistics() != null) {
      out.field(TType.STRUCT, 12);
      writeStatistics(m.statistics(), out);
    }
    if (m.encodingStats() != null) {
      out.list(13, TType.STRUCT, m.encodingStats().size());
      for (PageEncodingStats s : m.encodingStats()) {
        writePageEncodingStats(element(s, "ColumnMetaData.encoding_stats"), out);
      }
    }
    out.i64(14, m.bloomFilterOffset());
    out.i32(15, m.bloomFilterLength());
    if (m.sizeStatistics() != null) {
      out.field(TType.STRUCT, 16);
      writeSizeStatistics(m.sizeStatistics(), out);
    }
    if (m.geospatialStatistics() != null) {
      out.field(TType.STRUCT, 17);
      writeGeospatialStatistics(m.geospatialStatistics(), out);
    }
    out.structEnd();
  }

  // ---------------------------------------------------------------- enums

  /** An undefined physical type makes the column unreadable: corrupt, not unknown. */
  static PhysicalType physicalType(ThriftReader in, int value, String structAndField) {
    PhysicalType t = PhysicalType.fromValue(value);
    if (t == null) {
      throw in.corrupt(structAndField + " has the undefined physical type " + value);
    }
    return t;
  }

  static Encoding encoding(int value) {
    Encoding e = Encoding.fromValue(value);
    return e != null ? e : Encoding.UNKNOWN;
  }

  static CompressionCodec compressionCodec(int value) {
    CompressionCodec c = CompressionCodec.fromValue(value);
    return c != null ? c : CompressionCodec.UNKNOWN;
  }

  static PageType pageType(int value) {
    PageType t = PageType.fromValue(value);
    return t != null ? t : PageType.UNKNOWN;
  }

  private static List<Encoding> readEncodings(ThriftReader in, int n) throws TException {
    Object[] out = new Object[n];
    for (int i = 0; i < n; i++) {
      out[i] = encoding(in.readI32());
    }
    return FrozenList.of(out);
  }

  // ---------------------------------------------------------------- Statistics

  static Statistics readStatistics(ThriftReader in) throws TException {
    in.structBegin();
    byte[] max = null;
    byte[] min = null;
    Long nullCount = null;
    Long distinctCount = null;
    byte[] maxValue = null;
    byte[] minValue = null;
    Boolean maxExact = null;
    Boolean minExact = null;
    Long nanCount = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> max = in.expect(TType.STRING) ? in.readBinary() : max;
        case 2 -> min = in.expect(TType.STRING) ? in.readBinary() : min;
        case 3 -> nullCount = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : nullCount;
        case 4 -> distinctCount = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : distinctCount;
        case 5 -> maxValue = in.expect(TType.STRING) ? in.readBinary() : maxValue;
        case 6 -> minValue = in.expect(TType.STRING) ? in.readBinary() : minValue;
        case 7 -> maxExact = in.expect(TType.BOOL) ? Boolean.valueOf(in.readBool()) : maxExact;
        case 8 -> minExact = in.expect(TType.BOOL) ? Boolean.valueOf(in.readBool()) : minExact;
        case 9 -> nanCount = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : nanCount;
        default -> in.skipField();
      }
    }
    in.structEnd();
    return new Statistics(max, min, nullCount, distinctCount, maxValue, minValue, maxExact,
        minExact, nanCount);
  }

  static void writeStatistics(Statistics s, ThriftWriter out) throws TException {
    out.structBegin();
    out.binary(1, s.max());
    out.binary(2, s.min());
    out.i64(3, s.nullCount());
    out.i64(4, s.distinctCount());
    out.binary(5, s.maxValue());
    out.binary(6, s.minValue());
    out.bool(7, s.isMaxValueExact());
    out.bool(8, s.isMinValueExact());
    out.i64(9, s.nanCount());
    out.structEnd();
  }

  // ---------------------------------------------------------------- PageEncodingStats

  private static PageEncodingStats readPageEncodingStats(ThriftReader in) throws TException {
    in.structBegin();
    PageType pageType = null;
    Encoding encoding = null;
    int count = 0;
    boolean hasCount = false;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> pageType = in.expect(TType.I32) ? pageType(in.readI32()) : pageType;
        case 2 -> encoding = in.expect(TType.I32) ? encoding(in.readI32()) : encoding;
        case 3 -> {
          if (in.expect(TType.I32)) {
            count = in.readI32();
            hasCount = true;
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (pageType == null) {
      throw in.missing("PageEncodingStats", "page_type");
    }
    if (encoding == null) {
      throw in.missing("PageEncodingStats", "encoding");
    }
    if (!hasCount) {
      throw in.missing("PageEncodingStats", "count");
    }
    return new PageEncodingStats(pageType, encoding, count);
  }

  private static void writePageEncodingStats(PageEncodingStats s, ThriftWriter out) throws TException {
    out.structBegin();
    PageType pageType = require(s.pageType(), "PageEncodingStats.page_type");
    out.i32(1, enumValue(pageType.value(), pageType, "PageEncodingStats.page_type"));
    Encoding encoding = require(s.encoding(), "PageEncodingStats.encoding");
    out.i32(2, enumValue(encoding.value(), encoding, "PageEncodingStats.encoding"));
    out.i32(3, s.count());
    out.structEnd();
  }

  // ---------------------------------------------------------------- SizeStatistics

  static SizeStatistics readSizeStatistics(ThriftReader in) throws TException {
    in.structBegin();
    Long unencoded = null;
    List<Long> repetition = null;
    List<Long> definition = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> unencoded = in.expect(TType.I64) ? Long.valueOf(in.readI64()) : unencoded;
        case 2 -> {
          int n = in.listBegin(TType.I64);
          if (n >= 0) {
            repetition = in.readI64List(n);
          }
        }
        case 3 -> {
          int n = in.listBegin(TType.I64);
          if (n >= 0) {
            definition = in.readI64List(n);
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    return new SizeStatistics(unencoded, repetition, definition);
  }

  static void writeSizeStatistics(SizeStatistics s, ThriftWriter out) throws TException {
    out.structBegin();
    out.i64(1, s.unencodedByteArrayDataBytes());
    out.i64List(2, s.repetitionLevelHistogram(), "SizeStatistics.repetition_level_histogram");
    out.i64List(3, s.definitionLevelHistogram(), "SizeStatistics.definition_level_histogram");
    out.structEnd();
  }

  // ---------------------------------------------------------------- GeospatialStatistics

  static GeospatialStatistics readGeospatialStatistics(ThriftReader in) throws TException {
    in.structBegin();
    BoundingBox bbox = null;
    List<Integer> types = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> bbox = in.expect(TType.STRUCT) ? readBoundingBox(in) : bbox;
        case 2 -> {
          int n = in.listBegin(TType.I32);
          if (n >= 0) {
            types = in.readI32List(n);
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    return new GeospatialStatistics(bbox, types);
  }

  static void writeGeospatialStatistics(GeospatialStatistics s, ThriftWriter out) throws TException {
    out.structBegin();
    if (s.bbox() != null) {
      out.field(TType.STRUCT, 1);
      writeBoundingBox(s.bbox(), out);
    }
    out.i32List(2, s.geospatialTypes(), "GeospatialStatistics.geospatial_types");
    out.structEnd();
  }

  private static BoundingBox readBoundingBox(ThriftReader in) throws TException {
    in.structBegin();
    double xmin = 0;
    double xmax = 0;
    double ymin = 0;
    double ymax = 0;
    int seen = 0;
    Double zmin = null;
    Double zmax = null;
    Double mmin = null;
    Double mmax = null;
    while (in.nextField()) {
      int id = in.fieldId();
      switch (id) {
        case 1, 2, 3, 4 -> {
          if (in.expect(TType.DOUBLE)) {
            double v = in.readDouble();
            switch (id) {
              case 1 -> xmin = v;
              case 2 -> xmax = v;
              case 3 -> ymin = v;
              default -> ymax = v;
            }
            seen |= 1 << id;
          }
        }
        case 5 -> zmin = in.expect(TType.DOUBLE) ? Double.valueOf(in.readDouble()) : zmin;
        case 6 -> zmax = in.expect(TType.DOUBLE) ? Double.valueOf(in.readDouble()) : zmax;
        case 7 -> mmin = in.expect(TType.DOUBLE) ? Double.valueOf(in.readDouble()) : mmin;
        case 8 -> mmax = in.expect(TType.DOUBLE) ? Double.valueOf(in.readDouble()) : mmax;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if ((seen & 1 << 1) == 0) {
      throw in.missing("BoundingBox", "xmin");
    }
    if ((seen & 1 << 2) == 0) {
      throw in.missing("BoundingBox", "xmax");
    }
    if ((seen & 1 << 3) == 0) {
      throw in.missing("BoundingBox", "ymin");
    }
    if ((seen & 1 << 4) == 0) {
      throw in.missing("BoundingBox", "ymax");
    }
    return new BoundingBox(xmin, xmax, ymin, ymax, zmin, zmax, mmin, mmax);
  }

  private static void writeBoundingBox(BoundingBox b, ThriftWriter out) throws TException {
    out.structBegin();
    out.f64(1, b.xmin());
    out.f64(2, b.xmax());
    out.f64(3, b.ymin());
    out.f64(4, b.ymax());
    out.f64(5, b.zmin());
    out.f64(6, b.zmax());
    out.f64(7, b.mmin());
    out.f64(8, b.mmax());
    out.structEnd();
  }
}
