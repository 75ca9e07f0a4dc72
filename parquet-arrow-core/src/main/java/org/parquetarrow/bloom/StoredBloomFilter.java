package org.parquetarrow.bloom;

import org.parquetarrow.format.BloomFilterAlgorithm;
import org.parquetarrow.format.BloomFilterCompression;
import org.parquetarrow.format.BloomFilterHash;
import org.parquetarrow.format.BloomFilterHeader;

/**
 * A column chunk's bloom filter as {@link BloomFilterReader} read it.
 *
 * @param header the filter's header
 * @param filter the bitset to probe, or {@code null} when the header names an algorithm, hash or
 *     compression this library does not know (see {@link #probeable()})
 * @param bytesRead the bytes read from the file to get it
 */
public record StoredBloomFilter(BloomFilterHeader header, SplitBlockBloomFilter filter, long bytesRead) {

  /** Whether the filter is an uncompressed split-block filter over xxHash64, the only kind the spec defines. */
  public boolean probeable() {
    return filter != null;
  }

  /** Whether {@code header} describes a filter this library can probe. */
  static boolean known(BloomFilterHeader header) {
    return header.algorithm() == BloomFilterAlgorithm.BLOCK
        && header.hash() == BloomFilterHash.XXHASH
        && header.compression() == BloomFilterCompression.UNCOMPRESSED;
  }
}
