package org.parquetarrow.read.page;

/**
 * The two slice buffers one column's streamed chunks are read into ({@link
 * org.parquetarrow.io.ColumnChunkBytes#streamed}), kept from one row group's page reader to the
 * next: a scan reads chunk after chunk through the same warm memory instead of taking a fresh array
 * as large as each chunk (which, in a large heap, lands on memory the kernel has to fault in page by
 * page). A page reader takes the buffers when it reads its first slice and gives them back when it
 * is closed; one reader at a time uses them.
 *
 * <pre>{@code
 * ChunkSlices slices = new ChunkSlices(4 << 20);          // one per column of a batch reader
 * ColumnChunkPageReader pages = ColumnChunkPageReader.builder(bytes, chunk, maxDef, maxRep)
 *     .slices(slices)
 *     .build();
 * }</pre>
 */
public final class ChunkSlices {
  private static final byte[] NO_BYTES = new byte[0];

  private final int sliceSize;
  private byte[] first = NO_BYTES;
  private byte[] second = NO_BYTES;

  /**
   * @param sliceSize bytes read at a time (a slice grows for a page longer than it)
   * @throws IllegalArgumentException if not positive
   */
  public ChunkSlices(int sliceSize) {
    if (sliceSize <= 0) {
      throw new IllegalArgumentException("slice size must be positive: " + sliceSize);
    }
    this.sliceSize = sliceSize;
  }

  /** Bytes read at a time. */
  public int sliceSize() {
    return sliceSize;
  }

  /** Bytes of the buffers held here now (not those a page reader has taken). */
  public synchronized long bytesHeld() {
    return (long) first.length + second.length;
  }

  /** The buffers, perhaps empty arrays; they are the caller's until {@link #giveBack}. */
  synchronized byte[][] take() {
    byte[][] out = {first, second};
    first = NO_BYTES;
    second = NO_BYTES;
    return out;
  }

  /** Keeps {@code a} and {@code b} for the next reader (the larger ones, when some are held still). */
  synchronized void giveBack(byte[] a, byte[] b) {
    keep(a);
    keep(b);
  }

  private void keep(byte[] buffer) {
    if (buffer == null || buffer == first || buffer == second) {
      return;
    }
    if (first.length <= second.length) {
      if (buffer.length > first.length) {
        first = buffer;
      }
    } else if (buffer.length > second.length) {
      second = buffer;
    }
  }
}
