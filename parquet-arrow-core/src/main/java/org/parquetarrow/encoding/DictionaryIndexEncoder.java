package org.parquetarrow.encoding;

import java.util.Objects;

/**
 * RLE_DICTIONARY data page encoding: one byte of bit width (enough for the largest index of the
 * dictionary), then the indices as the RLE / bit-packed hybrid.
 *
 * <pre>{@code
 * var ids = new DictionaryIndexEncoder(dictionarySize);
 * ids.write(indices, 0, n);
 * ids.flushTo(pageSink);
 * ids.reset(dictionarySize); // the next page
 * }</pre>
 */
public final class DictionaryIndexEncoder {
  private int dictionarySize;
  private RleBitPackedHybridEncoder rle;

  public DictionaryIndexEncoder(int dictionarySize) {
    if (dictionarySize < 0) {
      throw new IllegalArgumentException("dictionary size " + dictionarySize);
    }
    this.dictionarySize = dictionarySize;
    this.rle = new RleBitPackedHybridEncoder(BitPacking.bitWidth(Math.max(dictionarySize - 1, 0)));
  }

  /**
   * Starts over for a dictionary of {@code dictionarySize} entries, dropping what was written
   * since the last {@link #flushTo}. The encoder keeps its output buffer when the bit width stays:
   * one encoder per column then serves all its pages, instead of a buffer grown afresh per page.
   */
  public void reset(int dictionarySize) {
    if (dictionarySize < 0) {
      throw new IllegalArgumentException("dictionary size " + dictionarySize);
    }
    int width = BitPacking.bitWidth(Math.max(dictionarySize - 1, 0));
    if (width == rle.bitWidth()) {
      rle.reset();
    } else {
      rle = new RleBitPackedHybridEncoder(width);
    }
    this.dictionarySize = dictionarySize;
  }

  /** Appends indices, each checked to be inside the dictionary. */
  public void write(int[] ids, int off, int n) {
    Objects.checkFromIndexSize(off, n, ids.length);
    for (int i = off; i < off + n; i++) {
      int id = ids[i];
      if (id < 0 || id >= dictionarySize) {
        throw new IllegalArgumentException("index " + id + " outside a dictionary of " + dictionarySize);
      }
    }
    rle.write(ids, off, n);
  }

  public int estimatedSize() {
    return 1 + rle.estimatedSize();
  }

  public void flushTo(ByteSink sink) {
    sink.write(rle.bitWidth());
    rle.flushTo(sink);
  }
}
