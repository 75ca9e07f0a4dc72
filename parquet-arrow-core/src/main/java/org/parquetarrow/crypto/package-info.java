/**
 * Parquet modular encryption: module ciphers, AADs, keys, footer decryption and per-column module
 * decryption and encryption.
 *
 * <h2>Reading</h2>
 * <ol>
 *   <li>{@code ParquetFooter.read(file, FileDecryptionProperties)} decrypts a {@code PARE} footer,
 *       or verifies the signature of a plaintext footer, and exposes a {@link
 *       org.parquetarrow.crypto.FileDecryptor} through {@code footer.decryptor()} ({@code null} for
 *       unencrypted files).
 *   <li>{@link org.parquetarrow.crypto.FileDecryptor#decryptColumnMetaData} fills in the metadata
 *       of every column chunk whose key is available.
 *   <li>Per encrypted column chunk ({@link org.parquetarrow.crypto.FileDecryptor#isEncrypted}), a
 *       {@link org.parquetarrow.crypto.ColumnDecryptor} decrypts, in chunk order, the dictionary
 *       page header and page, then each data page header and page with page ordinals 0, 1, 2, …
 *       (dictionary page not counted), and the column index, offset index and bloom filter
 *       modules. A module's length is known from {@link
 *       org.parquetarrow.crypto.ColumnDecryptor#moduleLength} before it is read whole; a page
 *       header's {@code compressed_page_size} counts the encrypted page module.
 * </ol>
 *
 * <h2>Writing</h2>
 * {@link org.parquetarrow.crypto.FileEncryptor#create} with {@link
 * org.parquetarrow.crypto.FileEncryptionProperties} gives the algorithm metadata (with a fresh
 * random file-unique part), {@link org.parquetarrow.crypto.ColumnEncryptor}s for the modules of
 * encrypted chunks, the column crypto metadata and encrypted column metadata, and the footer tail:
 * {@link org.parquetarrow.crypto.FileEncryptor#encryptedFooter} or {@link
 * org.parquetarrow.crypto.FileEncryptor#signedFooter}. The writer does all this when given
 * {@code WriterProperties.Builder.encryption(properties)}; it writes v2 data pages in parquet-java's
 * layout (levels in plaintext before the encrypted values), which both parquet-java and this
 * library's reader read.
 *
 * <h2>Peers' habits worth knowing</h2>
 * <ul>
 *   <li>parquet-java encrypts page headers from a buffer longer than the header (the plaintext ends
 *       in zero bytes): parse the header from the start of the decrypted module and ignore the
 *       rest.
 *   <li>v2 data pages differ between writers: parquet-java's writer keeps the repetition and
 *       definition levels in plaintext in front of an encrypted module of the values only ({@code
 *       compressed_page_size} counts both, the CRC covers the bytes as stored), while Arrow C++
 *       and Rust encrypt the whole page body as one module (duckdb/duckdb#24785). The encrypted
 *       v2 pages of the corpus have empty level sections, so they agree with both readings; a
 *       reader must handle both.
 *   <li>Row group AADs use {@code RowGroup.ordinal} when stored, else the row group's index.
 * </ul>
 *
 * <p>Every failure — missing key or AAD prefix, wrong key, altered or moved module, truncated
 * module — raises {@link org.parquetarrow.ParquetCryptoException} naming the module, its ordinals
 * and the column. AES-CTR pages (AES_GCM_CTR_V1) are not authenticated: a wrong column key there
 * is detected only through the GCM-protected page headers of the same column.
 */
package org.parquetarrow.crypto;
