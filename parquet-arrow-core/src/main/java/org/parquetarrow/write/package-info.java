/**
 * Writing Arrow record batches to Parquet: {@link org.parquetarrow.write.ParquetFileWriter} with
 * {@link org.parquetarrow.write.WriterProperties}.
 *
 * <p>Write path: each batch is cut into pieces of whole rows; every top-level vector is shredded
 * into definition/repetition levels and dense leaf values ({@code LevelShredder}); each leaf
 * column's {@code ColumnChunkWriter} gathers the values into its physical representation
 * ({@code LeafValues}), fills the open page (dictionary ids or the configured encoding), cuts pages
 * by size and row count at record boundaries, compresses them and keeps them until the row group
 * is written. Statistics, SizeStatistics, the page index and bloom filters are collected on the
 * way; bloom filters, column indexes and offset indexes follow the last row group, then the footer.
 */
package org.parquetarrow.write;
