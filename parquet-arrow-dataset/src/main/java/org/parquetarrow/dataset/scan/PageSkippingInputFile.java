package org.parquetarrow.dataset.scan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.read.RowSelection;
import org.parquetarrow.read.page.OffsetIndexReader;

/**
 * A file as the reader of one scan task sees it: a read of a column chunk in a row group whose
 * row selection leaves whole pages out does not read those pages' bytes (found through the
 * chunk's offset index); they read as zeros, and the reader, which locates the pages it decodes
 * through the same offset index, never looks at them. The core reader fetches whole column
 * chunks; this is what makes a point lookup read one page per column instead of the row group.
 * Counts the bytes it really reads. Used by one thread at a time.
 */
final class PageSkippingInputFile implements InputFile {
  /** Unneeded runs shorter than this are read through: one read is cheaper than two. */
  static final long MIN_HOLE = 8 << 10;

  private final InputFile in;
  private final FileMetaData metadata;
  private final FileDecryptor decryptor;
  private final Map<Integer, RowSelection> partialGroups;
  private final Map<ColumnChunk, long[]> holesByChunk = new IdentityHashMap<>();
  private long bytesRead;

  /**
   * @param partialGroups the row groups read with a selection of only some of their rows, by
   *     index, with that selection
   * @param metadata the file's metadata, with encrypted column metadata decrypted where the keys
   *     allow (chunks without readable metadata are read whole)
   * @param decryptor the file's decryption state, for the offset indexes of encrypted chunks
   *     ({@code null}: plaintext file, or no keys)
   */
  PageSkippingInputFile(InputFile in, FileMetaData metadata, FileDecryptor decryptor, Map<Integer, RowSelection> partialGroups) {
    this.in = in;
    this.metadata = metadata;
    this.decryptor = decryptor;
    this.partialGroups = Map.copyOf(partialGroups);
  }

  /** Bytes read from the underlying file so far. */
  long bytesRead() {
    return bytesRead;
  }

  @Override
  public String name() {
    return in.name();
  }

  @Override
  public long length() throws IOException {
    return in.length();
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    long end = position + dst.remaining();
    long[] holes = holesWithin(position, end);
    int base = dst.position();
    long at = position;
    for (int i = 0; i < holes.length; i += 2) {
      readRange(at, holes[i], dst, base, position);
      zero(dst, base + (int) (holes[i] - position), (int) (holes[i + 1] - holes[i]));
      at = holes[i + 1];
    }
    readRange(at, end, dst, base, position);
    dst.position(base + (int) (end - position));
  }

  private void readRange(long from, long to, ByteBuffer dst, int base, long position) throws IOException {
    if (to <= from) {
      return;
    }
    ByteBuffer slice = dst.duplicate();
    slice.limit(base + (int) (to - position)).position(base + (int) (from - position));
    in.readFully(from, slice);
    bytesRead += to - from;
  }

  private static void zero(ByteBuffer dst, int from, int length) {
    if (dst.hasArray()) {
      int start = dst.arrayOffset() + from;
      Arrays.fill(dst.array(), start, start + length, (byte) 0);
    } else {
      for (int i = 0; i < length; i++) {
        dst.put(from + i, (byte) 0);
      }
    }
  }

  /** Sorted, disjoint holes (start, end pairs) of the chunks that overlap [from, to), clipped to it. */
  private long[] holesWithin(long from, long to) throws IOException {
    List<long[]> found = new ArrayList<>();
    for (Map.Entry<Integer, RowSelection> e : partialGroups.entrySet()) {
      RowGroup group = metadata.rowGroups().get(e.getKey());
      for (int c = 0; c < group.columns().size(); c++) {
        ColumnChunk chunk = group.columns().get(c);
        long start = chunkStart(chunk);
        if (start < 0 || start >= to || start + chunk.metaData().totalCompressedSize() <= from) {
          continue;
        }
        long[] holes = holesByChunk.get(chunk);
        if (holes == null) {
          holes = holes(chunk, e.getKey(), c, e.getValue(), group.numRows());
          holesByChunk.put(chunk, holes);
        }
        for (int i = 0; i < holes.length; i += 2) {
          long s = Math.max(from, holes[i]);
          long t = Math.min(to, holes[i + 1]);
          if (t > s) {
            found.add(new long[] {s, t});
          }
        }
      }
    }
    found.sort((a, b) -> Long.compare(a[0], b[0]));
    long[] out = new long[2 * found.size()];
    int n = 0;
    long last = from;
    for (long[] h : found) {
      if (h[0] >= last) { // chunks never overlap in a valid file; a hostile one gets no holes there
        out[n++] = h[0];
        out[n++] = h[1];
        last = h[1];
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static long chunkStart(ColumnChunk chunk) {
    ColumnMetaData m = chunk.metaData();
    if (m == null) {
      return -1;
    }
    Long dict = m.dictionaryPageOffset();
    return dict != null && dict > 0 && dict < m.dataPageOffset() ? dict : m.dataPageOffset();
  }

  /**
   * The byte runs of the pages of {@code chunk} that hold none of the selected rows, merged; none
   * if the chunk has no offset index or one that does not describe ordered pages inside the chunk
   * (the reader then reads, and judges, the whole chunk).
   */
  private long[] holes(ColumnChunk chunk, int rowGroup, int column, RowSelection rows, long groupRows)
      throws IOException {
    ColumnDecryptor chunkDecryptor = null;
    if (chunk.cryptoMetadata() != null || chunk.encryptedColumnMetadata() != null) {
      if (decryptor == null || chunk.cryptoMetadata() == null) {
        return new long[0]; // its offset index is ciphertext: the reader reads (and fails on) the whole chunk
      }
      try {
        chunkDecryptor = decryptor.columnDecryptor(metadata, rowGroup, column);
      } catch (ParquetCryptoException missingKey) {
        return new long[0]; // a column the reader cannot read either; it fails there if projected
      }
    }
    OffsetIndex index;
    CountingFile counting = new CountingFile();
    index = OffsetIndexReader.read(counting, chunk, MetadataLimits.DEFAULT, chunkDecryptor);
    bytesRead += counting.read;
    if (index == null) {
      return new long[0];
    }
    List<PageLocation> pages = index.pageLocations();
    long chunkStart = chunkStart(chunk);
    long chunkEnd = chunkStart + chunk.metaData().totalCompressedSize();
    long[] out = new long[2 * pages.size()];
    int n = 0;
    long previousEnd = chunkStart;
    for (int i = 0; i < pages.size(); i++) {
      PageLocation p = pages.get(i);
      long first = p.firstRowIndex();
      long next = i + 1 < pages.size() ? pages.get(i + 1).firstRowIndex() : groupRows;
      if (p.offset() < previousEnd || p.compressedPageSize() <= 0 || p.offset() + p.compressedPageSize() > chunkEnd
          || next <= first) {
        return new long[0];
      }
      previousEnd = p.offset() + p.compressedPageSize();
      if (rows.selects(first, next)) {
        continue;
      }
      if (n > 0 && out[n - 1] == p.offset()) {
        out[n - 1] = previousEnd;
      } else {
        out[n++] = p.offset();
        out[n++] = previousEnd;
      }
    }
    int kept = 0;
    for (int i = 0; i < n; i += 2) {
      if (out[i + 1] - out[i] >= MIN_HOLE) {
        out[kept++] = out[i];
        out[kept++] = out[i + 1];
      }
    }
    return Arrays.copyOf(out, kept);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** The underlying file, counting what offset index reads take. */
  private final class CountingFile implements InputFile {
    long read;

    @Override
    public String name() {
      return in.name();
    }

    @Override
    public long length() throws IOException {
      return in.length();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
      read += dst.remaining();
      in.readFully(position, dst);
    }

    @Override
    public void close() {}
  }
}
