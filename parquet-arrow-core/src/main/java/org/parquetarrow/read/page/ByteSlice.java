package org.parquetarrow.read.page;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * A section of a page: bytes {@code [offset, offset + length)} of {@code array}. The array is
 * shared (with the fetched column chunk or the page reader's reusable buffer), never copied; see
 * {@link ColumnChunkPageReader} for how long its content stays valid.
 *
 * <pre>{@code
 * ByteSlice v = page.values();
 * decoder.init(v.array(), v.offset(), v.length());
 * }</pre>
 */
public record ByteSlice(byte[] array, int offset, int length) {

  /** No bytes. */
  public static final ByteSlice EMPTY = new ByteSlice(new byte[0], 0, 0);

  public ByteSlice {
    Objects.requireNonNull(array, "array");
    Objects.checkFromIndexSize(offset, length, array.length);
  }

  /** A little-endian buffer over the section (no copy). */
  public ByteBuffer toByteBuffer() {
    return ByteBuffer.wrap(array, offset, length).slice().order(ByteOrder.LITTLE_ENDIAN);
  }

  /** A copy of the section's bytes. */
  public byte[] toByteArray() {
    return Arrays.copyOfRange(array, offset, offset + length);
  }

  @Override
  public String toString() {
    return "ByteSlice[" + length + " bytes at " + offset + "]";
  }
}
