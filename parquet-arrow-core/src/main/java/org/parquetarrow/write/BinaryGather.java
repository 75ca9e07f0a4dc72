package org.parquetarrow.write;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.ValueVector;

/**
 * Copies binary values out of every Arrow layout into a {@link BinaryValues}' back-to-back bytes
 * and offsets: 32- and 64-bit offsets, views, fixed size (float16, uuid), decimals turned
 * big-endian two's complement of the column's width, timestamps turned INT96 (nanoseconds of the
 * day, then the Julian day). One loop per layout, no call per value.
 */
final class BinaryGather {
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;
  private static final int JULIAN_EPOCH_DAY = 2_440_588;

  private BinaryGather() {}

  /** Loads {@code n} values of {@code vector} at {@code idx} into {@code into}, whose offsets have room. */
  static void gather(BinaryValues into, ValueVector vector, int[] idx, int n) {
    if (into.int96) {
      gatherInt96(into, (BaseFixedWidthVector) vector, idx, n);
    } else if (vector instanceof BaseVariableWidthVector v) {
      gatherVariableWidth(into, v, idx, n);
    } else if (vector instanceof BaseLargeVariableWidthVector v) {
      ArrowBuf o = v.getOffsetBuffer();
      ArrowBuf d = v.getDataBuffer();
      long total = 0;
      for (int i = 0; i < n; i++) {
        total += o.getLong(8L * idx[i] + 8) - o.getLong(8L * idx[i]);
      }
      into.ensureData(total);
      byte[] data = into.data;
      int[] offsets = into.offsets;
      int at = 0;
      for (int i = 0; i < n; i++) {
        long start = o.getLong(8L * idx[i]);
        int len = (int) (o.getLong(8L * idx[i] + 8) - start);
        offsets[i] = at;
        d.getBytes(start, data, at, len);
        at += len;
      }
      offsets[n] = at;
    } else if (vector instanceof BaseVariableWidthViewVector v) {
      gatherViews(into, v, idx, n);
    } else if (vector instanceof DecimalVector || vector instanceof Decimal256Vector) {
      gatherDecimals(into, (BaseFixedWidthVector) vector, idx, n);
    } else if (vector instanceof BaseFixedWidthVector v) {
      // fixed_size_binary, float16 (little-endian in both Arrow and Parquet), uuid storage
      int w = into.fixedWidth;
      into.ensureData((long) w * n);
      byte[] data = into.data;
      int[] offsets = into.offsets;
      ArrowBuf d = v.getDataBuffer();
      for (int i = 0; i < n; i++) {
        offsets[i] = i * w;
        d.getBytes((long) idx[i] * w, data, i * w, w);
      }
      offsets[n] = n * w;
    } else {
      throw new IllegalArgumentException("vector " + vector.getName() + " of " + vector.getClass().getSimpleName()
          + " cannot be written as binary");
    }
  }

  /**
   * Strings and binaries with 32-bit offsets: each run of values that follow each other in the
   * Arrow data buffer (all of a batch without nulls, or with nulls of length 0 between them) is
   * copied with one memory copy.
   */
  private static void gatherVariableWidth(BinaryValues into, BaseVariableWidthVector v, int[] idx, int n) {
    ArrowBuf source = v.getDataBuffer();
    ArrowBuf offsetBuffer = v.getOffsetBuffer();
    long capacity = source.capacity();
    if (n > 0 && idx[0] >= 0 && idx[0] <= idx[n - 1]) {
      // indices in ascending order (a column's rows, a list's elements) copy at most the bytes
      // between the first value's start and the last one's end: with room for those, one pass
      // checks and copies; other orders, or offsets that do not rise, take the two passes below.
      // Ascending indices lie between the first and the last, so only those two are range
      // checked here; the pass checks that each index is between the one before and the last
      offsetBuffer.checkBytes(4L * idx[0], 4L * idx[n - 1] + 8);
      long o = offsetBuffer.memoryAddress();
      long span = (long) MemoryUtil.getInt(o + 4L * idx[n - 1] + 4) - MemoryUtil.getInt(o + 4L * idx[0]);
      if (span >= 0 && span <= capacity && gatherInOnePass(into, source, idx, n, o, span)) {
        return;
      }
    }
    long o = SourceRange.address(offsetBuffer, idx, n, 4, 1);
    long total = 0;
    for (int i = 0; i < n; i++) {
      long at = o + 4L * idx[i];
      int start = MemoryUtil.getInt(at);
      int end = MemoryUtil.getInt(at + 4);
      if (start < 0 || end < start || end > capacity) {
        throw new IllegalArgumentException("vector " + v.getName() + " has offsets " + start + ".." + end
            + " at index " + idx[i] + " outside its data buffer of " + capacity + " bytes");
      }
      total += end - start;
    }
    into.ensureData(total);
    byte[] data = into.data;
    int[] offsets = into.offsets;
    long d = source.memoryAddress();
    int at = 0;
    int runStart = 0;
    int runEnd = 0;
    int runAt = 0;
    for (int i = 0; i < n; i++) {
      long p = o + 4L * idx[i];
      int start = MemoryUtil.getInt(p);
      int end = MemoryUtil.getInt(p + 4);
      if (start != runEnd) {
        MemoryUtil.copyFromMemory(d + runStart, data, runAt, runEnd - runStart);
        runStart = start;
        runAt = at;
      }
      runEnd = end;
      offsets[i] = at;
      at += end - start;
    }
    MemoryUtil.copyFromMemory(d + runStart, data, runAt, runEnd - runStart);
    offsets[n] = at;
  }

  /**
   * {@link #gatherVariableWidth} in one pass into room for {@code span} bytes, for indices whose
   * first and last are range checked in the offsets at {@code o}; {@code false}, with {@code
   * into} to be filled again, at an index below the one before it or above the last, at a value
   * whose offsets are out of order or out of its data buffer, or that does not fit in that room.
   */
  private static boolean gatherInOnePass(BinaryValues into, ArrowBuf source, int[] idx, int n, long o, long span) {
    into.ensureData(span);
    byte[] data = into.data;
    int[] offsets = into.offsets;
    long d = source.memoryAddress();
    long capacity = source.capacity();
    int room = data.length;
    int at = 0;
    int runStart = 0;
    int runEnd = 0;
    int runAt = 0;
    int last = idx[n - 1];
    int previous = idx[0];
    for (int i = 0; i < n; i++) {
      int x = idx[i];
      // an index out of order, or past the last (whose offsets were checked): its offsets are not read
      if (((x - previous) | (last - x)) < 0) {
        return false;
      }
      previous = x;
      long p = o + 4L * x;
      int start = MemoryUtil.getInt(p);
      int end = MemoryUtil.getInt(p + 4);
      int len = end - start;
      // one branch for all four: a start below 0, an end before the start or past the buffer, no room left
      if ((start | len | (capacity - end) | (room - at - len)) < 0) {
        return false;
      }
      if (start != runEnd) {
        MemoryUtil.copyFromMemory(d + runStart, data, runAt, runEnd - runStart);
        runStart = start;
        runAt = at;
      }
      runEnd = end;
      offsets[i] = at;
      at += len;
    }
    MemoryUtil.copyFromMemory(d + runStart, data, runAt, runEnd - runStart);
    offsets[n] = at;
    return true;
  }

  private static void gatherViews(BinaryValues into, BaseVariableWidthViewVector v, int[] idx, int n) {
    ArrowBuf views = v.getDataBuffer();
    List<ArrowBuf> buffers = v.getDataBuffers();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += views.getInt(16L * idx[i]);
    }
    into.ensureData(total);
    byte[] data = into.data;
    int[] offsets = into.offsets;
    int at = 0;
    for (int i = 0; i < n; i++) {
      long view = 16L * idx[i];
      int len = views.getInt(view);
      offsets[i] = at;
      if (len <= 12) {
        views.getBytes(view + 4, data, at, len);
      } else {
        buffers.get(views.getInt(view + 8)).getBytes(views.getInt(view + 12), data, at, len);
      }
      at += len;
    }
    offsets[n] = at;
  }

  private static void gatherDecimals(BinaryValues into, BaseFixedWidthVector v, int[] idx, int n) {
    int sourceWidth = v.getTypeWidth();
    int w = into.fixedWidth;
    into.ensureData((long) w * n);
    byte[] data = into.data;
    int[] offsets = into.offsets;
    long d = SourceRange.address(v.getDataBuffer(), idx, n, sourceWidth);
    for (int i = 0; i < n; i++) {
      long base = d + (long) idx[i] * sourceWidth;
      int at = i * w;
      offsets[i] = at;
      // little-endian in Arrow, big-endian in Parquet; the high bytes dropped are sign copies
      for (int k = 0; k < w; k++) {
        data[at + k] = MemoryUtil.getByte(base + w - 1 - k);
      }
    }
    offsets[n] = n * w;
  }

  private static void gatherInt96(BinaryValues into, BaseFixedWidthVector v, int[] idx, int n) {
    into.ensureData(12L * n);
    byte[] data = into.data;
    int[] offsets = into.offsets;
    ArrowBuf d = v.getDataBuffer();
    for (int i = 0; i < n; i++) {
      long nanos = Math.multiplyExact(d.getLong(8L * idx[i]), into.int96Multiplier);
      long day = Math.floorDiv(nanos, NANOS_PER_DAY);
      long nanosOfDay = Math.floorMod(nanos, NANOS_PER_DAY);
      int at = 12 * i;
      offsets[i] = at;
      for (int k = 0; k < 8; k++) {
        data[at + k] = (byte) (nanosOfDay >>> (8 * k));
      }
      int julian = (int) (day + JULIAN_EPOCH_DAY);
      for (int k = 0; k < 4; k++) {
        data[at + 8 + k] = (byte) (julian >>> (8 * k));
      }
    }
    offsets[n] = 12 * n;
  }

  /** Whether gathering these values would copy more than {@code limit} bytes. */
  static boolean gathersMoreThan(BinaryValues into, ValueVector vector, int[] idx, int n, long limit) {
    // the values of a piece are distinct elements of the vector: its data buffers bound them, and
    // only a vector holding more than the limit needs its values counted
    long bound;
    if (into.int96 || !(vector instanceof BaseVariableWidthVector || vector instanceof BaseLargeVariableWidthVector
        || vector instanceof BaseVariableWidthViewVector)) {
      bound = (long) into.fixedWidth * n;
    } else if (vector instanceof BaseVariableWidthViewVector v) {
      bound = 12L * n;
      for (ArrowBuf b : v.getDataBuffers()) {
        bound += b.capacity();
      }
    } else {
      bound = ((org.apache.arrow.vector.FieldVector) vector).getDataBuffer().capacity();
    }
    return bound > limit && gatherBytes(into, vector, idx, n) > limit;
  }

  /** The bytes {@link #gather} copies for these values. */
  private static long gatherBytes(BinaryValues into, ValueVector vector, int[] idx, int n) {
    if (into.int96 || n == 0) {
      return 12L * n;
    }
    if (vector instanceof BaseVariableWidthVector v) {
      long o = SourceRange.address(v.getOffsetBuffer(), idx, n, 4, 1);
      long total = 0;
      for (int i = 0; i < n; i++) {
        long at = o + 4L * idx[i];
        total += (long) MemoryUtil.getInt(at + 4) - MemoryUtil.getInt(at);
      }
      return total;
    }
    if (vector instanceof BaseLargeVariableWidthVector v) {
      long o = SourceRange.address(v.getOffsetBuffer(), idx, n, 8, 1);
      long total = 0;
      for (int i = 0; i < n; i++) {
        long at = o + 8L * idx[i];
        total += MemoryUtil.getLong(at + 8) - MemoryUtil.getLong(at);
      }
      return total;
    }
    if (vector instanceof BaseVariableWidthViewVector v) {
      long views = SourceRange.address(v.getDataBuffer(), idx, n, 16);
      long total = 0;
      for (int i = 0; i < n; i++) {
        total += MemoryUtil.getInt(views + 16L * idx[i]);
      }
      return total;
    }
    return (long) into.fixedWidth * n;
  }
}
