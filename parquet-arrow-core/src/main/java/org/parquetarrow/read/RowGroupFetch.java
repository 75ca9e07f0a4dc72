package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.io.ChunkRequest;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.io.ColumnChunkFetcher;
import org.parquetarrow.io.ColumnChunkRange;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.RangeCoalescer;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.index.OffsetIndexReader;

/**
 * The fetch of one row group's chunks for the projected leaves: planned (chunk ranges checked,
 * offset indexes read when only some rows are selected, byte spans worked out), then started
 * (perhaps ahead, by {@link BatchReader}'s prefetch), then awaited. What is asked of a local file's chunk
 * (all of it, or its selected pages), when longer than {@link FetchOptions#localSlice()}, is not
 * fetched: it comes out {@linkplain ColumnChunkBytes#streamed streamed}, for its page reader to
 * read slice by slice.
 *
 * <pre>{@code
 * RowGroupFetch f = RowGroupFetch.plan(file, metadata, writer, decryptor, fetchOptions, LocalHoles.READ_THROUGH,
 *     leafOrdinals, g, selected);
 * f.start();                                  // ahead of time, for a remote file
 * List<ColumnChunkBytes> chunks = f.await();  // one per leaf, in leaf order
 * }</pre>
 */
final class RowGroupFetch {
  final int rowGroup;
  final ErrorLocation where;
  final RowSelection selected;
  /** The selection the page readers skip by, {@code null} when every row is read. */
  final RowSelection partial;
  final List<OffsetIndex> offsetIndexes;
  final ColumnDecryptor[] decryptors;
  private final InputFile file;
  private final List<ChunkRequest> requests;
  private final RangeCoalescer coalescer;
  private final ColumnChunkFetcher.LocalHoles holes;
  /** Per request, whether its chunk is streamed rather than fetched. */
  private final boolean[] streamed;
  final long plannedBytes;
  /** What the coalesced reads span: {@link #plannedBytes} and the holes they read through. */
  final long requestedBytes;
  private CompletableFuture<List<ColumnChunkBytes>> bytes;

  private RowGroupFetch(InputFile file, int rowGroup, ErrorLocation where, RowSelection selected,
      RowSelection partial, List<OffsetIndex> offsetIndexes, ColumnDecryptor[] decryptors,
      List<ChunkRequest> requests, RangeCoalescer coalescer, ColumnChunkFetcher.LocalHoles holes,
      int localSlice) {
    this.file = file;
    this.rowGroup = rowGroup;
    this.where = where;
    this.selected = selected;
    this.partial = partial;
    this.offsetIndexes = offsetIndexes;
    this.decryptors = decryptors;
    this.requests = requests;
    this.coalescer = coalescer;
    this.holes = holes;
    this.streamed = new boolean[requests.size()];
    long n = 0;
    long requested = 0;
    List<FileRange> spans = new ArrayList<>();
    for (int i = 0; i < requests.size(); i++) {
      ChunkRequest r = requests.get(i);
      long asked = 0;
      for (FileRange span : r.fileRanges()) {
        asked += span.length();
      }
      streamed[i] = localSlice > 0 && file.locality() == InputFile.Locality.LOCAL && asked > localSlice;
      for (FileRange span : r.fileRanges()) {
        n += span.length();
        if (streamed[i]) {
          requested += span.length();
        } else {
          spans.add(span);
        }
      }
    }
    this.plannedBytes = n;
    if (holes == ColumnChunkFetcher.LocalHoles.SKIP && file.locality() == InputFile.Locality.LOCAL) {
      for (FileRange span : spans) {
        requested += span.length();
      }
    } else {
      for (RangeCoalescer.Read read : coalescer.coalesce(spans)) {
        requested += read.range().length();
      }
    }
    this.requestedBytes = requested;
  }

  /**
   * The fetch of the rows {@code selected} of row group {@code g}, for the leaf columns {@code
   * leafOrdinals}: its chunk ranges checked, its offset indexes read (once, coalesced) when only
   * some of its rows are selected, and the byte spans worked out; {@code null} when none of its
   * rows is selected.
   *
   * @param decryptor the file's decryptor, {@code null} for a plaintext file
   * @param holes what the reads of a local file do with the holes they bridge
   */
  static RowGroupFetch plan(InputFile file, FileMetaData metadata, WriterVersion writer,
      FileDecryptor decryptor, FetchOptions fetchOptions, ColumnChunkFetcher.LocalHoles holes,
      int[] leafOrdinals, int g, RowSelection selected) {
    RowGroup group = metadata.rowGroups().get(g);
    if (selected.isEmpty()) {
      return null;
    }
    boolean partial = selected.rowCount() < group.numRows();
    ErrorLocation where = ErrorLocation.ofFile(file.name()).withRowGroup(g);
    int columns = group.columns() == null ? 0 : group.columns().size();
    for (int ordinal : leafOrdinals) {
      if (ordinal >= columns) {
        throw new CorruptFileException(
            "row group has " + columns + " column chunks; the schema has more leaf columns", where, null);
      }
    }
    List<ColumnChunkRange> chunkRanges;
    try {
      chunkRanges = ColumnChunkFetcher.chunkRanges(file, metadata, writer, g, leafOrdinals);
    } catch (ParquetException e) {
      throw e.locate(where);
    }
    List<ColumnChunk> chunks = new ArrayList<>(leafOrdinals.length);
    ColumnDecryptor[] columnDecryptors = new ColumnDecryptor[leafOrdinals.length];
    List<ColumnDecryptor> decryptors = new ArrayList<>(leafOrdinals.length);
    for (int i = 0; i < leafOrdinals.length; i++) {
      ColumnChunk chunk = group.columns().get(leafOrdinals[i]);
      chunks.add(chunk);
      columnDecryptors[i] = decryptor != null && decryptor.isEncrypted(chunk)
          ? decryptor.columnDecryptor(metadata, g, leafOrdinals[i]) : null;
      decryptors.add(columnDecryptors[i]);
    }
    RangeCoalescer coalescer = fetchOptions.coalescerFor(file.locality());
    List<ChunkRequest> requests = new ArrayList<>(leafOrdinals.length);
    List<OffsetIndex> offsetIndexes = null;
    if (!partial) {
      for (ColumnChunkRange r : chunkRanges) {
        requests.add(ChunkRequest.whole(r));
      }
    } else {
      offsetIndexes = OffsetIndexReader.readAll(file, chunks, MetadataLimits.DEFAULT, decryptors, coalescer);
      for (int i = 0; i < leafOrdinals.length; i++) {
        requests.add(ChunkRequest.selectedPages(
            chunkRanges.get(i), offsetIndexes.get(i), selected, group.numRows()));
      }
    }
    return new RowGroupFetch(file, g, where, selected, partial ? selected : null, offsetIndexes,
        columnDecryptors, requests, coalescer, holes, fetchOptions.localSlice());
  }

  /** Starts reading the chunks, unless already started (streamed chunks are read by their page readers). */
  void start() {
    if (bytes != null) {
      return;
    }
    List<ChunkRequest> fetched = new ArrayList<>(requests.size());
    for (int i = 0; i < requests.size(); i++) {
      if (!streamed[i]) {
        fetched.add(requests.get(i));
      }
    }
    if (fetched.size() == requests.size()) {
      bytes = ColumnChunkFetcher.fetchAsync(file, requests, coalescer, holes);
      return;
    }
    bytes = ColumnChunkFetcher.fetchAsync(file, fetched, coalescer, holes).thenApply(got -> {
      List<ColumnChunkBytes> all = new ArrayList<>(requests.size());
      int k = 0;
      for (int i = 0; i < requests.size(); i++) {
        all.add(streamed[i] ? ColumnChunkBytes.streamed(requests.get(i), file) : got.get(k++));
      }
      return all;
    });
  }

  /** The chunks, one per leaf in leaf order; starts the reads if need be. */
  List<ColumnChunkBytes> await() {
    start();
    try {
      return bytes.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof ParquetException p) {
        throw p.locate(where);
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  void cancel() {
    if (bytes != null) {
      bytes.cancel(false);
    }
  }
}
