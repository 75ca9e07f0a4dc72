package org.parquetarrow.dataset.scan;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Copies the rows whose bit is set in a bitmap into a new vector. Fixed-width columns are copied
 * a run of consecutive selected rows at a time; other columns value by value.
 */
final class RowSelector {
  private RowSelector() {}

  /** A new vector (the caller closes it) holding the {@code count} rows set in {@code bits}. */
  static FieldVector select(FieldVector v, long[] bits, int rows, int count, BufferAllocator allocator) {
    TransferPair tp = v.getTransferPair(allocator);
    FieldVector to = (FieldVector) tp.getTo();
    try {
      to.setInitialCapacity(count);
      to.allocateNew();
      int copied = v instanceof BaseFixedWidthVector fw && !(v instanceof BitVector)
          ? copyRuns(fw, (BaseFixedWidthVector) to, bits, rows)
          : copyValues(tp, bits, rows);
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
    int j = 0;
    int i = nextSet(bits, 0, rows);
    while (i < rows) {
      int end = nextClear(bits, i, rows);
      int len = end - i;
      toData.setBytes((long) j * width, fromData, (long) i * width, (long) len * width);
      for (int k = 0; k < len; k++) {
        BitVectorHelper.setValidityBit(toValid, j + k, BitVectorHelper.get(fromValid, i + k));
      }
      j += len;
      i = nextSet(bits, end, rows);
    }
    return j;
  }

  private static int nextSet(long[] bits, int from, int rows) {
    for (int i = from; i < rows; ) {
      long word = bits[i >>> 6] >>> (i & 63);
      if (word != 0) {
        return Math.min(rows, i + Long.numberOfTrailingZeros(word));
      }
      i = (i | 63) + 1;
    }
    return rows;
  }

  private static int nextClear(long[] bits, int from, int rows) {
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
