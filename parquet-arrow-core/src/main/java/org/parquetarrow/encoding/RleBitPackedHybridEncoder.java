package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Encodes values of one bit width (0..32) as the RLE / bit-packed hybrid: a value repeated at
 * least 8 times from the start of a group of eight becomes a repeated run unless it is shorter
 * bit-packed (see {@link #endRepeated}), everything else goes into bit-packed runs of up to 504
 * values (63 groups, so that the run header always fits the one byte reserved for it). The
 * output has no length prefix; {@link #flushTo} appends it to a sink and starts over.
 *
 * <pre>{@code
 * var rle = new RleBitPackedHybridEncoder(1);
 * rle.writeRepeated(1, 1000);     // 1000 non-null definition levels: one repeated run
 * rle.write(levels, 0, n);
 * rle.flushTo(pageSink);
 * }</pre>
 */
public final class RleBitPackedHybridEncoder {
  private static final int MAX_GROUPS = 63;

  private final int bitWidth;
  private final int valueBytes;
  // small at first: a writer holds two of these per column, and a file may have 100,000 columns
  private final ByteSink out = new ByteSink(16);
  private final int[] pending = new int[8];
  private int pendingCount;
  private int current;
  /** How many times {@code current} occurred in a row (those past 8 are not in {@code pending}). */
  private long repeatCount;
  /** Values in the open bit-packed run, and where its header byte is reserved (-1: none open). */
  private int literalCount;
  private int literalHeader = -1;

  public RleBitPackedHybridEncoder(int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalArgumentException("bit width " + bitWidth + " outside 0..32");
    }
    this.bitWidth = bitWidth;
    this.valueBytes = (bitWidth + 7) >>> 3;
  }

  public int bitWidth() {
    return bitWidth;
  }

  /** Appends one value (its bits above the width must be zero). */
  public void write(int value) {
    if (value == current && repeatCount > 0) {
      if (repeatCount == Integer.MAX_VALUE) {
        flushRepeated(); // the longest run the format allows; a new one starts below
      } else {
        repeatCount++;
        if (repeatCount > 8) {
          return; // continues a repeated run: nothing to buffer
        }
        pending[pendingCount++] = value;
        if (pendingCount == 8) {
          flushPending();
        }
        return;
      }
    }
    if (repeatCount >= 8) {
      endRepeated();
    }
    current = value;
    repeatCount = 1;
    pending[pendingCount++] = value;
    if (pendingCount == 8) {
      flushPending();
    }
  }

  /** Appends {@code values[off .. off + n)}. */
  public void write(int[] values, int off, int n) {
    Objects.checkFromIndexSize(off, n, values.length);
    int end = off + n;
    int i = off;
    while (i < end) {
      if (pendingCount == 0) {
        // between groups (then repeatCount is 0, or 8 and more inside a repeated run)
        if (repeatCount >= 8) {
          // inside a repeated run: equal values only lengthen it
          int v = current;
          int j = i;
          long room = Integer.MAX_VALUE - repeatCount;
          int stop = (int) Math.min(end, i + room);
          while (j < stop && values[j] == v) {
            j++;
          }
          repeatCount += j - i;
          if (j > i) {
            i = j;
            continue;
          }
          if (repeatCount < Integer.MAX_VALUE) {
            // another value ends the run, as write(int) would end it; a short run may leave values
            // pending, so the loop starts over
            endRepeated();
            continue;
          }
        }
        if (repeatCount == 0 && end - i >= 8) {
          if (allEqual(values, i)) {
            // eight equal values: write(int) would open a repeated run with them
            current = values[i];
            repeatCount = 8;
            i += 8;
          } else {
            // groups of eight that are not one value each: bit-packed as they stand, as write(int)
            // would, as many at once as follow each other and the open bit-packed run can take
            int room = MAX_GROUPS - literalCount / 8;
            int groups = 1;
            while (groups < room && end - i - 8 * groups >= 8 && !allEqual(values, i + 8 * groups)) {
              groups++;
            }
            packGroups(values, i, groups);
            if (literalCount / 8 >= MAX_GROUPS) {
              closeLiteral();
            }
            i += 8 * groups;
          }
          continue;
        }
      }
      write(values[i++]);
    }
  }

  /**
   * Appends {@code n} values of bit width 1 held as bits {@code [bitFrom, bitFrom + n)} of the
   * bitmap at {@code address} (bit 0 the lowest of the first byte: an Arrow validity bitmap, whose
   * bits are a flat nullable column's definition levels). Writes exactly what {@link #write(int[],
   * int, int)} writes for the same values, eight at a time: a group of eight bits is either one
   * value (a repeated run) or, as it stands, the byte a bit-packed run of width 1 stores.
   *
   * @param address the bitmap's address; the caller has checked that it holds these bits
   */
  public void writeBits(long address, long bitFrom, int n) {
    if (bitWidth != 1) {
      throw new IllegalStateException("bits are values of width 1, not " + bitWidth);
    }
    if (n < 0 || bitFrom < 0) {
      throw new IndexOutOfBoundsException("bit " + bitFrom + ", count " + n);
    }
    long i = bitFrom;
    long end = bitFrom + n;
    while (i < end) {
      if (pendingCount == 0) {
        if (repeatCount >= 8) {
          int v = current;
          long stop = Math.min(end, i + (Integer.MAX_VALUE - repeatCount));
          long j = sameBitsUntil(address, i, stop, v);
          repeatCount += j - i;
          if (j > i) {
            i = j;
            continue;
          }
          if (repeatCount < Integer.MAX_VALUE) {
            endRepeated();
            continue;
          }
        }
        if (repeatCount == 0 && end - i >= 8) {
          int g = byteAt(address, i);
          if (g == 0 || g == 0xff) {
            current = g & 1;
            repeatCount = 8;
            i += 8;
            continue;
          }
          // groups that are not one value each join the open bit-packed run as their bytes
          int room = MAX_GROUPS - literalCount / 8;
          int groups = 0;
          do {
            int at;
            if (literalHeader < 0) {
              literalHeader = out.reserve(2);
              at = literalHeader + 1;
            } else {
              at = out.reserve(1);
            }
            out.array()[at] = (byte) g;
            literalCount += 8;
            i += 8;
            groups++;
          } while (groups < room && end - i >= 8 && (g = byteAt(address, i)) != 0 && g != 0xff);
          if (literalCount / 8 >= MAX_GROUPS) {
            closeLiteral();
          }
          continue;
        }
      }
      write((MemoryUtil.getByte(address + (i >>> 3)) >> (int) (i & 7)) & 1);
      i++;
    }
  }

  /** Bits {@code [i, i + 8)} of the bitmap at {@code address}, bit i lowest; reads no byte past bit i + 7. */
  private static int byteAt(long address, long i) {
    int shift = (int) (i & 7);
    long at = address + (i >>> 3);
    int lo = MemoryUtil.getByte(at) & 0xff;
    return shift == 0 ? lo : ((lo >>> shift) | (MemoryUtil.getByte(at + 1) << (8 - shift))) & 0xff;
  }

  /** The first bit position in {@code [i, stop)} whose bit is not {@code v}, or {@code stop}. */
  private static long sameBitsUntil(long address, long i, long stop, int v) {
    int other = v == 0 ? 0 : 0xff;
    while (i < stop && (i & 7) != 0) {
      if (((MemoryUtil.getByte(address + (i >>> 3)) >> (int) (i & 7)) & 1) != v) {
        return i;
      }
      i++;
    }
    while (stop - i >= 8) {
      int diff = (MemoryUtil.getByte(address + (i >>> 3)) & 0xff) ^ other;
      if (diff != 0) {
        return i + Integer.numberOfTrailingZeros(diff);
      }
      i += 8;
    }
    while (i < stop) {
      if (((MemoryUtil.getByte(address + (i >>> 3)) >> (int) (i & 7)) & 1) != v) {
        return i;
      }
      i++;
    }
    return i;
  }

  /** Whether the eight values from {@code from} are one value, with one branch (levels vary at random). */
  private static boolean allEqual(int[] values, int from) {
    int v = values[from];
    return ((values[from + 1] ^ v) | (values[from + 2] ^ v) | (values[from + 3] ^ v) | (values[from + 4] ^ v)
        | (values[from + 5] ^ v) | (values[from + 6] ^ v) | (values[from + 7] ^ v)) == 0;
  }

  /** Appends {@code count} copies of {@code value}; long runs cost O(1) after the first 8. */
  public void writeRepeated(int value, long count) {
    while (count > 0) {
      if (value == current && repeatCount >= 8 && repeatCount < Integer.MAX_VALUE) {
        // inside a repeated run of this value: only the count grows
        long take = Math.min(Integer.MAX_VALUE - repeatCount, count);
        repeatCount += take;
        count -= take;
      } else {
        write(value);
        count--;
      }
    }
  }

  /** Bytes the values written so far take, roughly (for page sizing). */
  public int estimatedSize() {
    return out.size() + valueBytes + 5 + (pendingCount * bitWidth + 7) / 8;
  }

  /** Drops everything written since the last flush (the buffer is kept). */
  public void reset() {
    out.reset();
    pendingCount = 0;
    current = 0;
    repeatCount = 0;
    literalCount = 0;
    literalHeader = -1;
  }

  /** Ends the runs, appends the encoded bytes to {@code sink} and starts over. */
  public void flushTo(ByteSink sink) {
    finishRuns();
    sink.write(out);
    out.reset();
  }

  /**
   * Like {@link #flushTo}, with the 4-byte little-endian length in front that data page v1
   * levels and RLE booleans carry.
   */
  public void flushWithLengthTo(ByteSink sink) {
    finishRuns();
    sink.writeIntLe(out.size());
    sink.write(out);
    out.reset();
  }

  private void finishRuns() {
    boolean allPendingRepeat = literalCount == 0 && pendingCount > 0 && repeatCount == pendingCount;
    if (repeatCount >= 8 || allPendingRepeat) {
      flushRepeated();
    } else if (pendingCount > 0 || literalCount > 0) {
      if (pendingCount > 0) {
        // pad the last group with zeros: readers stop at the value count
        while (pendingCount < 8) {
          pending[pendingCount++] = 0;
        }
        appendGroup();
      }
      closeLiteral();
    }
    pendingCount = 0;
    repeatCount = 0;
    literalCount = 0;
    literalHeader = -1;
  }

  /** Eight values are pending: they join a repeated run or the open bit-packed run. */
  private void flushPending() {
    if (repeatCount >= 8) {
      // all eight are `current`: they become (part of) a repeated run, unless it ends short (see
      // endRepeated); the open bit-packed run stays open until then
      pendingCount = 0;
      return;
    }
    appendGroup();
    if (literalCount / 8 >= MAX_GROUPS) {
      closeLiteral();
    }
    repeatCount = 0; // a repeat that spans into the next group starts counting afresh
  }

  private void appendGroup() {
    packGroups(pending, 0, 1);
    pendingCount = 0;
  }

  /**
   * Bit-packs the {@code groups} groups of eight values from {@code src[from]} into the open
   * bit-packed run (opened if none), which has room for them.
   */
  private void packGroups(int[] src, int from, int groups) {
    int w = bitWidth;
    int at;
    if (literalHeader < 0) {
      literalHeader = out.reserve(1 + w * groups);
      at = literalHeader + 1;
    } else {
      at = out.reserve(w * groups);
    }
    byte[] b = out.array();
    long mask = w == 32 ? 0xffffffffL : (1L << w) - 1;
    literalCount += 8 * groups;
    int stop = from + 8 * groups;
    if (w <= 8) {
      // levels and small ids: the eight values of a group fit one long
      for (int g = from; g < stop; g += 8) {
        long acc = (src[g] & mask) | (src[g + 1] & mask) << w | (src[g + 2] & mask) << 2 * w
            | (src[g + 3] & mask) << 3 * w | (src[g + 4] & mask) << 4 * w | (src[g + 5] & mask) << 5 * w
            | (src[g + 6] & mask) << 6 * w | (src[g + 7] & mask) << 7 * w;
        for (int k = 0; k < w; k++) {
          b[at++] = (byte) (acc >>> (8 * k));
        }
      }
      return;
    }
    for (int g = from; g < stop; g += 8) {
      // eight values take w bytes: whole 64-bit words are stored at once, the rest byte by byte
      long acc = 0;
      int bits = 0;
      for (int k = 0; k < 8; k++) {
        long v = src[g + k] & mask;
        acc |= v << bits;
        bits += w;
        if (bits >= 64) {
          LittleEndian.putLong(b, at, acc);
          at += 8;
          bits -= 64;
          acc = bits == 0 ? 0 : v >>> (w - bits);
        }
      }
      for (; bits > 0; bits -= 8) {
        b[at++] = (byte) acc;
        acc >>>= 8;
      }
    }
  }

  private void closeLiteral() {
    if (literalHeader >= 0) {
      out.array()[literalHeader] = (byte) (((literalCount / 8) << 1) | 1);
      literalHeader = -1;
      literalCount = 0;
    }
  }

  /**
   * Another value ends the repeated run of {@code current}: it is stored as a repeated run, or,
   * when its values take fewer bytes bit-packed than the run's header, value and the header of
   * the bit-packed run that would follow it, as groups of the open bit-packed run (the last
   * {@code repeatCount % 8} values pending, to be grouped with what follows). For levels of width
   * 1, runs of 8 to 23 (15 after a repeated run, or at the start) are cheaper bit-packed: a column
   * with one null in twenty has many, and parquet-java and Arrow C++, which store every run of 8
   * as a repeated run, write such levels about a sixth larger.
   */
  private void endRepeated() {
    long n = repeatCount;
    long runBytes = ulebLength(n << 1) + valueBytes + (literalHeader >= 0 ? 1 : 0);
    if (bitWidth == 0 || n * bitWidth >= 8 * runBytes) {
      flushRepeated();
      return;
    }
    int groups = (int) (n >>> 3);
    java.util.Arrays.fill(pending, current);
    for (int g = 0; g < groups; g++) {
      packGroups(pending, 0, 1);
      if (literalCount / 8 >= MAX_GROUPS) {
        closeLiteral();
      }
    }
    pendingCount = (int) (n & 7);
    repeatCount = 0;
  }

  private static int ulebLength(long v) {
    return Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 6) / 7);
  }

  private void flushRepeated() {
    closeLiteral();
    // header (a ULEB128 of at most 5 bytes: the count is below 2^31) and value in one reservation
    int at = out.reserve(5 + valueBytes);
    byte[] b = out.array();
    long header = repeatCount << 1;
    while ((header & ~0x7fL) != 0) {
      b[at++] = (byte) ((header & 0x7f) | 0x80);
      header >>>= 7;
    }
    b[at++] = (byte) header;
    for (int i = 0; i < valueBytes; i++) {
      b[at++] = (byte) (current >>> (8 * i));
    }
    out.truncate(at);
    repeatCount = 0;
    pendingCount = 0;
  }
}
