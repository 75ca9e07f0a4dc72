/**
 * The page layer of the reader: from a column chunk's bytes in the file to pages whose sections are
 * ready for the level and value decoders.
 *
 * <h2>Flow</h2>
 *
 * <ol>
 *   <li>(in {@code org.parquetarrow.io}, the I/O planning) {@link
 *       org.parquetarrow.io.ColumnChunkRange} says which bytes hold a chunk (Arrow C++'s rule,
 *       including the PARQUET-816 padding for old parquet-mr files); with a row selection, {@link
 *       org.parquetarrow.io.ChunkRequest} narrows that to the dictionary page and the pages
 *       holding selected rows, by the offset index; {@link org.parquetarrow.io.ColumnChunkFetcher}
 *       coalesces the spans of all projected columns ({@link org.parquetarrow.io.RangeCoalescer},
 *       settings in {@link org.parquetarrow.io.FetchOptions}) and reads them with {@link
 *       org.parquetarrow.io.InputFile#readRangesAsync} into heap arrays ({@link
 *       org.parquetarrow.io.ColumnChunkBytes}: dense, or sparse when pages were left out);
 *   <li>{@link org.parquetarrow.index.OffsetIndexReader} reads the chunks' offset indexes,
 *       once per row group, coalesced;
 *   <li>{@link org.parquetarrow.read.page.ColumnChunkPageReader} walks the pages: header, size
 *       checks, CRC-32, decompression, level/value split; it returns a {@link
 *       org.parquetarrow.read.page.DictionaryPage} (at most one, first) and {@link
 *       org.parquetarrow.read.page.DataPage}s.
 * </ol>
 *
 * <h2>Contract</h2>
 *
 * <ul>
 *   <li><b>Buffers.</b> Sections are {@link org.parquetarrow.read.page.ByteSlice}s into shared
 *       arrays, never copies. A data page's sections may live in a buffer the page reader reuses:
 *       consume the page before asking for the next. Dictionary page bytes are never reused.
 *   <li><b>Levels.</b> Level sections hold bare level data: the 4-byte length prefix of v1 RLE
 *       levels is removed, so v1 and v2 pages look alike. A section is empty when the column's max
 *       level is 0.
 *   <li><b>Rows.</b> With an offset index, data pages report their first row index and row count,
 *       and pages holding no row of the {@link org.parquetarrow.selection.RowSelection} are skipped
 *       unread (no CRC check, no decompression); the consumer skips unselected rows inside the
 *       pages it gets. Without one, first row indices are {@code -1}: unknown.
 *   <li><b>Safety.</b> Every size in a header is checked against the bytes present, the codec's
 *       largest possible expansion and {@link
 *       org.parquetarrow.read.page.PageReadOptions#maxPageSize()} before anything is allocated;
 *       every failure is a {@link org.parquetarrow.ParquetException} located at file, row group,
 *       column, page ordinal and header offset.
 *   <li><b>Encryption.</b> Given the chunk's {@link org.parquetarrow.crypto.ColumnDecryptor},
 *       the page reader decrypts page headers, pages and (through {@link
 *       org.parquetarrow.index.OffsetIndexReader}) the offset index; without one, an
 *       encrypted chunk is refused with {@link org.parquetarrow.ParquetCryptoException}. The
 *       fetcher fetches encrypted chunks like any other.
 *   <li><b>Not here.</b> Decoding of levels and values.
 * </ul>
 */
package org.parquetarrow.read.page;
