package org.parquetarrow.encoding;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.CorruptFileException;

/**
 * The DELTA_BINARY_PACKED machinery shared by the INT32 and INT64 decoders and by the length
 * streams of DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY. All arithmetic is 64-bit and wrapping;
 * INT32 results are the low 32 bits, which is exact modulo 2^32 whatever width the writer used.
 *
 * <p>{@link #init} reads the header and walks every block header once (no unpacking) to validate
 * block layout, miniblock bit widths (0..64) and byte counts, and to find where the encoded data
 * ends. Values are then produced 32 at a time (one unpacked group of a miniblock).
 */
final class DeltaBinaryPackedReader {
  private final ByteReader in = new ByteReader();
  private final String what;
  private byte[] buf;
  private int limit;
  private int miniblocks;
  private int valuesPerMiniblock;
  private int totalCount;
  private long first;
  private int end;

  private int remaining;
  private boolean firstPending;
  private int deltasLeft;
  private long last;

  private long minDelta;
  private int widthsPos;
  private int miniblockIndex;
  private int dataPos;
  private int groupPos;
  private int width;
  private int groupsLeftInMiniblock;

  private final long[] group = new long[32];
  private int groupIndex;
  private int groupCount;
  private final byte[] padded = new byte[4 * 64];

  DeltaBinaryPackedReader(String what) {
    this.what = what;
  }

  /** Reads the header of the stream at {@code buf[offset ..]} (which may run past its end). */
  void init(byte[] buf, int offset, int length, int maxValues) {
    in.init(buf, offset, length, what);
    this.buf = buf;
    this.limit = offset + length;
    int blockSize = in.readUlebInt("block size");
    if (blockSize == 0 || blockSize % 128 != 0) {
      throw corrupt("block size " + blockSize + " is not a positive multiple of 128");
    }
    miniblocks = in.readUlebInt("miniblock count");
    if (miniblocks == 0 || blockSize % miniblocks != 0 || (blockSize / miniblocks) % 32 != 0) {
      throw corrupt("block size " + blockSize + " cannot hold " + miniblocks
          + " miniblocks of a multiple of 32 values");
    }
    valuesPerMiniblock = blockSize / miniblocks;
    totalCount = in.readUlebInt("value count");
    if (totalCount > maxValues) {
      throw corrupt("header says " + totalCount + " values, the page holds at most " + maxValues);
    }
    first = in.readZigZag64();
    int blocksStart = in.pos();
    end = walkBlocks(blocksStart);

    remaining = totalCount;
    firstPending = totalCount > 0;
    deltasLeft = Math.max(totalCount - 1, 0);
    last = first;
    dataPos = blocksStart;
    miniblockIndex = miniblocks;
    groupsLeftInMiniblock = 0;
    groupIndex = 0;
    groupCount = 0;
  }

  /** Validates every block the values need and returns the offset just after the last one. */
  private int walkBlocks(int pos) {
    long left = Math.max(totalCount - 1L, 0);
    while (left > 0) {
      in.seek(pos);
      in.readZigZag64();
      int widths = in.pos();
      if (miniblocks > limit - widths) {
        throw corrupt("block's " + miniblocks + " miniblock bit widths are cut off at byte " + widths);
      }
      pos = widths + miniblocks;
      for (int m = 0; m < miniblocks && left > 0; m++) {
        int w = buf[widths + m] & 0xff;
        if (w > 64) {
          throw corrupt("miniblock bit width " + w + " exceeds 64");
        }
        long bytes = (long) valuesPerMiniblock * w / 8;
        long n = Math.min(left, valuesPerMiniblock);
        if (bytes <= limit - pos) {
          pos += (int) bytes;
        } else if (left <= valuesPerMiniblock && (n * w + 7) / 8 <= limit - pos) {
          pos = limit; // the stream's last miniblock, stored without its padding: accepted
        } else {
          throw corrupt("miniblock of " + bytes + " bytes is cut off at byte " + pos);
        }
        left -= n;
      }
    }
    return pos;
  }

  int totalCount() {
    return totalCount;
  }

  int remaining() {
    return remaining;
  }

  /** The offset just after the encoded stream (where DELTA_LENGTH_BYTE_ARRAY data starts). */
  int end() {
    return end;
  }

  void readLongs(long[] dst, int off, int n) {
    start(n);
    if (n > 0 && firstPending) {
      dst[off++] = first;
      firstPending = false;
      n--;
    }
    while (n > 0) {
      int c = available(n);
      System.arraycopy(group, groupIndex, dst, off, c);
      groupIndex += c;
      off += c;
      n -= c;
    }
  }

  void readInts(int[] dst, int off, int n) {
    start(n);
    if (n > 0 && firstPending) {
      dst[off++] = (int) first;
      firstPending = false;
      n--;
    }
    while (n > 0) {
      int c = available(n);
      for (int i = 0; i < c; i++) {
        dst[off + i] = (int) group[groupIndex + i];
      }
      groupIndex += c;
      off += c;
      n -= c;
    }
  }

  /** Writes {@code n} values as 4-byte ({@code int32}) or 8-byte values into {@code dst}. */
  void readInto(ArrowBuf dst, long dstOffset, int n, boolean int32) {
    int width = int32 ? 4 : 8;
    long address = ArrowBufs.address(dst, dstOffset, (long) n * width);
    start(n);
    if (n > 0 && firstPending) {
      store(address, first, int32);
      address += width;
      firstPending = false;
      n--;
    }
    while (n > 0) {
      int c = available(n);
      long[] g = group;
      int from = groupIndex;
      if (int32) {
        for (int i = 0; i < c; i++) {
          MemoryUtil.putInt(address + 4L * i, (int) g[from + i]);
        }
      } else {
        for (int i = 0; i < c; i++) {
          MemoryUtil.putLong(address + 8L * i, g[from + i]);
        }
      }
      groupIndex += c;
      address += (long) c * width;
      n -= c;
    }
  }

  private static void store(long address, long value, boolean int32) {
    if (int32) {
      MemoryUtil.putInt(address, (int) value);
    } else {
      MemoryUtil.putLong(address, value);
    }
  }

  /** Skips {@code n} values; whole groups are summed without being stored. */
  void skip(int n) {
    start(n);
    if (n > 0 && firstPending) {
      firstPending = false;
      n--;
    }
    int c = Math.min(n, groupCount - groupIndex);
    groupIndex += c;
    n -= c;
    if (n == 0) {
      return;
    }
    while (n >= 32) {
      unpackGroup();
      long sum = 0;
      for (int i = 0; i < 32; i++) {
        sum += group[i];
      }
      last += 32 * minDelta + sum;
      deltasLeft -= 32;
      n -= 32;
    }
    groupIndex = 0;
    groupCount = 0;
    if (n > 0) {
      loadGroup();
      groupIndex = n;
    }
  }

  private void start(int n) {
    Checks.checkCount(n);
    Checks.checkRemaining(what, remaining, n);
    remaining -= n;
  }

  /** How many buffered values can be taken now (at most {@code n}), loading a group if none. */
  private int available(int n) {
    if (groupIndex == groupCount) {
      loadGroup();
    }
    return Math.min(n, groupCount - groupIndex);
  }

  /** Unpacks the next group of 32 deltas and turns them into values. */
  private void loadGroup() {
    unpackGroup();
    int c = Math.min(32, deltasLeft);
    long v = last;
    long md = minDelta;
    for (int i = 0; i < c; i++) {
      v += md + group[i];
      group[i] = v;
    }
    last = v;
    deltasLeft -= c;
    groupIndex = 0;
    groupCount = c;
  }

  /** Unpacks the next 32 raw (frame-of-reference) deltas into {@code group}. */
  private void unpackGroup() {
    if (groupsLeftInMiniblock == 0) {
      nextMiniblock();
    }
    int need = 4 * width;
    if (limit - groupPos >= need) {
      LongBitUnpacker.unpack32(buf, groupPos, group, 0, width);
    } else {
      // the unpadded tail of the last miniblock (accepted by walkBlocks)
      int have = Math.max(limit - groupPos, 0);
      System.arraycopy(buf, groupPos, padded, 0, have);
      Arrays.fill(padded, have, need, (byte) 0);
      LongBitUnpacker.unpack32(padded, 0, group, 0, width);
    }
    groupPos += need;
    groupsLeftInMiniblock--;
  }

  private void nextMiniblock() {
    miniblockIndex++;
    if (miniblockIndex >= miniblocks) {
      in.seek(dataPos);
      minDelta = in.readZigZag64();
      widthsPos = in.pos();
      dataPos = widthsPos + miniblocks;
      miniblockIndex = 0;
    }
    width = buf[widthsPos + miniblockIndex] & 0xff;
    if (width > 64) {
      // walkBlocks checked every miniblock the values need, so this is only reached by a bug
      throw corrupt("miniblock bit width " + width + " exceeds 64");
    }
    groupPos = dataPos;
    dataPos = (int) Math.min(limit, dataPos + (long) valuesPerMiniblock * width / 8);
    groupsLeftInMiniblock = valuesPerMiniblock / 32;
  }

  private CorruptFileException corrupt(String problem) {
    return new CorruptFileException(what + ": " + problem);
  }
}
