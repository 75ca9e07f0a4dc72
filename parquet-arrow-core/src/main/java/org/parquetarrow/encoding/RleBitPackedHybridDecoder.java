package org.parquetarrow.encoding;

import java.util.Arrays;
import java.util.Objects;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.CorruptFileException;

/**
 * Decodes the RLE / bit-packed hybrid encoding (levels, dictionary indices, RLE booleans) of one
 * bit width (0..32) from a section of a heap byte array, without a length prefix (callers strip
 * it). Reusable: {@link #init} starts a new section.
 *
 * <p>Besides bulk {@link #read} and {@link #skip}, the current run is exposed ({@link
 * #runRemaining}, {@link #isRepeatedRun}, {@link #repeatedValue}) so that callers can handle a
 * repeated run in one step, e.g. set a whole run of validity bits at once.
 *
 * <p>Input is never trusted: a run header or RLE value cut off by the section end, a value that
 * does not fit the bit width, or a bit-packed run whose values are asked for but whose bytes are
 * missing raises {@link CorruptFileException}. A bit-packed run may promise more values than its
 * bytes hold (writers may drop the padding of the last group): the values that the bytes do hold
 * can be read.
 *
 * <pre>{@code
 * var decoder = new RleBitPackedHybridDecoder();
 * decoder.init(page, levelsStart, levelsLength, 1);
 * int got = decoder.read(levels, 0, numValues);   // fewer only if the data ends first
 * }</pre>
 */
public final class RleBitPackedHybridDecoder {
  /** Widest bit width the hybrid encoding allows. */
  public static final int MAX_BIT_WIDTH = 32;

  private static final String WHAT = "RLE/bit-packed hybrid";

  private byte[] buf;
  private int pos;
  private int limit;
  private int bitWidth;
  private int valueBytes;

  /** Values of the current run not yet consumed (in a bit-packed run: including buffered ones). */
  private long runRemaining;
  private boolean repeated;
  private int repeatedValue;
  /** The current bit-packed run declared values that its bytes do not hold. */
  private boolean runTruncated;
  private long runDeclared;
  /** Bit-packed run: values whose bytes are not yet unpacked, and the byte after the run. */
  private long packedLeft;
  private int runEnd;

  private final int[] unpacked = new int[32];
  private int unpackedIndex;
  private int unpackedCount;
  private final byte[] padded = new byte[4 * MAX_BIT_WIDTH];

  /**
   * Starts decoding {@code buf[offset .. offset + length)} with the given bit width.
   *
   * @throws CorruptFileException if {@code bitWidth} is outside 0..32 (the width usually comes
   *     from the file)
   */
  public void init(byte[] buf, int offset, int length, int bitWidth) {
    Checks.checkSection(buf, offset, length);
    if (bitWidth < 0 || bitWidth > MAX_BIT_WIDTH) {
      throw new CorruptFileException(
          WHAT + ": bit width " + bitWidth + " is outside 0.." + MAX_BIT_WIDTH);
    }
    this.buf = buf;
    this.pos = offset;
    this.limit = offset + length;
    this.bitWidth = bitWidth;
    this.valueBytes = (bitWidth + 7) >>> 3;
    this.runRemaining = 0;
    this.runTruncated = false;
    this.packedLeft = 0;
    this.unpackedIndex = 0;
    this.unpackedCount = 0;
  }

  public int bitWidth() {
    return bitWidth;
  }

  /**
   * Reads up to {@code n} values into {@code dst[off ..]}.
   *
   * @return {@code n}, or fewer if the encoded data ends first
   * @throws CorruptFileException if a run is malformed or cut off
   */
  public int read(int[] dst, int off, int n) {
    Checks.checkCount(n);
    Objects.checkFromIndexSize(off, n, dst.length);
    int done = 0;
    while (done < n) {
      if (runRemaining == 0 && !nextRun()) {
        break;
      }
      int take = (int) Math.min(runRemaining, n - done);
      if (repeated) {
        Arrays.fill(dst, off + done, off + done + take, repeatedValue);
      } else {
        readPacked(dst, off + done, take);
      }
      runRemaining -= take;
      done += take;
    }
    return done;
  }

  /**
   * Skips up to {@code n} values without decoding bit-packed groups it passes over whole.
   *
   * @return {@code n}, or fewer if the encoded data ends first
   */
  public int skip(int n) {
    Checks.checkCount(n);
    int done = 0;
    while (done < n) {
      if (runRemaining == 0 && !nextRun()) {
        break;
      }
      int take = (int) Math.min(runRemaining, n - done);
      if (!repeated) {
        skipPacked(take);
      }
      runRemaining -= take;
      done += take;
    }
    return done;
  }

  /**
   * The values left in the current run, loading the next run's header when the current one is
   * used up; 0 when the encoded data has ended.
   */
  public long runRemaining() {
    if (runRemaining == 0) {
      nextRun();
    }
    return runRemaining;
  }

  /** Whether the current run (see {@link #runRemaining}) is a repeated (RLE) run. */
  public boolean isRepeatedRun() {
    return repeated;
  }

  /** The value of the current repeated run. */
  public int repeatedValue() {
    return repeatedValue;
  }

  /**
   * For bit width 1: writes the next {@code n} values as bits of an LSB-first bitmap from bit
   * {@code bitOffset} of the memory at {@code base} (a range the caller has checked), leaving the
   * bits around the range as they were, and returns how many are 1; -1 if the data ends first.
   *
   * <p>Both run kinds are bits already: a repeated run sets or clears a range, and a bit-packed
   * run of width 1 stores its values LSB first, as Arrow's validity does, so its bytes are copied
   * a word at a time with a shift. The bitmap's word being built stays in locals across runs,
   * because level runs are short (for ~10% nulls, a run every ten values or so).
   */
  long appendBits1(long base, long bitOffset, int n) {
    if (bitWidth != 1) {
      throw new IllegalStateException("bit width " + bitWidth + ", not 1");
    }
    long address = base + (bitOffset >>> 3);
    int pending = (int) (bitOffset & 7);
    // the bits before the offset in its byte are kept by writing them back unchanged
    long acc = pending == 0 ? 0 : MemoryUtil.getByte(address) & ((1L << pending) - 1);
    long ones = 0;
    int left = n;
    while (left > 0) {
      if (runRemaining == 0 && !nextRun()) {
        return -1;
      }
      int take = (int) Math.min(runRemaining, left);
      runRemaining -= take;
      left -= take;
      if (repeated) {
        long fill = -(long) repeatedValue; // the value fits 1 bit: 0 or 1
        ones += fill & take;
        int room = 64 - pending;
        if (take < room) {
          acc |= (fill & ((1L << take) - 1)) << pending;
          pending += take;
          continue;
        }
        MemoryUtil.putLong(address, acc | (fill << pending));
        address += 8;
        int rest = take - room;
        int words = rest >>> 6;
        if (words > 4) {
          MemoryUtil.setMemory(address, (long) words << 3, (byte) fill);
          address += (long) words << 3;
        } else {
          for (int w = 0; w < words; w++, address += 8) {
            MemoryUtil.putLong(address, fill);
          }
        }
        pending = rest & 63;
        acc = fill & ((1L << pending) - 1);
        continue;
      }
      // bit-packed: values a generic read left unpacked first, then whole bytes from the run,
      // then (a batch ending inside a byte) the next few values through the unpacked buffer
      int buffered = Math.min(unpackedCount - unpackedIndex, take);
      int raw = (int) Math.min(take - buffered, packedLeft) & ~7;
      int tail = take - buffered - raw;
      if (buffered > 0) {
        long v = unpackedBits(buffered);
        ones += Long.bitCount(v);
        acc |= v << pending;
        int total = pending + buffered;
        if (total >= 64) {
          MemoryUtil.putLong(address, acc);
          address += 8;
          total -= 64;
          acc = total == 0 ? 0 : v >>> (buffered - total);
        }
        pending = total;
      }
      int p = pos;
      int end = p + (raw >>> 3);
      pos = end;
      packedLeft -= raw;
      for (; p + 8 <= end; p += 8) {
        long v = LittleEndian.getLong(buf, p);
        ones += Long.bitCount(v);
        MemoryUtil.putLong(address, acc | (v << pending));
        address += 8;
        acc = pending == 0 ? 0 : v >>> (64 - pending);
      }
      if (p < end) {
        int bytes = end - p;
        // a short run's bytes: one word read and masked where the array allows it
        long v = p + 8 <= buf.length
            ? LittleEndian.getLong(buf, p) & ((1L << (bytes << 3)) - 1)
            : LittleEndian.getBytes(buf, p, bytes);
        int count = bytes << 3;
        ones += Long.bitCount(v);
        acc |= v << pending;
        int total = pending + count;
        if (total >= 64) {
          MemoryUtil.putLong(address, acc);
          address += 8;
          total -= 64;
          acc = total == 0 ? 0 : v >>> (count - total);
        }
        pending = total;
      }
      if (tail > 0) {
        refill();
        long v = unpackedBits(tail);
        ones += Long.bitCount(v);
        acc |= v << pending;
        int total = pending + tail;
        if (total >= 64) {
          MemoryUtil.putLong(address, acc);
          address += 8;
          total -= 64;
          acc = total == 0 ? 0 : v >>> (tail - total);
        }
        pending = total;
      }
    }
    // the bits still held, keeping the bits above them in their last byte
    Bitmaps.write(address, 0, pending, acc);
    return ones;
  }

  /** Takes the next {@code c} (at most 32) buffered width-1 values as bits, lowest first. */
  private long unpackedBits(int c) {
    long v = 0;
    int from = unpackedIndex;
    for (int i = 0; i < c; i++) {
      v |= (long) (unpacked[from + i] & 1) << i;
    }
    unpackedIndex = from + c;
    return v;
  }

  /** Loads the next run header; false at the clean end of the data. */
  private boolean nextRun() {
    if (runTruncated) {
      throw new CorruptFileException(WHAT + ": bit-packed run declares " + runDeclared
          + " values but the data ends before them (bit width " + bitWidth + ")");
    }
    while (pos < limit) {
      // level runs are short, so most headers are one byte
      int first = buf[pos];
      long header;
      if (first >= 0) {
        pos++;
        header = first;
      } else {
        header = readHeader();
      }
      if ((header & 1) == 0) {
        long count = header >>> 1;
        if (valueBytes > limit - pos) {
          throw new CorruptFileException(WHAT + ": repeated run of " + count
              + " values is cut off before its value at byte " + pos);
        }
        long value = valueBytes == 1 ? buf[pos] & 0xffL : LittleEndian.getBytes(buf, pos, valueBytes);
        pos += valueBytes;
        if (bitWidth < 32 && (value >>> bitWidth) != 0) {
          throw new CorruptFileException(WHAT + ": repeated value " + value
              + " does not fit bit width " + bitWidth);
        }
        if (count == 0) {
          continue; // an empty run carries nothing; its bytes are consumed, so this terminates
        }
        repeated = true;
        repeatedValue = (int) value;
        runRemaining = count;
        return true;
      }
      long groups = header >>> 1;
      if (groups == 0) {
        continue;
      }
      long declared = groups * 8;
      long bytes = groups * bitWidth;
      long available = limit - pos;
      long backed;
      if (bytes <= available) {
        backed = declared;
        runEnd = (int) (pos + bytes);
      } else {
        backed = available * 8 / bitWidth;
        runEnd = limit;
        runTruncated = true;
        runDeclared = declared;
        if (backed == 0) {
          throw new CorruptFileException(WHAT + ": bit-packed run declares " + declared
              + " values but only " + available + " bytes remain (bit width " + bitWidth + ")");
        }
      }
      repeated = false;
      packedLeft = backed;
      unpackedIndex = 0;
      unpackedCount = 0;
      runRemaining = backed;
      return true;
    }
    return false;
  }

  private long readHeader() {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      if (pos >= limit) {
        throw new CorruptFileException(WHAT + ": run header cut off at byte " + pos);
      }
      int b = buf[pos++];
      v |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        break;
      }
      if (shift == 28) {
        throw new CorruptFileException(WHAT + ": run header longer than 5 bytes at byte " + pos);
      }
    }
    if ((v >>> 32) != 0) {
      throw new CorruptFileException(WHAT + ": run header " + v + " overflows 32 bits");
    }
    return v;
  }

  /** Copies {@code k} values of the current bit-packed run (all present) into {@code dst}. */
  private void readPacked(int[] dst, int off, int k) {
    int done = takeUnpacked(dst, off, k);
    int w = bitWidth;
    while (k - done >= 32 && packedLeft >= 32) {
      IntBitUnpacker.unpack32(buf, pos, dst, off + done, w);
      pos += 4 * w;
      packedLeft -= 32;
      done += 32;
    }
    if (done < k) {
      refill();
      done += takeUnpacked(dst, off + done, k - done);
    }
  }

  private int takeUnpacked(int[] dst, int off, int k) {
    int c = Math.min(unpackedCount - unpackedIndex, k);
    if (c > 0) {
      System.arraycopy(unpacked, unpackedIndex, dst, off, c);
      unpackedIndex += c;
    }
    return c;
  }

  private void skipPacked(int k) {
    int c = Math.min(unpackedCount - unpackedIndex, k);
    unpackedIndex += c;
    k -= c;
    if (k == 0) {
      return;
    }
    // whole groups of 32 are skipped by moving the byte position: their bits need no decoding
    long groups = Math.min(k, packedLeft) >>> 5;
    pos += (int) (groups * 4 * bitWidth);
    packedLeft -= groups * 32;
    k -= (int) (groups * 32);
    if (k > 0) {
      refill();
      unpackedIndex = k;
    }
  }

  /** Unpacks the next (up to) 32 values of the run into the buffer. */
  private void refill() {
    int count = (int) Math.min(32, packedLeft);
    int w = bitWidth;
    int need = 4 * w;
    if (runEnd - pos >= need) {
      IntBitUnpacker.unpack32(buf, pos, unpacked, 0, w);
      pos += need;
    } else if (buf.length - pos >= need) {
      // the run's last group: the bytes after it are still in the array, and the values they
      // produce lie past the run's count, so they are never handed out
      IntBitUnpacker.unpack32(buf, pos, unpacked, 0, w);
      pos = runEnd;
    } else {
      // the run's last group(s): fewer than 32 values' bytes remain, so unpack from a zero-padded copy
      int have = runEnd - pos;
      System.arraycopy(buf, pos, padded, 0, have);
      Arrays.fill(padded, have, need, (byte) 0);
      IntBitUnpacker.unpack32(padded, 0, unpacked, 0, w);
      pos = runEnd;
    }
    packedLeft -= count;
    unpackedIndex = 0;
    unpackedCount = count;
  }
}
