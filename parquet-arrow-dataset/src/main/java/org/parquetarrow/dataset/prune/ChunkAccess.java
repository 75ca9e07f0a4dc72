package org.parquetarrow.dataset.prune;

import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;

/**
 * Whether the pruner may read a column chunk's page index, bloom filter and dictionary, and how:
 * a plaintext chunk as stored; an encrypted chunk through its column's decryptor when the
 * file was opened with keys that include the column's; otherwise not at all (the modules are
 * ciphertext, so the column is simply not pruned by them). The modules themselves are read by the
 * core ({@link org.parquetarrow.index.ModuleReader} and the readers built on it).
 *
 * @param readable whether the chunk's modules can be read
 * @param decryptor the chunk's decryptor, {@code null} for a plaintext chunk
 */
record ChunkAccess(boolean readable, ColumnDecryptor decryptor) {
  static final ChunkAccess PLAINTEXT = new ChunkAccess(true, null);
  static final ChunkAccess NO_KEY = new ChunkAccess(false, null);

  /**
   * The access to column {@code column} of row group {@code rowGroup} of {@code metadata}, whose
   * file was opened with {@code file} ({@code null}: without keys).
   */
  static ChunkAccess of(FileDecryptor file, FileMetaData metadata, int rowGroup, int column) {
    ColumnChunk chunk = metadata.rowGroups().get(rowGroup).columns().get(column);
    if (chunk.cryptoMetadata() == null && chunk.encryptedColumnMetadata() == null) {
      return PLAINTEXT;
    }
    if (file == null || !file.isEncrypted(chunk)) {
      return NO_KEY;
    }
    try {
      return new ChunkAccess(true, file.columnDecryptor(metadata, rowGroup, column));
    } catch (ParquetCryptoException missingKey) {
      return NO_KEY; // pruning never fails for want of a key; a scan reading the column will
    }
  }
}
