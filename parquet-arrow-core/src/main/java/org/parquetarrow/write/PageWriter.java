package org.parquetarrow.write;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.Compressor;
import org.parquetarrow.compress.GrowableByteArray;
import org.parquetarrow.crypto.ColumnEncryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.DictionaryPageHeader;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.Statistics;

/**
 * Turns the encoded body of a page into the page as the file stores it, the same way for
 * dictionary pages and v1 and v2 data pages: compressed with the column's codec, encrypted as its
 * module when the column is encrypted, its CRC, and its header (encrypted as the header module)
 * in front. One per column; it counts what the chunk's metadata states of its pages (uncompressed
 * bytes, header bytes), from {@link #startChunk} on.
 *
 * <pre>{@code
 * PageWriter pages = new PageWriter(CompressionCodec.ZSTD, null, true);
 * pages.startChunk(null);                                  // a plaintext column
 * PageWriter.StoredPage page = pages.dataPageV1(body, slots, Encoding.PLAIN, null, 0);
 * }</pre>
 */
final class PageWriter implements AutoCloseable {
  /**
   * A data page as the file stores it: its header, then {@code body[0 .. bodyLength)}. The two are
   * kept apart so that a body written as it was encoded is not copied behind its header.
   */
  record StoredPage(byte[] header, byte[] body, int bodyLength) {
    int length() {
      return header.length + bodyLength;
    }
  }

  /** Unused room above which a body handed over is trimmed rather than held with its slack. */
  private static final int SLACK = 4096;

  private final CompressionCodec codec;
  private final Compressor compressor;
  private final boolean checksums;
  // per-column buffer: starts empty and grows with what the column holds (wide files, few rows)
  private final GrowableByteArray compressed = new GrowableByteArray(0);
  private final CRC32 crc = new CRC32();
  /** The file's pages in flight: awaited before this writer is used on the caller's thread. */
  private final PageLane lane;
  /** The open chunk's module encryptor, or {@code null} for a plaintext column. */
  private ColumnEncryptor modules;
  private long uncompressedBytes;
  private long headerBytes;

  /**
   * @param level the codec's level, or {@code null} for its default
   * @param lane the file's page lane, which may run {@link #dataPageV1} and {@link #dataPageV2} on
   *     a helper thread: the other methods wait for it first
   */
  PageWriter(CompressionCodec codec, Integer level, boolean checksums, PageLane lane) {
    this.lane = lane;
    this.codec = codec;
    this.compressor = level == null ? Codecs.compressor(codec) : Codecs.compressor(codec, level);
    this.checksums = checksums;
  }

  /** Starts a chunk whose modules {@code modules} encrypts ({@code null}: a plaintext column). */
  void startChunk(ColumnEncryptor modules) {
    this.modules = modules;
    uncompressedBytes = 0;
    headerBytes = 0;
  }

  /** The open chunk's module encryptor, or {@code null}. */
  ColumnEncryptor modules() {
    return modules;
  }

  /** Uncompressed bytes of the chunk's page bodies so far (the headers not included). */
  long uncompressedBytes() {
    return uncompressedBytes;
  }

  /** Bytes of the chunk's page headers so far, as stored (encrypted when the column is). */
  long headerBytes() {
    return headerBytes;
  }

  /** Whether storing a data page does any work a helper thread could take over. */
  boolean worthAHelper() {
    return codec != CompressionCodec.UNCOMPRESSED || checksums || modules != null;
  }

  /**
   * Whether {@link #dataPageV1} keeps the body's array as the stored page (uncompressed plaintext
   * pages), so that the caller must not write to that sink again; otherwise the body is only read.
   */
  boolean keepsV1Body() {
    return codec == CompressionCodec.UNCOMPRESSED && modules == null;
  }

  /**
   * A v1 data page of {@code body} (levels and values); an uncompressed plaintext body goes out as
   * it is, its array taken over (see {@link #keepsV1Body}). {@code ordinal} is the page's among the
   * chunk's data pages, which its AADs carry.
   */
  StoredPage dataPageV1(ByteSink body, int slots, Encoding encoding, Statistics stats, int ordinal) {
    byte[] bytes = body.array();
    int length = body.size();
    boolean kept = keepsV1Body();
    if (!kept) {
      compressed.clear();
      compressor.compress(body.array(), 0, body.size(), compressed);
      encrypt(ModuleType.DATA_PAGE, 0, ordinal);
      bytes = compressed.array();
      length = compressed.length();
    }
    DataPageHeader h = new DataPageHeader(slots, encoding, Encoding.RLE, Encoding.RLE, stats);
    PageHeader header = new PageHeader(PageType.DATA_PAGE, body.size(), length, crc(bytes, length),
        h, null, null, null);
    uncompressedBytes += body.size();
    byte[] stored = kept && bytes.length - length <= SLACK + (length >>> 3) ? bytes : Arrays.copyOf(bytes, length);
    return new StoredPage(header(header, ModuleType.DATA_PAGE_HEADER, ordinal), stored, length);
  }

  /**
   * A v2 data page: {@code levels} (repetition levels, {@code repLength} bytes, then definition
   * levels) stay uncompressed before the compressed {@code values}.
   */
  StoredPage dataPageV2(ByteSink levels, int repLength, ByteSink values, int slots, int nulls, int rows,
      Encoding encoding, Statistics stats, int ordinal) {
    int defLength = levels.size() - repLength;
    compressed.clear();
    compressed.write(levels.array(), 0, levels.size());
    boolean compress = codec != CompressionCodec.UNCOMPRESSED;
    if (compress) {
      compressor.compress(values.array(), 0, values.size(), compressed);
    } else {
      compressed.write(values.array(), 0, values.size());
    }
    // parquet-java's layout: the levels stay in plaintext before the module of the values, which
    // compressed_page_size and the CRC count as stored (see the crypto package documentation)
    encrypt(ModuleType.DATA_PAGE, levels.size(), ordinal);
    int uncompressed = levels.size() + values.size();
    DataPageHeaderV2 h = new DataPageHeaderV2(slots, nulls, rows, encoding, defLength, repLength, compress, stats);
    PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, uncompressed, compressed.length(),
        crc(compressed.array(), compressed.length()), null, null, null, h);
    uncompressedBytes += uncompressed;
    return new StoredPage(header(header, ModuleType.DATA_PAGE_HEADER, ordinal),
        Arrays.copyOf(compressed.array(), compressed.length()), compressed.length());
  }

  /** The dictionary page of {@code count} PLAIN {@code entries}, always passed through the codec. */
  byte[] dictionaryPage(ByteSink entries, int count, int ordinal) {
    lane.await();
    compressed.clear();
    compressor.compress(entries.array(), 0, entries.size(), compressed);
    encrypt(ModuleType.DICTIONARY_PAGE, 0, ordinal);
    PageHeader header = new PageHeader(PageType.DICTIONARY_PAGE, entries.size(), compressed.length(),
        crc(compressed.array(), compressed.length()), null, null,
        new DictionaryPageHeader(count, Encoding.PLAIN, null), null);
    byte[] page = withHeader(header, ModuleType.DICTIONARY_PAGE_HEADER, compressed.array(), compressed.length(),
        ordinal);
    uncompressedBytes += entries.size();
    return page;
  }

  /** The size {@code bytes} would take compressed with the column's codec (a trial, written nowhere). */
  long compressedSize(byte[] bytes, int offset, int length) {
    if (codec == CompressionCodec.UNCOMPRESSED) {
      return length;
    }
    lane.await();
    compressed.clear();
    return compressor.compress(bytes, offset, length, compressed);
  }

  private Integer crc(byte[] bytes, int length) {
    if (!checksums) {
      return null;
    }
    crc.reset();
    crc.update(bytes, 0, length);
    return (int) crc.getValue();
  }

  /**
   * When the column is encrypted, replaces the bytes of {@link #compressed} after its first {@code
   * plaintextPrefix} bytes by their {@code type} module.
   */
  private void encrypt(ModuleType type, int plaintextPrefix, int ordinal) {
    if (modules == null) {
      return;
    }
    ByteBuffer plain = ByteBuffer.wrap(compressed.array(), plaintextPrefix, compressed.length() - plaintextPrefix);
    byte[] module = modules.encrypt(type, plain, ordinal);
    compressed.truncate(plaintextPrefix);
    compressed.write(module, 0, module.length);
  }

  /** The page header, encrypted as a {@code type} module when the column is, followed by the body. */
  private byte[] withHeader(PageHeader header, ModuleType type, byte[] body, int length, int ordinal) {
    byte[] h = header(header, type, ordinal);
    byte[] page = Arrays.copyOf(h, h.length + length);
    System.arraycopy(body, 0, page, h.length, length);
    return page;
  }

  /** The page header's bytes, encrypted as a {@code type} module when the column is; counted in {@link #headerBytes}. */
  private byte[] header(PageHeader header, ModuleType type, int ordinal) {
    byte[] h = MetadataWriter.toBytes(header);
    if (modules != null) {
      h = modules.encrypt(type, ByteBuffer.wrap(h), ordinal);
    }
    headerBytes += h.length;
    return h;
  }

  @Override
  public void close() {
    lane.quiesce(); // no helper may still use the compressor
    compressor.close();
  }
}
