package org.parquetarrow.dataset.scan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * A bound literal against a decimal column of more than 18 digits: the column's unscaled
 * integer as little-endian 64-bit words (two's complement, as Arrow stores 128- and 256-bit
 * decimals), with the kinds of {@link LongBound}.
 */
record WideBound(int kind, long[] words) {
  static WideBound of(ColumnValues c, Object literal) {
    ArrowType.Decimal dec = (ArrowType.Decimal) c.type;
    int n = dec.getBitWidth() / 64;
    int beyond = LongBound.beyondEveryNumber(literal);
    if (beyond >= 0) {
      return new WideBound(beyond, null);
    }
    BigDecimal x = LongBound.exactNumber(c, literal).movePointRight(dec.getScale());
    BigDecimal floor = x.setScale(0, RoundingMode.FLOOR);
    BigInteger v = floor.toBigInteger();
    if (v.bitLength() >= n * 64) { // beyond what the column's width holds
      return new WideBound(v.signum() > 0 ? LongBound.ABOVE_ALL : LongBound.BELOW_ALL, null);
    }
    long[] words = new long[n];
    for (int k = 0; k < n; k++) {
      words[k] = v.shiftRight(64 * k).longValue();
    }
    return new WideBound(floor.compareTo(x) == 0 ? LongBound.EXACT : LongBound.FRACTION, words);
  }

  /** Value {@code i} of a decimal data buffer against {@code w}: the top word signed, the rest unsigned. */
  static int compare(ArrowBuf data, int i, long[] w) {
    int n = w.length;
    long base = (long) i * n * 8;
    int c = Long.compare(data.getLong(base + (n - 1) * 8L), w[n - 1]);
    for (int k = n - 2; k >= 0 && c == 0; k--) {
      c = Long.compareUnsigned(data.getLong(base + k * 8L), w[k]);
    }
    return c;
  }
}
