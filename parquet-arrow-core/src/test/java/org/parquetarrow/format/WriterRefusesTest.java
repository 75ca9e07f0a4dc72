package org.parquetarrow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The writer refuses what it cannot write, naming the field, and writes nothing then. */
class WriterRefusesTest {

  private static void refuses(String message, Executable write) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, write);
    assertEquals(message, e.getMessage());
  }

  @Test
  void nullRequiredFields() {
    ColumnMetaData m = Samples.minimalColumnMetaData();
    refuses("ColumnMetaData.type is required but null", () -> MetadataWriter.toBytes(new ColumnMetaData(null,
        m.encodings(), m.pathInSchema(), m.codec(), 0, 0, 0, null, 0, null, null, null, null, null, null, null, null)));
    refuses("ColumnMetaData.path_in_schema is required but null", () -> MetadataWriter.toBytes(new ColumnMetaData(
        m.type(), m.encodings(), null, m.codec(), 0, 0, 0, null, 0, null, null, null, null, null, null, null, null)));
    refuses("SchemaElement.name is required but null", () -> MetadataWriter.toBytes(new FileMetaData(1,
        List.of(new SchemaElement(null, null, null, null, null, null, null, null, null, null, null)), 0, List.of(),
        null, null, null, null, null)));
    refuses("FileMetaData.row_groups is required but null", () -> MetadataWriter.toBytes(new FileMetaData(1,
        List.of(), 0, null, null, null, null, null, null)));
    refuses("KeyValue.key is required but null", () -> MetadataWriter.toBytes(new FileMetaData(1, List.of(), 0,
        List.of(), List.of(new KeyValue(null, "v")), null, null, null, null)));
    refuses("PageHeader.type is required but null", () -> MetadataWriter.toBytes(
        new PageHeader(null, 1, 1, null, null, null, null, null)));
    refuses("DataPageHeader.encoding is required but null", () -> MetadataWriter.toBytes(new PageHeader(
        PageType.DATA_PAGE, 1, 1, null, new DataPageHeader(1, null, Encoding.RLE, Encoding.RLE, null), null, null, null)));
    refuses("ColumnIndex.boundary_order is required but null", () -> MetadataWriter.toBytes(
        new ColumnIndex(List.of(), List.of(), List.of(), null, null, null, null, null)));
    refuses("OffsetIndex.page_locations is required but null", () -> MetadataWriter.toBytes(new OffsetIndex(null, null)));
    refuses("BloomFilterHeader.hash is required but null", () -> MetadataWriter.toBytes(new BloomFilterHeader(
        1, BloomFilterAlgorithm.BLOCK, null, BloomFilterCompression.UNCOMPRESSED)));
    refuses("FileCryptoMetaData.encryption_algorithm is required but null",
        () -> MetadataWriter.toBytes(new FileCryptoMetaData(null, null)));
    refuses("TimestampType.unit is required but null", () -> MetadataWriter.toBytes(new FileMetaData(1,
        List.of(new SchemaElement(null, null, null, "t", null, null, null, null, null,
            new LogicalType.TimestampType(true, null), null)), 0, List.of(), null, null, null, null, null)));
  }

  @Test
  void nullListElements() {
    refuses("ColumnIndex.null_counts holds a null element", () -> MetadataWriter.toBytes(new ColumnIndex(
        List.of(), List.of(), List.of(), BoundaryOrder.UNORDERED, Arrays.asList(1L, null), null, null, null)));
  }

  @Test
  void unknownConstants() {
    ColumnMetaData m = Samples.minimalColumnMetaData();
    refuses("ColumnMetaData.codec is UNKNOWN, which cannot be written", () -> MetadataWriter.toBytes(
        new ColumnMetaData(m.type(), m.encodings(), m.pathInSchema(), CompressionCodec.UNKNOWN, 0, 0, 0, null, 0,
            null, null, null, null, null, null, null, null)));
    refuses("ColumnMetaData.encodings is UNKNOWN, which cannot be written", () -> MetadataWriter.toBytes(
        new ColumnMetaData(m.type(), List.of(Encoding.PLAIN, Encoding.UNKNOWN), m.pathInSchema(), m.codec(), 0, 0, 0,
            null, 0, null, null, null, null, null, null, null, null)));
    refuses("PageHeader.type is UNKNOWN, which cannot be written", () -> MetadataWriter.toBytes(
        new PageHeader(PageType.UNKNOWN, 1, 1, null, null, null, null, null)));
    refuses("FileMetaData.column_orders is UNKNOWN, which cannot be written", () -> MetadataWriter.toBytes(
        new FileMetaData(1, List.of(), 0, List.of(), null, null, List.of(ColumnOrder.UNKNOWN), null, null)));
    refuses("BloomFilterHeader.algorithm is UNKNOWN, which cannot be written", () -> MetadataWriter.toBytes(
        new BloomFilterHeader(1, BloomFilterAlgorithm.UNKNOWN, BloomFilterHash.XXHASH,
            BloomFilterCompression.UNCOMPRESSED)));
    refuses("SchemaElement.logicalType is the unrecognized union member 25, which cannot be written",
        () -> MetadataWriter.toBytes(new FileMetaData(1, List.of(new SchemaElement(null, null, null, "u", null,
            null, null, null, null, new LogicalType.Unrecognized(25), null)), 0, List.of(), null, null, null, null,
            null)));
  }

  @Test
  void outOfRangeI8() {
    refuses("IntType.bitWidth is 300, outside the thrift i8 range", () -> MetadataWriter.toBytes(new FileMetaData(1,
        List.of(new SchemaElement(null, null, null, "i", null, null, null, null, null,
            new LogicalType.IntType(300, true), null)), 0, List.of(), null, null, null, null, null)));
  }

  @Test
  void nothingReachesTheStreamWhenRefused() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // the UNKNOWN codec comes after several fields that could already have been written
    ColumnMetaData m = new ColumnMetaData(PhysicalType.INT32, List.of(Encoding.PLAIN), List.of("a"),
        CompressionCodec.UNKNOWN, 0, 0, 0, null, 0, null, null, null, null, null, null, null, null);
    assertThrows(IllegalArgumentException.class, () -> MetadataWriter.write(m, out));
    assertEquals(0, out.size());
  }
}
