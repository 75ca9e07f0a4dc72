package org.parquetarrow.bloom;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.BloomFilterHeader;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.index.ModuleReader;
import org.parquetarrow.io.InputFile;

/**
 * Reads a column chunk's bloom filter, header and bitset, at its {@code bloom_filter_offset}.
 *
 * <p>When the chunk records {@code bloom_filter_length}, the filter is one read of exactly that
 * many bytes. When it does not (older writers), one read of the first {@value #SPECULATIVE_READ}
 * bytes (or up to the end of the file) holds the header, and a second read fetches only the part of
 * the bitset beyond it: no byte is read twice. In an encrypted column the header and the bitset
 * are two modules, read the same way and decrypted with the column's decryptor.
 *
 * <p>Every offset and length is checked against the file (and a header's size against the
 * spec's 32 bytes to 128 MiB) before anything is allocated; a failure is a {@link
 * CorruptFileException} naming the file, the column and the filter's offset.
 *
 * <pre>{@code
 * try (InputFile in = LocalInputFile.open(path)) {
 *   ColumnMetaData chunk = ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData();
 *   Optional<StoredBloomFilter> stored = BloomFilterReader.read(in, chunk);
 *   boolean maybe = stored.map(s -> !s.probeable() || s.filter().mightContain(SplitBlockBloomFilter.hashLong(42)))
 *       .orElse(true);
 * }
 * }</pre>
 */
public final class BloomFilterReader {
  /**
   * Bytes read at the filter's offset when the chunk does not record the filter's length: room for
   * any header (encrypted ones too), and the whole of a filter of a few hundred distinct values.
   */
  public static final int SPECULATIVE_READ = 1024;
  /**
   * Bytes read for a header when probing by block: a plaintext header of the spec's algorithm,
   * hash and compression takes 15 to 19 bytes; room is left for fields a later spec may add.
   */
  public static final int HEADER_READ = 64;
  /** Bytes a header may take in a filter of unknown length, beyond which it is taken as corrupt. */
  private static final int MAX_HEADER_BYTES = 64 * 1024;
  /** Room for the headers and module framing around the largest bitset. */
  private static final long MAX_LENGTH = (long) SplitBlockBloomFilter.MAX_BYTES + MAX_HEADER_BYTES;

  private BloomFilterReader() {}

  /**
   * The filter of a plaintext column chunk, empty when the chunk has none.
   *
   * @throws CorruptFileException if the filter lies outside the file or does not parse
   * @throws ParquetIOException if the file cannot be read
   */
  public static Optional<StoredBloomFilter> read(InputFile file, ColumnMetaData chunk) {
    return read(file, chunk, null, null);
  }

  /**
   * The filter of a column chunk, decrypting its header and bitset modules with {@code decryptor}
   * when the chunk is encrypted ({@code null} for a plaintext chunk); empty when the chunk has none.
   *
   * @param where the file, row group and column to name in errors (the filter's offset is added);
   *     {@code null}: the file's name and the column's path
   * @throws CorruptFileException if the filter lies outside the file or does not parse
   * @throws org.parquetarrow.ParquetCryptoException if a module does not authenticate
   * @throws ParquetIOException if the file cannot be read
   */
  public static Optional<StoredBloomFilter> read(InputFile file, ColumnMetaData chunk, ColumnDecryptor decryptor,
      ErrorLocation where) {
    if (chunk.bloomFilterOffset() == null) {
      return Optional.empty();
    }
    ErrorLocation at = at(file, chunk, where);
    try {
      Extent e = extent(file, chunk, at);
      Span span = new Span(file, e.offset(), e.limit(), e.declared() != null);
      span.ensure(e.declared() != null ? e.declared() : Math.min(e.limit(), SPECULATIVE_READ));
      StoredBloomFilter stored = decryptor == null ? plain(span, at) : encrypted(span, decryptor, at);
      return Optional.of(stored);
    } catch (IOException x) {
      throw new ParquetIOException("cannot read the bloom filter: " + x.getMessage(), x).locate(at);
    }
  }

  /** Where a chunk's filter lies: its offset, its recorded length (or null), and the bytes it may span. */
  private record Extent(long offset, Integer declared, long limit) {}

  private static ErrorLocation at(InputFile file, ColumnMetaData chunk, ErrorLocation where) {
    ErrorLocation base = where != null ? where
        : ErrorLocation.ofFile(file.name()).withColumn(String.join(".", chunk.pathInSchema()));
    return base.withOffset(chunk.bloomFilterOffset());
  }

  /** The filter's extent, checked against the file and the spec's bound before anything is read. */
  private static Extent extent(InputFile file, ColumnMetaData chunk, ErrorLocation at) throws IOException {
    long offset = chunk.bloomFilterOffset();
    Integer declared = chunk.bloomFilterLength();
    long fileLength = file.length();
    if (offset < 0 || offset >= fileLength) {
      throw new CorruptFileException("bloom filter offset " + offset + " lies outside the file of " + fileLength
          + " bytes", at, null);
    }
    long available = fileLength - offset;
    if (declared != null && (declared <= 0 || declared > available || declared > MAX_LENGTH)) {
      throw new CorruptFileException("bloom filter of " + declared + " bytes at " + offset + " does not fit the "
          + available + " bytes after its offset (nor the spec's 128 MiB)", at, null);
    }
    return new Extent(offset, declared, declared != null ? declared : available);
  }

  /**
   * The filter of a plaintext column chunk, opened for probing by block: only its header is read
   * here (one read of {@value #HEADER_READ} bytes, or the filter's recorded length if smaller),
   * and each probe of the result reads only the 32-byte block its hash selects. Empty when the
   * chunk has none. An encrypted filter's bitset is one authenticated module and cannot be read
   * by block: read it whole with {@link #read(InputFile, ColumnMetaData, ColumnDecryptor, ErrorLocation)}.
   *
   * @param where as for {@link #read(InputFile, ColumnMetaData, ColumnDecryptor, ErrorLocation)}
   * @throws CorruptFileException if the header lies outside the file, does not parse, or declares
   *     a bitset that does not fit the filter's recorded length or the file
   * @throws ParquetIOException if the file cannot be read
   */
  public static Optional<BloomFilterBlocks> openBlocks(InputFile file, ColumnMetaData chunk, ErrorLocation where) {
    if (chunk.bloomFilterOffset() == null) {
      return Optional.empty();
    }
    ErrorLocation at = at(file, chunk, where);
    try {
      Extent e = extent(file, chunk, at);
      long offset = e.offset();
      long limit = e.limit();
      // whole = false: a header longer than the first read grows the span instead of failing
      Span span = new Span(file, offset, limit, false);
      span.ensure(Math.min(limit, HEADER_READ));
      BloomFilterHeader header = plainHeader(span, at);
      int headerSize = span.headerSize;
      if (!StoredBloomFilter.known(header)) {
        return Optional.of(new BloomFilterBlocks(file, header, false, offset + headerSize, 0, span.bytesRead(), at));
      }
      int numBytes = checkedSize(header, at);
      if (headerSize + (long) numBytes > limit) {
        throw new CorruptFileException("bloom filter bitset of " + numBytes + " bytes does not fit the "
            + (limit - headerSize) + " bytes after its header", at, null);
      }
      return Optional.of(new BloomFilterBlocks(file, header, true, offset + headerSize, numBytes, span.bytesRead(), at));
    } catch (IOException x) {
      throw new ParquetIOException("cannot read the bloom filter: " + x.getMessage(), x).locate(at);
    }
  }

  /** Header, then the bitset right after it. */
  private static StoredBloomFilter plain(Span span, ErrorLocation at) throws IOException {
    BloomFilterHeader header = plainHeader(span, at);
    int headerSize = span.headerSize;
    if (!StoredBloomFilter.known(header)) {
      return new StoredBloomFilter(header, null, span.bytesRead());
    }
    int numBytes = checkedSize(header, at);
    if (headerSize + (long) numBytes > span.limit) {
      throw new CorruptFileException("bloom filter bitset of " + numBytes + " bytes does not fit the "
          + (span.limit - headerSize) + " bytes after its header", at, null);
    }
    span.ensure(headerSize + numBytes);
    return new StoredBloomFilter(header, SplitBlockBloomFilter.fromBytes(span.bytes, headerSize, numBytes),
        span.bytesRead());
  }

  /**
   * The plaintext header at the start of the span, its size left in {@code span.headerSize}. A
   * header cut short by a speculative read makes the span grow (by reading only what it lacks)
   * while it may.
   */
  private static BloomFilterHeader plainHeader(Span span, ErrorLocation at) throws IOException {
    while (true) {
      ByteBuffer b = ByteBuffer.wrap(span.bytes, 0, span.filled);
      try {
        BloomFilterHeader header = MetadataReader.readBloomFilterHeader(b);
        span.headerSize = b.position();
        return header;
      } catch (CorruptFileException cut) {
        long more = Math.min(span.limit, Math.min(MAX_HEADER_BYTES, span.filled * 16L));
        if (span.whole || more <= span.filled) {
          throw new CorruptFileException("bloom filter header does not parse", at, cut);
        }
        span.ensure(more);
      }
    }
  }

  private static BloomFilterHeader parseHeader(ByteBuffer bytes, ErrorLocation at) {
    try {
      return MetadataReader.readBloomFilterHeader(bytes);
    } catch (CorruptFileException e) {
      throw new CorruptFileException("bloom filter header does not parse", at, e);
    }
  }

  /** The header module, then the bitset module right after it, each decrypted with the column key. */
  private static StoredBloomFilter encrypted(Span span, ColumnDecryptor decryptor, ErrorLocation at)
      throws IOException {
    int headerModule = module(span, 0, ModuleType.BLOOM_FILTER_HEADER, at);
    ByteBuffer plainHeader = decryptor.decrypt(ModuleType.BLOOM_FILTER_HEADER,
        ByteBuffer.wrap(span.bytes, 0, headerModule), -1);
    BloomFilterHeader header = parseHeader(plainHeader, at);
    if (!StoredBloomFilter.known(header)) {
      return new StoredBloomFilter(header, null, span.bytesRead());
    }
    int numBytes = checkedSize(header, at);
    int bitsetModule = module(span, headerModule, ModuleType.BLOOM_FILTER_BITSET, at);
    ByteBuffer bits = decryptor.decrypt(ModuleType.BLOOM_FILTER_BITSET,
        ByteBuffer.wrap(span.bytes, headerModule, bitsetModule), -1);
    if (bits.remaining() != numBytes) {
      throw new CorruptFileException("bloom filter bitset module holds " + bits.remaining()
          + " bytes, its header says " + numBytes, at, null);
    }
    byte[] b = new byte[numBytes];
    bits.get(b);
    return new StoredBloomFilter(header, SplitBlockBloomFilter.fromBytes(b), span.bytesRead());
  }

  /**
   * The length (length field included) of the {@code type} module at {@code start} of the span,
   * checked to fit the span's limit and then held in the span.
   */
  private static int module(Span span, int start, ModuleType type, ErrorLocation at) throws IOException {
    if (span.limit - start < ModuleReader.LENGTH_BYTES) {
      throw new CorruptFileException("encrypted " + type.label() + " at " + (span.offset + start)
          + " lies outside the bloom filter", at, null);
    }
    span.ensure(start + ModuleReader.LENGTH_BYTES);
    long length = ModuleReader.framedLength(ByteBuffer.wrap(span.bytes), start);
    if (length > span.limit - start) {
      throw new CorruptFileException("encrypted " + type.label() + " module of " + length + " bytes at "
          + (span.offset + start) + " runs past the " + (span.limit - start) + " bytes available", at, null);
    }
    span.ensure(start + length);
    return (int) length;
  }

  /** The bitset size of a header this library knows, checked against the spec's bounds. */
  private static int checkedSize(BloomFilterHeader header, ErrorLocation at) {
    int n = header.numBytes();
    if (n < SplitBlockBloomFilter.MIN_BYTES || n > SplitBlockBloomFilter.MAX_BYTES || n % SplitBlockBloomFilter.MIN_BYTES != 0) {
      throw new CorruptFileException("bloom filter bitset of " + n
          + " bytes is not a multiple of 32 from 32 to 128 MiB", at, null);
    }
    return n;
  }

  /**
   * The bytes of the filter read so far, from its offset: grown on demand by reading only what
   * is not yet held, up to {@code limit} (the recorded length, or the end of the file).
   */
  private static final class Span {
    final InputFile file;
    final long offset;
    final long limit;
    /** Whether {@code limit} is the recorded length, all of which is read at once. */
    final boolean whole;
    byte[] bytes = new byte[0];
    int filled;
    /** Bytes of a plaintext header, once parsed. */
    int headerSize;

    Span(InputFile file, long offset, long limit, boolean whole) {
      this.file = file;
      this.offset = offset;
      this.limit = limit;
      this.whole = whole;
    }

    /** Holds at least the first {@code n} bytes ({@code n <= limit}, checked by the caller). */
    void ensure(long n) throws IOException {
      if (n <= filled) {
        return;
      }
      int want = Math.toIntExact(n);
      bytes = Arrays.copyOf(bytes, want);
      file.readFully(offset + filled, ByteBuffer.wrap(bytes, filled, want - filled));
      filled = want;
    }

    long bytesRead() {
      return filled;
    }
  }
}
