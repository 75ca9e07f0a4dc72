/**
 * The page index and the other modules a file's footer points at, read from an {@link
 * org.parquetarrow.io.InputFile} and decrypted with the column's decryptor when the column is
 * encrypted: {@link org.parquetarrow.index.ColumnIndexReader} (per-page bounds and counts), {@link
 * org.parquetarrow.index.OffsetIndexReader} (page locations), checked together by {@link
 * org.parquetarrow.index.PageIndex} and {@link org.parquetarrow.index.PageRows}, and {@link
 * org.parquetarrow.index.ModuleReader}, the one place that frames an encrypted module read at an
 * offset (bloom filters and dictionary pages use it too); {@link
 * org.parquetarrow.index.PageHeaderWalker} lists a chunk's page headers without decompressing. The
 * page reader, the dataset's pruning and the CLI read the page index through these, so all check it
 * the same way.
 *
 * <pre>{@code
 * ColumnDecryptor decryptor = null;                 // or footer.decryptor().columnDecryptor(md, rg, column)
 * ColumnIndex bounds = ColumnIndexReader.read(file, chunk, decryptor, ErrorLocation.ofFile(file.name()));
 * OffsetIndex offsets = OffsetIndexReader.read(file, chunk, MetadataLimits.DEFAULT, decryptor);
 * PageIndex pages = PageIndex.of(bounds, offsets, rowGroup.numRows());
 * }</pre>
 */
package org.parquetarrow.index;
