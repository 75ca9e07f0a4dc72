package org.parquetarrow.encoding;

import java.util.Arrays;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.parquetarrow.CorruptFileException;

/**
 * Decodes the repetition or definition levels of one data page, for a column whose maximum level
 * is {@code maxLevel}. Reusable: one of the {@code init} methods starts each page.
 *
 * <ul>
 *   <li>data page v1, RLE: {@link #initV1Rle} (4-byte little-endian length, then the RLE hybrid);
 *   <li>data page v1, BIT_PACKED (deprecated, MSB first): {@link #initV1BitPacked};
 *   <li>data page v2: {@link #initV2} (RLE hybrid; the byte length is in the page header).
 * </ul>
 *
 * <p>With {@code maxLevel == 0} the levels are not stored at all: the v1 {@code init} methods
 * consume nothing and every level reads as 0 (a v2 section given for maximum level 0 is ignored:
 * some writers store a run of zeros there). Every level read is checked against {@code maxLevel}.
 *
 * <pre>{@code
 * var defs = new LevelDecoder();
 * int used = defs.initV1Rle(page, offset, length, 1);       // values start at offset + used
 * int nonNull = defs.readValidity(validity, 0, numValues);  // validity bit set where level == 1
 * }</pre>
 */
public final class LevelDecoder {
  private static final int CHUNK = 1024;

  private enum Mode { ZERO, RLE, BIT_PACKED }

  private final String what;
  private final RleBitPackedHybridDecoder rle = new RleBitPackedHybridDecoder();
  private final Bitmaps.Writer bits = new Bitmaps.Writer();
  private int[] scratch;
  private Mode mode = Mode.ZERO;
  private int maxLevel;
  private int bitWidth;
  /**
   * Whether a decoded level can exceed {@link #maxLevel}: not when the maximum is the largest
   * value of its bit width (1, 3, 7…), as every run's values are masked or checked to that width.
   */
  private boolean mayExceed;
  private long remaining;
  // BIT_PACKED state
  private byte[] buf;
  private long bitPos;

  public LevelDecoder() {
    this("levels");
  }

  /** {@code what} names the data in error messages. */
  LevelDecoder(String what) {
    this.what = what;
  }

  /**
   * Starts a v1 page's levels stored as RLE: a 4-byte little-endian length, then that many bytes
   * of RLE hybrid data, all within {@code buf[offset .. offset + length)}.
   *
   * @return the bytes consumed (4 + the stored length), 0 when {@code maxLevel} is 0
   */
  public int initV1Rle(byte[] buf, int offset, int length, int maxLevel) {
    Checks.checkSection(buf, offset, length);
    if (start(maxLevel, Long.MAX_VALUE)) {
      return 0;
    }
    if (length < 4) {
      throw new CorruptFileException(what + ": page of " + length + " bytes has no 4-byte length");
    }
    long stored = LittleEndian.getInt(buf, offset) & 0xffffffffL;
    if (stored > length - 4) {
      throw new CorruptFileException(
          what + ": stored length " + stored + " exceeds the " + (length - 4) + " bytes left in the page");
    }
    rle.init(buf, offset + 4, (int) stored, bitWidth);
    mode = Mode.RLE;
    return 4 + (int) stored;
  }

  /**
   * Starts a v1 page's levels stored as the deprecated BIT_PACKED encoding: {@code numValues}
   * values MSB first, padded to a whole byte.
   *
   * @return the bytes consumed, 0 when {@code maxLevel} is 0
   */
  public int initV1BitPacked(byte[] buf, int offset, int length, int maxLevel, int numValues) {
    Checks.checkSection(buf, offset, length);
    Checks.checkCount(numValues);
    if (start(maxLevel, numValues)) {
      return 0;
    }
    long bytes = ((long) numValues * bitWidth + 7) >>> 3;
    if (bytes > length) {
      throw new CorruptFileException(what + ": " + numValues + " BIT_PACKED levels of " + bitWidth
          + " bits need " + bytes + " bytes, the page has " + length);
    }
    this.buf = buf;
    this.bitPos = (long) offset * 8;
    mode = Mode.BIT_PACKED;
    return (int) bytes;
  }

  /** Starts a v2 page's levels: RLE hybrid data filling {@code buf[offset .. offset + length)}. */
  public void initV2(byte[] buf, int offset, int length, int maxLevel) {
    Checks.checkSection(buf, offset, length);
    if (start(maxLevel, Long.MAX_VALUE)) {
      return; // some writers store a run of zeros even for maximum level 0: it carries nothing
    }
    rle.init(buf, offset, length, bitWidth);
    mode = Mode.RLE;
  }

  /** Returns true when the levels are absent (maximum level 0). */
  private boolean start(int maxLevel, long count) {
    if (maxLevel < 0) {
      throw new IllegalArgumentException("negative maximum level " + maxLevel);
    }
    this.maxLevel = maxLevel;
    this.bitWidth = BitPacking.bitWidth(maxLevel);
    this.mayExceed = maxLevel != (int) ((1L << bitWidth) - 1);
    this.remaining = count;
    mode = Mode.ZERO;
    return maxLevel == 0;
  }

  public int maxLevel() {
    return maxLevel;
  }

  /**
   * Reads exactly {@code n} levels into {@code dst[off ..]}.
   *
   * @throws CorruptFileException if the levels end early or a level exceeds the maximum
   */
  public void read(int[] dst, int off, int n) {
    Checks.checkCount(n);
    Objects.checkFromIndexSize(off, n, dst.length);
    switch (mode) {
      case ZERO:
        Arrays.fill(dst, off, off + n, 0);
        return;
      case RLE:
        if (rle.read(dst, off, n) != n) {
          throw endsEarly(n);
        }
        break;
      default:
        readBitPacked(dst, off, n);
        break;
    }
    checkMax(dst, off, n);
  }

  /** Skips exactly {@code n} levels. */
  public void skip(int n) {
    Checks.checkCount(n);
    switch (mode) {
      case ZERO:
        return;
      case RLE:
        if (rle.skip(n) != n) {
          throw endsEarly(n);
        }
        return;
      default:
        checkBitPackedRemaining(n);
        bitPos += (long) n * bitWidth;
        remaining -= n;
    }
  }

  /**
   * Decodes {@code n} definition levels into an Arrow validity bitmap: bit {@code bitOffset + i}
   * is set when level {@code i} equals the maximum level and cleared otherwise. Repeated runs are
   * written a run at a time. Bits of the bitmap outside the range keep their value.
   *
   * @return the number of set bits (non-null values)
   */
  public int readValidity(ArrowBuf validity, long bitOffset, int n) {
    Checks.checkCount(n);
    if (mode == Mode.RLE && maxLevel == 1) {
      // a flat nullable column's levels: the runs are the validity bits, straight from the page
      long nonNull = rle.appendBits1(Bitmaps.checkedAddress(validity, bitOffset, n), bitOffset, n);
      if (nonNull < 0) {
        throw endsEarly(n);
      }
      return (int) nonNull;
    }
    bits.start(validity, bitOffset, n);
    int nonNull;
    if (mode == Mode.ZERO) {
      bits.appendRun(true, n);
      nonNull = n;
    } else if (mode == Mode.RLE) {
      nonNull = validityFromRuns(n);
    } else {
      nonNull = validityFromChunks(n);
    }
    bits.finish();
    return nonNull;
  }

  private int validityFromRuns(int n) {
    int nonNull = 0;
    int left = n;
    while (left > 0) {
      long run = rle.runRemaining();
      if (run == 0) {
        throw endsEarly(n);
      }
      if (rle.isRepeatedRun()) {
        int take = (int) Math.min(run, left);
        int level = rle.repeatedValue();
        if (level > maxLevel) {
          throw tooHigh(level);
        }
        boolean set = level == maxLevel;
        bits.appendRun(set, take);
        nonNull += set ? take : 0;
        rle.skip(take);
        left -= take;
      } else {
        int take = (int) Math.min(Math.min(run, left), CHUNK);
        int[] s = scratch();
        rle.read(s, 0, take);
        checkMax(s, 0, take);
        nonNull += appendMatches(s, take);
        left -= take;
      }
    }
    return nonNull;
  }

  private int validityFromChunks(int n) {
    int nonNull = 0;
    int[] s = scratch();
    for (int done = 0; done < n; ) {
      int take = Math.min(CHUNK, n - done);
      readBitPacked(s, 0, take);
      checkMax(s, 0, take);
      nonNull += appendMatches(s, take);
      done += take;
    }
    return nonNull;
  }

  /** Appends one bit per level (set when it equals the maximum); returns the set count. */
  private int appendMatches(int[] levels, int count) {
    int max = maxLevel;
    int nonNull = 0;
    int i = 0;
    for (; i + 32 <= count; i += 32) {
      int mask = 0;
      for (int j = 0; j < 32; j++) {
        mask |= (levels[i + j] == max ? 1 : 0) << j;
      }
      bits.appendBits(mask, 32);
      nonNull += Integer.bitCount(mask);
    }
    if (i < count) {
      int mask = 0;
      for (int j = 0; i + j < count; j++) {
        mask |= (levels[i + j] == max ? 1 : 0) << j;
      }
      bits.appendBits(mask, count - i);
      nonNull += Integer.bitCount(mask);
    }
    return nonNull;
  }

  private void readBitPacked(int[] dst, int off, int n) {
    checkBitPackedRemaining(n);
    BitPacking.unpackMsbFirst(buf, bitPos, dst, off, n, bitWidth);
    bitPos += (long) n * bitWidth;
    remaining -= n;
  }

  private void checkBitPackedRemaining(int n) {
    if (n > remaining) {
      throw new CorruptFileException(what + ": asked for " + n + " BIT_PACKED levels, "
          + remaining + " remain in the page");
    }
  }

  /** Rejects a level above the maximum, without a branch per level. */
  private void checkMax(int[] levels, int off, int n) {
    if (!mayExceed) {
      return;
    }
    int max = maxLevel;
    int bad = 0;
    for (int i = off; i < off + n; i++) {
      bad |= max - levels[i];
    }
    if (bad < 0) {
      for (int i = off; i < off + n; i++) {
        if (levels[i] > max) {
          throw tooHigh(levels[i]);
        }
      }
    }
  }

  private int[] scratch() {
    if (scratch == null) {
      scratch = new int[CHUNK];
    }
    return scratch;
  }

  private CorruptFileException tooHigh(int level) {
    return new CorruptFileException(what + ": level " + level + " exceeds the maximum " + maxLevel);
  }

  private CorruptFileException endsEarly(int n) {
    return new CorruptFileException(what + ": the page's level data ends before " + n
        + " levels were read");
  }
}
