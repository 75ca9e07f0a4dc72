package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flat columns handed to Spark as {@link AddressColumnVector}s (read from the Arrow buffers'
 * addresses): the values and nulls Spark sees are the ones in the Arrow vectors, with and without
 * nulls in a batch, across batch boundaries, and the data source's answers equal Spark's built-in
 * reader's for every flat type, with nested columns beside them still read the other way.
 */
class SparkAddressColumnsTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkAddressColumnsTest.class);
  private static final long SEED = Long.getLong("seed", System.nanoTime());

  @RegisterExtension
  final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir
  Path dir;

  private final SparkSession spark = LocalSpark.session();

  @Test
  void intsWithNullsReadTheValidityBitOfEachRow() {
    try (IntVector v = new IntVector("i", memory.allocator())) {
      int rows = 21;
      v.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        if (i % 3 == 0 || i == 10) {
          v.setNull(i);
        } else {
          v.set(i, -1000 * i);
        }
      }
      v.setValueCount(rows);
      ColumnVector c = SparkColumns.wrap(v, DataTypes.IntegerType);
      assertInstanceOf(AddressColumnVector.class, c);
      assertTrue(c.hasNull());
      assertEquals(8, c.numNulls());
      for (int i = 0; i < rows; i++) {
        boolean isNull = i % 3 == 0 || i == 10;
        assertEquals(isNull, c.isNullAt(i), "row " + i);
        if (!isNull) {
          assertEquals(-1000 * i, c.getInt(i), "row " + i);
        }
      }
    }
  }

  @Test
  void aBatchWithoutNullsHasNoNullRowsAndLongsDatesAndBooleansReadAsSet() {
    try (BigIntVector l = new BigIntVector("l", memory.allocator());
        DateDayVector d = new DateDayVector("d", memory.allocator());
        BitVector b = new BitVector("b", memory.allocator())) {
      int rows = 19;
      for (int i = 0; i < rows; i++) {
        l.setSafe(i, Long.MIN_VALUE + i);
        d.setSafe(i, -719_162 + i); // from 0001-01-01
        b.setSafe(i, i % 5 == 0 ? 1 : 0);
      }
      l.setValueCount(rows);
      d.setValueCount(rows);
      b.setValueCount(rows);
      ColumnVector lc = SparkColumns.wrap(l, DataTypes.LongType);
      ColumnVector dc = SparkColumns.wrap(d, DataTypes.DateType);
      ColumnVector bc = SparkColumns.wrap(b, DataTypes.BooleanType);
      for (ColumnVector c : List.of(lc, dc, bc)) {
        assertInstanceOf(AddressColumnVector.class, c);
        assertFalse(c.hasNull());
        assertEquals(0, c.numNulls());
      }
      for (int i = 0; i < rows; i++) {
        assertFalse(lc.isNullAt(i));
        assertEquals(Long.MIN_VALUE + i, lc.getLong(i));
        assertEquals(-719_162 + i, dc.getInt(i));
        assertEquals(i % 5 == 0, bc.getBoolean(i), "row " + i);
      }
    }
  }

  @Test
  void unscaledDecimalsStringsAndBinariesReadAsSet() {
    try (BigIntVector dec = new BigIntVector("dec", memory.allocator());
        VarCharVector s = new VarCharVector("s", memory.allocator());
        VarBinaryVector bin = new VarBinaryVector("bin", memory.allocator())) {
      String[] strings = {"a", "", null, "é€😀", "xyz"};
      for (int i = 0; i < strings.length; i++) {
        if (strings[i] == null) {
          dec.setNull(i);
          s.setNull(i);
          bin.setNull(i);
        } else {
          dec.setSafe(i, -123_456_789_012L * (i + 1));
          s.setSafe(i, strings[i].getBytes(StandardCharsets.UTF_8));
          bin.setSafe(i, new byte[] {(byte) i, (byte) -i});
        }
      }
      dec.setValueCount(strings.length);
      s.setValueCount(strings.length);
      bin.setValueCount(strings.length);
      ColumnVector dc = SparkColumns.wrap(dec, DataTypes.createDecimalType(18, 4));
      ColumnVector sc = SparkColumns.wrap(s, DataTypes.StringType);
      ColumnVector bc = SparkColumns.wrap(bin, DataTypes.BinaryType);
      for (int i = 0; i < strings.length; i++) {
        if (strings[i] == null) {
          assertNull(dc.getDecimal(i, 18, 4));
          assertNull(sc.getUTF8String(i));
          assertNull(bc.getBinary(i));
        } else {
          assertEquals(Decimal.apply(new java.math.BigDecimal(java.math.BigInteger.valueOf(-123_456_789_012L * (i + 1)), 4)),
              dc.getDecimal(i, 18, 4));
          assertEquals(strings[i], sc.getUTF8String(i).toString());
          assertArrayEquals(new byte[] {(byte) i, (byte) -i}, bc.getBinary(i));
        }
      }
      UnmappableTypeException e = assertThrows(UnmappableTypeException.class, () -> sc.getLong(0));
      assertTrue(e.getMessage().contains("'s'"), e.getMessage());
    }
  }

  /**
   * Every flat type of {@link SparkReadTest#SCHEMA} (nulls in about one value in eight, so some
   * batches of 7 rows have none; {@code id} has none), the struct, list and map columns beside
   * them, in batches of 7 and of 37 rows: each batch starts its bitmaps anew, mid-byte of the
   * file's rows, and a batch of 37 spans five bytes of them.
   */
  @Test
  void everyFlatTypeInSmallBatchesReadsAsTheBuiltInReaderReadsIt() {
    LOG.info("SparkAddressColumnsTest seed {} (rerun with -Dseed={})", SEED, SEED);
    Random r = new Random(SEED);
    List<Row> rows = new ArrayList<>();
    for (long id = 0; id < 700; id++) {
      rows.add(SparkReadTest.row(r, id));
    }
    Path out = dir.resolve("flat");
    spark.createDataFrame(rows, SparkReadTest.SCHEMA).coalesce(1).write().parquet(out.toString());
    Dataset<Row> builtIn = spark.read().parquet(out.toString());
    for (String[] read : List.of(new String[] {"address", "7"}, new String[] {"address", "37"},
        new String[] {"arrow", "37"})) {
      Dataset<Row> ours = spark.read().format("parquet-arrow").option("columnVectors", read[0])
          .option("batchSize", read[1]).load(out.toString());
      SparkReadTest.assertSameRows(builtIn, ours);
    }
    Dataset<Row> filtered = spark.read().format("parquet-arrow").option("batchSize", "37").load(out.toString())
        .where("i > 0 or s like 'a%'");
    SparkReadTest.assertSameRows(builtIn.where("i > 0 or s like 'a%'"), filtered);
  }

  @Test
  void anUnknownColumnVectorsValueIsAnArgumentErrorNamingTheOption() {
    Path out = dir.resolve("opt");
    spark.range(0, 3).coalesce(1).write().parquet(out.toString());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> spark.read().format("parquet-arrow").option("columnVectors", "direct").load(out.toString()));
    assertTrue(e.getMessage().contains("columnVectors") && e.getMessage().contains("direct"), e.getMessage());
  }
}
