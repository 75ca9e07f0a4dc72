package org.parquetarrow.dataset.prune;

import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.stats.ChunkDictionary;
import org.parquetarrow.stats.DictionaryPageReader;

/**
 * The distinct values of a column chunk whose every data page is dictionary-encoded, read from
 * its dictionary page alone (by the core's {@link DictionaryPageReader}) and decoded into the
 * pruned column's domain: then no row holds a value outside them. Chunks that may have fallen
 * back to plain pages have none.
 */
final class DictionaryValues {
  /** Dictionaries larger than this are not read for pruning: the read would cost more than it saves. */
  static final int MAX_DICTIONARY_BYTES = 8 << 20;

  private DictionaryValues() {}

  /** Whether every data page of the chunk is dictionary-encoded. */
  static boolean onlyDictionaryPages(ColumnMetaData meta) {
    return DictionaryPageReader.onlyDictionaryEncoded(meta);
  }

  /**
   * The decoded dictionary of {@code chunk} (values in the decoder's domain, {@code null} for a
   * value without a bound such as NaN), or {@code null} when the chunk has no usable dictionary.
   * {@code bytesRead[0]} grows by the bytes read.
   */
  static List<Object> read(
      InputFile file, ColumnChunk chunk, ColumnDescriptor column, StatisticsDecoder decoder,
      WriterVersion writer, ErrorLocation where, long[] bytesRead) {
    return read(file, chunk, column, decoder, writer, where, ChunkAccess.PLAINTEXT, bytesRead);
  }

  /**
   * As {@link #read(InputFile, ColumnChunk, ColumnDescriptor, StatisticsDecoder, WriterVersion,
   * ErrorLocation, long[])}, decrypting the dictionary page header and page through {@code
   * access} when the chunk is encrypted.
   */
  static List<Object> read(
      InputFile file, ColumnChunk chunk, ColumnDescriptor column, StatisticsDecoder decoder,
      WriterVersion writer, ErrorLocation where, ChunkAccess access, long[] bytesRead) {
    ColumnMetaData meta = chunk.metaData();
    if (meta == null || !onlyDictionaryPages(meta)) {
      return null;
    }
    ChunkDictionary dictionary =
        DictionaryPageReader.read(file, chunk, column, writer, access.decryptor(), MAX_DICTIONARY_BYTES, where);
    bytesRead[0] += dictionary.bytesRead();
    List<byte[]> plain = dictionary.values().orElse(null);
    if (plain == null) {
      return null;
    }
    List<Object> values = new ArrayList<>(plain.size());
    for (byte[] v : plain) {
      values.add(decoder.decode(v));
    }
    return values;
  }
}
