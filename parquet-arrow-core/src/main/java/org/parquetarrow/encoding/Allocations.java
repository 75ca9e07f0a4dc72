package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.parquetarrow.ParquetException;

/**
 * The one place where reading asks the caller's allocator for a batch's memory, and where a
 * refusal becomes a typed {@link ParquetException} saying what was asked for and why, instead of
 * Arrow's unchecked {@link OutOfMemoryException} (a limit) or the JDK's {@link OutOfMemoryError}
 * (the native allocation behind an unlimited allocator failing). Sizes in a file are the writer's
 * word: a {@code type_length}, a level count or a string length can make a batch ask for terabytes.
 * The column is added on the way up ({@code LeafReader}, {@code BatchReader}), which know it.
 *
 * <pre>{@code
 * ArrowBuf indices = Allocations.zeroed(allocator, 4L * rows, rows, "dictionary indices");
 * // refused: "a batch of 1048576 dictionary indices needs 4194304 bytes, more than the allocator
 * //           allows (limit 1048576, 0 in use) [file f.parquet, row group 0, column c]"
 * }</pre>
 */
public final class Allocations {
  private Allocations() {}

  /**
   * {@code allocator.buffer(bytes)}, for {@code count} {@code unit} of a batch (e.g. 1024 "validity
   * bits"); the message is built only when the allocation is refused, so {@code unit} should be a
   * constant or a string the caller made once.
   *
   * @throws ParquetException when {@code bytes} is negative (an overflowed size) or refused
   */
  public static ArrowBuf buffer(BufferAllocator allocator, long bytes, long count, String unit) {
    if (bytes < 0) {
      throw refused(allocator, bytes, count, unit, null);
    }
    try {
      return allocator.buffer(bytes);
    } catch (OutOfMemoryException | OutOfMemoryError e) {
      // OutOfMemoryError here is the native allocation of this one request failing (an absurd size
      // against an unlimited allocator), not an exhausted Java heap: nothing else was allocated
      throw refused(allocator, bytes, count, unit, e);
    }
  }

  /** {@link #buffer} zeroed over its whole capacity. */
  public static ArrowBuf zeroed(BufferAllocator allocator, long bytes, long count, String unit) {
    ArrowBuf b = buffer(allocator, bytes, count, unit);
    b.setZero(0, b.capacity());
    return b;
  }

  /**
   * Runs {@code allocation} (e.g. a vector's {@code allocateNew}), turning Arrow's refusal into the
   * same typed error as {@link #buffer}; {@code bytes} is the caller's estimate, or -1 if unknown (Arrow computes it).
   */
  public static void run(Runnable allocation, BufferAllocator allocator, long bytes, long count, String unit) {
    try {
      allocation.run();
    } catch (OutOfMemoryException | OutOfMemoryError | ArithmeticException e) {
      // ArithmeticException: Arrow's own capacity arithmetic overflowing on an absurd count
      throw refused(allocator, bytes, count, unit, e);
    }
  }

  /** The typed error for a refused request of {@code bytes} for {@code count} {@code unit}. */
  public static ParquetException refused(
      BufferAllocator allocator, long bytes, long count, String unit, Throwable cause) {
    // a negative size is an overflowed or unknown one: more than any allocator allows anyway
    String asked = bytes >= 0 ? bytes + " bytes, more than" : "more than";
    return new ParquetException("a batch of " + count + " " + unit + " needs " + asked
        + " the allocator allows (limit " + allocator.getLimit() + ", "
        + allocator.getAllocatedMemory() + " in use)", cause);
  }
}
