package org.parquetarrow.encoding;

import java.util.Arrays;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.parquetarrow.ParquetException;

/**
 * A growable heap byte array that encoders append to: raw bytes, little-endian integers and the
 * encodings' varints. Reusable through {@link #reset()}.
 *
 * <pre>{@code
 * ByteSink page = new ByteSink(64 * 1024);
 * int lengthAt = page.size();
 * page.writeIntLe(0);                              // v1 levels: length placeholder
 * levels.flushTo(page);
 * page.setIntLe(lengthAt, page.size() - lengthAt - 4);
 * }</pre>
 */
public final class ByteSink {
  // arrays a little below Integer.MAX_VALUE are the largest every JVM allocates
  private static final int MAX_SIZE = Integer.MAX_VALUE - 16;
  /** Values up to this long are copied word by word by {@link #writeLengthPrefixed}. */
  private static final int SHORT_COPY = 32;

  private byte[] buf;
  private int size;

  public ByteSink() {
    this(256);
  }

  public ByteSink(int initialCapacity) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("capacity " + initialCapacity);
    }
    buf = new byte[Math.max(initialCapacity, 16)];
  }

  /** Bytes written so far. */
  public int size() {
    return size;
  }

  /** The backing array; bytes {@code 0 .. size()} are the content. Replaced when the sink grows. */
  public byte[] array() {
    return buf;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  public void reset() {
    size = 0;
  }

  /**
   * Drops the content, and the array too when it holds more than {@code maxCapacity} bytes: what
   * a sink reused from page to page does after a page of unusually large values.
   */
  public void resetAndTrim(int maxCapacity) {
    size = 0;
    if (buf.length > maxCapacity) {
      buf = new byte[Math.max(maxCapacity, 16)];
    }
  }

  /** Drops the bytes after the first {@code newSize}. */
  public void truncate(int newSize) {
    Objects.checkIndex(newSize, size + 1);
    size = newSize;
  }

  /** Makes room for {@code more} bytes and returns the offset where they go. */
  int reserve(int more) {
    if (more < 0 || more > MAX_SIZE - size) {
      throw new ParquetException("encoded data would exceed " + MAX_SIZE + " bytes");
    }
    int needed = size + more;
    if (needed > buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min(MAX_SIZE, Math.max(needed, 2L * buf.length)));
    }
    int at = size;
    size = needed;
    return at;
  }

  public void write(int b) {
    int at = reserve(1);
    buf[at] = (byte) b;
  }

  public void write(byte[] src, int off, int len) {
    Objects.checkFromIndexSize(off, len, src.length);
    int at = reserve(len);
    System.arraycopy(src, off, buf, at, len);
  }

  /** Appends {@code len} bytes of an Arrow buffer from {@code index}. */
  public void write(ArrowBuf src, long index, int len) {
    int at = reserve(len);
    src.getBytes(index, buf, at, len);
  }

  /** Appends another sink's content. */
  public void write(ByteSink other) {
    write(other.buf, 0, other.size);
  }

  public void writeIntLe(int v) {
    int at = reserve(4);
    LittleEndian.putInt(buf, at, v);
  }

  public void writeLongLe(long v) {
    int at = reserve(8);
    LittleEndian.putLong(buf, at, v);
  }

  /** Appends the low 32 bits of each of {@code values[from .. to)}, little-endian (PLAIN INT32 and FLOAT). */
  public void writeIntsLe(long[] values, int from, int to) {
    Objects.checkFromToIndex(from, to, values.length);
    int at = reserve(Math.multiplyExact(to - from, 4));
    byte[] b = buf;
    for (int i = from; i < to; i++, at += 4) {
      LittleEndian.putInt(b, at, (int) values[i]);
    }
  }

  /** Appends {@code values[from .. to)}, little-endian (PLAIN INT64 and DOUBLE). */
  public void writeLongsLe(long[] values, int from, int to) {
    Objects.checkFromToIndex(from, to, values.length);
    int at = reserve(Math.multiplyExact(to - from, 8));
    byte[] b = buf;
    for (int i = from; i < to; i++, at += 8) {
      LittleEndian.putLong(b, at, values[i]);
    }
  }

  /**
   * Appends values {@code [from, to)} of {@code data} (value {@code i} is {@code data[offsets[i] ..
   * offsets[i + 1])}), each after its 4-byte little-endian length: PLAIN BYTE_ARRAY, sized once.
   */
  public void writeLengthPrefixed(byte[] data, int[] offsets, int from, int to) {
    Objects.checkFromToIndex(from, to, offsets.length - 1);
    long bytes = (long) offsets[to] - offsets[from] + 4L * (to - from);
    if (bytes > Integer.MAX_VALUE) {
      throw new ParquetException("encoded data would exceed " + MAX_SIZE + " bytes");
    }
    // room for a whole 32-byte copy past the last value's end, so that short values copy as four
    // words (the bytes past a value are overwritten by the next one, or lie past the size)
    boolean slack = bytes + SHORT_COPY <= MAX_SIZE - size;
    int at = reserve((int) bytes + (slack ? SHORT_COPY : 0));
    if (slack) {
      size -= SHORT_COPY;
    }
    byte[] b = buf;
    int dataRoom = slack ? data.length - SHORT_COPY : -1;
    for (int i = from; i < to; i++) {
      int start = offsets[i];
      int len = offsets[i + 1] - start;
      LittleEndian.putInt(b, at, len);
      int dst = at + 4;
      if (len <= SHORT_COPY && start <= dataRoom) {
        LittleEndian.putLong(b, dst, LittleEndian.getLong(data, start));
        LittleEndian.putLong(b, dst + 8, LittleEndian.getLong(data, start + 8));
        LittleEndian.putLong(b, dst + 16, LittleEndian.getLong(data, start + 16));
        LittleEndian.putLong(b, dst + 24, LittleEndian.getLong(data, start + 24));
      } else {
        System.arraycopy(data, start, b, dst, len);
      }
      at = dst + len;
    }
  }

  /** Overwrites 4 bytes at {@code pos} (e.g. a length prefix written as a placeholder). */
  public void setIntLe(int pos, int v) {
    Objects.checkFromIndexSize(pos, 4, size);
    LittleEndian.putInt(buf, pos, v);
  }

  /** An unsigned LEB128 varint. */
  public void writeUleb(long v) {
    while ((v & ~0x7fL) != 0) {
      write((int) ((v & 0x7f) | 0x80));
      v >>>= 7;
    }
    write((int) v);
  }

  /** A zigzag-encoded LEB128 varint of a signed 64-bit value. */
  public void writeZigZag(long v) {
    writeUleb((v << 1) ^ (v >> 63));
  }
}
