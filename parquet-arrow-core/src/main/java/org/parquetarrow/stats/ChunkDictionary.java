package org.parquetarrow.stats;

import java.util.List;
import java.util.Optional;

/**
 * What {@link DictionaryPageReader} found at the start of a column chunk: the values of its
 * dictionary page, each as its PLAIN encoding (a BYTE_ARRAY value without its length prefix), when
 * the chunk has one that was read; and the bytes read from the file to find out.
 */
public final class ChunkDictionary {
  private final List<byte[]> values;
  private final long bytesRead;

  ChunkDictionary(List<byte[]> values, long bytesRead) {
    this.values = values == null ? null : List.copyOf(values);
    this.bytesRead = bytesRead;
  }

  /**
   * The dictionary's values in dictionary order, each the PLAIN bytes of one value (decode one with
   * {@link ColumnChunkStatistics#valueOf}); empty when the chunk has no dictionary page, or one
   * larger than the reader was allowed to read, or of a type without PLAIN values of fixed layout
   * (BOOLEAN, INT96).
   */
  public Optional<List<byte[]>> values() {
    return Optional.ofNullable(values);
  }

  /** The bytes read from the file. */
  public long bytesRead() {
    return bytesRead;
  }
}
