package org.parquetarrow.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Row count and an order-insensitive checksum of every non-null value of a scan, so that a
 * benchmark cannot skip decoding and two readers of one file can be checked to agree.
 *
 * <p>The checksum is a sum over rows of a hash of each value (and of each list length), weighted
 * by column position. A sum does not depend on where batches start and end, so readers with
 * different batch sizes produce the same figure; bytes in null slots are never read, because
 * readers leave different garbage there.
 *
 * <p>The digest is the same work for every reader, so it should cost as little as possible next
 * to the reading it checks: each buffer's extent is checked once against the vector's value count
 * (and each string's offsets against its data buffer), then bytes are read by address, without
 * {@code ArrowBuf}'s per-access bounds and reference-count checks.
 *
 * <pre>
 * BatchDigest digest = new BatchDigest();
 * while (reader.loadNextBatch()) {
 *   digest.add(reader.getVectorSchemaRoot());
 * }
 * long rows = digest.rows();
 * </pre>
 */
public final class BatchDigest {
  private static final Runnable NOTHING = () -> { };
  private static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();

  private final Runnable afterEachBatch;
  private final boolean timed;
  private long rows;
  private long checksum;
  private long cpuNanos;

  public BatchDigest() {
    this(NOTHING, false);
  }

  private BatchDigest(Runnable afterEachBatch, boolean timed) {
    this.afterEachBatch = afterEachBatch;
    this.timed = timed;
  }

  /** A digest that also adds up the calling thread's CPU time spent in {@link #add}. */
  public static BatchDigest timed() {
    return new BatchDigest(NOTHING, true);
  }

  /** CPU nanoseconds spent digesting, for a {@link #timed()} digest (0 otherwise). */
  public long cpuNanos() {
    return cpuNanos;
  }

  /**
   * A digest that runs {@code afterEachBatch} once each batch is digested, while the reader still
   * holds it ({@link LiveHeapProbe} samples the heap there).
   */
  public BatchDigest(Runnable afterEachBatch) {
    this(afterEachBatch, false);
  }

  /** Adds every column of {@code batch}. */
  public void add(VectorSchemaRoot batch) {
    long start = timed ? THREAD.getCurrentThreadCpuTime() : 0;
    rows += batch.getRowCount();
    List<FieldVector> columns = batch.getFieldVectors();
    for (int c = 0; c < columns.size(); c++) {
      checksum += (2L * c + 1) * vector(columns.get(c));
    }
    if (timed) {
      cpuNanos += THREAD.getCurrentThreadCpuTime() - start;
    }
    afterEachBatch.run();
  }

  public long rows() {
    return rows;
  }

  public long checksum() {
    return checksum;
  }

  static long vector(FieldVector v) {
    int n = v.getValueCount();
    long sum = v.getNullCount() * 0x632BE59BD9B4E019L;
    if (v instanceof BitVector bits) {
      return sum + booleans(bits, n);
    }
    if (v instanceof BaseFixedWidthVector fixed) {
      return sum + fixedWidth(fixed, n);
    }
    if (v instanceof BaseVariableWidthVector var) {
      return sum + variableWidth(var, n);
    }
    if (v instanceof ListVector list) { // also MapVector
      long offsets = address(list.getOffsetBuffer(), 4L * n + (n == 0 ? 0 : 4));
      ArrowBuf validity = list.getValidityBuffer();
      for (int base = 0; base < n; base += 64) {
        long bits = validityWord(validity, base >>> 3, Math.min(64, n - base));
        while (bits != 0) {
          int i = base + Long.numberOfTrailingZeros(bits);
          bits &= bits - 1;
          sum += mix(MemoryUtil.getInt(offsets + 4L * i + 4) - MemoryUtil.getInt(offsets + 4L * i) + 0x51ED27L);
        }
      }
      return sum + 31 * vector(list.getDataVector());
    }
    if (v instanceof StructVector struct) {
      List<FieldVector> children = struct.getChildrenFromFields();
      for (int c = 0; c < children.size(); c++) {
        sum += (2L * c + 3) * vector(children.get(c));
      }
      return sum;
    }
    throw new IllegalArgumentException("no checksum for " + v.getClass().getSimpleName());
  }

  private static long booleans(BitVector v, int n) {
    ArrowBuf validity = v.getValidityBuffer();
    ArrowBuf values = v.getDataBuffer();
    long ones = 0;
    int words = n >>> 6;
    for (int w = 0; w < words; w++) {
      ones += Long.bitCount(validity.getLong(8L * w) & values.getLong(8L * w));
    }
    for (int i = words << 6; i < n; i++) {
      if (v.isSet(i) != 0 && v.get(i) != 0) {
        ones++;
      }
    }
    return ones * 0x2545F4914F6CDD1DL;
  }

  private static long fixedWidth(BaseFixedWidthVector v, int n) {
    ArrowBuf validity = v.getValidityBuffer();
    int width = v.getTypeWidth();
    long data = address(v.getDataBuffer(), (long) width * n);
    long sum = 0;
    for (int base = 0; base < n; base += 64) {
      int count = Math.min(64, n - base);
      long bits = validityWord(validity, base >>> 3, count);
      while (bits != 0) {
        int i = base + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        sum += mix(switch (width) {
          case 1 -> MemoryUtil.getByte(data + i);
          case 2 -> MemoryUtil.getShort(data + 2L * i);
          case 4 -> MemoryUtil.getInt(data + 4L * i);
          case 8 -> MemoryUtil.getLong(data + 8L * i);
          default -> wide(data + (long) width * i, width);
        });
      }
    }
    return sum;
  }

  /** The address of {@code buf} after checking that it holds at least {@code bytes} bytes. */
  private static long address(ArrowBuf buf, long bytes) {
    if (bytes > buf.capacity()) {
      throw new IllegalStateException("buffer of " + buf.capacity() + " bytes, " + bytes + " needed");
    }
    return buf.memoryAddress();
  }

  /** Validity bits {@code [8 * byteIndex, 8 * byteIndex + count)}; the buffer may end within the word. */
  private static long validityWord(ArrowBuf validity, long byteIndex, int count) {
    if (count == 64 && byteIndex + 8 <= validity.capacity()) {
      return validity.getLong(byteIndex);
    }
    long bits = 0;
    for (int b = 0; b < (count + 7) >>> 3; b++) {
      bits |= (validity.getByte(byteIndex + b) & 0xFFL) << (8 * b);
    }
    return count == 64 ? bits : bits & ((1L << count) - 1);
  }

  private static long variableWidth(BaseVariableWidthVector v, int n) {
    ArrowBuf validity = v.getValidityBuffer();
    long offsets = address(v.getOffsetBuffer(), 4L * n + (n == 0 ? 0 : 4));
    ArrowBuf dataBuf = v.getDataBuffer();
    long capacity = dataBuf.capacity();
    long data = dataBuf.memoryAddress();
    long sum = 0;
    for (int base = 0; base < n; base += 64) {
      int count = Math.min(64, n - base);
      long bits = validityWord(validity, base >>> 3, count);
      while (bits != 0) {
        int i = base + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        int start = MemoryUtil.getInt(offsets + 4L * i);
        int end = MemoryUtil.getInt(offsets + 4L * i + 4);
        if (start < 0 || end < start || end > capacity) {
          throw new IllegalStateException("value " + i + " spans [" + start + ", " + end + ") of "
              + capacity + " data bytes");
        }
        sum += mix(wide(data + start, end - start));
      }
    }
    return sum;
  }

  /**
   * A hash of the {@code length} bytes at {@code address}, 8 at a time; a value of 8 bytes or
   * more ends with the (overlapping) last 8 bytes, a shorter one is read as one word, so there is
   * no data-dependent byte loop.
   */
  private static long wide(long address, int length) {
    long h = length;
    long end = address + length;
    if (length >= 8) {
      long at = address;
      for (; at + 8 <= end; at += 8) {
        h = (h ^ MemoryUtil.getLong(at)) * 0x9E3779B97F4A7C15L;
      }
      return at == end ? h : (h ^ MemoryUtil.getLong(end - 8)) * 0x9E3779B97F4A7C15L;
    }
    long word = 0;
    long at = address;
    if ((length & 4) != 0) {
      word = MemoryUtil.getInt(at) & 0xFFFFFFFFL;
      at += 4;
    }
    if ((length & 2) != 0) {
      word = (word << 16) | (MemoryUtil.getShort(at) & 0xFFFFL);
      at += 2;
    }
    if ((length & 1) != 0) {
      word = (word << 8) | (MemoryUtil.getByte(at) & 0xFFL);
    }
    return (h ^ word) * 0x9E3779B97F4A7C15L;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return z ^ (z >>> 33);
  }
}
