package org.parquetarrow.format;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;
import org.apache.thrift.TException;
import org.apache.thrift.transport.TTransportException;
import org.parquetarrow.CorruptFileException;

/**
 * A row group's column chunks, each decoded on first access. A wide file's footer is mostly
 * column chunk metadata (rows groups × columns of them), and a read of a few columns needs only
 * theirs, so the footer parse walks over each chunk's bytes without building it, as arrow-rs and
 * Lance do.
 *
 * <p>The walk checks the structure of every chunk as a decode would (lengths against the bytes
 * left, {@link MetadataLimits}, nesting, known wire types), so a file that opens has well-formed
 * chunks; what only a decode sees (a required field missing, an undefined enum value) raises the
 * same {@link CorruptFileException}, located in the file, on first access to that chunk.
 *
 * <p>The list holds a copy of its chunks' bytes (the caller's buffer may be reused after the
 * footer is read). Decoding happens under the list's lock; a decoded chunk is an immutable record,
 * so the lock-free read of one already decoded is safe.
 */
final class LazyColumnChunks extends AbstractList<ColumnChunk> implements RandomAccess {
  private final byte[] bytes;
  /** Chunk {@code i} spans {@code bytes[starts[i]..starts[i+1])}. */
  private final int[] starts;
  private final ColumnChunk[] decoded;
  private final MetadataLimits limits;
  private final String topStruct;
  private final long fileOffset;
  /** Where {@code bytes[0]} was in the serialized top-level struct. */
  private final int base;
  /** The nesting depth of the list's elements in the top-level struct. */
  private final int depth;
  /** The reader of the chunk being decoded; guarded by {@code this}. */
  private ThriftReader reader;

  private LazyColumnChunks(byte[] bytes, int[] starts, ThriftReader in, int base, int depth) {
    this.bytes = bytes;
    this.starts = starts;
    this.decoded = new ColumnChunk[starts.length - 1];
    this.limits = in.limits();
    this.topStruct = in.topStruct();
    this.fileOffset = in.fileOffset();
    this.base = base;
    this.depth = depth;
  }

  /**
   * Walks over the {@code n} column chunks the reader is at (the elements of a list whose header
   * has been read), checking their structure, and returns them undecoded.
   */
  static LazyColumnChunks skim(ThriftReader in, int n) throws TException {
    int base = in.structPosition();
    int depth = in.depth();
    int first = in.arrayPosition();
    int[] starts = new int[n + 1];
    for (int i = 0; i < n; i++) {
      starts[i] = in.arrayPosition() - first;
      in.skimStruct();
    }
    starts[n] = in.arrayPosition() - first;
    // a malformed varint can carry libthrift past the end: leave that verdict to the caller's
    // checkNotOverrun, and never copy past the array
    int end = Math.min(in.arrayPosition(), in.array().length);
    byte[] bytes = Arrays.copyOfRange(in.array(), first, Math.max(first, end));
    return new LazyColumnChunks(bytes, starts, in, base, depth);
  }

  @Override
  public ColumnChunk get(int index) {
    ColumnChunk chunk = decoded[index];
    if (chunk == null) {
      chunk = decode(index);
    }
    return chunk;
  }

  @Override
  public int size() {
    return decoded.length;
  }

  /**
   * Decodes chunk {@code index} with the list's one reader (made on first use, then moved from
   * chunk to chunk: a reader per chunk cost twice the decode), under the list's lock.
   */
  private synchronized ColumnChunk decode(int index) {
    ColumnChunk chunk = decoded[index];
    if (chunk != null) {
      return chunk;
    }
    int from = starts[index];
    int length = starts[index + 1] - from;
    if (reader == null) {
      reader = ThriftReader.nested(bytes, from, length, limits, topStruct, fileOffset, base + from, depth);
    } else {
      reader.moveTo(from, length, base + from, depth);
    }
    ThriftReader in = reader;
    try {
      chunk = FileMetaDataCodec.readColumnChunk(in);
      in.checkNotOverrun();
    } catch (TTransportException | IndexOutOfBoundsException e) {
      throw in.corrupt("truncated: the input ends inside the struct", e);
    } catch (TException e) {
      throw in.corrupt("malformed thrift: " + e.getMessage(), e);
    }
    decoded[index] = chunk;
    return chunk;
  }
}
