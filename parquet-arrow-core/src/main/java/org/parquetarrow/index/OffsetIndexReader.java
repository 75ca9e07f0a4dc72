package org.parquetarrow.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.RangeCoalescer;

/**
 * Reads a column chunk's offset index (the page locations of the page index), which lets the page
 * reader skip pages outside a {@link org.parquetarrow.selection.RowSelection}.
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
    List<ColumnDecryptor> decryptors = new ArrayList<>(1);
    decryptors.add(decryptor);
    return readAll(file, List.of(chunk), limits, decryptors, RangeCoalescer.NONE).get(0);
  }

  /**
   * The offset indexes of {@code chunks} (a {@code null} entry for a chunk that names none), read
   * with as few reads as {@code coalescer} allows: a writer puts the offset indexes of a row group
   * next to each other, so one read usually fetches those of every projected column.
   *
   * @param decryptors per chunk, its decryptor, or {@code null} for a plaintext one
   * @throws CorruptFileException if a location lies outside the file or the bytes do not parse
   * @throws ParquetIOException if the file cannot be read
   */
  public static List<OffsetIndex> readAll(InputFile file, List<ColumnChunk> chunks,
      MetadataLimits limits, List<ColumnDecryptor> decryptors, RangeCoalescer coalescer) {
    OffsetIndex[] out = new OffsetIndex[chunks.size()];
    List<FileRange> ranges = new ArrayList<>();
    List<Integer> owners = new ArrayList<>();
    ErrorLocation file0 = ErrorLocation.ofFile(file.name());
    long fileLength;
    try {
      fileLength = file.length();
    } catch (IOException e) {
      throw new ParquetIOException("cannot get the file length: " + e.getMessage(), e).locate(file0);
    }
    for (int i = 0; i < chunks.size(); i++) {
      ColumnChunk chunk = chunks.get(i);
      Long offset = chunk.offsetIndexOffset();
      Integer length = chunk.offsetIndexLength();
      if (offset == null || length == null) {
        continue;
      }
      if (offset < 0 || length <= 0 || length > fileLength - offset) {
        throw new CorruptFileException(
            "offset index of " + length + " bytes at " + offset + " does not fit in the file ("
                + fileLength + " bytes)").locate(where(file, chunk));
      }
      ranges.add(FileRange.of(offset, length));
      owners.add(i);
    }
    List<RangeCoalescer.Read> reads = coalescer.coalesce(ranges);
    List<FileRange> spans = new ArrayList<>(reads.size());
    for (RangeCoalescer.Read r : reads) {
      spans.add(r.range());
    }
    List<ByteBuffer> buffers;
    try {
      buffers = file.readRanges(spans);
    } catch (IOException e) {
      ErrorLocation at = spans.isEmpty() ? file0 : file0.withOffset(spans.get(0).offset());
      throw new ParquetIOException("cannot read the offset index: " + e.getMessage(), e).locate(at);
    }
    for (int k = 0; k < reads.size(); k++) {
      FileRange span = spans.get(k);
      for (int m : reads.get(k).members()) {
        FileRange r = ranges.get(m);
        int i = owners.get(m);
        ByteBuffer all = buffers.get(k);
        ByteBuffer bytes = all.duplicate();
        bytes.position(all.position() + (int) (r.offset() - span.offset()));
        bytes.limit(bytes.position() + (int) r.length());
        bytes = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
        try {
          out[i] = parse(bytes, decryptors.get(i), limits);
        } catch (ParquetException e) {
          throw e.locate(where(file, chunks.get(i)));
        }
      }
    }
    return Arrays.asList(out);
  }

  private static OffsetIndex parse(
      ByteBuffer bytes, ColumnDecryptor decryptor, MetadataLimits limits) {
    if (decryptor != null) {
      bytes = ModuleReader.decryptWhole(bytes, ModuleType.OFFSET_INDEX, decryptor, ErrorLocation.UNKNOWN);
    }
    return MetadataReader.readOffsetIndex(bytes, limits);
  }

  private static ErrorLocation where(InputFile file, ColumnChunk chunk) {
    Long offset = chunk.offsetIndexOffset();
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withOffset(Math.max(-1, offset == null ? -1 : offset));
    if (chunk.metaData() != null) {
      where = where.withColumn(String.join(".", chunk.metaData().pathInSchema()));
    }
    return where;
  }
}
