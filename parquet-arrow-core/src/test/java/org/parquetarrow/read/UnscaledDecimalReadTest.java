package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@link ArrowReadOptions.IntDecimalPolicy#UNSCALED}: DECIMAL columns stored as INT32/INT64 come out
 * as int32/int64 vectors of their unscaled values, tagged with precision and scale; decimals in
 * byte arrays stay decimal128.
 */
class UnscaledDecimalReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final ArrowReadOptions UNSCALED =
      ArrowReadOptions.builder().intDecimals(ArrowReadOptions.IntDecimalPolicy.UNSCALED).build();

  private List<Object> column(Path file, ArrowReadOptions arrow, String name, Map<String, String>[] metadata,
      ArrowType[] type) throws Exception {
    List<Object> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(file,
        ReadOptions.builder(memory.allocator()).batchSize(7).arrowOptions(arrow).build())) {
      Field f = r.arrowSchema().findField(name);
      metadata[0] = f.getMetadata();
      type[0] = f.getType();
      for (VectorSchemaRoot next = r.readNextBatch(); next != null; next = r.readNextBatch()) {
        try (VectorSchemaRoot b = next) {
          FieldVector v = b.getVector(name);
          for (int i = 0; i < b.getRowCount(); i++) {
            out.add(v.getObject(i));
          }
        }
      }
    }
    return out;
  }

  @Test
  @SuppressWarnings("unchecked")
  void int64AndInt32DecimalsAreTheirUnscaledValues() throws Exception {
    // DECIMAL(18,4) and DECIMAL(9,2): our writer stores them as INT64 and INT32
    List<BigDecimal> wide = List.of(new BigDecimal("99999999999999.9999"), new BigDecimal("-99999999999999.9999"),
        new BigDecimal("0.0001"), new BigDecimal("-0.0001"), BigDecimal.ZERO.setScale(4), new BigDecimal("-12.3400"));
    List<BigDecimal> narrow = List.of(new BigDecimal("9999999.99"), new BigDecimal("-9999999.99"),
        new BigDecimal("0.01"), new BigDecimal("-0.01"), BigDecimal.ZERO.setScale(2), new BigDecimal("-5.00"));
    int rows = 20; // rows beyond the lists, and every third, are null; batches of 7 cut through them
    Schema schema = new Schema(List.of(
        new Field("wide", FieldType.nullable(new ArrowType.Decimal(18, 4, 128)), null),
        new Field("narrow", FieldType.nullable(new ArrowType.Decimal(9, 2, 128)), null)));
    Path file = dir.resolve("decimals.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder().build())) {
      DecimalVector a = (DecimalVector) root.getVector("wide");
      DecimalVector b = (DecimalVector) root.getVector("narrow");
      a.allocateNew(rows);
      b.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        if (i % 3 != 2) {
          a.setSafe(i, wide.get(i % wide.size()));
          b.setSafe(i, narrow.get(i % narrow.size()));
        }
      }
      root.setRowCount(rows);
      w.write(root);
    }
    Map<String, String>[] metadata = new Map[1];
    ArrowType[] type = new ArrowType[1];

    List<Object> longs = column(file, UNSCALED, "wide", metadata, type);
    assertEquals(new ArrowType.Int(64, true), type[0]);
    assertEquals("18", metadata[0].get(ArrowReadOptions.DECIMAL_PRECISION_KEY));
    assertEquals("4", metadata[0].get(ArrowReadOptions.DECIMAL_SCALE_KEY));
    for (int i = 0; i < rows; i++) {
      Object expected = i % 3 == 2 ? null : wide.get(i % wide.size()).unscaledValue().longValueExact();
      assertEquals(expected, longs.get(i), "wide row " + i);
    }
    assertEquals(999_999_999_999_999_999L, longs.get(0), "18 nines");

    List<Object> ints = column(file, UNSCALED, "narrow", metadata, type);
    assertEquals(new ArrowType.Int(32, true), type[0]);
    assertEquals("9", metadata[0].get(ArrowReadOptions.DECIMAL_PRECISION_KEY));
    assertEquals("2", metadata[0].get(ArrowReadOptions.DECIMAL_SCALE_KEY));
    for (int i = 0; i < rows; i++) {
      Object expected = i % 3 == 2 ? null : narrow.get(i % narrow.size()).unscaledValue().intValueExact();
      assertEquals(expected, ints.get(i), "narrow row " + i);
    }

    // the default is unchanged: decimal128 with the same values
    List<Object> decimals = column(file, ArrowReadOptions.defaults(), "wide", metadata, type);
    assertEquals(new ArrowType.Decimal(18, 4, 128), type[0]);
    assertNull(metadata[0].get(ArrowReadOptions.DECIMAL_PRECISION_KEY));
    assertEquals(wide.get(1), decimals.get(1));
  }

  @Test
  @SuppressWarnings("unchecked")
  void sparkWrittenCorpusDecimalsMatchTheirDecimal128Reading() throws Exception {
    // int32_decimal: DECIMAL(4,2) on INT32; int64_decimal: DECIMAL(10,2) on INT64 (CATALOG.md), 24 rows each
    for (String name : List.of("int32_decimal", "int64_decimal")) {
      Path file = TestData.parquetTesting().resolve("data/" + name + ".parquet");
      Map<String, String>[] metadata = new Map[1];
      ArrowType[] type = new ArrowType[1];
      List<Object> decimals = column(file, ArrowReadOptions.defaults(), "value", metadata, type);
      ArrowType.Decimal decimal = (ArrowType.Decimal) type[0];
      List<Object> unscaled = column(file, UNSCALED, "value", metadata, type);
      assertEquals(new ArrowType.Int(name.startsWith("int32") ? 32 : 64, true), type[0], name);
      assertEquals(Integer.toString(decimal.getPrecision()), metadata[0].get(ArrowReadOptions.DECIMAL_PRECISION_KEY));
      assertEquals(Integer.toString(decimal.getScale()), metadata[0].get(ArrowReadOptions.DECIMAL_SCALE_KEY));
      assertEquals(24, unscaled.size(), name);
      for (int i = 0; i < 24; i++) {
        long u = ((Number) unscaled.get(i)).longValue();
        assertEquals(decimals.get(i), BigDecimal.valueOf(u, decimal.getScale()), name + " row " + i);
      }
      assertTrue(unscaled.get(0) instanceof Number, name);
    }
  }
}
