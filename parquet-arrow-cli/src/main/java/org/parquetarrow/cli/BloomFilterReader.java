package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.BloomFilterAlgorithm;
import org.parquetarrow.format.BloomFilterCompression;
import org.parquetarrow.format.BloomFilterHash;
import org.parquetarrow.format.BloomFilterHeader;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.write.SplitBlockBloomFilter;

/**
 * Reads the split-block bloom filter of a column chunk at its {@code bloom_filter_offset}: the
 * thrift header, then the bitset after it (both encrypted modules in encrypted columns). Every
 * size is checked against the file before anything is allocated.
 */
final class BloomFilterReader {
  /** A header is a few small fields; writers that omit bloom_filter_length leave us to guess. */
  private static final int HEADER_READ = 256;

  private BloomFilterReader() {}

  /** The filter, or {@code null} when the chunk has none. */
  static SplitBlockBloomFilter read(InputFile file, ColumnMetaData meta, ColumnDecryptor cd, ErrorLocation where) {
    Long offset = meta.bloomFilterOffset();
    if (offset == null) {
      return null;
    }
    long fileLength = length(file, where);
    if (offset < 0 || offset >= fileLength) {
      throw new CorruptFileException("bloom filter offset " + offset + " outside the file of " + fileLength
          + " bytes", where, null);
    }
    return cd == null ? readPlain(file, meta, offset, fileLength, where) : readEncrypted(file, offset, fileLength, cd, where);
  }

  private static SplitBlockBloomFilter readPlain(InputFile file, ColumnMetaData meta, long offset, long fileLength,
      ErrorLocation where) {
    Integer declared = meta.bloomFilterLength();
    long available = fileLength - offset;
    if (declared != null && (declared <= 0 || declared > available)) {
      throw new CorruptFileException("bloom filter length " + declared + " does not fit in the "
          + available + " bytes after its offset", where.withOffset(offset), null);
    }
    int headerRead = (int) Math.min(declared != null ? declared : HEADER_READ, available);
    ByteBuffer head = read(file, offset, headerRead, where);
    BloomFilterHeader h = MetadataReader.readBloomFilterHeader(head);
    check(h, where.withOffset(offset));
    long bitsetAt = offset + head.position();
    if (h.numBytes() > fileLength - bitsetAt
        || (declared != null && head.position() + (long) h.numBytes() > declared)) {
      throw new CorruptFileException("bloom filter bitset of " + h.numBytes() + " bytes does not fit",
          where.withOffset(bitsetAt), null);
    }
    byte[] bits = new byte[h.numBytes()];
    read(file, bitsetAt, h.numBytes(), where).get(bits);
    return SplitBlockBloomFilter.fromBytes(bits);
  }

  private static SplitBlockBloomFilter readEncrypted(InputFile file, long offset, long fileLength, ColumnDecryptor cd,
      ErrorLocation where) {
    ByteBuffer header = module(file, offset, fileLength, cd, ModuleType.BLOOM_FILTER_HEADER, where);
    long bitsetAt = offset + header.position();
    BloomFilterHeader h = MetadataReader.readBloomFilterHeader(cd.decrypt(ModuleType.BLOOM_FILTER_HEADER, header.rewind(), -1));
    check(h, where.withOffset(offset));
    ByteBuffer bitset = module(file, bitsetAt, fileLength, cd, ModuleType.BLOOM_FILTER_BITSET, where);
    ByteBuffer plain = cd.decrypt(ModuleType.BLOOM_FILTER_BITSET, bitset.rewind(), -1);
    if (plain.remaining() != h.numBytes()) {
      throw new CorruptFileException("bloom filter bitset holds " + plain.remaining() + " bytes, its header says "
          + h.numBytes(), where.withOffset(bitsetAt), null);
    }
    byte[] bits = new byte[plain.remaining()];
    plain.get(bits);
    return SplitBlockBloomFilter.fromBytes(bits);
  }

  /** The whole encrypted module at {@code at}, its position at the end. */
  private static ByteBuffer module(InputFile file, long at, long fileLength, ColumnDecryptor cd, ModuleType type,
      ErrorLocation where) {
    if (fileLength - at < 4) {
      throw new CorruptFileException(type.label() + " module starts too near the end of the file", where.withOffset(at), null);
    }
    // the module's own 4-byte little-endian length field, checked before the module is read
    long length = 4L + Integer.toUnsignedLong(read(file, at, 4, where).getInt(0));
    if (length > fileLength - at) {
      throw new CorruptFileException(type.label() + " module of " + length + " bytes does not fit in the file",
          where.withOffset(at), null);
    }
    ByteBuffer m = read(file, at, (int) length, where);
    cd.moduleLength(type, m);
    return m.position(m.limit());
  }

  private static void check(BloomFilterHeader h, ErrorLocation where) {
    if (h.algorithm() != BloomFilterAlgorithm.BLOCK || h.hash() != BloomFilterHash.XXHASH
        || h.compression() != BloomFilterCompression.UNCOMPRESSED) {
      throw new UnsupportedFeatureException("bloom filter", "bloom filter " + h.algorithm() + "/" + h.hash()
          + "/" + h.compression() + " is not an uncompressed split-block filter with xxHash");
    }
    int n = h.numBytes();
    if (n < SplitBlockBloomFilter.MIN_BYTES || n > SplitBlockBloomFilter.MAX_BYTES || Integer.bitCount(n) != 1) {
      throw new CorruptFileException("bloom filter size " + n + " is not a power of two in [32, 128 MiB]", where, null);
    }
  }

  private static ByteBuffer read(InputFile file, long at, int length, ErrorLocation where) {
    try {
      return file.read(at, length).order(ByteOrder.LITTLE_ENDIAN);
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the bloom filter: " + e.getMessage(), e).locate(where);
    }
  }

  private static long length(InputFile file, ErrorLocation where) {
    try {
      return file.length();
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the file length: " + e.getMessage(), e).locate(where);
    }
  }
}
