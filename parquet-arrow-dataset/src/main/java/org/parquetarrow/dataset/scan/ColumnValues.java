package org.parquetarrow.dataset.scan;

import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.UnsupportedFeatureException;

/**
 * One filter column of a batch, pulled out once into primitive arrays that every predicate on
 * the column then loops over: validity (a parent struct's null makes its fields null), and the
 * values as {@code long}s (integers, dates, times, timestamps, booleans, decimals of up to 18
 * digits as unscaled values; unsigned 64-bit values with their sign bit flipped so that signed
 * order is unsigned order) or {@code double}s. String and binary columns (offsets, large offsets,
 * views, fixed size) and wider decimals (more than 18 digits, 128 or 256 bits) are compared in
 * place.
 */
final class ColumnValues {
  /** How a column's values are compared. */
  enum Domain { LONG, DOUBLE, BYTES, WIDE }

  final FieldVector vector;
  final ArrowType type;
  final Domain domain;
  final int rows;
  /** Validity, a bit a row (bit {@code i % 64} of word {@code i / 64}); no bit set past the last row. */
  private final long[] validWords;
  /** The values as longs, filled on first use ({@link #longs()}). */
  private long[] longs;
  /**
   * For a vector whose values are read in place ({@link #load}): their address and the bytes
   * between two values ({@code 4}: signed 32-bit; {@code 8}: signed 64-bit; {@code 16}: a decimal
   * of up to 18 digits, its low 64 bits); 0 for every other vector.
   */
  private final long address;
  private final int stride;
  final double[] doubles;
  /** For a dictionary-encoded column: its dictionary's values, and where each row's int32 index into them lies. */
  final ColumnValues dictionary;
  private final long indexAddress;

  ColumnValues(FieldVector vector, long[] parentValid) {
    this.dictionary = null;
    this.indexAddress = 0;
    this.vector = vector;
    this.type = vector.getField().getType();
    this.rows = vector.getValueCount();
    this.validWords = validity(vector, parentValid);
    this.domain = domainOf(type);
    this.stride = domain == Domain.LONG ? inPlaceStride(vector, type) : 0;
    if (stride > 0) {
      ArrowBuf data = vector.getDataBuffer();
      data.checkBytes(0, (long) rows * stride);
      this.address = data.memoryAddress();
    } else {
      this.address = 0;
    }
    this.doubles = domain == Domain.DOUBLE ? readDoubles() : null;
  }

  private ColumnValues(FieldVector indexVector, ColumnValues dictionary, long[] parentValid) {
    this.dictionary = dictionary;
    this.vector = dictionary.vector;
    this.type = dictionary.type;
    this.domain = dictionary.domain;
    this.rows = indexVector.getValueCount();
    this.doubles = null;
    this.address = 0;
    this.stride = 0;
    this.validWords = validity(indexVector, parentValid);
    ArrowBuf data = indexVector.getDataBuffer();
    data.checkBytes(0, 4L * rows);
    this.indexAddress = data.memoryAddress();
    // the indices are checked where they are looked up (FilterEvaluator), not in a pass of their own
    if (dictionary.vector.getNullCount() > 0) {
      // a row is valid when its index is and the dictionary value it points at is
      for (int i = 0; i < rows; i++) {
        if (valid(i)) {
          int k = checkedIndex(i);
          if (!dictionary.valid(k)) {
            validWords[i >>> 6] &= ~(1L << i);
          }
        }
      }
    }
  }

  /**
   * Row {@code i}'s index into {@link #dictionary}, checked.
   *
   * @throws org.parquetarrow.CorruptFileException if it lies outside the dictionary
   */
  int checkedIndex(int i) {
    int k = index(i);
    if (k < 0 || k >= dictionary.rows) {
      throw new org.parquetarrow.CorruptFileException("dictionary index " + k + " of row " + i
          + " outside a dictionary of " + dictionary.rows);
    }
    return k;
  }

  /** Row {@code i}'s index into {@link #dictionary} (a dictionary-encoded column only), unchecked. */
  int index(int i) {
    return MemoryUtil.getInt(indexAddress + 4L * i);
  }

  /** A dictionary-encoded column: int32 indices into {@code values}. */
  static ColumnValues dictionaryEncoded(FieldVector indices, FieldVector values, long[] parentValid) {
    if (!(indices.getField().getType() instanceof ArrowType.Int t) || t.getBitWidth() != 32) {
      throw new UnsupportedFeatureException("scan", "filtering on dictionary indices of type " + indices.getField().getType());
    }
    return new ColumnValues(indices, new ColumnValues(values, null), parentValid);
  }

  /**
   * Validity as bitmap words (bit {@code i % 64} of word {@code i / 64} for row {@code i}, no bit
   * set past the last row), shared: callers must not change it.
   */
  long[] validWords() {
    return validWords;
  }

  /** Whether row {@code i} is valid (neither it nor a parent struct is null). */
  boolean valid(int i) {
    return (validWords[i >>> 6] & (1L << i)) != 0;
  }

  /**
   * Validity of {@code v} and its parents ({@code parentValid}, or null at the top) as bitmap
   * words: read from Arrow's validity buffer a word at a time, all ones when the vector has no
   * null, the bits past the last row cleared.
   */
  static long[] validity(FieldVector v, long[] parentValid) {
    int n = v.getValueCount();
    long[] out = new long[(n + 63) >>> 6];
    int nulls = v.getNullCount();
    if (nulls == 0) {
      Arrays.fill(out, -1L);
    } else if (nulls < n) {
      ArrowBuf bits = v.getValidityBuffer();
      int bytes = (n + 7) >>> 3;
      for (int w = 0; w < out.length; w++) {
        long at = (long) w << 3;
        if (at + 8 <= bits.capacity()) {
          out[w] = bits.getLong(at);
        } else {
          long word = 0;
          for (int b = 0; b < 8 && at + b < bytes; b++) {
            word |= (bits.getByte(at + b) & 0xFFL) << (b << 3);
          }
          out[w] = word;
        }
      }
    }
    if ((n & 63) != 0) {
      out[out.length - 1] &= (1L << n) - 1;
    }
    if (parentValid != null) {
      for (int w = 0; w < out.length; w++) {
        out[w] &= parentValid[w];
      }
    }
    return out;
  }

  static Domain domainOf(ArrowType t) {
    if (t instanceof ArrowType.FloatingPoint) {
      return Domain.DOUBLE;
    }
    if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Binary
        || t instanceof ArrowType.LargeBinary || t instanceof ArrowType.FixedSizeBinary
        || t instanceof ArrowType.Utf8View || t instanceof ArrowType.BinaryView) {
      return Domain.BYTES;
    }
    if (t instanceof ArrowType.Int || t instanceof ArrowType.Bool || t instanceof ArrowType.Date
        || t instanceof ArrowType.Time || t instanceof ArrowType.Timestamp) {
      return Domain.LONG;
    }
    if (t instanceof ArrowType.Decimal d && d.getBitWidth() == 128 && d.getPrecision() <= 18) {
      return Domain.LONG;
    }
    if (t instanceof ArrowType.Decimal) {
      return Domain.WIDE;
    }
    throw new UnsupportedFeatureException("scan", "filtering on a column of type " + t + " is not supported by the scanner");
  }

  /**
   * Bytes between two values read in place: signed 32- and 64-bit integers, dates, times and
   * timestamps, decimals of up to 18 digits (their low 64 bits); 0 for the others, which are
   * copied into a {@code long[]} first.
   */
  private static int inPlaceStride(FieldVector v, ArrowType t) {
    if (v instanceof DecimalVector) {
      return DecimalVector.TYPE_WIDTH;
    }
    if (!(v instanceof BaseFixedWidthVector fw) || v instanceof BitVector
        || (t instanceof ArrowType.Int i && !i.getIsSigned())) {
      return 0;
    }
    int width = fw.getTypeWidth();
    return width == 4 || width == 8 ? width : 0;
  }

  /** The values as longs (in the long domain), copied out on first use. */
  long[] longs() {
    if (longs == null && domain == Domain.LONG && dictionary == null) {
      longs = readLongs();
    }
    return longs;
  }

  /**
   * Values {@code from} to {@code from + n} into {@code into[0..n)}: read in place where the
   * vector allows (no copy of the whole column), else from {@link #longs()}.
   */
  void load(int from, int n, long[] into) {
    switch (stride) {
      case 4 -> {
        for (int k = 0; k < n; k++) {
          into[k] = MemoryUtil.getInt(address + 4L * (from + k));
        }
      }
      case 8, 16 -> {
        for (int k = 0; k < n; k++) {
          into[k] = MemoryUtil.getLong(address + (long) stride * (from + k));
        }
      }
      default -> System.arraycopy(longs(), from, into, 0, n);
    }
  }

  /** Value {@code i} in the long domain: read in place where the vector allows, else from {@link #longs()}. */
  long value(int i) {
    return switch (stride) {
      case 4 -> MemoryUtil.getInt(address + 4L * i);
      case 8, 16 -> MemoryUtil.getLong(address + (long) stride * i);
      default -> longs()[i];
    };
  }

  /** Whether the long values of this column are unsigned 64-bit values with the sign bit flipped. */
  boolean flippedUnsigned() {
    return type instanceof ArrowType.Int i && !i.getIsSigned() && i.getBitWidth() == 64;
  }

  private long[] readLongs() {
    long[] out = new long[rows];
    if (vector instanceof BitVector) {
      ArrowBuf data = vector.getDataBuffer();
      for (int i = 0; i < rows; i++) {
        out[i] = BitVectorHelper.get(data, i);
      }
      return out;
    }
    ArrowBuf data = vector.getDataBuffer();
    if (vector instanceof DecimalVector) {
      // Up to 18 digits the unscaled value is the low (little-endian first) 64 bits; read once
      // bounds-checked, then without ArrowBuf's per-value checks.
      data.checkBytes(0, (long) rows * DecimalVector.TYPE_WIDTH);
      long address = data.memoryAddress();
      for (int i = 0; i < rows; i++) {
        out[i] = MemoryUtil.getLong(address + (long) i * DecimalVector.TYPE_WIDTH);
      }
      return out;
    }
    int width = ((BaseFixedWidthVector) vector).getTypeWidth();
    boolean signed = !(type instanceof ArrowType.Int it) || it.getIsSigned();
    switch (width) {
      case 1 -> {
        for (int i = 0; i < rows; i++) {
          byte b = data.getByte(i);
          out[i] = signed ? b : b & 0xFF;
        }
      }
      case 2 -> {
        for (int i = 0; i < rows; i++) {
          short s = data.getShort((long) i * 2);
          out[i] = signed ? s : s & 0xFFFF;
        }
      }
      case 4 -> {
        // one bulk copy, then a loop the JIT vectorises (ArrowBuf's per-value getters check bounds)
        int[] ints = new int[rows];
        data.nioBuffer(0, rows * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(ints);
        if (signed) {
          for (int i = 0; i < rows; i++) {
            out[i] = ints[i];
          }
        } else {
          for (int i = 0; i < rows; i++) {
            out[i] = ints[i] & 0xFFFFFFFFL;
          }
        }
      }
      case 8 -> {
        data.nioBuffer(0, rows * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
        if (!signed) {
          for (int i = 0; i < rows; i++) {
            out[i] ^= Long.MIN_VALUE;
          }
        }
      }
      default -> throw new UnsupportedFeatureException("scan", "filtering on " + width + "-byte values of " + type);
    }
    return out;
  }

  private double[] readDoubles() {
    double[] out = new double[rows];
    ArrowBuf data = vector.getDataBuffer();
    if (vector instanceof Float4Vector) {
      for (int i = 0; i < rows; i++) {
        out[i] = data.getFloat((long) i * 4);
      }
    } else if (vector instanceof Float8Vector) {
      for (int i = 0; i < rows; i++) {
        out[i] = data.getDouble((long) i * 8);
      }
    } else {
      throw new UnsupportedFeatureException("scan", "filtering on floating point " + type);
    }
    return out;
  }
}
