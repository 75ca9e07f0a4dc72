package org.parquetarrow.dataset.scan;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/** Copies the rows whose bit is set in a bitmap into a new vector. */
final class RowSelector {
  private RowSelector() {}

  /** A new vector (the caller closes it) holding the {@code count} rows set in {@code bits}. */
  static FieldVector select(FieldVector v, long[] bits, int rows, int count, BufferAllocator allocator) {
    TransferPair tp = v.getTransferPair(allocator);
    FieldVector to = (FieldVector) tp.getTo();
    try {
      to.setInitialCapacity(count);
      to.allocateNew();
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
      to.setValueCount(j);
      return to;
    } catch (RuntimeException e) {
      to.close();
      throw e;
    }
  }
}
