package org.parquetarrow.compress;

import java.util.Arrays;
import java.util.Objects;

/**
 * A reusable heap byte array with a length, which compressors append to. Growth is geometric, so
 * reusing one instance for every page of a column reaches a steady size quickly and stops
 * allocating.
 *
 * <pre>{@code
 * GrowableByteArray out = new GrowableByteArray();
 * out.clear();
 * compressor.compress(page, 0, page.length, out);
 * channel.write(ByteBuffer.wrap(out.array(), 0, out.length()));
 * }</pre>
 */
public final class GrowableByteArray {
  /** The largest array size every JVM hands out. */
  public static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

  private static final int DEFAULT_CAPACITY = 1024;

  private byte[] array;
  private int length;

  public GrowableByteArray() {
    this(DEFAULT_CAPACITY);
  }

  public GrowableByteArray(int initialCapacity) {
    if (initialCapacity < 0 || initialCapacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("initial capacity " + initialCapacity + " out of range");
    }
    this.array = new byte[initialCapacity];
  }

  /**
   * The backing array; bytes {@code [0, length())} are the content. The array is replaced when the
   * buffer grows, so fetch it again after any call that may grow.
   */
  public byte[] array() {
    return array;
  }

  public int length() {
    return length;
  }

  public int capacity() {
    return array.length;
  }

  /** Room after the content before the array must grow. */
  public int writableBytes() {
    return array.length - length;
  }

  /** Forgets the content, keeping the array. */
  public void clear() {
    length = 0;
  }

  /** Keeps only the first {@code newLength} bytes of the content. */
  public void truncate(int newLength) {
    if (newLength < 0 || newLength > length) {
      throw new IllegalArgumentException("cannot truncate " + length + " bytes to " + newLength);
    }
    length = newLength;
  }

  /**
   * Makes room for at least {@code n} more bytes after the content.
   *
   * @throws IllegalArgumentException if the total would exceed {@link #MAX_CAPACITY}
   */
  public void ensureWritable(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative size " + n);
    }
    if (n <= array.length - length) {
      return;
    }
    long needed = (long) length + n;
    if (needed > MAX_CAPACITY) {
      throw new IllegalArgumentException(
          "buffer of "
              + length
              + " bytes cannot grow by "
              + n
              + " bytes: over the 2 GiB array limit");
    }
    long grown = Math.max(needed, (long) array.length + (array.length >> 1));
    array = Arrays.copyOf(array, (int) Math.min(grown, MAX_CAPACITY));
  }

  /** Counts {@code n} bytes written straight into {@link #array()} after the content as content. */
  public void advance(int n) {
    if (n < 0 || n > array.length - length) {
      throw new IllegalArgumentException(
          "cannot advance by " + n + " with " + (array.length - length) + " writable bytes");
    }
    length += n;
  }

  /** Appends {@code src[off, off + len)}. */
  public void write(byte[] src, int off, int len) {
    Objects.checkFromIndexSize(off, len, src.length);
    ensureWritable(len);
    System.arraycopy(src, off, array, length, len);
    length += len;
  }

  /** Appends one byte (the low 8 bits of {@code b}). */
  public void write(int b) {
    ensureWritable(1);
    array[length++] = (byte) b;
  }

  /** Appends a 32-bit value, least significant byte first. */
  public void writeIntLittleEndian(int v) {
    ensureWritable(4);
    array[length] = (byte) v;
    array[length + 1] = (byte) (v >>> 8);
    array[length + 2] = (byte) (v >>> 16);
    array[length + 3] = (byte) (v >>> 24);
    length += 4;
  }

  /** A copy of the content. */
  public byte[] toByteArray() {
    return Arrays.copyOf(array, length);
  }
}
