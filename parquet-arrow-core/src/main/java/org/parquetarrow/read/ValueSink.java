package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;

/**
 * Where a {@link LeafReader} puts a leaf's values: the value buffers of one Arrow layout (fixed
 * width, binary, boolean, dictionary-encoded) and the page decoders that fill them. The reader owns
 * the levels and the batch's validity bitmap, and passes the bitmap in where values are placed; it
 * calls the sink once per page stretch, never per value.
 *
 * <p>Life cycle, driven by the reader: {@link #startChunk} per column chunk, {@link
 * #loadDictionary} and {@link #startPage} per page, {@link #allocate} per batch, {@link #read} and
 * {@link #skip} per stretch, then {@link #finish} or {@link #finishSpread}, after which the reader
 * calls {@link #release}. Not thread-safe.
 */
interface ValueSink extends AutoCloseable {
  /** A new chunk starts: forget its dictionary. */
  void startChunk();

  /** Loads the chunk's dictionary. */
  void loadDictionary(DictionaryPage dictionary);

  /** Starts decoding the values section of {@code page}. */
  void startPage(DataPage page);

  /** Allocates the value buffers of a batch of {@code rows} rows. */
  void allocate(int rows);

  /**
   * Reads {@code nonNull} dense values and places them at the rows of {@code [row, row + rows)}
   * whose bit in {@code validity} is set.
   */
  void read(int nonNull, int row, int rows, ArrowBuf validity);

  /** Skips the next {@code values} dense values of the current page. */
  void skip(int values);

  /** Grows the value buffers to hold {@code values} values, keeping those read. */
  void ensureCapacity(int values);

  /**
   * The batch of {@code rows} rows, {@code nulls} of them null, as a vector over {@code validity}
   * and the value buffers (which it retains).
   */
  FieldVector finish(ArrowBuf validity, int rows, int nulls);

  /**
   * Spreads the dense values to the valid slots of {@code slotValidity} and builds the vector of
   * {@code slots} slots over it (which it retains).
   */
  FieldVector finishSpread(ArrowBuf slotValidity, int slots, int nulls);

  /** Bytes of variable-length values the batch holds so far (0 for fixed-width layouts). */
  default long batchBytes() {
    return 0;
  }

  /** Releases the value buffers of the batch (finished or not). */
  void release();

  /** Releases the batch and any scratch buffers. */
  @Override
  void close();

  /**
   * A new vector of {@code field} over {@code buffers} (which it retains); on failure the vector
   * is closed and the buffers are left to their owner.
   */
  static FieldVector load(
      Field field, BufferAllocator allocator, int rows, int nulls, List<ArrowBuf> buffers) {
    FieldVector vector = field.createVector(allocator);
    try {
      vector.loadFieldBuffers(new ArrowFieldNode(rows, nulls), buffers);
    } catch (RuntimeException e) {
      vector.close();
      throw e;
    }
    return vector;
  }

  /**
   * {@code buffer} if it holds {@code bytes}, else a zeroed buffer of at least twice its capacity
   * holding its contents (the old one is closed): the growth every sink's {@link
   * #ensureCapacity} needs, once per stretch of values, never per value.
   */
  static ArrowBuf grown(BufferAllocator allocator, ArrowBuf buffer, long bytes) {
    if (bytes <= buffer.capacity()) {
      return buffer;
    }
    ArrowBuf bigger = Allocations.zeroed(allocator, Math.max(bytes, 2 * buffer.capacity()), bytes, "bytes of values");
    bigger.setBytes(0, buffer, 0, buffer.capacity());
    buffer.close();
    return bigger;
  }

  /**
   * {@code buffer} if it holds {@code bytes}, else a new scratch buffer of at least that size (the
   * old one closed, its bytes not kept): for buffers refilled from scratch each time.
   */
  static ArrowBuf scratch(BufferAllocator allocator, ArrowBuf buffer, long bytes) {
    if (buffer != null && buffer.capacity() >= bytes) {
      return buffer;
    }
    if (buffer != null) {
      buffer.close();
    }
    return Allocations.buffer(allocator, Math.max(bytes, 64), bytes, "bytes of decoded values");
  }
}
