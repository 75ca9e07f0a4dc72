package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.CorruptFileException;

/**
 * A dictionary of fixed-width values (INT32, INT64, INT96, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY),
 * held in a heap array ({@link #fromPlain}, a copy of the dictionary page) or in an Arrow buffer
 * the caller keeps alive ({@link #of(ArrowBuf, int, int)}), with a gather of values by index into
 * an Arrow buffer.
 *
 * <pre>{@code
 * var dict = FixedWidthDictionary.fromPlain(dictPage, 0, dictPage.length, numEntries, 8);
 * dict.gather(ids, 0, count, bigIntVector.getDataBuffer(), 0);
 * }</pre>
 */
public final class FixedWidthDictionary {
  private final int byteWidth;
  private final int size;
  private final byte[] heap;
  private final ArrowBuf direct;

  private FixedWidthDictionary(int byteWidth, int size, byte[] heap, ArrowBuf direct) {
    this.byteWidth = byteWidth;
    this.size = size;
    this.heap = heap;
    this.direct = direct;
  }

  /**
   * Copies {@code count} PLAIN values of {@code byteWidth} bytes from a dictionary page.
   *
   * @throws CorruptFileException if the page is shorter than {@code count * byteWidth} bytes
   */
  public static FixedWidthDictionary fromPlain(
      byte[] buf, int offset, int length, int count, int byteWidth) {
    Checks.checkSection(buf, offset, length);
    checkShape(count, byteWidth);
    long bytes = (long) count * byteWidth;
    if (bytes > length) {
      throw new CorruptFileException("dictionary page: " + count + " values of " + byteWidth
          + " bytes need " + bytes + " bytes, the page has " + length);
    }
    byte[] copy = new byte[(int) bytes];
    System.arraycopy(buf, offset, copy, 0, copy.length);
    return new FixedWidthDictionary(byteWidth, count, copy, null);
  }

  /**
   * Uses {@code count} values of {@code byteWidth} bytes at the start of {@code values}, which the
   * caller keeps open while this dictionary is used.
   */
  public static FixedWidthDictionary of(ArrowBuf values, int byteWidth, int count) {
    Objects.requireNonNull(values, "values");
    checkShape(count, byteWidth);
    values.checkBytes(0, (long) count * byteWidth);
    return new FixedWidthDictionary(byteWidth, count, null, values);
  }

  private static void checkShape(int count, int byteWidth) {
    if (count < 0 || byteWidth < 1) {
      throw new IllegalArgumentException("count " + count + ", byte width " + byteWidth);
    }
  }

  public int size() {
    return size;
  }

  public int byteWidth() {
    return byteWidth;
  }

  /**
   * Writes the values of {@code ids[off .. off + n)} one after another into {@code dst} from byte
   * {@code dstOffset} on.
   *
   * @throws CorruptFileException if an index is outside the dictionary
   */
  public void gather(int[] ids, int off, int n, ArrowBuf dst, long dstOffset) {
    Objects.checkFromIndexSize(off, n, ids.length);
    DictionaryIndexDecoder.checkIndices(ids, off, n, size);
    gatherChecked(ids, off, n, dst, dstOffset);
  }

  /**
   * {@link #gather} of indices the caller has checked against {@link #size()} already (a
   * {@link DictionaryIndexDecoder} of this dictionary's size checks every index it reads): no
   * second pass over them.
   */
  void gatherChecked(int[] ids, int off, int n, ArrowBuf dst, long dstOffset) {
    Objects.checkFromIndexSize(off, n, ids.length);
    long a = ArrowBufs.address(dst, dstOffset, (long) n * byteWidth);
    if (heap != null) {
      gatherHeap(ids, off, n, a);
    } else {
      gatherDirect(ids, off, n, a);
    }
  }

  /**
   * Writes the values of {@code ids[at ..]} at the slots of the set bits of {@code mask} (slot
   * {@code t} at address {@code a + t * byteWidth}, {@code t < chunk}), zeros at the others. The
   * caller has checked the indices, the {@code bitCount(mask)} entries from {@code at} and the
   * destination range.
   */
  void scatterBlock(int[] ids, int at, long mask, int chunk, long a) {
    // up to the last set bit every slot may read ids[j] (an entry of the block's remains at or
    // after it) and keep the value or not by mask; the null slots after it are filled
    int top = 64 - Long.numberOfLeadingZeros(mask);
    int w = byteWidth;
    int j = at;
    if (heap != null && w == 4) {
      byte[] v = heap;
      for (int t = 0; t < top; t++) {
        int bit = (int) (mask >>> t) & 1;
        MemoryUtil.putInt(a + 4L * t, LittleEndian.getInt(v, ids[j] << 2) & -bit);
        j += bit;
      }
    } else if (heap != null && w == 8) {
      byte[] v = heap;
      for (int t = 0; t < top; t++) {
        int bit = (int) (mask >>> t) & 1;
        MemoryUtil.putLong(a + 8L * t, LittleEndian.getLong(v, ids[j] << 3) & -(long) bit);
        j += bit;
      }
    } else {
      for (int t = 0; t < top; t++) {
        long dst = a + (long) t * w;
        if (((mask >>> t) & 1) != 0) {
          long from = (long) ids[j++] * w;
          if (heap != null) {
            MemoryUtil.copyToMemory(heap, from, dst, w);
          } else {
            MemoryUtil.copyMemory(direct.memoryAddress() + from, dst, w);
          }
        } else {
          MemoryUtil.setMemory(dst, w, (byte) 0);
        }
      }
    }
    MemoryUtil.setMemory(a + (long) top * w, (long) (chunk - top) * w, (byte) 0);
  }

  private void gatherHeap(int[] ids, int off, int n, long a) {
    byte[] v = heap;
    switch (byteWidth) {
      case 4:
        for (int i = 0; i < n; i++) {
          MemoryUtil.putInt(a + 4L * i, LittleEndian.getInt(v, 4 * ids[off + i]));
        }
        break;
      case 8:
        for (int i = 0; i < n; i++) {
          MemoryUtil.putLong(a + 8L * i, LittleEndian.getLong(v, 8 * ids[off + i]));
        }
        break;
      default:
        int w = byteWidth;
        for (int i = 0; i < n; i++) {
          MemoryUtil.copyToMemory(v, (long) ids[off + i] * w, a + (long) i * w, w);
        }
    }
  }

  private void gatherDirect(int[] ids, int off, int n, long a) {
    long base = direct.memoryAddress();
    switch (byteWidth) {
      case 4:
        for (int i = 0; i < n; i++) {
          MemoryUtil.putInt(a + 4L * i, MemoryUtil.getInt(base + 4L * ids[off + i]));
        }
        break;
      case 8:
        for (int i = 0; i < n; i++) {
          MemoryUtil.putLong(a + 8L * i, MemoryUtil.getLong(base + 8L * ids[off + i]));
        }
        break;
      default:
        int w = byteWidth;
        for (int i = 0; i < n; i++) {
          MemoryUtil.copyMemory(base + (long) ids[off + i] * w, a + (long) i * w, w);
        }
    }
  }
}
