package org.parquetarrow.read.levels;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.encoding.Bitmaps;

/**
 * Moves densely decoded values (only the non-null ones, one after another) to their slots, in
 * place, as given by the leaf's validity bitmap; null slots become zero (Arrow ignores what a
 * null slot holds, but a reader should produce the same bytes every time).
 *
 * <p>The work runs from the last slot down, 64 slots at a time: a block of valid slots moves in
 * one copy, a block of nulls is zeroed in one fill, and a mixed block moves value by value with
 * masks instead of branches. Everything below the last null stays where it is.
 *
 * <pre>{@code
 * int valid = leafCounts.validCount();
 * valueDecoder.read(data, 0, valid);          // dense int32 values in data[0 .. 4 * valid)
 * ValueSpreader.spreadFixedWidth(data, 0, 4, validity, 0, leafCounts.slotCount());
 * }</pre>
 */
public final class ValueSpreader {
  private static final int BLOCK = 64;

  private ValueSpreader() {}

  /**
   * Spreads values of {@code width} bytes. On entry value {@code i} of the {@code v} dense values
   * ({@code v} = the set bits among the {@code slotCount} validity bits) is at {@code byteOffset +
   * i * width}; on return the value of slot {@code s} is at {@code byteOffset + s * width}.
   *
   * @return the number of valid slots (dense values moved)
   * @throws IndexOutOfBoundsException if {@code values} cannot hold {@code slotCount} values from
   *     {@code byteOffset} or {@code validity} lacks the bits
   */
  public static int spreadFixedWidth(ArrowBuf values, long byteOffset, int width,
      ArrowBuf validity, long bitOffset, int slotCount) {
    if (width <= 0 || slotCount < 0 || byteOffset < 0) {
      throw new IllegalArgumentException(
          "width " + width + ", slot count " + slotCount + ", byte offset " + byteOffset);
    }
    long bits = Bitmaps.checkedAddress(validity, bitOffset, slotCount);
    values.checkBytes(byteOffset, byteOffset + (long) slotCount * width);
    long address = values.memoryAddress() + byteOffset;
    int valid = (int) Bitmaps.countSetBits(validity, bitOffset, slotCount);
    int k = valid; // dense values not yet moved: they sit at [0, k)
    int j = slotCount; // slots not yet written: [0, j)
    while (j > k) {
      int chunk = Math.min(BLOCK, j);
      int low = j - chunk;
      long mask = Bitmaps.read(bits, bitOffset + low, chunk);
      int ones = Long.bitCount(mask);
      if (ones == chunk) {
        moveUp(address + (long) (k - chunk) * width, address + (long) low * width,
            (long) chunk * width);
      } else if (ones == 0) {
        MemoryUtil.setMemory(address + (long) low * width, (long) chunk * width, (byte) 0);
      } else {
        spreadBlock(address, width, mask, low, chunk, k);
      }
      k -= ones;
      j = low;
    }
    return valid;
  }

  /**
   * Places values of {@code width} bytes straight from a heap array at their slots, without a
   * dense copy first: value {@code i} of the {@code values} values at {@code src[srcOffset + i *
   * width ..]} goes to the slot of the {@code i}-th set bit among the {@code slotCount} validity
   * bits from {@code bitOffset}, i.e. to {@code dst[byteOffset + slot * width ..]}; null slots
   * become zero. Blocks of 64 valid slots are one bulk copy, blocks of nulls one fill; a mixed
   * block of 4- or 8-byte values runs a branch-free loop up to its last valid slot, other widths
   * copy run by run.
   *
   * <pre>{@code
   * // a PLAIN int64 page stretch of 1000 rows, 900 of them non-null, whose values start at pos
   * ValueSpreader.scatterFixedWidth(page, pos, 900, 8, data, 8L * row, validity, row, 1000);
   * }</pre>
   *
   * @return the number of valid slots (values placed)
   * @throws IllegalArgumentException if the validity bits hold more set bits than {@code values}
   * @throws IndexOutOfBoundsException if a range lies outside its array or buffer
   */
  public static int scatterFixedWidth(byte[] src, int srcOffset, int values, int width,
      ArrowBuf dst, long byteOffset, ArrowBuf validity, long bitOffset, int slotCount) {
    if (width <= 0 || slotCount < 0 || byteOffset < 0 || values < 0) {
      throw new IllegalArgumentException("width " + width + ", slot count " + slotCount
          + ", byte offset " + byteOffset + ", values " + values);
    }
    Objects.checkFromIndexSize(srcOffset, Math.multiplyExact(values, width), src.length);
    long bits = Bitmaps.checkedAddress(validity, bitOffset, slotCount);
    dst.checkBytes(byteOffset, byteOffset + (long) slotCount * width);
    long d = dst.memoryAddress() + byteOffset;
    int k = 0; // values placed so far
    for (int low = 0; low < slotCount; low += BLOCK) {
      int chunk = Math.min(BLOCK, slotCount - low);
      long mask = Bitmaps.read(bits, bitOffset + low, chunk);
      int ones = Long.bitCount(mask);
      if (ones > values - k) {
        // every read below stays within the checked source range only while this holds
        throw new IllegalArgumentException("the validity bits from " + bitOffset + " hold more than "
            + values + " set bits among " + slotCount + " slots");
      }
      long at = d + (long) low * width;
      int from = srcOffset + k * width;
      if (ones == chunk) {
        MemoryUtil.copyToMemory(src, from, at, (long) chunk * width);
      } else if (ones == 0) {
        MemoryUtil.setMemory(at, (long) chunk * width, (byte) 0);
      } else if (width == 8) {
        scatterBlock8(src, from, at, mask, chunk);
      } else if (width == 4) {
        scatterBlock4(src, from, at, mask, chunk);
      } else {
        scatterRuns(src, from, at, width, mask, chunk);
      }
      k += ones;
    }
    return k;
  }

  /**
   * A mixed block of 8-byte values: one source offset that steps by a value at each valid slot.
   * Up to the block's last valid slot every read lands on a value still to be placed (one lies at
   * or after it), so no read passes the source range; the nulls after it are filled.
   */
  private static void scatterBlock8(byte[] src, int from, long at, long mask, int chunk) {
    int top = 64 - Long.numberOfLeadingZeros(mask);
    int s = from;
    for (int t = 0; t < top; t++) {
      int bit = (int) (mask >>> t) & 1;
      MemoryUtil.putLong(at + ((long) t << 3), MemoryUtil.getLong(src, s) & -(long) bit);
      s += bit << 3;
    }
    MemoryUtil.setMemory(at + ((long) top << 3), (long) (chunk - top) << 3, (byte) 0);
  }

  /** {@link #scatterBlock8} for 4-byte values. */
  private static void scatterBlock4(byte[] src, int from, long at, long mask, int chunk) {
    int top = 64 - Long.numberOfLeadingZeros(mask);
    int s = from;
    for (int t = 0; t < top; t++) {
      int bit = (int) (mask >>> t) & 1;
      MemoryUtil.putInt(at + ((long) t << 2), MemoryUtil.getInt(src, s) & -bit);
      s += bit << 2;
    }
    MemoryUtil.setMemory(at + ((long) top << 2), (long) (chunk - top) << 2, (byte) 0);
  }

  /** A mixed block of any width: each run of nulls filled, each run of valid slots one copy. */
  private static void scatterRuns(byte[] src, int from, long at, int width, long mask, int chunk) {
    int t = 0;
    int s = from;
    long m = mask;
    while (m != 0) {
      int nulls = Long.numberOfTrailingZeros(m);
      if (nulls > 0) {
        MemoryUtil.setMemory(at + (long) t * width, (long) nulls * width, (byte) 0);
        m >>>= nulls;
        t += nulls;
      }
      // a mixed block has a clear bit above its valid run, so the run is shorter than 64
      int run = Long.numberOfTrailingZeros(~m);
      MemoryUtil.copyToMemory(src, s, at + (long) t * width, (long) run * width);
      m >>>= run;
      t += run;
      s += run * width;
    }
    MemoryUtil.setMemory(at + (long) t * width, (long) (chunk - t) * width, (byte) 0);
  }

  /** One mixed block, slots {@code [low, low + chunk)}, from the top; {@code k} values remain. */
  private static void spreadBlock(long a, int width, long mask, int low, int chunk, int k) {
    if (k > Long.bitCount(mask) && (width == 8 || width == 4)) {
      // values remain below the block, so value k - 1 exists at every step and a null slot may
      // read it (and store 0) without a bounds clamp
      spreadBlockAbove(a, width, mask, low, chunk, k);
      return;
    }
    switch (width) {
      case 1 -> {
        for (int t = chunk - 1; t >= 0; t--) {
          int bit = (int) (mask >>> t) & 1;
          byte v = (byte) (MemoryUtil.getByte(a + Math.max(k - 1, 0)) & -bit);
          MemoryUtil.putByte(a + low + t, v);
          k -= bit;
        }
      }
      case 2 -> {
        for (int t = chunk - 1; t >= 0; t--) {
          int bit = (int) (mask >>> t) & 1;
          short v = (short) (MemoryUtil.getShort(a + ((long) Math.max(k - 1, 0) << 1)) & -bit);
          MemoryUtil.putShort(a + ((long) (low + t) << 1), v);
          k -= bit;
        }
      }
      case 4 -> {
        for (int t = chunk - 1; t >= 0; t--) {
          int bit = (int) (mask >>> t) & 1;
          int v = MemoryUtil.getInt(a + ((long) Math.max(k - 1, 0) << 2)) & -bit;
          MemoryUtil.putInt(a + ((long) (low + t) << 2), v);
          k -= bit;
        }
      }
      case 8 -> {
        for (int t = chunk - 1; t >= 0; t--) {
          int bit = (int) (mask >>> t) & 1;
          long v = MemoryUtil.getLong(a + ((long) Math.max(k - 1, 0) << 3)) & -(long) bit;
          MemoryUtil.putLong(a + ((long) (low + t) << 3), v);
          k -= bit;
        }
      }
      case 12 -> {
        for (int t = chunk - 1; t >= 0; t--) {
          int bit = (int) (mask >>> t) & 1;
          long src = a + Math.max(k - 1, 0) * 12L;
          long lo = MemoryUtil.getLong(src) & -(long) bit;
          int hi = MemoryUtil.getInt(src + 8) & -bit;
          long dst = a + (low + t) * 12L;
          MemoryUtil.putLong(dst, lo);
          MemoryUtil.putInt(dst + 8, hi);
          k -= bit;
        }
      }
      case 16 -> {
        for (int t = chunk - 1; t >= 0; t--) {
          int bit = (int) (mask >>> t) & 1;
          long src = a + ((long) Math.max(k - 1, 0) << 4);
          long lo = MemoryUtil.getLong(src) & -(long) bit;
          long hi = MemoryUtil.getLong(src + 8) & -(long) bit;
          long dst = a + ((long) (low + t) << 4);
          MemoryUtil.putLong(dst, lo);
          MemoryUtil.putLong(dst + 8, hi);
          k -= bit;
        }
      }
      default -> {
        for (int t = chunk - 1; t >= 0; t--) {
          long dst = a + (long) (low + t) * width;
          if (((mask >>> t) & 1) != 0) {
            k--;
            // value k sits below slot low + t, so the two ranges never overlap
            if (k != low + t) {
              MemoryUtil.copyMemory(a + (long) k * width, dst, width);
            }
          } else {
            MemoryUtil.setMemory(dst, width, (byte) 0);
          }
        }
      }
    }
  }

  /**
   * {@link #spreadBlock} for 4- and 8-byte values when more values than the block's remain: one
   * source pointer that steps down by one value at each valid slot.
   */
  private static void spreadBlockAbove(long a, int width, long mask, int low, int chunk, int k) {
    if (width == 8) {
      long src = a + ((long) (k - 1) << 3);
      long dst = a + ((long) (low + chunk - 1) << 3);
      for (int t = chunk - 1; t >= 0; t--, dst -= 8) {
        long bit = (mask >>> t) & 1;
        MemoryUtil.putLong(dst, MemoryUtil.getLong(src) & -bit);
        src -= bit << 3;
      }
    } else {
      long src = a + ((long) (k - 1) << 2);
      long dst = a + ((long) (low + chunk - 1) << 2);
      for (int t = chunk - 1; t >= 0; t--, dst -= 4) {
        long bit = (mask >>> t) & 1;
        MemoryUtil.putInt(dst, MemoryUtil.getInt(src) & (int) -bit);
        src -= bit << 2;
      }
    }
  }

  /**
   * Spreads boolean values kept as bits: on entry the dense values are bits {@code
   * valueBitOffset ..} of {@code values}; on return slot {@code s} is bit {@code valueBitOffset +
   * s}, cleared for null slots.
   *
   * @return the number of valid slots
   */
  public static int spreadBits(ArrowBuf values, long valueBitOffset, ArrowBuf validity,
      long bitOffset, int slotCount) {
    if (slotCount < 0) {
      throw new IllegalArgumentException("slot count " + slotCount);
    }
    long bits = Bitmaps.checkedAddress(validity, bitOffset, slotCount);
    long data = Bitmaps.checkedAddress(values, valueBitOffset, slotCount);
    int valid = (int) Bitmaps.countSetBits(validity, bitOffset, slotCount);
    int k = valid;
    int j = slotCount;
    while (j > k) {
      int chunk = Math.min(BLOCK, j);
      int low = j - chunk;
      long mask = Bitmaps.read(bits, bitOffset + low, chunk);
      int ones = Long.bitCount(mask);
      // the block's values are the top `ones` dense bits; everything they land on is at or above
      // them, and the dense bits still to move lie below `low`
      long src = Bitmaps.read(data, valueBitOffset + k - ones, ones);
      long out = ones == chunk ? src : Bitmaps.deposit(src, mask);
      Bitmaps.write(data, valueBitOffset + low, chunk, out);
      k -= ones;
      j = low;
    }
    return valid;
  }

  /**
   * Builds the slot offsets of variable-length values from their dense offsets without moving
   * the data bytes: a null slot gets zero length. {@code dense} holds {@code v + 1} offsets from
   * entry {@code denseFirst} ({@code v} = the valid slots), {@code slots} receives {@code
   * slotCount + 1} from entry {@code slotFirst}. Both may be the same entries of one buffer
   * (the usual case, when the buffer has room for {@code slotCount + 1} entries); otherwise they
   * must not overlap.
   *
   * @return the number of valid slots
   */
  public static int spreadOffsets(ArrowBuf dense, long denseFirst, ArrowBuf slots,
      long slotFirst, OffsetWidth width, ArrowBuf validity, long bitOffset, int slotCount) {
    Objects.requireNonNull(width, "width");
    if (slotCount < 0 || denseFirst < 0 || slotFirst < 0) {
      throw new IllegalArgumentException("slot count " + slotCount + ", first entries "
          + denseFirst + ", " + slotFirst);
    }
    boolean wide = width == OffsetWidth.INT64;
    int shift = wide ? 3 : 2;
    long bits = Bitmaps.checkedAddress(validity, bitOffset, slotCount);
    int valid = (int) Bitmaps.countSetBits(validity, bitOffset, slotCount);
    dense.checkBytes(denseFirst << shift, (denseFirst + valid + 1) << shift);
    slots.checkBytes(slotFirst << shift, (slotFirst + slotCount + 1) << shift);
    long in = dense.memoryAddress() + (denseFirst << shift);
    long out = slots.memoryAddress() + (slotFirst << shift);
    int k = valid;
    int j = slotCount;
    while (j > k) {
      int chunk = Math.min(BLOCK, j);
      int low = j - chunk;
      long mask = Bitmaps.read(bits, bitOffset + low, chunk);
      // slot s ends where dense value (valid slots up to s) ends: walk down, reading before
      // writing, so that in place never overwrites an offset still to be read
      if (wide) {
        for (int t = chunk - 1; t >= 0; t--) {
          MemoryUtil.putLong(out + ((long) (low + t + 1) << 3),
              MemoryUtil.getLong(in + ((long) k << 3)));
          k -= (int) (mask >>> t) & 1;
        }
      } else {
        for (int t = chunk - 1; t >= 0; t--) {
          MemoryUtil.putInt(out + ((long) (low + t + 1) << 2),
              MemoryUtil.getInt(in + ((long) k << 2)));
          k -= (int) (mask >>> t) & 1;
        }
      }
      j = low;
    }
    if (in != out) {
      // slots [0, j) are all valid: their offsets are the dense ones
      MemoryUtil.copyMemory(in, out, (long) (j + 1) << shift);
    }
    return valid;
  }

  /** Copies {@code len} bytes to a higher (or equal) address, correct when the ranges overlap. */
  private static void moveUp(long src, long dst, long len) {
    long distance = dst - src;
    if (distance == 0) {
      return;
    }
    if (distance >= len) {
      MemoryUtil.copyMemory(src, dst, len);
      return;
    }
    // From the end down: a word is read before the store that may overlap it, and every store
    // lands above the bytes still to be read.
    long off = len;
    for (; off >= 8; off -= 8) {
      MemoryUtil.putLong(dst + off - 8, MemoryUtil.getLong(src + off - 8));
    }
    for (; off > 0; off--) {
      MemoryUtil.putByte(dst + off - 1, MemoryUtil.getByte(src + off - 1));
    }
  }
}
