package org.parquetarrow.read.page;

import java.util.Objects;

/**
 * The fetched bytes of one column chunk: {@code range.length()} bytes of {@code array} from {@code
 * arrayOffset}, a view that several chunks fetched in one coalesced read may share.
 *
 * <pre>{@code
 * ColumnChunkBytes bytes = ColumnChunkFetcher.fetch(file, range);
 * }</pre>
 *
 * @param range where the bytes come from
 * @param array holds the bytes (shared, not copied)
 * @param arrayOffset where the chunk's first byte is in {@code array}
 */
public record ColumnChunkBytes(ColumnChunkRange range, byte[] array, int arrayOffset) {

  public ColumnChunkBytes {
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(array, "array");
    if (range.length() > array.length) {
      throw new IllegalArgumentException(
          "chunk of " + range.length() + " bytes does not fit an array of " + array.length);
    }
    Objects.checkFromIndexSize(arrayOffset, (int) range.length(), array.length);
  }

  /** Wraps bytes already in memory, e.g. hand-made pages in tests: the whole array is the chunk. */
  public static ColumnChunkBytes wrap(long fileOffset, byte[] chunk) {
    return new ColumnChunkBytes(
        new ColumnChunkRange(fileOffset, chunk.length, chunk.length), chunk, 0);
  }

  /** Number of bytes fetched. */
  public int length() {
    return (int) range.length();
  }

  /** The file offset of {@code array[index]}. */
  public long fileOffsetOf(int index) {
    return range.offset() + (index - arrayOffset);
  }

  @Override
  public String toString() {
    return "ColumnChunkBytes[" + range + ", at " + arrayOffset + " of " + array.length + " bytes]";
  }
}
