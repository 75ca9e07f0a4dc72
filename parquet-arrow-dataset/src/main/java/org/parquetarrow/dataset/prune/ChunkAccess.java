package org.parquetarrow.dataset.prune;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.InputFile;

/**
 * Whether the pruner may read a column chunk's page index, bloom filter and dictionary, and how:
 * a plaintext chunk as stored; an encrypted chunk through its column's decryptor when the
 * file was opened with keys that include the column's; otherwise not at all (the modules are
 * ciphertext, so the column is simply not pruned by them).
 *
 * @param readable whether the chunk's modules can be read
 * @param decryptor the chunk's decryptor, {@code null} for a plaintext chunk
 */
record ChunkAccess(boolean readable, ColumnDecryptor decryptor) {
  static final ChunkAccess PLAINTEXT = new ChunkAccess(true, null);
  static final ChunkAccess NO_KEY = new ChunkAccess(false, null);

  /** Bytes of a module's little-endian length field. */
  private static final int LENGTH_BYTES = 4;

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

  /**
   * A module read from the file and decrypted.
   *
   * @param plaintext the decrypted bytes
   * @param stored the module's length in the file (length field included)
   * @param bytesRead the bytes read to get it (its length field twice: peeked, then with the module)
   */
  record Module(ByteBuffer plaintext, int stored, int bytesRead) {}

  /**
   * Reads and decrypts the {@code type} module stored at {@code offset}, which must end by
   * {@code limit}: its length field first, then the module.
   *
   * @throws CorruptFileException if the module's length does not fit before {@code limit}
   * @throws ParquetCryptoException if the module does not authenticate
   */
  Module readModule(InputFile file, ModuleType type, long offset, long limit, ErrorLocation where) throws IOException {
    if (offset < 0 || limit - offset < LENGTH_BYTES) {
      throw new CorruptFileException("encrypted " + type.label() + " at " + offset + " lies outside its bounds", where.withOffset(offset), null);
    }
    ByteBuffer len = file.read(offset, LENGTH_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long module = LENGTH_BYTES + (len.getInt(len.position()) & 0xFFFF_FFFFL);
    if (module > limit - offset || module > Integer.MAX_VALUE - LENGTH_BYTES) {
      throw new CorruptFileException("encrypted " + type.label() + " module of " + module + " bytes at " + offset
          + " runs past the " + (limit - offset) + " bytes available", where.withOffset(offset), null);
    }
    ByteBuffer bytes = file.read(offset, (int) module);
    return new Module(decryptor.decrypt(type, bytes, -1), (int) module, LENGTH_BYTES + (int) module);
  }

  /** Decrypts the {@code type} module that fills {@code bytes} exactly. */
  ByteBuffer decryptWhole(ModuleType type, ByteBuffer bytes, ErrorLocation where) {
    int expected = bytes.remaining();
    if (decryptor.moduleLength(type, bytes) != expected) {
      throw new CorruptFileException("encrypted " + type.label() + " module does not take the " + expected
          + " bytes the column chunk says", where, null);
    }
    return decryptor.decrypt(type, bytes, -1);
  }
}
