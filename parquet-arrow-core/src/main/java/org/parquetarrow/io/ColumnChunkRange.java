package org.parquetarrow.io;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.WriterVersion;

/**
 * Where a column chunk's pages are in the file.
 *
 * <p>The chunk starts at {@code dictionary_page_offset} when that is set, positive and before
 * {@code data_page_offset} (some writers store 0 for "no dictionary"), otherwise at {@code
 * data_page_offset}; it is {@code total_compressed_size} bytes long. A chunk of a column with no
 * values has nothing to read and an empty range.
 *
 * <p>parquet-mr up to 1.2.8 left the dictionary page header out of {@code total_compressed_size}
 * (PARQUET-816), so for those files, and for files that name no parquet-mr version at all, the
 * range is padded by up to 100 bytes (Arrow C++'s allowance for one dictionary page header),
 * bounded by the end of the file. {@link #length()} includes the padding, {@link #declaredLength()}
 * does not. The page reader may read a page that runs into the padding but stops once the chunk's
 * values are all read, so the padding never yields pages of the next chunk.
 *
 * <pre>{@code
 * WriterVersion writer = WriterVersion.parse(footer.metadata().createdBy());
 * ColumnChunkRange r = ColumnChunkRange.of(chunk.metaData(), file.length(), writer);
 * }</pre>
 *
 * @param offset where the chunk's first page header starts
 * @param declaredLength the length the metadata declares
 * @param length the length to fetch: the declared length plus any padding
 */
public record ColumnChunkRange(long offset, long declaredLength, long length) {

  /** Arrow C++'s {@code kMaxDictHeaderSize}: the padding for PARQUET-816 files. */
  static final int PARQUET_816_PADDING = 100;

  /** "PAR1" at the head of the file: no chunk can start inside it. */
  private static final int HEAD_MAGIC_LENGTH = 4;

  public ColumnChunkRange {
    if (offset < 0
        || declaredLength < 0
        || length < declaredLength
        || offset > Long.MAX_VALUE - length) {
      throw new IllegalArgumentException(
          "invalid chunk range at " + offset + ": " + declaredLength + " / " + length + " bytes");
    }
  }

  /**
   * The range of a chunk in a file of {@code fileLength} bytes written by {@code writer}.
   *
   * @throws CorruptFileException (located at the column) if an offset or size is negative, the
   *     chunk starts inside the head magic, or it runs past the end of the file
   */
  public static ColumnChunkRange of(ColumnMetaData meta, long fileLength, WriterVersion writer) {
    ErrorLocation where = ErrorLocation.UNKNOWN.withColumn(String.join(".", meta.pathInSchema()));
    long start = meta.dataPageOffset();
    Long dictionary = meta.dictionaryPageOffset();
    if (dictionary != null && dictionary > 0 && dictionary < start) {
      start = dictionary;
    }
    long length = meta.totalCompressedSize();
    if (meta.numValues() < 0) {
      throw new CorruptFileException("negative value count " + meta.numValues(), where, null);
    }
    if (meta.numValues() == 0) {
      // nothing to read; writers of empty chunks leave offsets at 0 or pointing anywhere
      return new ColumnChunkRange(Math.max(0, start), 0, 0);
    }
    if (start < HEAD_MAGIC_LENGTH || length < 0) {
      throw new CorruptFileException(
          "invalid column chunk: starts at " + start + " with " + length + " bytes", where, null);
    }
    if (length > fileLength - start) {
      throw new CorruptFileException(
          "column chunk at "
              + start
              + " of "
              + length
              + " bytes runs past the end of the file ("
              + fileLength
              + " bytes)",
          where.withOffset(start),
          null);
    }
    long padding = 0;
    if (writer.isBefore("parquet-mr", 1, 2, 9)) {
      padding = Math.min(PARQUET_816_PADDING, fileLength - (start + length));
    }
    return new ColumnChunkRange(start, length, length + padding);
  }

  /** The bytes to fetch. */
  public FileRange byteRange() {
    return new FileRange(offset, length);
  }

  /** The first byte after the declared chunk. */
  public long declaredEnd() {
    return offset + declaredLength;
  }

  /** The first byte after the bytes to fetch. */
  public long end() {
    return offset + length;
  }

  public boolean isEmpty() {
    return length == 0;
  }
}
