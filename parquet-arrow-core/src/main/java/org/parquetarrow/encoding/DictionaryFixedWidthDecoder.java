package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Dictionary-encoded fixed-width values: indices decoded a chunk at a time and gathered from a
 * {@link FixedWidthDictionary}.
 *
 * <pre>{@code
 * var d = new DictionaryFixedWidthDecoder(FixedWidthDictionary.fromPlain(dictPage, 0, len, entries, 4));
 * d.init(page, offset, length, count);
 * d.read(intVector.getDataBuffer(), 0, count);
 * }</pre>
 */
public final class DictionaryFixedWidthDecoder implements FixedWidthValueDecoder {
  private static final int CHUNK = 1024;

  private final FixedWidthDictionary dictionary;
  private final DictionaryIndexDecoder indices = new DictionaryIndexDecoder();
  private final int[] ids = new int[CHUNK];

  public DictionaryFixedWidthDecoder(FixedWidthDictionary dictionary) {
    this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
  }

  @Override
  public int byteWidth() {
    return dictionary.byteWidth();
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    indices.init(buf, offset, length, valueCount, dictionary.size());
  }

  @Override
  public void read(ArrowBuf dst, long dstOffset, int n) {
    Checks.checkCount(n);
    int w = dictionary.byteWidth();
    ArrowBufs.address(dst, dstOffset, (long) n * w);
    for (int done = 0; done < n; ) {
      int c = Math.min(CHUNK, n - done);
      indices.read(ids, 0, c);
      // indices.read checked every index against the dictionary's size
      dictionary.gatherChecked(ids, 0, c, dst, dstOffset + (long) done * w);
      done += c;
    }
  }

  /**
   * Reads the next {@code values} values and places them at the slots of the set bits among
   * {@code slots} validity bits from {@code bitOffset}, slot {@code s} at byte {@code dstOffset +
   * s * byteWidth()} of {@code dst}; null slots become zero. The indices are gathered straight to
   * their slots, 64 at a time, with no dense copy to spread afterwards.
   *
   * <pre>{@code
   * d.readScattered(data, 4L * row, validity, row, rows, nonNull);   // int32 values of rows
   * }</pre>
   *
   * @throws IllegalArgumentException if the bits hold more set bits than {@code values}
   * @throws CorruptFileException if the page holds fewer indices or one outside the dictionary
   * @throws IndexOutOfBoundsException if {@code dst} or {@code validity} lacks the range
   */
  public void readScattered(ArrowBuf dst, long dstOffset, ArrowBuf validity, long bitOffset, int slots,
      int values) {
    Checks.checkCount(slots);
    Checks.checkCount(values);
    int w = dictionary.byteWidth();
    long d = ArrowBufs.address(dst, dstOffset, (long) slots * w);
    long bits = Bitmaps.checkedAddress(validity, bitOffset, slots);
    int at = 0; // the block's indices start here in ids
    int have = 0; // ids[at .. have) are decoded and not placed yet
    int left = values; // indices not decoded yet
    for (int low = 0; low < slots; low += 64) {
      int chunk = Math.min(64, slots - low);
      long mask = Bitmaps.read(bits, bitOffset + low, chunk);
      int ones = Long.bitCount(mask);
      if (ones > have - at + left) {
        throw new IllegalArgumentException("the validity bits from " + bitOffset + " hold more than "
            + values + " set bits among " + slots + " slots");
      }
      if (have - at < ones) {
        // move what is left to the front and decode more: a chunk holds at least a block
        int keep = have - at;
        System.arraycopy(ids, at, ids, 0, keep);
        int c = Math.min(CHUNK - keep, left);
        indices.read(ids, keep, c);
        left -= c;
        at = 0;
        have = keep + c;
      }
      long a = d + (long) low * w;
      if (ones == chunk) {
        dictionary.gatherChecked(ids, at, ones, dst, dstOffset + (long) low * w);
      } else if (ones == 0) {
        MemoryUtil.setMemory(a, (long) chunk * w, (byte) 0);
      } else {
        dictionary.scatterBlock(ids, at, mask, chunk, a);
      }
      at += ones;
    }
    if (have - at + left != 0) {
      throw new IllegalArgumentException("the validity bits from " + bitOffset + " hold fewer than "
          + values + " set bits among " + slots + " slots");
    }
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    indices.skip(n);
  }
}
