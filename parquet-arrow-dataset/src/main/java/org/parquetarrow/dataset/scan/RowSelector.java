package org.parquetarrow.dataset.scan;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Copies the rows whose bit is set in a bitmap into a new vector. Fixed-width and string/binary
 * columns (32- and 64-bit offsets) are copied a run of consecutive selected rows at a time (values
 * and offsets in bulk, validity a byte at a time when the source has no nulls); other columns
 * value by value.
 */
final class RowSelector {
  private RowSelector() {}

  /** A new vector (the caller closes it) holding the {@code count} rows set in {@code bits}. */
  static FieldVector select(FieldVector v, long[] bits, int rows, int count, BufferAllocator allocator) {
    TransferPair tp = v.getTransferPair(allocator);
    FieldVector to = (FieldVector) tp.getTo();
    try {
      int copied;
      if (v instanceof BaseFixedWidthVector fw && !(v instanceof BitVector)) {
        to.setInitialCapacity(count);
        to.allocateNew();
        copied = copyRuns(fw, (BaseFixedWidthVector) to, bits, rows);
      } else if (v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector) {
        copied = copyVariableRuns(v, to, bits, rows, count);
      } else {
        to.setInitialCapacity(count);
        to.allocateNew();
        copied = copyValues(tp, bits, rows);
      }
      to.setValueCount(copied);
      return to;
    } catch (RuntimeException e) {
      to.close();
      throw e;
    }
  }

  private static int copyValues(TransferPair tp, long[] bits, int rows) {
    int j = 0;
    for (int w = 0; w < bits.length; w++) {
      long word = bits[w];
      while (word != 0) {
        int i = (w << 6) + Long.numberOfTrailingZeros(word);
        word &= word - 1;
        if (i < rows) {
          tp.copyValueSafe(i, j++);
        }
      }
    }
    return j;
  }

  private static int copyRuns(BaseFixedWidthVector from, BaseFixedWidthVector to, long[] bits, int rows) {
    int width = from.getTypeWidth();
    ArrowBuf fromData = from.getDataBuffer();
    ArrowBuf fromValid = from.getValidityBuffer();
    ArrowBuf toData = to.getDataBuffer();
    ArrowBuf toValid = to.getValidityBuffer();
    boolean noNulls = from.getNullCount() == 0;
    int j = 0;
    int i = nextSet(bits, 0, rows);
    while (i < rows) {
      int end = nextClear(bits, i, rows);
      int len = end - i;
      if (len == 1 && width == 8) {
        // a row kept alone (a selective filter's usual run): one word, not a bulk copy's set-up
        toData.setLong((long) j * 8, fromData.getLong((long) i * 8));
      } else {
        toData.setBytes((long) j * width, fromData, (long) i * width, (long) len * width);
      }
      if (!noNulls) {
        copyValidity(fromValid, i, toValid, j, len, false);
      }
      j += len;
      i = nextSet(bits, end, rows);
    }
    if (noNulls) {
      setValid(toValid, j);
    }
    return j;
  }

  /** Sets the first {@code n} bits of a freshly allocated (all zero) bitmap, whole bytes at once. */
  private static void setValid(ArrowBuf validity, int n) {
    int whole = n >>> 3;
    if (whole > 0) {
      validity.setOne(0, whole);
    }
    if ((n & 7) != 0) {
      validity.setByte(whole, (1 << (n & 7)) - 1);
    }
  }

  /**
   * Runs of a string or binary vector: a first pass sizes the data buffer exactly, the second
   * copies each run's bytes at once and rebases its offsets.
   */
  private static int copyVariableRuns(FieldVector from, FieldVector to, long[] bits, int rows, int count) {
    boolean large = from instanceof BaseLargeVariableWidthVector;
    ArrowBuf fromOffsets = from.getOffsetBuffer();
    long bytes = 0;
    for (int i = nextSet(bits, 0, rows); i < rows; ) {
      int end = nextClear(bits, i, rows);
      bytes += offset(fromOffsets, end, large) - offset(fromOffsets, i, large);
      i = nextSet(bits, end, rows);
    }
    if (large) {
      ((BaseLargeVariableWidthVector) to).allocateNew(bytes, count);
    } else {
      if (bytes > Integer.MAX_VALUE) {
        throw new IllegalStateException("selected values hold " + bytes + " bytes, beyond 32-bit offsets");
      }
      ((BaseVariableWidthVector) to).allocateNew(bytes, count);
    }
    ArrowBuf fromData = from.getDataBuffer();
    ArrowBuf fromValid = from.getValidityBuffer();
    ArrowBuf toOffsets = to.getOffsetBuffer();
    ArrowBuf toData = to.getDataBuffer();
    ArrowBuf toValid = to.getValidityBuffer();
    boolean noNulls = from.getNullCount() == 0;
    long at = 0;
    int j = 0;
    setOffset(toOffsets, 0, 0, large);
    for (int i = nextSet(bits, 0, rows); i < rows; ) {
      int end = nextClear(bits, i, rows);
      long start = offset(fromOffsets, i, large);
      long length = offset(fromOffsets, end, large) - start;
      toData.setBytes(at, fromData, start, length);
      for (int k = i + 1; k <= end; k++) {
        setOffset(toOffsets, ++j, at + offset(fromOffsets, k, large) - start, large);
      }
      copyValidity(fromValid, i, toValid, j - (end - i), end - i, noNulls);
      at += length;
      i = nextSet(bits, end, rows);
    }
    // setValueCount fills "holes" after the last value it knows was set: tell it they are all set.
    if (large) {
      ((BaseLargeVariableWidthVector) to).setLastSet(j - 1);
    } else {
      ((BaseVariableWidthVector) to).setLastSet(j - 1);
    }
    return j;
  }

  private static long offset(ArrowBuf offsets, int i, boolean large) {
    return large ? offsets.getLong((long) i * 8) : offsets.getInt((long) i * 4);
  }

  private static void setOffset(ArrowBuf offsets, int i, long value, boolean large) {
    if (large) {
      offsets.setLong((long) i * 8, value);
    } else {
      offsets.setInt((long) i * 4, (int) value);
    }
  }

  /**
   * Validity of {@code len} rows from {@code fromIndex} to {@code toIndex} of a freshly allocated
   * (all zero) bitmap: when the source has no nulls, whole bytes set at once.
   */
  private static void copyValidity(ArrowBuf from, int fromIndex, ArrowBuf to, int toIndex, int len, boolean noNulls) {
    if (!noNulls) {
      for (int k = 0; k < len; k++) {
        if (BitVectorHelper.get(from, fromIndex + k) != 0) {
          BitVectorHelper.setBit(to, toIndex + k);
        }
      }
      return;
    }
    int k = toIndex;
    int end = toIndex + len;
    while (k < end && (k & 7) != 0) {
      BitVectorHelper.setBit(to, k++);
    }
    int wholeBytes = (end - k) >>> 3;
    if (wholeBytes > 0) {
      to.setOne((long) (k >>> 3), wholeBytes);
      k += wholeBytes << 3;
    }
    while (k < end) {
      BitVectorHelper.setBit(to, k++);
    }
  }

  /** The first row from {@code from} on whose bit is set, or {@code rows}. */
  static int nextSet(long[] bits, int from, int rows) {
    for (int i = from; i < rows; ) {
      long word = bits[i >>> 6] >>> (i & 63);
      if (word != 0) {
        return Math.min(rows, i + Long.numberOfTrailingZeros(word));
      }
      i = (i | 63) + 1;
    }
    return rows;
  }

  /** The first row from {@code from} on whose bit is clear, or {@code rows}. */
  static int nextClear(long[] bits, int from, int rows) {
    for (int i = from; i < rows; ) {
      long word = ~bits[i >>> 6] >>> (i & 63);
      if (word != 0) {
        return Math.min(rows, i + Long.numberOfTrailingZeros(word));
      }
      i = (i | 63) + 1;
    }
    return rows;
  }
}
