package org.parquetarrow.format;

/** Header in front of a bloom filter's bitset. */
public record BloomFilterHeader(
    int numBytes,
    BloomFilterAlgorithm algorithm,
    BloomFilterHash hash,
    BloomFilterCompression compression) {}
