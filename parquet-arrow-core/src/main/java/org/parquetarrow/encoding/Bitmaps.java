package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BitVectorHelper;

/**
 * Arrow bitmap (LSB first) helpers at any bit offset, for what {@link BitVectorHelper} does not
 * cover: it addresses bits by {@code int} index from bit 0, while readers append batches at
 * arbitrary bit offsets and move up to 64 bits at a time. The one home of the project's bitmap
 * code: sizes, ranges, words, and a {@link Writer} that appends bits one after another.
 *
 * <p>The public methods check the buffer range once per call ({@code IndexOutOfBoundsException} on
 * a range outside the buffer) and leave bits outside the range untouched.
 *
 * <pre>{@code
 * Bitmaps.setRange(validity, 13, 100, true);          // bits 13..112 set
 * long nonNull = Bitmaps.countSetBits(validity, 13, 100);
 * long word = Bitmaps.readBits(validity, 70, 64);      // bit 0 of word = bit 70
 * }</pre>
 */
public final class Bitmaps {
  private Bitmaps() {}

  /** Bytes holding {@code bits} bits. */
  public static long bytesFor(long bits) {
    return (bits + 7) >>> 3;
  }

  /** The number of set bits in {@code [bitOffset, bitOffset + count)}. */
  public static long countSetBits(ArrowBuf bitmap, long bitOffset, long count) {
    long base = checkedAddress(bitmap, bitOffset, count);
    if (bitOffset == 0 && count <= Integer.MAX_VALUE) {
      return count - BitVectorHelper.getNullCount(bitmap, (int) count);
    }
    return countSetBits(base, bitOffset, count);
  }

  /** The number of set bits in {@code [pos, pos + count)} of the bitmap at {@code base}; unchecked. */
  public static long countSetBits(long base, long pos, long count) {
    long set = 0;
    long end = pos + count;
    for (; pos + 64 <= end; pos += 64) {
      set += Long.bitCount(read(base, pos, 64));
    }
    return set + Long.bitCount(read(base, pos, (int) (end - pos)));
  }

  /** Sets or clears every bit of {@code [bitOffset, bitOffset + count)}. */
  public static void setRange(ArrowBuf bitmap, long bitOffset, long count, boolean value) {
    long base = checkedAddress(bitmap, bitOffset, count);
    long pos = bitOffset;
    long end = bitOffset + count;
    long ones = value ? -1L : 0L;
    int head = (int) Math.min((8 - (pos & 7)) & 7, count);
    write(base, pos, head, ones);
    pos += head;
    long bytes = (end - pos) >>> 3;
    MemoryUtil.setMemory(base + (pos >>> 3), bytes, value ? (byte) 0xff : 0);
    pos += bytes << 3;
    write(base, pos, (int) (end - pos), ones);
  }

  /** Reads {@code count} (0..64) bits from {@code bitOffset}; bit 0 of the result is the first. */
  public static long readBits(ArrowBuf bitmap, long bitOffset, int count) {
    checkCount(count);
    return read(checkedAddress(bitmap, bitOffset, count), bitOffset, count);
  }

  /** Writes the low {@code count} (0..64) bits of {@code bits} from {@code bitOffset}. */
  public static void writeBits(ArrowBuf bitmap, long bitOffset, int count, long bits) {
    checkCount(count);
    write(checkedAddress(bitmap, bitOffset, count), bitOffset, count, bits);
  }

  private static void checkCount(int count) {
    if (count < 0 || count > 64) {
      throw new IllegalArgumentException("bit count " + count + " is not within 0..64");
    }
  }

  /**
   * Checks that {@code bitmap} holds bits {@code [bitOffset, bitOffset + count)} and returns the
   * address of its first byte, to which the raw methods below add bit positions.
   */
  public static long checkedAddress(ArrowBuf bitmap, long bitOffset, long count) {
    if (bitOffset < 0 || count < 0) {
      throw new IndexOutOfBoundsException("bit offset " + bitOffset + ", count " + count);
    }
    if (count > 0) {
      bitmap.checkBytes(bitOffset >>> 3, (bitOffset + count + 7) >>> 3);
    }
    return bitmap.memoryAddress();
  }

  /** Reads {@code count} (0..64) bits at bit {@code pos} of the bitmap at {@code base}; unchecked. */
  public static long read(long base, long pos, int count) {
    if (count == 0) {
      return 0;
    }
    long at = base + (pos >>> 3);
    int shift = (int) (pos & 7);
    int bytes = (shift + count + 7) >>> 3; // 1..9, all inside the checked range
    long v;
    if (bytes >= 8) {
      v = MemoryUtil.getLong(at) >>> shift;
      if (bytes == 9) {
        v |= (MemoryUtil.getByte(at + 8) & 0xffL) << (64 - shift);
      }
    } else {
      v = 0;
      for (int b = 0; b < bytes; b++) {
        v |= (MemoryUtil.getByte(at + b) & 0xffL) << (b << 3);
      }
      v >>>= shift;
    }
    return count == 64 ? v : v & ((1L << count) - 1);
  }

  /** Writes the low {@code count} (0..64) bits of {@code bits} at bit {@code pos}; unchecked. */
  public static void write(long base, long pos, int count, long bits) {
    if (count == 0) {
      return;
    }
    long at = base + (pos >>> 3);
    int shift = (int) (pos & 7);
    if (shift == 0 && count == 64) {
      MemoryUtil.putLong(at, bits);
      return;
    }
    long v = count == 64 ? bits : bits & ((1L << count) - 1);
    int first = Math.min(8 - shift, count);
    int mask = ((1 << first) - 1) << shift;
    int old = MemoryUtil.getByte(at);
    MemoryUtil.putByte(at++, (byte) ((old & ~mask) | (((int) v << shift) & mask)));
    v >>>= first;
    int left = count - first;
    for (; left >= 8; left -= 8) {
      MemoryUtil.putByte(at++, (byte) v);
      v >>>= 8;
    }
    if (left > 0) {
      int keep = -1 << left;
      MemoryUtil.putByte(at, (byte) ((MemoryUtil.getByte(at) & keep) | ((int) v & ~keep)));
    }
  }

  /**
   * Gathers the bits of {@code src} at the set bit positions of {@code mask} into the low bits of
   * the result, lowest first (what x86's PEXT does); the other bits of the result are 0.
   */
  public static long compress(long src, long mask) {
    int kept = Long.bitCount(mask);
    if (kept > 64 - FEW) {
      // nearly all kept (the usual case for levels): squeeze out each dropped position, highest
      // first so that the lower ones stay where they are
      for (long drop = ~mask; drop != 0; ) {
        int p = 63 - Long.numberOfLeadingZeros(drop);
        long below = (1L << p) - 1;
        src = (src & below) | ((src >>> 1) & ~below);
        drop &= below;
      }
      return kept == 64 ? src : src & ((1L << kept) - 1);
    }
    if (kept < FEW) {
      long out = 0;
      int at = 0;
      for (long m = mask; m != 0; m &= m - 1) {
        out |= ((src >>> Long.numberOfTrailingZeros(m)) & 1) << at++;
      }
      return out;
    }
    // otherwise a byte at a time from a table: a fixed eight steps, no branch on the bits
    long out = 0;
    int at = 0;
    for (int shift = 0; shift < 64; shift += 8) {
      int m = (int) (mask >>> shift) & 0xFF;
      out |= (long) (COMPRESS_BYTE[m << 8 | ((int) (src >>> shift) & 0xFF)] & 0xFF) << at;
      at += Integer.bitCount(m);
    }
    return out;
  }

  /** Masks with fewer than this many kept (or dropped) bits are compressed bit by bit. */
  private static final int FEW = 6;

  /** {@code COMPRESS_BYTE[mask << 8 | src]}: the compress of one byte, 64 KiB. */
  private static final byte[] COMPRESS_BYTE = compressTable();

  private static byte[] compressTable() {
    byte[] table = new byte[1 << 16];
    for (int mask = 0; mask < 256; mask++) {
      for (int src = 0; src < 256; src++) {
        int out = 0;
        int at = 0;
        for (int bit = 0; bit < 8; bit++) {
          if ((mask >>> bit & 1) != 0) {
            out |= (src >>> bit & 1) << at++;
          }
        }
        table[mask << 8 | src] = (byte) out;
      }
    }
    return table;
  }

  /**
   * Places the low bits of {@code src}, lowest first, at the set bit positions of {@code mask}
   * (what x86's PDEP does); the other bits of the result are 0.
   */
  public static long deposit(long src, long mask) {
    long out = 0;
    for (long m = mask; m != 0; m &= m - 1) {
      out |= (m & -m) & -(src & 1);
      src >>>= 1;
    }
    return out;
  }

  /**
   * Writes bits one after another into an Arrow bitmap (LSB first) from any bit offset: whole runs
   * at once, or up to 32 bits at a time. Bits before the start offset and after the last bit written
   * in the final byte keep their value. The buffer's range is checked once in {@link #start}.
   */
  static final class Writer {
    /** Where the accumulator's bit 0 goes: the byte after the last one written. */
    private long address;
    /** Bits not yet stored, lowest first; {@link #pending} of them are meaningful. */
    private long acc;
    private int pending;

    /** Prepares to write {@code bitCount} bits from {@code bitOffset}; checks the buffer holds them. */
    void start(ArrowBuf bitmap, long bitOffset, long bitCount) {
      if (bitOffset < 0 || bitCount < 0) {
        throw new IllegalArgumentException("bit offset " + bitOffset + ", count " + bitCount);
      }
      long firstByte = bitOffset >>> 3;
      bitmap.checkBytes(firstByte, (bitOffset + bitCount + 7) >>> 3);
      address = bitmap.memoryAddress() + firstByte;
      pending = (int) (bitOffset & 7);
      // the bits before the start offset in its byte are kept by writing them back unchanged
      acc = pending == 0 ? 0 : MemoryUtil.getByte(address) & ((1L << pending) - 1);
    }

    /**
     * Appends {@code count} copies of one bit. Bits gather in a 64-bit word stored whole, so that
     * short runs (the usual case for levels) cost a few shifts rather than a memory fill.
     */
    void appendRun(boolean set, long count) {
      long ones = set ? -1L : 0L;
      int room = 64 - pending;
      if (count < room) {
        acc |= (ones & ((1L << count) - 1)) << pending;
        pending += (int) count;
        return;
      }
      MemoryUtil.putLong(address, acc | (ones << pending));
      address += 8;
      count -= room;
      long words = count >>> 6;
      if (words > 4) {
        MemoryUtil.setMemory(address, words << 3, (byte) ones);
        address += words << 3;
      } else {
        for (long w = 0; w < words; w++) {
          MemoryUtil.putLong(address, ones);
          address += 8;
        }
      }
      pending = (int) (count & 63);
      acc = ones & ((1L << pending) - 1);
    }

    /** Appends the low {@code count} (0..32) bits of {@code bits}, lowest first. */
    void appendBits(int bits, int count) {
      long v = bits & ((1L << count) - 1);
      acc |= v << pending;
      int total = pending + count;
      if (total >= 64) {
        MemoryUtil.putLong(address, acc);
        address += 8;
        total -= 64;
        // pending >= 32 here, so the shift is within 1..32: the bits of v that did not fit
        acc = v >>> (64 - pending);
      }
      pending = total;
    }

    /** Appends the 64 bits of {@code bits}, lowest first. */
    void appendLong(long bits) {
      MemoryUtil.putLong(address, acc | (bits << pending));
      address += 8;
      acc = pending == 0 ? 0 : bits >>> (64 - pending);
    }

    /** Writes the bits still held, keeping the bits above them in their last byte. */
    void finish() {
      int left = pending;
      long v = acc;
      for (; left >= 8; left -= 8) {
        MemoryUtil.putByte(address++, (byte) v);
        v >>>= 8;
      }
      if (left > 0) {
        int keepMask = -1 << left;
        int old = MemoryUtil.getByte(address);
        MemoryUtil.putByte(address, (byte) ((old & keepMask) | ((int) v & ~keepMask)));
      }
      pending = 0;
      acc = 0;
    }
  }
}
