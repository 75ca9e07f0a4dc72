package org.parquetarrow.read.page;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnCryptoMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.read.WriterVersion;

/**
 * Fetches column chunks into heap arrays, one positional read per chunk or per group of nearby
 * chunks.
 *
 * <pre>{@code
 * ParquetFooter footer = ParquetFooter.read(file);
 * List<ColumnChunkBytes> chunks = ColumnChunkFetcher.fetchRowGroup(
 *     file, footer.metadata(), 0, new int[] {0, 3, 4}, RangeCoalescer.DEFAULT);
 * }</pre>
 */
public final class ColumnChunkFetcher {
  /** The largest array every JVM hands out. */
  static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private ColumnChunkFetcher() {}

  /**
   * The chunks {@code columns} (leaf column ordinals) of row group {@code rowGroup}, in the order
   * asked, fetched with as few reads as {@code coalescer} allows.
   *
   * @throws CorruptFileException if a chunk's metadata is missing or its range is invalid
   * @throws ParquetCryptoException if a chunk is encrypted and its metadata could not be decrypted
   * @throws ParquetIOException if the file cannot be read
   */
  public static List<ColumnChunkBytes> fetchRowGroup(
      InputFile file,
      FileMetaData metadata,
      int rowGroup,
      int[] columns,
      RangeCoalescer coalescer) {
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withRowGroup(rowGroup);
    if (rowGroup < 0 || rowGroup >= metadata.rowGroups().size()) {
      throw new IllegalArgumentException(
          "row group " + rowGroup + " of " + metadata.rowGroups().size());
    }
    RowGroup group = metadata.rowGroups().get(rowGroup);
    WriterVersion writer = WriterVersion.parse(metadata.createdBy());
    long fileLength = length(file, where);
    List<ColumnChunkRange> ranges = new ArrayList<>(columns.length);
    for (int c : columns) {
      if (c < 0 || c >= group.columns().size()) {
        throw new IllegalArgumentException("column " + c + " of " + group.columns().size());
      }
      ColumnChunk chunk = group.columns().get(c);
      ErrorLocation at = where.withColumn(columnName(chunk, c));
      checkReadable(chunk, at, true);
      try {
        ranges.add(ColumnChunkRange.of(chunk.metaData(), fileLength, writer));
      } catch (ParquetException e) {
        throw e.locate(at);
      }
    }
    try {
      return fetch(file, ranges, coalescer);
    } catch (ParquetException e) {
      throw e.locate(where);
    }
  }

  /**
   * Fetches every range, one read per group {@code coalescer} forms; the result is in the order of
   * {@code ranges}, and chunks fetched by one read share its array.
   *
   * @throws UnsupportedFeatureException if a chunk alone is larger than a Java array can hold
   */
  public static List<ColumnChunkBytes> fetch(
      InputFile file, List<ColumnChunkRange> ranges, RangeCoalescer coalescer) {
    ErrorLocation where = ErrorLocation.ofFile(file.name());
    long fileLength = length(file, where);
    List<ByteRange> byteRanges = new ArrayList<>(ranges.size());
    for (ColumnChunkRange r : ranges) {
      byteRanges.add(r.byteRange());
    }
    ColumnChunkBytes[] out = new ColumnChunkBytes[ranges.size()];
    for (RangeCoalescer.Read read : coalescer.coalesce(byteRanges)) {
      ByteRange span = read.range();
      if (span.length() > MAX_ARRAY_LENGTH) {
        if (read.members().size() > 1) {
          // merging made it too long: fall back to one read per chunk
          for (int i : read.members()) {
            out[i] = fetch(file, ranges.get(i));
          }
          continue;
        }
        throw tooLarge(span, where);
      }
      byte[] array = readFully(file, span, fileLength, where);
      for (int i : read.members()) {
        ColumnChunkRange r = ranges.get(i);
        out[i] = new ColumnChunkBytes(r, array, (int) (r.offset() - span.offset()));
      }
    }
    byte[] none = new byte[0];
    for (int i = 0; i < out.length; i++) {
      if (out[i] == null) { // empty range: nothing read
        out[i] = new ColumnChunkBytes(ranges.get(i), none, 0);
      }
    }
    return Arrays.asList(out);
  }

  /** Fetches one chunk with one positional read. */
  public static ColumnChunkBytes fetch(InputFile file, ColumnChunkRange range) {
    ErrorLocation where = ErrorLocation.ofFile(file.name());
    if (range.isEmpty()) {
      return new ColumnChunkBytes(range, new byte[0], 0);
    }
    if (range.length() > MAX_ARRAY_LENGTH) {
      throw tooLarge(range.byteRange(), where);
    }
    byte[] array = readFully(file, range.byteRange(), length(file, where), where);
    return new ColumnChunkBytes(range, array, 0);
  }

  /**
   * Refuses chunks whose pages cannot be read: external ones, ones without metadata, and
   * encrypted ones unless {@code decrypting}.
   *
   * @throws ParquetCryptoException for an encrypted chunk that cannot be decrypted
   * @throws CorruptFileException for a chunk without metadata
   */
  static void checkReadable(ColumnChunk chunk, ErrorLocation at, boolean decrypting) {
    boolean encrypted = chunk.cryptoMetadata() != null || chunk.encryptedColumnMetadata() != null;
    if (encrypted && (!decrypting || chunk.metaData() == null)) {
      throw (ParquetCryptoException)
          new ParquetCryptoException("column chunk is encrypted and its key was not given"
                  + " (ReadOptions.Builder.decryption)")
              .locate(at);
    }
    if (chunk.filePath() != null) {
      throw (UnsupportedFeatureException)
          new UnsupportedFeatureException(
                  "external column chunk",
                  "column chunk lives in another file (" + chunk.filePath() + ")")
              .locate(at);
    }
    if (chunk.metaData() == null) {
      throw new CorruptFileException("column chunk has no metadata", at, null);
    }
  }

  static String columnName(ColumnChunk chunk, int ordinal) {
    if (chunk.metaData() != null && chunk.metaData().pathInSchema() != null) {
      return String.join(".", chunk.metaData().pathInSchema());
    }
    if (chunk.cryptoMetadata() instanceof ColumnCryptoMetaData.EncryptionWithColumnKey k) {
      return String.join(".", k.pathInSchema());
    }
    return "#" + ordinal;
  }

  private static byte[] readFully(
      InputFile file, ByteRange span, long fileLength, ErrorLocation where) {
    if (span.end() > fileLength) {
      throw new CorruptFileException(
          "bytes ["
              + span.offset()
              + ", "
              + span.end()
              + ") lie past the end of the file ("
              + fileLength
              + " bytes)",
          where.withOffset(span.offset()),
          null);
    }
    byte[] array = new byte[(int) span.length()];
    try {
      file.readFully(span.offset(), ByteBuffer.wrap(array));
    } catch (IOException e) {
      throw new ParquetIOException(
              "cannot read " + span.length() + " bytes at " + span.offset() + ": " + e.getMessage(),
              e)
          .locate(where.withOffset(span.offset()));
    }
    return array;
  }

  private static long length(InputFile file, ErrorLocation where) {
    try {
      return file.length();
    } catch (IOException e) {
      throw new ParquetIOException("cannot get the file length: " + e.getMessage(), e)
          .locate(where);
    }
  }

  private static UnsupportedFeatureException tooLarge(ByteRange span, ErrorLocation where) {
    return (UnsupportedFeatureException)
        new UnsupportedFeatureException(
                "column chunk over 2 GiB",
                "column chunk of " + span.length() + " bytes is larger than a Java array can hold")
            .locate(where.withOffset(span.offset()));
  }
}
