package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.TimeUnit;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * The writer's comparison of each column type, against the sort orders parquet.thrift's {@code
 * ColumnOrder} notes give the types (signed for numbers, decimals, dates, times, half floats;
 * unsigned for unsigned integers, strings and binaries; undefined for INT96 and INTERVAL) and its
 * rule for a column order a reader does not know: min and max are ignored, so a logical type this
 * library does not know gets none. Before the writer took its order from {@code stats.SortOrder},
 * it compared such a column by its physical type (issue 16, review 1.10).
 */
class ValueOrderTest {
  private static PrimitiveNode leaf(PhysicalType type, LogicalType logical) {
    PrimitiveNode n = PrimitiveNode.of("c", Repetition.OPTIONAL, type);
    if (type == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
      n = n.withTypeLength(16);
    }
    return logical == null ? n : n.withLogicalType(logical);
  }

  @Test
  void numbersDatesAndTimesAreSigned() {
    assertEquals(ValueOrder.SIGNED, ValueOrder.of(leaf(PhysicalType.INT32, null)));
    assertEquals(ValueOrder.SIGNED, ValueOrder.of(leaf(PhysicalType.INT64, new LogicalType.IntType(64, true))));
    assertEquals(ValueOrder.SIGNED, ValueOrder.of(leaf(PhysicalType.INT32, LogicalType.DATE)));
    assertEquals(ValueOrder.SIGNED, ValueOrder.of(leaf(PhysicalType.INT64,
        new LogicalType.TimestampType(true, TimeUnit.MICROS))));
    assertEquals(ValueOrder.SIGNED, ValueOrder.of(leaf(PhysicalType.INT64, new LogicalType.DecimalType(2, 18))));
    assertEquals(ValueOrder.FLOAT, ValueOrder.of(leaf(PhysicalType.FLOAT, null)));
    assertEquals(ValueOrder.DOUBLE, ValueOrder.of(leaf(PhysicalType.DOUBLE, null)));
    assertEquals(ValueOrder.BOOLEAN, ValueOrder.of(leaf(PhysicalType.BOOLEAN, null)));
  }

  @Test
  void unsignedIntegersStringsAndBinariesAreUnsigned() {
    assertEquals(ValueOrder.UNSIGNED, ValueOrder.of(leaf(PhysicalType.INT32, new LogicalType.IntType(16, false))));
    assertEquals(ValueOrder.UNSIGNED, ValueOrder.of(leaf(PhysicalType.INT64, new LogicalType.IntType(64, false))));
    assertEquals(ValueOrder.UNSIGNED_BYTES, ValueOrder.of(leaf(PhysicalType.BYTE_ARRAY, LogicalType.STRING)));
    assertEquals(ValueOrder.UNSIGNED_BYTES, ValueOrder.of(leaf(PhysicalType.BYTE_ARRAY, null)));
    assertEquals(ValueOrder.UNSIGNED_BYTES, ValueOrder.of(leaf(PhysicalType.FIXED_LEN_BYTE_ARRAY, LogicalType.UUID)));
  }

  @Test
  void decimalsAndHalfFloatsOnBytesAreSigned() {
    assertEquals(ValueOrder.SIGNED_BYTES, ValueOrder.of(leaf(PhysicalType.FIXED_LEN_BYTE_ARRAY,
        new LogicalType.DecimalType(2, 30))));
    assertEquals(ValueOrder.SIGNED_BYTES, ValueOrder.of(leaf(PhysicalType.BYTE_ARRAY,
        new LogicalType.DecimalType(0, 40))));
    assertEquals(ValueOrder.FLOAT16, ValueOrder.of(PrimitiveNode.of("h", Repetition.OPTIONAL,
        PhysicalType.FIXED_LEN_BYTE_ARRAY).withTypeLength(2).withLogicalType(LogicalType.FLOAT16)));
  }

  @Test
  void int96IntervalsAndUnknownLogicalTypesHaveNoOrder() {
    assertEquals(ValueOrder.NONE, ValueOrder.of(leaf(PhysicalType.INT96, null)));
    assertEquals(ValueOrder.NONE, ValueOrder.of(PrimitiveNode.of("i", Repetition.OPTIONAL,
        PhysicalType.FIXED_LEN_BYTE_ARRAY).withTypeLength(12).withConvertedType(ConvertedType.INTERVAL, null, null)));
    assertEquals(ValueOrder.NONE, ValueOrder.of(leaf(PhysicalType.BYTE_ARRAY, new LogicalType.Unrecognized(42))));
    assertEquals(ValueOrder.NONE, ValueOrder.of(leaf(PhysicalType.INT64, new LogicalType.Unrecognized(42))));
  }
}
