package org.parquetarrow.format;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Metadata records for round-trip tests: for every struct one value with every field set and one
 * with only the required fields, and every union member.
 */
public final class Samples {
  private Samples() {}

  public static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  // ---------------------------------------------------------------- statistics

  static Statistics fullStatistics() {
    return new Statistics(b("max"), b("min"), 3L, 7L, b("maxValue"), new byte[0], true, false, 2L);
  }

  static SizeStatistics fullSizeStatistics() {
    return new SizeStatistics(1234L, List.of(5L, 0L, -1L), List.of(1L, 2L, 3L, Long.MAX_VALUE));
  }

  static GeospatialStatistics fullGeospatialStatistics() {
    return new GeospatialStatistics(
        new BoundingBox(-180.0, 180.0, -90.0, 90.0, 0.5, 1.5, -2.0, Double.NaN), List.of(1, 2, 1003));
  }

  static GeospatialStatistics minimalGeospatialStatistics() {
    // BoundingBox with only its required fields, and an empty type list (means "unknown")
    return new GeospatialStatistics(new BoundingBox(1, 2, 3, 4, null, null, null, null), List.of());
  }

  // ---------------------------------------------------------------- column metadata

  static ColumnMetaData fullColumnMetaData() {
    return new ColumnMetaData(
        PhysicalType.BYTE_ARRAY,
        List.of(Encoding.PLAIN, Encoding.RLE, Encoding.RLE_DICTIONARY, Encoding.BYTE_STREAM_SPLIT),
        List.of("a", "b", "ünïcødé"),
        CompressionCodec.ZSTD,
        1_000_000_000_000L,
        Long.MAX_VALUE,
        4096,
        List.of(new KeyValue("k", "v"), new KeyValue("only key", null)),
        4L,
        100L,
        3L,
        fullStatistics(),
        List.of(new PageEncodingStats(PageType.DICTIONARY_PAGE, Encoding.PLAIN, 1),
            new PageEncodingStats(PageType.DATA_PAGE_V2, Encoding.RLE_DICTIONARY, 17)),
        9999L,
        512,
        fullSizeStatistics(),
        fullGeospatialStatistics());
  }

  static ColumnMetaData minimalColumnMetaData() {
    return new ColumnMetaData(PhysicalType.INT32, List.of(), List.of("x"), CompressionCodec.UNCOMPRESSED,
        0, 0, 0, null, -5, null, null, null, null, null, null, null, null);
  }

  /** Minimal nested structs inside an otherwise minimal ColumnMetaData. */
  static ColumnMetaData columnMetaDataWithEmptyNested() {
    return new ColumnMetaData(PhysicalType.FIXED_LEN_BYTE_ARRAY, List.of(Encoding.PLAIN), List.of("g", "x"),
        CompressionCodec.LZ4_RAW, 1, 2, 3, List.of(), 4, null, null, Statistics.EMPTY, List.of(), null, null,
        new SizeStatistics(null, null, null), new GeospatialStatistics(null, null));
  }

  // ---------------------------------------------------------------- schema

  /** One schema element per LogicalType member (and per interesting field combination). */
  static List<LogicalType> everyLogicalType() {
    return List.of(
        LogicalType.STRING, LogicalType.MAP, LogicalType.LIST, LogicalType.ENUM,
        new LogicalType.DecimalType(2, 38), LogicalType.DATE,
        new LogicalType.TimeType(true, TimeUnit.MILLIS), new LogicalType.TimeType(false, TimeUnit.MICROS),
        new LogicalType.TimestampType(true, TimeUnit.NANOS), new LogicalType.TimestampType(false, TimeUnit.MILLIS),
        new LogicalType.IntType(8, true), new LogicalType.IntType(64, false),
        LogicalType.UNKNOWN, LogicalType.JSON, LogicalType.BSON, LogicalType.UUID, LogicalType.FLOAT16,
        new LogicalType.VariantType(1), new LogicalType.VariantType(null),
        new LogicalType.GeometryType("srid:5070"), new LogicalType.GeometryType(null),
        new LogicalType.GeographyType("OGC:CRS83", EdgeInterpolationAlgorithm.KARNEY),
        new LogicalType.GeographyType(null, null),
        LogicalType.VECTOR);
  }

  static List<SchemaElement> fullSchema() {
    List<SchemaElement> schema = new ArrayList<>();
    schema.add(new SchemaElement(null, null, null, "root", everyLogicalType().size() + 1, null, null, null,
        null, null, null));
    int i = 0;
    for (LogicalType t : everyLogicalType()) {
      schema.add(new SchemaElement(PhysicalType.values()[i % PhysicalType.values().length], 16 + i,
          Repetition.values()[i % Repetition.values().length], "c" + i, null,
          ConvertedType.values()[i % ConvertedType.values().length], i, 2 * i, 100 + i, t, i % 3 == 0 ? 4 : null));
      i++;
    }
    // every field set, including num_children on a leaf-less group and a VECTOR length
    schema.add(new SchemaElement(PhysicalType.INT96, 12, Repetition.VECTOR, "all", 0, ConvertedType.INTERVAL,
        3, 9, -1, LogicalType.STRING, 3));
    return schema;
  }

  // ---------------------------------------------------------------- file metadata

  static ColumnChunk fullColumnChunk(ColumnCryptoMetaData crypto) {
    return new ColumnChunk("other/file.parquet", 77L, fullColumnMetaData(), 1000L, 200, 1200L, 300,
        crypto, b("encrypted-metadata"));
  }

  static ColumnChunk minimalColumnChunk() {
    return new ColumnChunk(null, 0, null, null, null, null, null, null, null);
  }

  static RowGroup fullRowGroup() {
    return new RowGroup(
        List.of(fullColumnChunk(new ColumnCryptoMetaData.EncryptionWithFooterKey()),
            fullColumnChunk(new ColumnCryptoMetaData.EncryptionWithColumnKey(List.of("a", "b"), b("key"))),
            fullColumnChunk(new ColumnCryptoMetaData.EncryptionWithColumnKey(List.of("c"), null)),
            new ColumnChunk(null, 4, minimalColumnMetaData(), null, null, null, null, null, null),
            new ColumnChunk(null, 5, columnMetaDataWithEmptyNested(), null, null, null, null, null, null)),
        123456789L, 42L,
        List.of(new SortingColumn(0, true, false), new SortingColumn(3, false, true)),
        4L, 99999L, (short) 7);
  }

  static RowGroup minimalRowGroup() {
    return new RowGroup(List.of(minimalColumnChunk()), 0, 0, null, null, null, null);
  }

  public static FileMetaData fullFileMetaData(EncryptionAlgorithm algorithm) {
    return new FileMetaData(
        2,
        fullSchema(),
        Long.MIN_VALUE,
        List.of(fullRowGroup(), minimalRowGroup(), new RowGroup(List.of(), 1, 2, List.of(), null, null, null)),
        List.of(new KeyValue("ARROW:schema", "/////base64"), new KeyValue("empty", "")),
        "parquet-arrow version 0.1.0 (build 0123abcd)",
        List.of(ColumnOrder.TYPE_DEFINED_ORDER, ColumnOrder.IEEE_754_TOTAL_ORDER, ColumnOrder.INT96_TIMESTAMP_ORDER),
        algorithm,
        b("footer-signing-key"));
  }

  public static FileMetaData minimalFileMetaData() {
    return new FileMetaData(1, List.of(new SchemaElement(null, null, null, "schema", null, null, null, null,
        null, null, null)), 0, List.of(), null, null, null, null, null);
  }

  public static AesGcmV1 fullAesGcmV1() {
    return new AesGcmV1(b("prefix"), b("unique"), true);
  }

  public static AesGcmCtrV1 fullAesGcmCtrV1() {
    return new AesGcmCtrV1(b("p"), b("u"), false);
  }

  // ---------------------------------------------------------------- pages

  static PageHeader fullDataPageHeader() {
    return new PageHeader(PageType.DATA_PAGE, 2048, 1024, 0xCAFEBABE,
        new DataPageHeader(100, Encoding.RLE_DICTIONARY, Encoding.RLE, Encoding.BIT_PACKED, fullStatistics()),
        null, null, null);
  }

  static PageHeader minimalDataPageHeader() {
    return new PageHeader(PageType.DATA_PAGE, 0, 0, null,
        new DataPageHeader(0, Encoding.PLAIN, Encoding.RLE, Encoding.RLE, null), null, null, null);
  }

  static PageHeader fullDataPageHeaderV2() {
    return new PageHeader(PageType.DATA_PAGE_V2, Integer.MAX_VALUE, -1, -42, null, null, null,
        new DataPageHeaderV2(10, 3, 7, Encoding.DELTA_BINARY_PACKED, 5, 6, false, fullStatistics()));
  }

  static PageHeader minimalDataPageHeaderV2() {
    return new PageHeader(PageType.DATA_PAGE_V2, 1, 1, null, null, null, null,
        new DataPageHeaderV2(1, 0, 1, Encoding.PLAIN, 0, 0, null, null));
  }

  static PageHeader fullDictionaryPageHeader() {
    return new PageHeader(PageType.DICTIONARY_PAGE, 5, 5, 1, null, null,
        new DictionaryPageHeader(3, Encoding.PLAIN_DICTIONARY, true), null);
  }

  static PageHeader minimalDictionaryPageHeader() {
    return new PageHeader(PageType.DICTIONARY_PAGE, 5, 5, null, null, null,
        new DictionaryPageHeader(3, Encoding.PLAIN, null), null);
  }

  static PageHeader indexPageHeader() {
    return new PageHeader(PageType.INDEX_PAGE, 9, 8, null, null, new IndexPageHeader(), null, null);
  }

  static PageHeader minimalPageHeader() {
    return new PageHeader(PageType.DATA_PAGE, 100, 100, null, null, null, null, null);
  }

  // ---------------------------------------------------------------- page index and bloom filter

  static ColumnIndex fullColumnIndex() {
    return new ColumnIndex(List.of(false, true, false), List.of(b("a"), new byte[0], b("c")),
        List.of(b("b"), new byte[0], b("z")), BoundaryOrder.ASCENDING, List.of(0L, 5L, 1L),
        List.of(1L, 2L, 3L, 4L, 5L, 6L), List.of(6L, 5L, 4L, 3L, 2L, 1L), List.of(0L, 0L, 9L));
  }

  static ColumnIndex minimalColumnIndex() {
    return new ColumnIndex(List.of(), List.of(), List.of(), BoundaryOrder.DESCENDING, null, null, null, null);
  }

  static OffsetIndex fullOffsetIndex() {
    return new OffsetIndex(List.of(new PageLocation(4, 100, 0), new PageLocation(104, 200, 10),
        new PageLocation(Long.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE)), List.of(10L, 20L, 30L));
  }

  static OffsetIndex minimalOffsetIndex() {
    return new OffsetIndex(List.of(new PageLocation(0, 0, 0)), null);
  }

  static BloomFilterHeader bloomFilterHeader() {
    return new BloomFilterHeader(1024, BloomFilterAlgorithm.BLOCK, BloomFilterHash.XXHASH,
        BloomFilterCompression.UNCOMPRESSED);
  }
}
