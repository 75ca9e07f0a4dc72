package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.junit.jupiter.api.Test;
import org.parquetarrow.spark.AggValue.Kind;

/**
 * The pushed aggregates' argument kernels on hand-made Arrow vectors: values worked out by hand
 * (decimal scales aligned as Spark aligns them), nulls propagated, a value past 64 bits sending the
 * batch to the exact row-by-row path, and a result past its Spark type an ANSI error.
 */
class AggValueTest {
  @Test
  void decimalArithmeticAlignsScalesAndPropagatesNulls() {
    try (BufferAllocator a = new RootAllocator(); BigIntVector price = new BigIntVector("p", a);
        DecimalVector disc = new DecimalVector("d", a, 15, 2)) {
      price.allocateNew(3);
      disc.allocateNew(3);
      price.set(0, 12345); // 123.45 as decimal(15,2), read unscaled
      price.set(1, -100); // -1.00
      price.setNull(2);
      disc.set(0, new BigDecimal("0.05"));
      disc.setNull(1);
      disc.set(2, new BigDecimal("0.10"));
      price.setValueCount(3);
      disc.setValueCount(3);
      FieldVector[] vs = {price, disc};
      DecimalType d152 = new DecimalType(15, 2);
      AggValue p = new AggValue.Column(0, Kind.I64, d152, "p");
      AggValue d = new AggValue.Column(1, Kind.DEC128, d152, "d");
      AggValue one = new AggValue.Literal(BigInteger.ONE, new DecimalType(1, 0), "1");
      // 1 - d: decimal(16,2); p * (1 - d): decimal(32,4)
      AggValue oneMinus = new AggValue.Arithmetic('-', one, d, new DecimalType(16, 2), "1 - d");
      AggValue product = new AggValue.Arithmetic('*', p, oneMinus, new DecimalType(32, 4), "p * (1 - d)");
      assertTrue(product.eval(vs, 3));
      // 123.45 * 0.95 = 117.2775 -> unscaled 1172775 at scale 4
      assertEquals(1172775L, product.values(3)[0]);
      assertFalse(product.nulls(3)[0]);
      assertTrue(product.nulls(3)[1]);
      assertTrue(product.nulls(3)[2]);
      assertEquals(BigInteger.valueOf(1172775), product.big(vs, 0));
      assertNull(product.big(vs, 1));
    }
  }

  @Test
  void aProductPast64BitsIsLeftToTheExactPath() {
    try (BufferAllocator a = new RootAllocator(); BigIntVector x = new BigIntVector("x", a)) {
      x.allocateNew(2);
      x.set(0, 400_000_000_000_000_000L);
      x.set(1, 3);
      x.setValueCount(2);
      FieldVector[] vs = {x};
      DecimalType d180 = new DecimalType(18, 0);
      AggValue c = new AggValue.Column(0, Kind.I64, d180, "x");
      AggValue square = new AggValue.Arithmetic('*', c, c, new DecimalType(37, 0), "x * x");
      assertFalse(square.eval(vs, 2), "4e17 squared does not fit 64 bits");
      assertEquals(new BigInteger("16" + "0".repeat(34)), square.big(vs, 0));
      assertEquals(BigInteger.valueOf(9), square.big(vs, 1));
    }
  }

  @Test
  void aResultPastItsTypeIsAnAnsiError() {
    try (BufferAllocator a = new RootAllocator(); IntVector i = new IntVector("i", a)) {
      i.allocateNew(2);
      i.set(0, Integer.MAX_VALUE);
      i.set(1, 7);
      i.setValueCount(2);
      FieldVector[] vs = {i};
      AggValue c = new AggValue.Column(0, Kind.I32, DataTypes.IntegerType, "i");
      AggValue one = new AggValue.Literal(BigInteger.ONE, DataTypes.IntegerType, "1");
      AggValue plus = new AggValue.Arithmetic('+', c, one, DataTypes.IntegerType, "i + 1");
      assertFalse(plus.eval(vs, 2), "an int sum past 32 bits leaves the fast path");
      ArithmeticException e = assertThrows(ArithmeticException.class, () -> plus.big(vs, 0));
      assertTrue(e.getMessage().contains("i + 1") && e.getMessage().contains("ARITHMETIC_OVERFLOW"), e.getMessage());
      assertEquals(BigInteger.valueOf(8), plus.big(vs, 1));
      AggValue neg = new AggValue.Negate(new AggValue.Literal(BigInteger.valueOf(Integer.MIN_VALUE), DataTypes.IntegerType,
          "-2147483648"), "-(-2147483648)");
      assertFalse(neg.eval(vs, 2));
      assertThrows(ArithmeticException.class, () -> neg.big(vs, 0));
    }
  }

  @Test
  void groupCodesAreDenseInOrderOfAppearance() {
    AggregatingPartitionReader.LongIntMap m = new AggregatingPartitionReader.LongIntMap();
    long[] keys = {5, -1, 5, Long.MIN_VALUE, 0, -1};
    int[] codes = new int[keys.length];
    for (int k = 0; k < keys.length; k++) {
      codes[k] = m.getOrAdd(keys[k], m.size());
    }
    assertArrayEquals(new int[] {0, 1, 0, 2, 3, 1}, codes);
    for (int k = 0; k < 10_000; k++) { // past several growths
      assertEquals(4 + k, m.getOrAdd(1_000_000L + k * 7919L, m.size()));
    }
    assertEquals(2, m.getOrAdd(Long.MIN_VALUE, m.size()));
  }
}
