package org.parquetarrow.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.io.InputFile;

/**
 * Reads a column chunk's column index (the per-page min/max, null pages and counts of the page
 * index) in one read of its recorded length, decrypting it with the column's decryptor when the
 * column is encrypted. Pair it with {@link OffsetIndexReader} and check the two agree with {@link
 * PageRows}.
 *
 * <pre>{@code
 * ColumnIndex index = ColumnIndexReader.read(file, chunk, null, ErrorLocation.ofFile(file.name()));
 * if (index != null && !index.nullPages().get(0)) {
 *   byte[] firstPageMin = index.minValues().get(0);   // PLAIN bytes, see ColumnChunkStatistics.valueOf
 * }
 * }</pre>
 */
public final class ColumnIndexReader {
  private ColumnIndexReader() {}

  /**
   * The column index of {@code chunk}, or {@code null} when its metadata names none (offset or
   * length absent).
   *
   * @param decryptor the column's decryptor, {@code null} for a plaintext column
   * @param where the file, row group and column to name in errors (the index's offset is added)
   * @throws CorruptFileException if the index lies outside the file, is not one module of its
   *     recorded length, or does not parse
   * @throws org.parquetarrow.ParquetCryptoException if the module does not authenticate
   * @throws ParquetIOException if the file cannot be read
   */
  public static ColumnIndex read(InputFile file, ColumnChunk chunk, ColumnDecryptor decryptor, ErrorLocation where) {
    return read(file, chunk, decryptor, MetadataLimits.DEFAULT, where);
  }

  /** As {@link #read(InputFile, ColumnChunk, ColumnDecryptor, ErrorLocation)}, decoding within {@code limits}. */
  public static ColumnIndex read(InputFile file, ColumnChunk chunk, ColumnDecryptor decryptor, MetadataLimits limits,
      ErrorLocation where) {
    Long offset = chunk.columnIndexOffset();
    Integer length = chunk.columnIndexLength();
    if (offset == null || length == null) {
      return null;
    }
    ErrorLocation at = where.withOffset(offset);
    ByteBuffer bytes;
    try {
      bytes = ModuleReader.readRecorded(file, offset, length, ModuleType.COLUMN_INDEX, decryptor, where);
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the column index: " + e.getMessage(), e).locate(at);
    }
    try {
      return MetadataReader.readColumnIndex(bytes, limits);
    } catch (ParquetException e) {
      throw new CorruptFileException("column index does not parse", at, e);
    }
  }
}
