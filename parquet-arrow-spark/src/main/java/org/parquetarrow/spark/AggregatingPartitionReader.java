package org.parquetarrow.spark;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.parquetarrow.spark.AggValue.Kind;
import org.parquetarrow.spark.AggregateTranslator.Agg;
import org.parquetarrow.spark.AggregateTranslator.Fn;
import org.parquetarrow.spark.AggregateTranslator.GroupKey;
import org.parquetarrow.spark.AggregateTranslator.Spec;

/**
 * One input partition's pushed aggregation: the partition's rows as the scan returns them (pruned
 * and filtered exactly, {@link ParquetArrowPartitionReader}), grouped and aggregated batch by batch
 * over the Arrow buffers, then one batch of partial rows for Spark to merge: one row per group, plus
 * where a decimal sum is larger than the sum's argument type (Spark casts partials to it) further
 * rows of the same group carrying the rest, and where Spark's own running sum would have
 * overflowed (ANSI's long sums, 38-digit decimal sums) two rows whose sum overflows in Spark the
 * same way, so Spark errs (ANSI) or gives null as it would have.
 */
final class AggregatingPartitionReader implements PartitionReader<ColumnarBatch> {
  private static final BigInteger TEN = BigInteger.TEN;

  private final ParquetArrowPartitionReader rows;
  private final Spec spec;
  private final FieldVector[] vectors;
  private final KeyCodes[] keyCodes;
  private final LongIntMap combined = new LongIntMap();
  private final Acc[] accs;
  private int[] groupIds = new int[1024];
  /** Per group, the code of each key column. */
  private int[][] groupKeys;
  private int groups;
  private ColumnarBatch result;
  private boolean done;

  AggregatingPartitionReader(ParquetArrowPartitionReader rows, Spec spec) {
    this.rows = rows;
    this.spec = spec;
    this.vectors = new FieldVector[spec.readColumns().fields().length];
    this.keyCodes = new KeyCodes[spec.keys().size()];
    for (int k = 0; k < keyCodes.length; k++) {
      keyCodes[k] = new KeyCodes(spec.keys().get(k));
    }
    this.groupKeys = new int[keyCodes.length][16];
    this.accs = new Acc[spec.aggs().size()];
    for (int a = 0; a < accs.length; a++) {
      accs[a] = new Acc(spec.aggs().get(a));
    }
    if (keyCodes.length == 0) {
      groups = 1; // a global aggregate has its one group even over no rows, as Spark's partial has
      ensureGroups(1);
    }
  }

  @Override
  public boolean next() throws IOException {
    if (done) {
      return false;
    }
    while (rows.next()) {
      VectorSchemaRoot root = rows.root();
      int n = root.getRowCount();
      StructField[] fields = spec.readColumns().fields();
      for (int i = 0; i < fields.length; i++) {
        vectors[i] = root.getVector(fields[i].name());
      }
      aggregate(n, rows.file());
    }
    result = emit();
    done = true;
    return true;
  }

  private void aggregate(int n, FileSlice file) {
    if (groupIds.length < n) {
      groupIds = new int[n];
    }
    int[] gids = groupIds;
    if (keyCodes.length == 0) {
      Arrays.fill(gids, 0, n, 0);
    } else if (keyCodes.length == 1) {
      keyCodes[0].codes(vectors, file, n, gids);
      for (int i = 0; i < n; i++) {
        int g = gids[i];
        if (g >= groups) {
          newGroup(g, new int[] {g});
        }
      }
    } else {
      for (KeyCodes k : keyCodes) {
        k.codes(vectors, file, n, gids);
      }
      int last = keyCodes.length - 1;
      for (int i = 0; i < n; i++) {
        int cur = keyCodes[0].lastCodes[i];
        for (int k = 1; k <= last; k++) {
          long key = ((long) cur << 32) | (keyCodes[k].lastCodes[i] & 0xffffffffL);
          cur = k < last ? keyCodes[k].pairs.getOrAdd(key, keyCodes[k].pairs.size()) : combined.getOrAdd(key, groups);
        }
        if (cur == groups) {
          int[] perKey = new int[keyCodes.length];
          for (int k = 0; k <= last; k++) {
            perKey[k] = keyCodes[k].lastCodes[i];
          }
          newGroup(cur, perKey);
        }
        gids[i] = cur;
      }
    }
    for (Acc acc : accs) {
      acc.add(vectors, gids, n);
    }
  }

  private void newGroup(int g, int[] perKey) {
    groups = g + 1;
    ensureGroups(groups);
    for (int k = 0; k < perKey.length; k++) {
      groupKeys[k][g] = perKey[k];
    }
  }

  private void ensureGroups(int count) {
    if (keyCodes.length > 0 && groupKeys[0].length < count) {
      for (int k = 0; k < groupKeys.length; k++) {
        groupKeys[k] = Arrays.copyOf(groupKeys[k], Math.max(count, groupKeys[k].length * 2));
      }
    }
    for (Acc a : accs) {
      a.ensure(count);
    }
  }

  /** The partial rows: groups, then the extra rows of large or overflowed sums. */
  private ColumnarBatch emit() {
    List<long[]> extra = new ArrayList<>(); // {group, agg index}
    List<BigInteger> extraValues = new ArrayList<>();
    for (int a = 0; a < accs.length; a++) {
      accs[a].extraRows(a, groups, extra, extraValues);
    }
    int total = groups + extra.size();
    StructField[] out = spec.output().fields();
    OnHeapColumnVector[] cols = new OnHeapColumnVector[out.length];
    for (int c = 0; c < out.length; c++) {
      cols[c] = new OnHeapColumnVector(Math.max(1, total), out[c].dataType());
    }
    for (int g = 0; g < groups; g++) {
      for (int k = 0; k < keyCodes.length; k++) {
        keyCodes[k].write(groupKeys[k][g], cols[k], g);
      }
      for (int a = 0; a < accs.length; a++) {
        accs[a].write(g, cols[keyCodes.length + a], g);
      }
    }
    for (int e = 0; e < extra.size(); e++) {
      int row = groups + e;
      int g = (int) extra.get(e)[0];
      int a = (int) extra.get(e)[1];
      for (int k = 0; k < keyCodes.length; k++) {
        keyCodes[k].write(groupKeys[k][g], cols[k], row);
      }
      for (int b = 0; b < accs.length; b++) {
        if (b == a) {
          putNumber(cols[keyCodes.length + b], row, extraValues.get(e), accs[b].agg.outType());
        } else {
          cols[keyCodes.length + b].putNull(row);
        }
      }
    }
    return new ColumnarBatch(cols, total);
  }

  @Override
  public ColumnarBatch get() {
    return result;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return rows.currentMetricsValues();
  }

  @Override
  public void close() throws IOException {
    if (result != null) {
      result.close();
    }
    rows.close();
  }

  /** The value of constant column {@code c} into {@code col} at {@code row}. */
  static void copyConstant(ColumnVector c, OnHeapColumnVector col, int row, DataType t) {
    if (t.equals(DataTypes.StringType)) {
      col.putByteArray(row, c.getUTF8String(0).getBytes());
    } else if (t instanceof DecimalType d) {
      col.putDecimal(row, c.getDecimal(0, d.precision(), d.scale()), d.precision());
    } else if (t == DataTypes.LongType || t == DataTypes.TimestampType || t == DataTypes.TimestampNTZType) {
      col.putLong(row, c.getLong(0));
    } else if (t == DataTypes.IntegerType || t == DataTypes.DateType) {
      col.putInt(row, c.getInt(0));
    } else if (t == DataTypes.ShortType) {
      col.putShort(row, c.getShort(0));
    } else if (t == DataTypes.ByteType) {
      col.putByte(row, c.getByte(0));
    } else if (t == DataTypes.BooleanType) {
      col.putBoolean(row, c.getBoolean(0));
    } else if (t == DataTypes.FloatType) {
      col.putFloat(row, c.getFloat(0));
    } else if (t == DataTypes.DoubleType) {
      col.putDouble(row, c.getDouble(0));
    } else {
      throw new IllegalStateException("not a partition column type: " + t);
    }
  }

  /** {@code v} (unscaled for decimals) into {@code col} at {@code row}. */
  static void putNumber(ColumnVector col, int row, BigInteger v, DataType type) {
    OnHeapColumnVector c = (OnHeapColumnVector) col;
    if (type instanceof DecimalType d) {
      Decimal dec = v.bitLength() < 64 && d.precision() <= 18 ? Decimal.createUnsafe(v.longValue(), d.precision(), d.scale())
          : Decimal.apply(new BigDecimal(v, d.scale()), d.precision(), d.scale());
      c.putDecimal(row, dec, d.precision());
    } else {
      putLong(c, row, v.longValue(), type);
    }
  }

  static void putLong(OnHeapColumnVector c, int row, long v, DataType type) {
    if (type instanceof DecimalType d) {
      c.putDecimal(row, Decimal.createUnsafe(v, d.precision(), d.scale()), d.precision());
    } else if (type == DataTypes.LongType || type == DataTypes.TimestampType || type == DataTypes.TimestampNTZType) {
      c.putLong(row, v);
    } else if (type == DataTypes.IntegerType || type == DataTypes.DateType) {
      c.putInt(row, (int) v);
    } else if (type == DataTypes.ShortType) {
      c.putShort(row, (short) v);
    } else if (type == DataTypes.ByteType) {
      c.putByte(row, (byte) v);
    } else if (type == DataTypes.BooleanType) {
      c.putBoolean(row, v != 0);
    } else {
      throw new IllegalStateException("not a numeric output type: " + type);
    }
  }

  /** One aggregate's accumulators, indexed by group. */
  private static final class Acc {
    final Agg agg;
    final boolean decimal;
    /** Rows (COUNT) or non-null values (SUM: null when none) per group. */
    long[] count = new long[16];
    /** SUM: the low 64 bits (decimals) or the sum (integers); MIN/MAX: the value so far. */
    long[] lo = new long[16];
    /** SUM of decimals: the high 64 bits of the 128-bit sum. */
    long[] hi = new long[16];
    /** MIN/MAX: a value beyond 64 bits (decimals), where set. */
    BigInteger[] big = new BigInteger[16];
    boolean[] overflowed = new boolean[16];
    final BigInteger limit;

    Acc(Agg agg) {
      this.agg = agg;
      this.decimal = agg.outType() instanceof DecimalType;
      this.limit = decimal ? TEN.pow(((DecimalType) agg.outType()).precision()) : null;
    }

    void ensure(int groups) {
      if (count.length < groups) {
        int size = Math.max(groups, count.length * 2);
        count = Arrays.copyOf(count, size);
        lo = Arrays.copyOf(lo, size);
        hi = Arrays.copyOf(hi, size);
        big = Arrays.copyOf(big, size);
        overflowed = Arrays.copyOf(overflowed, size);
      }
    }

    void add(FieldVector[] vectors, int[] gids, int n) {
      if (agg.fn() == Fn.COUNT_STAR) {
        for (int i = 0; i < n; i++) {
          count[gids[i]]++;
        }
        return;
      }
      AggValue arg = agg.arg();
      if (arg.eval(vectors, n)) {
        long[] v = arg.values(n);
        boolean[] isNull = arg.nulls(n);
        switch (agg.fn()) {
          case COUNT -> {
            for (int i = 0; i < n; i++) {
              if (!isNull[i]) {
                count[gids[i]]++;
              }
            }
          }
          case SUM -> {
            if (decimal) {
              sumDecimal(v, isNull, gids, n);
            } else {
              sumLong(v, isNull, gids, n);
            }
          }
          case MIN, MAX -> {
            boolean min = agg.fn() == Fn.MIN;
            for (int i = 0; i < n; i++) {
              if (!isNull[i]) {
                int g = gids[i];
                if (count[g] == 0) {
                  lo[g] = v[i];
                  count[g] = 1;
                } else if (big[g] != null) {
                  better(g, BigInteger.valueOf(v[i]), min);
                } else if (min ? v[i] < lo[g] : v[i] > lo[g]) {
                  lo[g] = v[i];
                }
              }
            }
          }
          default -> throw new IllegalStateException(agg.fn().name());
        }
        return;
      }
      // some value passed 64 bits: this batch row by row (checks ANSI's overflow of every node)
      for (int i = 0; i < n; i++) {
        BigInteger b = arg.big(vectors, i);
        if (b == null) {
          continue;
        }
        int g = gids[i];
        switch (agg.fn()) {
          case COUNT -> count[g]++;
          case SUM -> {
            if (decimal) {
              addBig(g, b);
            } else {
              sumLong(new long[] {b.longValue()}, new boolean[1], new int[] {g}, 1);
            }
          }
          default -> {
            if (count[g] == 0) {
              count[g] = 1;
              setMinMax(g, b);
            } else {
              better(g, b, agg.fn() == Fn.MIN);
            }
          }
        }
      }
    }

    private void better(int g, BigInteger v, boolean min) {
      BigInteger now = big[g] != null ? big[g] : BigInteger.valueOf(lo[g]);
      int cmp = v.compareTo(now);
      if (min ? cmp < 0 : cmp > 0) {
        setMinMax(g, v);
      }
    }

    private void setMinMax(int g, BigInteger v) {
      if (v.bitLength() < 64) {
        lo[g] = v.longValue();
        big[g] = null;
      } else {
        big[g] = v;
      }
    }

    /** Spark's sum of longs: wrapping without ANSI, an error (here: marked) at overflow with it. */
    private void sumLong(long[] v, boolean[] isNull, int[] gids, int n) {
      if (!agg.ansi()) {
        for (int i = 0; i < n; i++) {
          if (!isNull[i]) {
            int g = gids[i];
            lo[g] += v[i];
            count[g]++;
          }
        }
        return;
      }
      for (int i = 0; i < n; i++) {
        if (!isNull[i]) {
          int g = gids[i];
          count[g]++;
          long s = lo[g] + v[i];
          if (((lo[g] ^ s) & (v[i] ^ s)) < 0) {
            overflowed[g] = true;
          }
          lo[g] = s;
        }
      }
    }

    /** 128-bit sums of unscaled longs; at 38 digits, Spark's overflow checked after every row. */
    private void sumDecimal(long[] v, boolean[] isNull, int[] gids, int n) {
      boolean check = limit.bitLength() > 93; // over 28 digits: 38 may be reached
      for (int i = 0; i < n; i++) {
        if (!isNull[i]) {
          int g = gids[i];
          count[g]++;
          long l = lo[g];
          long x = v[i];
          long s = l + x;
          lo[g] = s;
          hi[g] += (x >> 63) + (Long.compareUnsigned(s, l) < 0 ? 1 : 0);
          if (check && (hi[g] >= (1L << 61) || hi[g] < -(1L << 61))) {
            checkLimit(g);
          }
        }
      }
    }

    private void addBig(int g, BigInteger b) {
      count[g]++;
      BigInteger s = value128(g).add(b);
      lo[g] = s.longValue();
      hi[g] = s.shiftRight(64).longValue();
      if (s.abs().compareTo(limit) >= 0 || s.bitLength() > 126) {
        checkLimit(g, s);
      }
    }

    private void checkLimit(int g) {
      checkLimit(g, value128(g));
    }

    /**
     * Spark's decimal sum overflows at 38 digits: a 38-digit argument's partial rows then make
     * Spark's own sum overflow; a narrower one's cannot (Spark casts partials to the argument's
     * type), and is only pushed under ANSI, whose error this is.
     */
    private void checkLimit(int g, BigInteger s) {
      if (s.abs().compareTo(TEN.pow(38)) >= 0) {
        if (limit.bitLength() < TEN.pow(38).bitLength()) {
          throw new ArithmeticException("[ARITHMETIC_OVERFLOW] sum(" + agg.arg().sql + ") overflows decimal(38,"
              + ((DecimalType) agg.outType()).scale() + ") in an aggregate pushed into the parquet-arrow scan"
              + " (as Spark with spark.sql.ansi.enabled)");
        }
        overflowed[g] = true;
      }
    }

    BigInteger value128(int g) {
      return BigInteger.valueOf(hi[g]).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo[g])));
    }

    /** Rows beyond the group's own: the rest of a sum past its type, or the overflow's second row. */
    void extraRows(int a, int groups, List<long[]> rows, List<BigInteger> values) {
      if (agg.fn() != Fn.SUM) {
        return;
      }
      for (int g = 0; g < groups; g++) {
        if (count[g] == 0) {
          continue;
        }
        if (overflowed[g]) {
          rows.add(new long[] {g, a});
          values.add(overflowValue());
        } else if (decimal) {
          BigInteger s = value128(g);
          BigInteger max = limit.subtract(BigInteger.ONE);
          BigInteger step = s.signum() < 0 ? max.negate() : max;
          while (s.abs().compareTo(limit) >= 0) {
            s = s.subtract(step);
            rows.add(new long[] {g, a});
            values.add(step);
          }
          lo[g] = s.longValue();
          hi[g] = s.shiftRight(64).longValue();
        }
      }
    }

    private BigInteger overflowValue() {
      return decimal ? limit.subtract(BigInteger.ONE) : BigInteger.valueOf(Long.MAX_VALUE);
    }

    void write(int g, OnHeapColumnVector col, int row) {
      DataType t = agg.outType();
      switch (agg.fn()) {
        case COUNT_STAR, COUNT -> col.putLong(row, count[g]);
        case SUM -> {
          if (count[g] == 0) {
            col.putNull(row);
          } else if (overflowed[g]) {
            putNumber(col, row, overflowValue(), t);
          } else if (decimal) {
            putNumber(col, row, value128(g), t);
          } else {
            col.putLong(row, lo[g]);
          }
        }
        default -> {
          if (count[g] == 0) {
            col.putNull(row);
          } else if (big[g] != null) {
            putNumber(col, row, big[g], t);
          } else {
            putLong(col, row, lo[g], t);
          }
        }
      }
    }
  }

  /** The codes (0, 1, ... in order of appearance) of one group-by column's values, null one of them. */
  private static final class KeyCodes {
    final GroupKey key;
    final LongIntMap longs = new LongIntMap();
    final LongIntMap pairs = new LongIntMap();
    final Map<Object, Integer> objects = new HashMap<>();
    final BytesIntMap bytes = new BytesIntMap();
    /** Per code: the value (integers), or the object (partition values), or the bytes (strings). */
    long[] values = new long[16];
    final List<Object> objectValues = new ArrayList<>();
    byte[][] strings = new byte[16][];
    int nullCode = -1;
    int size;
    int[] lastCodes = new int[0];

    KeyCodes(GroupKey key) {
      this.key = key;
    }

    void codes(FieldVector[] vectors, FileSlice file, int n, int[] out) {
      if (key.partition()) {
        Object v = file.partitionValues().get(key.name());
        Integer code = objects.get(v == null ? NULL : v);
        if (code == null) {
          code = size++;
          objects.put(v == null ? NULL : v, code);
          objectValues.add(v);
        }
        Arrays.fill(out, 0, n, code);
      } else {
        FieldVector v = vectors[key.slot()];
        ArrowBuf validity = v.getValidityBuffer();
        boolean nulls = v.getNullCount() > 0;
        switch (key.kind()) {
          case UTF8, LARGE_UTF8 -> {
            boolean large = key.kind() == Kind.LARGE_UTF8;
            ArrowBuf offsets = v.getOffsetBuffer();
            ArrowBuf data = v.getDataBuffer();
            for (int i = 0; i < n; i++) {
              if (nulls && BitVectorHelper.get(validity, i) == 0) {
                out[i] = nullCode();
              } else {
                long start = large ? offsets.getLong((long) i * 8) : offsets.getInt((long) i * 4);
                long end = large ? offsets.getLong((long) (i + 1) * 8) : offsets.getInt((long) (i + 1) * 4);
                int code = bytes.getOrAdd(data, start, (int) (end - start), size);
                if (code == size) {
                  if (strings.length <= size) {
                    strings = Arrays.copyOf(strings, size * 2 + 1);
                  }
                  strings[size++] = bytes.lastAdded;
                }
                out[i] = code;
              }
            }
          }
          default -> {
            ArrowBuf data = v.getDataBuffer();
            Kind kind = key.kind();
            for (int i = 0; i < n; i++) {
              if (nulls && BitVectorHelper.get(validity, i) == 0) {
                out[i] = nullCode();
                continue;
              }
              long x = switch (kind) {
                case I8 -> data.getByte(i);
                case I16 -> data.getShort((long) i * 2);
                case I32 -> data.getInt((long) i * 4);
                case I64 -> data.getLong((long) i * 8);
                case BOOL -> BitVectorHelper.get(data, i);
                default -> data.getLong((long) i * 16); // decimals of up to 18 digits: the low 64 bits
              };
              int code = longs.getOrAdd(x, size);
              if (code == size) {
                if (values.length == size) {
                  values = Arrays.copyOf(values, size * 2);
                }
                values[size++] = x;
              }
              out[i] = code;
            }
          }
        }
      }
      if (lastCodes.length < n) {
        lastCodes = new int[n];
      }
      System.arraycopy(out, 0, lastCodes, 0, n);
    }

    private int nullCode() {
      if (nullCode < 0) {
        nullCode = size++;
        if (values.length <= nullCode) {
          values = Arrays.copyOf(values, nullCode * 2 + 1);
        }
      }
      return nullCode;
    }

    void write(int code, OnHeapColumnVector col, int row) {
      if (key.partition()) {
        Object v = objectValues.get(code);
        if (v == null) {
          col.putNull(row);
        } else {
          ColumnVector c = ParquetArrowPartitionReader.constant(1, key.type(), v);
          copyConstant(c, col, row, key.type());
        }
        return;
      }
      if (code == nullCode) {
        col.putNull(row);
      } else if (key.kind() == Kind.UTF8 || key.kind() == Kind.LARGE_UTF8) {
        col.putByteArray(row, strings[code]);
      } else {
        putLong(col, row, values[code], key.type());
      }
    }

    private static final Object NULL = new Object();
  }

  /** Open addressing from a long to an int (no boxing), for group codes. */
  static final class LongIntMap {
    private long[] keys = new long[64];
    private int[] vals = new int[64];
    private boolean[] used = new boolean[64];
    private int count;

    int size() {
      return count;
    }

    /** The value of {@code key}, or {@code next} newly stored for it. */
    int getOrAdd(long key, int next) {
      int mask = keys.length - 1;
      int i = mix(key) & mask;
      while (used[i]) {
        if (keys[i] == key) {
          return vals[i];
        }
        i = (i + 1) & mask;
      }
      used[i] = true;
      keys[i] = key;
      vals[i] = next;
      if (++count * 2 > keys.length) {
        grow();
      }
      return next;
    }

    private static int mix(long key) {
      long h = key * 0x9E3779B97F4A7C15L;
      return (int) (h ^ (h >>> 32));
    }

    private void grow() {
      long[] k = keys;
      int[] v = vals;
      boolean[] u = used;
      keys = new long[k.length * 2];
      vals = new int[k.length * 2];
      used = new boolean[k.length * 2];
      int mask = keys.length - 1;
      for (int j = 0; j < k.length; j++) {
        if (u[j]) {
          int i = mix(k[j]) & mask;
          while (used[i]) {
            i = (i + 1) & mask;
          }
          used[i] = true;
          keys[i] = k[j];
          vals[i] = v[j];
        }
      }
    }
  }

  /** Open addressing from byte strings (read in place from an Arrow buffer) to codes. */
  static final class BytesIntMap {
    private byte[][] keys = new byte[64][];
    private int[] hashes = new int[64];
    private int[] vals = new int[64];
    private int count;
    /** The copy of the key {@link #getOrAdd} stored last. */
    byte[] lastAdded;

    int getOrAdd(ArrowBuf data, long start, int length, int next) {
      int h = 1;
      for (int j = 0; j < length; j++) {
        h = 31 * h + data.getByte(start + j);
      }
      int mask = keys.length - 1;
      int i = (h ^ (h >>> 16)) & mask;
      while (keys[i] != null) {
        if (hashes[i] == h && same(keys[i], data, start, length)) {
          return vals[i];
        }
        i = (i + 1) & mask;
      }
      byte[] copy = new byte[length];
      data.getBytes(start, copy);
      keys[i] = copy;
      hashes[i] = h;
      vals[i] = next;
      lastAdded = copy;
      if (++count * 2 > keys.length) {
        grow();
      }
      return next;
    }

    private static boolean same(byte[] key, ArrowBuf data, long start, int length) {
      if (key.length != length) {
        return false;
      }
      for (int j = 0; j < length; j++) {
        if (key[j] != data.getByte(start + j)) {
          return false;
        }
      }
      return true;
    }

    private void grow() {
      byte[][] k = keys;
      int[] hs = hashes;
      int[] v = vals;
      keys = new byte[k.length * 2][];
      hashes = new int[k.length * 2];
      vals = new int[k.length * 2];
      int mask = keys.length - 1;
      for (int j = 0; j < k.length; j++) {
        if (k[j] != null) {
          int i = (hs[j] ^ (hs[j] >>> 16)) & mask;
          while (keys[i] != null) {
            i = (i + 1) & mask;
          }
          keys[i] = k[j];
          hashes[i] = hs[j];
          vals[i] = v[j];
        }
      }
    }
  }
}
