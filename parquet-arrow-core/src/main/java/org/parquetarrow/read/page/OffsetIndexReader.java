package org.parquetarrow.read.page;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.io.InputFile;

/**
 * Reads a column chunk's offset index (the page locations of the page index), which lets the page
 * reader skip pages outside a {@link org.parquetarrow.read.RowSelection}.
 *
 * <pre>{@code
 * OffsetIndex index = OffsetIndexReader.read(file, chunk);   // null when the chunk has none
 * }</pre>
 */
public final class OffsetIndexReader {
  private OffsetIndexReader() {}

  /**
   * The offset index of {@code chunk}, or {@code null} when its metadata names none (offset or
   * length absent).
   *
   * @throws CorruptFileException if the location lies outside the file or the bytes do not parse
   * @throws ParquetIOException if the file cannot be read
   */
  public static OffsetIndex read(InputFile file, ColumnChunk chunk) {
    return read(file, chunk, MetadataLimits.DEFAULT);
  }

  /** As {@link #read(InputFile, ColumnChunk)}, decoding within {@code limits}. */
  public static OffsetIndex read(InputFile file, ColumnChunk chunk, MetadataLimits limits) {
    return read(file, chunk, limits, null);
  }

  /**
   * As {@link #read(InputFile, ColumnChunk, MetadataLimits)}, for a chunk whose offset index is an
   * encrypted module when {@code decryptor} is not {@code null}.
   */
  public static OffsetIndex read(
      InputFile file, ColumnChunk chunk, MetadataLimits limits, ColumnDecryptor decryptor) {
    Long offset = chunk.offsetIndexOffset();
    Integer length = chunk.offsetIndexLength();
    if (offset == null || length == null) {
      return null;
    }
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withOffset(Math.max(-1, offset));
    if (chunk.metaData() != null) {
      where = where.withColumn(String.join(".", chunk.metaData().pathInSchema()));
    }
    try {
      long fileLength = file.length();
      if (offset < 0 || length <= 0 || length > fileLength - offset) {
        throw new CorruptFileException(
            "offset index of "
                + length
                + " bytes at "
                + offset
                + " does not fit in the file ("
                + fileLength
                + " bytes)");
      }
      ByteBuffer bytes = file.read(offset, length);
      if (decryptor != null) {
        if (decryptor.moduleLength(ModuleType.OFFSET_INDEX, bytes) != length) {
          throw new CorruptFileException("encrypted offset index module does not take the "
              + length + " bytes the column chunk says");
        }
        bytes = decryptor.decrypt(ModuleType.OFFSET_INDEX, bytes, -1);
      }
      return MetadataReader.readOffsetIndex(bytes, limits);
    } catch (ParquetException e) {
      throw e.locate(where);
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the offset index: " + e.getMessage(), e)
          .locate(where);
    }
  }
}
