package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Decimals of up to 18 digits are stored as INT32 (to 9 digits) or INT64 by default, as
 * LogicalTypes.md allows and Spark, DuckDB and arrow-rs write them: the stored integer is the
 * unscaled value, statistics compare as signed integers, and the Arrow type (decimal128 or
 * decimal256) comes back exactly. A value the integer cannot hold is refused, naming the column.
 */
class DecimalStorageTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final BigDecimal MAX18 = new BigDecimal("99999999999999.9999");
  private static final BigDecimal MIN18 = MAX18.negate();

  private VectorSchemaRoot decimals() {
    Schema schema = new Schema(List.of(
        Field.nullable("d9", new ArrowType.Decimal(9, 2, 128)),
        Field.nullable("d18", new ArrowType.Decimal(18, 4, 128)),
        Field.nullable("d10_256", new ArrowType.Decimal(10, 2, 256))));
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
    DecimalVector d9 = (DecimalVector) root.getVector("d9");
    DecimalVector d18 = (DecimalVector) root.getVector("d18");
    Decimal256Vector d256 = (Decimal256Vector) root.getVector("d10_256");
    BigDecimal[] nine = {new BigDecimal("9999999.99"), new BigDecimal("-9999999.99"), null, new BigDecimal("0.01")};
    BigDecimal[] eighteen = {MAX18, MIN18, new BigDecimal("-0.0001"), null};
    BigDecimal[] ten = {null, new BigDecimal("-12345678.90"), new BigDecimal("99999999.99"), BigDecimal.ZERO.setScale(2)};
    for (int i = 0; i < 4; i++) {
      setOrNull(d9, i, nine[i]);
      setOrNull(d18, i, eighteen[i]);
      if (ten[i] == null) {
        d256.setNull(i);
      } else {
        d256.setSafe(i, ten[i]);
      }
    }
    root.setRowCount(4);
    return root;
  }

  private static void setOrNull(DecimalVector v, int i, BigDecimal d) {
    if (d == null) {
      v.setNull(i);
    } else {
      v.setSafe(i, d);
    }
  }

  private static byte[] le32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  private static byte[] le64(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  @Test
  void upTo18DigitsAreStoredAsIntegersAndReadBackAsTheirArrowTypes() throws Exception {
    Path file = dir.resolve("ints.parquet");
    try (VectorSchemaRoot root = decimals();
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), WriterProperties.defaults())) {
      w.write(root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      assertEquals(PhysicalType.INT32, m.schema().get(1).type());
      assertEquals(new LogicalType.DecimalType(2, 9), m.schema().get(1).logicalType());
      assertEquals(PhysicalType.INT64, m.schema().get(2).type());
      assertEquals(PhysicalType.INT64, m.schema().get(3).type());
      // statistics are the unscaled values, ordered as signed integers
      ColumnMetaData c9 = m.rowGroups().get(0).columns().get(0).metaData();
      assertArrayEquals(le32(-999_999_999), c9.statistics().minValue());
      assertArrayEquals(le32(999_999_999), c9.statistics().maxValue());
      ColumnMetaData c18 = m.rowGroups().get(0).columns().get(1).metaData();
      assertArrayEquals(le64(-999_999_999_999_999_999L), c18.statistics().minValue());
      assertArrayEquals(le64(999_999_999_999_999_999L), c18.statistics().maxValue());
      ColumnMetaData c10 = m.rowGroups().get(0).columns().get(2).metaData();
      assertArrayEquals(le64(-1_234_567_890L), c10.statistics().minValue());
      assertArrayEquals(le64(9_999_999_999L), c10.statistics().maxValue());
    }
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()));
        VectorSchemaRoot back = r.readNextBatch()) {
      assertEquals(new ArrowType.Decimal(9, 2, 128), back.getSchema().getFields().get(0).getType());
      assertEquals(new ArrowType.Decimal(10, 2, 256), back.getSchema().getFields().get(2).getType());
      DecimalVector d18 = (DecimalVector) back.getVector("d18");
      assertEquals(MAX18, d18.getObject(0));
      assertEquals(MIN18, d18.getObject(1));
      assertEquals(new BigDecimal("-0.0001"), d18.getObject(2));
      assertTrue(d18.isNull(3));
      assertEquals(new BigDecimal("-9999999.99"), ((DecimalVector) back.getVector("d9")).getObject(1));
      assertEquals(new BigDecimal("-12345678.90"), ((Decimal256Vector) back.getVector("d10_256")).getObject(1));
    }
  }

  @Test
  void arrowCppsFixedLengthLayoutOnRequest() throws Exception {
    Path file = dir.resolve("fixed.parquet");
    WriterProperties fixed = WriterProperties.builder().arrowOptions(ArrowWriteOptions.builder()
        .decimalEncoding(ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY).build()).build();
    try (VectorSchemaRoot root = decimals();
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), fixed)) {
      w.write(root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      // DecimalSize: 9 digits need 4 bytes, 18 need 8, 10 need 5
      assertEquals(PhysicalType.FIXED_LEN_BYTE_ARRAY, m.schema().get(1).type());
      assertEquals(4, m.schema().get(1).typeLength());
      assertEquals(8, m.schema().get(2).typeLength());
      assertEquals(5, m.schema().get(3).typeLength());
    }
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()));
        VectorSchemaRoot back = r.readNextBatch()) {
      assertEquals(MIN18, ((DecimalVector) back.getVector("d18")).getObject(1));
    }
  }

  /** Writing one batch of {@code field} filled by {@code fill} fails naming {@code expected}; no file is left. */
  private void assertRefused(Field field, java.util.function.Consumer<VectorSchemaRoot> fill, String... expected) {
    Path file = dir.resolve(field.getName() + ".parquet");
    Schema schema = new Schema(List.of(field));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      fill.accept(root);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(root));
        for (String x : expected) {
          assertTrue(e.getMessage().contains(x), e.getMessage());
        }
        w.abort();
      }
    }
    assertFalse(Files.exists(file));
  }

  @Test
  void aValueBeyondTheIntegerIsRefusedNamingTheColumnAndNothingIsWritten() {
    assertRefused(Field.nullable("price", new ArrowType.Decimal(9, 0, 128)), root -> {
      DecimalVector v = (DecimalVector) root.getVector(0);
      v.allocateNew(2);
      v.setSafe(0, 5L);
      // 2^40 exceeds the declared 9 digits; Arrow's buffers do not stop it, and INT32 cannot hold it
      v.setBigEndian(1, new java.math.BigInteger("1099511627776").toByteArray());
      root.setRowCount(2);
    }, "price", "INT32");
  }

  @Test
  void aDecimal256BeyondINT64IsRefused() {
    assertRefused(Field.notNullable("d", new ArrowType.Decimal(18, 0, 256)), root -> {
      Decimal256Vector v = (Decimal256Vector) root.getVector(0);
      v.allocateNew(1);
      // 2^64: zero low word, one in the second word
      v.setBigEndian(0, java.math.BigInteger.ONE.shiftLeft(64).toByteArray());
      root.setRowCount(1);
    }, "d", "INT64");
  }
}
