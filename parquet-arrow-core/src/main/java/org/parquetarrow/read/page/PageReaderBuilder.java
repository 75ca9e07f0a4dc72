package org.parquetarrow.read.page;

import java.util.List;
import java.util.Objects;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.compress.Decompressor;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.selection.RowSelection;

/**
 * Configures a {@link ColumnChunkPageReader}. Only the chunk, its bytes and the column's max
 * levels are required.
 *
 * <pre>{@code
 * PageReaderBuilder b = ColumnChunkPageReader.builder(bytes, chunk, maxDefinitionLevel, maxRepetitionLevel)
 *     .writerVersion(footer.writerVersion())
 *     .decryptor(columnDecryptor);   // null for a plaintext chunk
 * try (ColumnChunkPageReader pages = b.build()) { ... }
 * }</pre>
 */
public final class PageReaderBuilder {
  // read by the reader's constructor
  final ColumnChunkBytes bytes;
  private final ColumnChunk chunk;
  final int maxDefinitionLevel;
  final int maxRepetitionLevel;
  private ErrorLocation location = ErrorLocation.UNKNOWN;
  WriterVersion writer = WriterVersion.UNKNOWN;
  PageReadOptions options = PageReadOptions.DEFAULT;
  private OffsetIndex offsetIndex;
  private long rowGroupRows = -1;
  RowSelection selection;
  Decompressor decompressor;
  ColumnDecryptor decryptor;
  ChunkSlices slices;
  RetainedScratch retained = RetainedScratch.SHARED;

  PageReaderBuilder(ColumnChunkBytes bytes, ColumnChunk chunk, int maxDef, int maxRep) {
    this.bytes = Objects.requireNonNull(bytes, "bytes");
    this.chunk = Objects.requireNonNull(chunk, "chunk");
    if (maxDef < 0 || maxRep < 0) {
      throw new IllegalArgumentException("negative max level: " + maxDef + ", " + maxRep);
    }
    this.maxDefinitionLevel = maxDef;
    this.maxRepetitionLevel = maxRep;
  }

  /** Where errors say they happened (file, row group); the column is filled in from the chunk. */
  public PageReaderBuilder location(ErrorLocation location) {
    this.location = Objects.requireNonNull(location, "location");
    return this;
  }

  /** The file's writer, for workarounds of known writer bugs. Default: unknown. */
  public PageReaderBuilder writerVersion(WriterVersion writer) {
    this.writer = Objects.requireNonNull(writer, "writer");
    return this;
  }

  public PageReaderBuilder options(PageReadOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    return this;
  }

  /**
   * The chunk's offset index ({@code null}: none) and the number of rows of its row group, which
   * bounds the last page's rows.
   */
  public PageReaderBuilder offsetIndex(OffsetIndex index, long rowGroupRows) {
    if (index != null && rowGroupRows < 0) {
      throw new IllegalArgumentException("negative row count " + rowGroupRows);
    }
    this.offsetIndex = index;
    this.rowGroupRows = rowGroupRows;
    return this;
  }

  /**
   * The rows wanted ({@code null}: all). Pages holding none of them are skipped when an offset
   * index is given; without one, every page is returned.
   */
  public PageReaderBuilder selection(RowSelection selection) {
    this.selection = selection;
    return this;
  }

  /**
   * A decompressor for the chunk's codec, owned by the caller and not closed by the reader (to
   * share one across chunks). Default: the reader makes one when the first compressed page needs
   * it, and closes it.
   */
  public PageReaderBuilder decompressor(Decompressor decompressor) {
    this.decompressor = decompressor;
    return this;
  }

  /**
   * The decryptor of the chunk's modules, required for an encrypted chunk ({@code null}: the
   * chunk is in plaintext).
   */
  public PageReaderBuilder decryptor(ColumnDecryptor decryptor) {
    this.decryptor = decryptor;
    return this;
  }

  /**
   * The buffers a {@linkplain ColumnChunkBytes#isStreamed() streamed} chunk is read into, shared
   * with the readers of the column's other chunks, one reader at a time ({@code null}: the reader
   * takes its own, of {@link org.parquetarrow.io.FetchOptions#DEFAULT_LOCAL_SLICE} bytes). Ignored
   * for fetched chunks.
   */
  public PageReaderBuilder slices(ChunkSlices slices) {
    this.slices = slices;
    return this;
  }

  /**
   * Where decompression buffers come from and go back to when the reader is done with them
   * ({@link RetainedScratch#SHARED} unless a test gives its own; {@code null}: allocated and
   * dropped with the chunk).
   */
  PageReaderBuilder retained(RetainedScratch retained) {
    this.retained = retained;
    return this;
  }

  /**
   * The reader.
   *
   * @throws org.parquetarrow.ParquetCryptoException if the chunk is encrypted and no decryptor
   *     was given
   * @throws CorruptFileException if the chunk has no metadata or the offset index does not fit
   *     the chunk
   * @throws IllegalArgumentException if a supplied decompressor is for another codec
   */
  public ColumnChunkPageReader build() {
    ErrorLocation where =
        location.fillFrom(ErrorLocation.UNKNOWN.withColumn(ColumnChunkFetcher.columnName(chunk, -1)));
    ColumnChunkFetcher.checkReadable(chunk, where, decryptor != null);
    ColumnMetaData meta = chunk.metaData();
    if (decompressor != null && decompressor.codec() != meta.codec()) {
      throw new IllegalArgumentException(
          "decompressor for " + decompressor.codec() + " given for a " + meta.codec() + " chunk");
    }
    OffsetIndexPlan plan = null;
    if (!bytes.isDense() && !bytes.isStreamed() && (offsetIndex == null || meta.numValues() == 0)) {
      throw new IllegalArgumentException(
          "a sparse chunk is read through its offset index, and none was given: " + bytes);
    }
    if (bytes.isStreamed() && offsetIndex == null && !readsWhole(bytes)) {
      throw new IllegalArgumentException(
          "a chunk streamed in parts is read through its offset index, and none was given: " + bytes);
    }
    if (offsetIndex != null && meta.numValues() > 0) {
      try {
        plan = OffsetIndexPlan.of(offsetIndex, bytes, rowGroupRows);
        if (plan.pageCount() == 0) {
          throw new CorruptFileException("offset index lists no page for a chunk with values");
        }
      } catch (ParquetException e) {
        throw e.locate(where);
      }
    }
    return new ColumnChunkPageReader(this, meta, plan, where);
  }

  private static boolean readsWhole(ColumnChunkBytes bytes) {
    List<FileRange> spans = bytes.streamedSpans();
    return spans.isEmpty() || (spans.size() == 1 && spans.get(0).offset() == bytes.range().offset()
        && spans.get(0).end() == bytes.range().end());
  }
}
