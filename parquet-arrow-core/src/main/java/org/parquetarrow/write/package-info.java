/**
 * Writing Arrow record batches to Parquet: {@link org.parquetarrow.write.ParquetFileWriter} with
 * {@link org.parquetarrow.write.WriterProperties}.
 *
 * <p>Write path: each batch is cut into pieces of whole rows; every top-level vector is shredded
 * into definition/repetition levels and dense leaf values ({@code LevelShredder}); each leaf
 * column's {@code ColumnChunkWriter} gathers the values into its physical representation
 * ({@code LeafValues}; binary layouts through {@code BinaryGather}), fills the open page
 * (dictionary ids or the configured encoding; {@code DictionaryFallback} says when to give the
 * dictionary up early), cuts pages by size and row count at record boundaries, and hands each to
 * its {@code PageWriter} (compression, encryption, CRC, header; dictionary and data pages alike),
 * keeping the pages until the row group is written. Statistics (in the order of {@code
 * ValueOrder}, derived from {@code stats.SortOrder}), SizeStatistics ({@code ChunkTotals}), the
 * page index ({@code PageIndexBuilder}) and bloom filters are collected on the way; {@code
 * FooterWriter} places the bloom filters, column indexes and offset indexes after the last row
 * group, then the footer.
 *
 * <p>Each batch's fields are compared with the writer's schema first ({@code BatchSchemaCheck}).
 * Pieces are sized from the bytes per row seen in the open row group, so the row-group byte
 * limit holds inside a large batch. Every piece is shredded and checked (nulls in non-nullable
 * fields, timestamps that would lose precision or overflow in the written unit) before any column
 * encodes it; any failure aborts the output and fails the writer, whose {@code close()} then
 * throws instead of publishing the rows written before. Float
 * columns count NaNs ({@code nan_count}); with the page index on, page headers carry no
 * statistics, as in Arrow C++ and parquet-java files. Peers that read our files back value by
 * value: see the integration tests {@code WriterVersusPeersIT} (Arrow C++, DuckDB, parquet-java
 * over every configuration) and {@code WriterArrowLayoutsIT} (Arrow-only layouts, INT96,
 * coerced timestamps, dictionary-encoded input).
 *
 * <p>Encryption ({@link org.parquetarrow.write.WriterProperties.Builder#encryption}): a column
 * chunk writer of an encrypted column encrypts each page and page header as it builds them (the
 * row group ordinal is the number of chunks it has finished, the page ordinal the number of data
 * pages in the open chunk; {@code compressed_page_size} and the CRC count the stored module), and
 * hands its {@code ColumnEncryptor} on with the finished chunk, with which {@code FooterWriter} encrypts
 * the bloom filter, column index and offset index and, where the spec asks, the column metadata;
 * the footer is then encrypted ({@code PARE} at both ends) or signed. Files we encrypt read back
 * in parquet-java: {@code WrittenEncryptedVersusParquetJavaIT}.
 */
package org.parquetarrow.write;
