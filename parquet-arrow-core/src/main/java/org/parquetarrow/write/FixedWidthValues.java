package org.parquetarrow.write;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.bloom.BloomFilterBuilder;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * INT32, INT64, FLOAT and DOUBLE values, held as longs (INT32 sign-extended, floats as their IEEE
 * bits). Gathering converts the Arrow data to the column's type: widening small and unsigned
 * integers, rescaling time units (seconds to milliseconds, nanoseconds to microseconds when the
 * format version asks), date64 to days, and the low 64 bits of decimals written as integers.
 */
final class FixedWidthValues extends LeafValues {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private final int width;
  private final boolean unsignedSource;
  private final long multiplier;
  private final long divisor;
  /** Whether the unit conversion must keep every value exactly (all but an allowed timestamp truncation). */
  private final boolean exact;
  private final boolean date64;

  /** A decimal128/256 vector stored as INT32 or INT64. */
  private final boolean decimalSource;

  long[] values = new long[0];
  private final LongHashTable dictionary = new LongHashTable();

  private boolean pageHas;
  private long pageMin;
  private long pageMax;
  private boolean chunkHas;
  private long chunkMin;
  private long chunkMax;

  /**
   * @param truncationAllowed whether a timestamp converted to a coarser unit may drop its sub-unit
   *     part; otherwise such a value is refused
   */
  FixedWidthValues(PrimitiveNode node, ArrowType arrowType, boolean statistics, boolean truncationAllowed) {
    super(statistics ? ValueOrder.of(node) : ValueOrder.NONE);
    this.width = node.physicalType() == PhysicalType.INT32 || node.physicalType() == PhysicalType.FLOAT ? 4 : 8;
    this.unsignedSource = arrowType instanceof ArrowType.Int i && !i.getIsSigned();
    long[] scale = scale(arrowType, node.effectiveLogicalType());
    this.multiplier = scale[0];
    this.divisor = scale[1];
    this.date64 = arrowType instanceof ArrowType.Date;
    this.decimalSource = arrowType instanceof ArrowType.Decimal;
    this.exact = !truncationAllowed;
  }

  /** {multiplier, divisor} turning the Arrow unit into the column's. */
  private static long[] scale(ArrowType arrow, LogicalType logical) {
    int from;
    int to;
    if (arrow instanceof ArrowType.Timestamp t && logical instanceof LogicalType.TimestampType p) {
      from = exponent(t.getUnit());
      to = exponent(p.unit());
    } else if (arrow instanceof ArrowType.Time t && logical instanceof LogicalType.TimeType p) {
      from = exponent(t.getUnit());
      to = exponent(p.unit());
    } else if (arrow instanceof ArrowType.Date d && d.getUnit() == org.apache.arrow.vector.types.DateUnit.MILLISECOND) {
      return new long[] {1, MILLIS_PER_DAY};
    } else {
      return new long[] {1, 1};
    }
    return to >= from ? new long[] {pow10(to - from), 1} : new long[] {1, pow10(from - to)};
  }

  private static int exponent(org.apache.arrow.vector.types.TimeUnit u) {
    return switch (u) {
      case SECOND -> 0;
      case MILLISECOND -> 3;
      case MICROSECOND -> 6;
      case NANOSECOND -> 9;
    };
  }

  private static int exponent(org.parquetarrow.format.TimeUnit u) {
    return switch (u) {
      case MILLIS -> 3;
      case MICROS -> 6;
      case NANOS -> 9;
    };
  }

  private static long pow10(int e) {
    long r = 1;
    for (int i = 0; i < e; i++) {
      r *= 10;
    }
    return r;
  }

  @Override
  void checkConvertible(ValueVector vector, int[] idx, int n, String column) {
    if (decimalSource) {
      checkDecimalsFit((BaseFixedWidthVector) vector, idx, n, column);
      return;
    }
    if (multiplier == 1 && (divisor == 1 || !exact || date64)) {
      return;
    }
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    ArrowBuf data = v.getDataBuffer();
    boolean int32Source = v.getTypeWidth() == 4;
    // a 32-bit source only widens into INT32 (time32 seconds to milliseconds)
    long limit = multiplier == 1 ? 0 : (int32Source && width == 4 ? Integer.MAX_VALUE : Long.MAX_VALUE) / multiplier;
    for (int i = 0; i < n; i++) {
      long x = int32Source ? data.getInt(4L * idx[i]) : data.getLong(8L * idx[i]);
      if (multiplier != 1 ? x > limit || x < -limit : x % divisor != 0) {
        throw new IllegalArgumentException("column " + column + ": value " + x + " of " + vector.getField().getType()
            + (multiplier != 1 ? " overflows when multiplied by " + multiplier
                : " would lose precision divided by " + divisor
                    + " (WriterProperties.Builder.allowTruncatedTimestamps permits it for coerced timestamps)"));
      }
    }
  }

  /**
   * A decimal written as INT32 or INT64 keeps only its low bits: every higher word must be their
   * sign extension, or the value (beyond its declared precision, which Arrow vectors do not enforce
   * on their buffers) would change.
   */
  private void checkDecimalsFit(BaseFixedWidthVector v, int[] idx, int n, String column) {
    int sourceWidth = v.getTypeWidth();
    long base = SourceRange.address(v.getDataBuffer(), idx, n, sourceWidth);
    for (int i = 0; i < n; i++) {
      long at = base + (long) sourceWidth * idx[i];
      long low = MemoryUtil.getLong(at);
      boolean fits = width == 8 || low == (int) low;
      long sign = low >> 63;
      for (int word = 8; word < sourceWidth && fits; word += 8) {
        fits = MemoryUtil.getLong(at + word) == sign;
      }
      if (!fits) {
        throw new IllegalArgumentException("column " + column + ": decimal value at index " + idx[i] + " of "
            + v.getField().getType() + " does not fit the column's " + (width == 4 ? "INT32" : "INT64")
            + " (beyond the declared precision; ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY stores"
            + " it whole)");
      }
    }
  }

  @Override
  void gather(ValueVector vector, int[] idx, int n) {
    if (values.length < n) {
      values = new long[Math.max(n, values.length + (values.length >> 1))];
    }
    count = n;
    long[] out = values;
    BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
    int sourceWidth = v.getTypeWidth();
    // one range check for the batch, then loads straight from memory (ArrowBuf.getInt checks each)
    long base = SourceRange.address(v.getDataBuffer(), idx, n, sourceWidth);
    switch (sourceWidth) {
      case 1 -> {
        if (unsignedSource) {
          for (int i = 0; i < n; i++) {
            out[i] = MemoryUtil.getByte(base + idx[i]) & 0xffL;
          }
        } else {
          for (int i = 0; i < n; i++) {
            out[i] = MemoryUtil.getByte(base + idx[i]);
          }
        }
      }
      case 2 -> {
        if (unsignedSource) {
          for (int i = 0; i < n; i++) {
            out[i] = MemoryUtil.getShort(base + 2L * idx[i]) & 0xffffL;
          }
        } else {
          for (int i = 0; i < n; i++) {
            out[i] = MemoryUtil.getShort(base + 2L * idx[i]);
          }
        }
      }
      case 4 -> {
        if (unsignedSource && width == 8) {
          for (int i = 0; i < n; i++) {
            out[i] = MemoryUtil.getInt(base + 4L * idx[i]) & 0xffffffffL;
          }
        } else {
          for (int i = 0; i < n; i++) {
            out[i] = MemoryUtil.getInt(base + 4L * idx[i]);
          }
        }
      }
      // 8: longs and doubles; 16 and 32: decimals written as integers, whose low 64 bits hold the value
      default -> {
        long stride = sourceWidth;
        for (int i = 0; i < n; i++) {
          out[i] = MemoryUtil.getLong(base + stride * idx[i]);
        }
      }
    }
    if (multiplier != 1) {
      for (int i = 0; i < n; i++) {
        out[i] *= multiplier;
      }
    } else if (divisor != 1) {
      for (int i = 0; i < n; i++) {
        out[i] = Math.floorDiv(out[i], divisor);
      }
    }
    if (width == 4 && sourceWidth == 8 && (multiplier != 1 || divisor != 1)) {
      // date64 to INT32 days: keep the INT32 view sign-extended like every other INT32
      for (int i = 0; i < n; i++) {
        out[i] = (int) out[i];
      }
    }
  }

  int width() {
    return width;
  }

  @Override
  long plainSize(int from, int to) {
    return (long) (to - from) * width;
  }

  @Override
  void writePlain(int from, int to, ByteSink sink) {
    if (width == 4) {
      sink.writeIntsLe(values, from, to);
    } else {
      sink.writeLongsLe(values, from, to);
    }
  }

  @Override
  void dictionaryIds(int from, int to, int[] out, int outOffset) {
    dictionary.idsOf(values, from, to, out, outOffset);
  }

  @Override
  void writePlainFromDictionary(int[] ids, int n, ByteSink sink) {
    for (int i = 0; i < n; i++) {
      if (width == 4) {
        sink.writeIntLe((int) dictionary.key(ids[i]));
      } else {
        sink.writeLongLe(dictionary.key(ids[i]));
      }
    }
  }

  @Override
  int dictionarySize() {
    return dictionary.size();
  }

  @Override
  long dictionaryPlainSize() {
    return (long) dictionary.size() * width;
  }

  @Override
  void writeDictionary(ByteSink sink) {
    for (int id = 0; id < dictionary.size(); id++) {
      if (width == 4) {
        sink.writeIntLe((int) dictionary.key(id));
      } else {
        sink.writeLongLe(dictionary.key(id));
      }
    }
  }

  @Override
  void clearDictionary() {
    dictionary.clear();
  }

  @Override
  void updateStatistics(int from, int to) {
    if (from >= to) {
      return;
    }
    long[] v = values;
    switch (order) {
      case SIGNED -> {
        long min = v[from];
        long max = min;
        for (int i = from + 1; i < to; i++) {
          min = Math.min(min, v[i]);
          max = Math.max(max, v[i]);
        }
        mergeSigned(min, max);
      }
      case UNSIGNED -> {
        // INT32 values are sign-extended: compare their low 32 bits as unsigned
        long mask = width == 4 ? 0xffffffffL : -1L;
        long min = v[from] & mask;
        long max = min;
        for (int i = from + 1; i < to; i++) {
          long x = v[i] & mask;
          if (Long.compareUnsigned(x, min) < 0) {
            min = x;
          }
          if (Long.compareUnsigned(x, max) > 0) {
            max = x;
          }
        }
        if (!pageHas) {
          pageMin = min;
          pageMax = max;
          pageHas = true;
        } else {
          pageMin = Long.compareUnsigned(min, pageMin) < 0 ? min : pageMin;
          pageMax = Long.compareUnsigned(max, pageMax) > 0 ? max : pageMax;
        }
      }
      case FLOAT -> {
        float min = Float.POSITIVE_INFINITY;
        float max = Float.NEGATIVE_INFINITY;
        boolean any = false;
        for (int i = from; i < to; i++) {
          float x = Float.intBitsToFloat((int) v[i]);
          if (x != x) {
            pageNans++;
            continue;
          }
          any = true;
          min = Math.min(min, x);
          max = Math.max(max, x);
        }
        if (any) {
          mergeDouble(min, max);
        }
      }
      case DOUBLE -> {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        boolean any = false;
        for (int i = from; i < to; i++) {
          double x = Double.longBitsToDouble(v[i]);
          if (x != x) {
            pageNans++;
            continue;
          }
          any = true;
          min = Math.min(min, x);
          max = Math.max(max, x);
        }
        if (any) {
          mergeDouble(min, max);
        }
      }
      default -> { }
    }
  }

  private void mergeSigned(long min, long max) {
    if (!pageHas) {
      pageMin = min;
      pageMax = max;
      pageHas = true;
    } else {
      pageMin = Math.min(pageMin, min);
      pageMax = Math.max(pageMax, max);
    }
  }

  // floats and doubles keep their min/max as double bits while a page is open
  private void mergeDouble(double min, double max) {
    if (!pageHas) {
      pageMin = Double.doubleToRawLongBits(min);
      pageMax = Double.doubleToRawLongBits(max);
      pageHas = true;
    } else {
      pageMin = Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(pageMin), min));
      pageMax = Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(pageMax), max));
    }
  }

  @Override
  boolean pageHasMinMax() {
    return pageHas;
  }

  @Override
  byte[] pageMin() {
    return encode(pageMin, true);
  }

  @Override
  byte[] pageMax() {
    return encode(pageMax, false);
  }

  /** PLAIN bytes of a kept min or max; in type order, zeros of floats follow the spec's -0 min / +0 max rule. */
  private byte[] encode(long kept, boolean isMin) {
    long bits = kept;
    if (order == ValueOrder.FLOAT || order == ValueOrder.DOUBLE) {
      double d = Double.longBitsToDouble(kept);
      // in total order -0.0 < +0.0 and the bounds keep their sign
      if (d == 0 && !totalOrder()) {
        d = isMin ? -0.0 : 0.0;
      }
      bits = order == ValueOrder.FLOAT ? Float.floatToRawIntBits((float) d) : Double.doubleToRawLongBits(d);
    }
    byte[] b = new byte[width];
    for (int i = 0; i < width; i++) {
      b[i] = (byte) (bits >>> (8 * i));
    }
    return b;
  }

  @Override
  void endPageStatistics() {
    if (pageHas) {
      if (!chunkHas) {
        chunkMin = pageMin;
        chunkMax = pageMax;
        chunkHas = true;
      } else {
        switch (order) {
          case SIGNED -> {
            chunkMin = Math.min(chunkMin, pageMin);
            chunkMax = Math.max(chunkMax, pageMax);
          }
          case UNSIGNED -> {
            chunkMin = Long.compareUnsigned(pageMin, chunkMin) < 0 ? pageMin : chunkMin;
            chunkMax = Long.compareUnsigned(pageMax, chunkMax) > 0 ? pageMax : chunkMax;
          }
          default -> {
            chunkMin = Double.doubleToRawLongBits(Math.min(Double.longBitsToDouble(chunkMin),
                Double.longBitsToDouble(pageMin)));
            chunkMax = Double.doubleToRawLongBits(Math.max(Double.longBitsToDouble(chunkMax),
                Double.longBitsToDouble(pageMax)));
          }
        }
      }
    }
    pageHas = false;
  }

  @Override
  boolean chunkHasMinMax() {
    return chunkHas;
  }

  @Override
  byte[] chunkMin() {
    return encode(chunkMin, true);
  }

  @Override
  byte[] chunkMax() {
    return encode(chunkMax, false);
  }

  @Override
  void resetChunkStatistics() {
    chunkHas = false;
    pageHas = false;
  }

  @Override
  void addHashes(int from, int to, BloomFilterBuilder filter) {
    long[] v = values;
    if (width == 4) {
      for (int i = from; i < to; i++) {
        filter.insert(SplitBlockBloomFilter.hashInt((int) v[i]));
      }
    } else {
      for (int i = from; i < to; i++) {
        filter.insert(SplitBlockBloomFilter.hashLong(v[i]));
      }
    }
  }

  long[] valuesArray() {
    return values;
  }

  static long[] grow(long[] a, int n) {
    return a.length >= n ? a : Arrays.copyOf(a, n);
  }
}
