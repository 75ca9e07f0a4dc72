package org.parquetarrow.read;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.read.page.DataPage;
import org.parquetarrow.read.page.DictionaryPage;

/**
 * The values side of a {@link DictionarySink}, one per Arrow layout of the values (variable-length
 * strings and binaries: {@link BinaryDictionaryValues}; fixed-width values: {@link
 * FixedDictionaryValues}): the chunk's dictionary page, decoded once per chunk, and the batch's
 * dictionary, to which the sink appends the chunk's dictionary (once per batch that refers to it)
 * and the values of plain pages (a writer's fallback mid-chunk, or a chunk without a dictionary
 * page), each as new entries. Not thread-safe.
 */
interface DictionaryValues extends AutoCloseable {
  /** A new chunk starts: forget its dictionary. */
  void startChunk();

  /** Decodes the chunk's dictionary page. */
  void loadDictionary(DictionaryPage dictionary);

  /** Entries of the chunk's dictionary, or -1 if the chunk has none (so far). */
  int chunkSize();

  /** Starts decoding the values of a page that is not dictionary-encoded. */
  void startPlainPage(DataPage page);

  /** Starts an empty batch dictionary. */
  void allocate();

  /** Appends the chunk's whole dictionary to the batch's; returns the entry of its first value. */
  int appendChunkDictionary();

  /** Appends the next {@code n} values of the plain page; returns the entry of the first. */
  int appendPlain(int n);

  /** Skips the next {@code n} values of the plain page. */
  void skipPlain(int n);

  /** Entries in the batch's dictionary. */
  int count();

  /** Bytes of variable-length values in the batch's dictionary (0 for fixed-width values). */
  long batchBytes();

  /** The batch's dictionary as a vector of {@code field} (which retains the buffers). */
  FieldVector finish(Field field, BufferAllocator allocator);

  /** Releases the batch's dictionary. */
  void release();

  /** Releases the batch and any buffer kept for the chunk. */
  @Override
  void close();
}
