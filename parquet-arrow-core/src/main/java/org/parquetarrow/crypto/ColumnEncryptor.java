package org.parquetarrow.crypto;

import java.nio.ByteBuffer;

/**
 * Encrypts the modules of one column chunk for the writer, each with a fresh random nonce: page
 * headers, pages, column and offset index, bloom filter header and bitset, column metadata. The
 * AADs are built once and only the page ordinal changes per page, so an instance serves one
 * column chunk written by one thread. Made by {@link FileEncryptor#columnEncryptor}.
 *
 * <pre>{@code
 * ColumnEncryptor ce = fileEncryptor.columnEncryptor(rowGroupOrdinal, columnOrdinal, "a.b");
 * byte[] page = ce.encrypt(ModuleType.DATA_PAGE, compressedPage, pageOrdinal);
 * // the page header's compressed_page_size is page.length
 * byte[] header = ce.encrypt(ModuleType.DATA_PAGE_HEADER, ByteBuffer.wrap(headerBytes), pageOrdinal);
 * }</pre>
 */
public final class ColumnEncryptor {
  private final ModuleCipher metadataCipher;
  private final ModuleCipher pageCipher;
  private final ColumnModuleAads aads;

  ColumnEncryptor(ParquetCipher algorithm, byte[] key, byte[] fileAad, int rowGroup, int column) {
    this.metadataCipher = ModuleCipher.gcm(key);
    this.pageCipher = algorithm.pageCipher(key);
    this.aads = new ColumnModuleAads(fileAad, rowGroup, column);
  }

  /** The length of the {@code type} module holding {@code plaintextLength} bytes. */
  public int encryptedLength(ModuleType type, int plaintextLength) {
    return cipher(type).encryptedLength(plaintextLength);
  }

  /**
   * Encrypts {@code plaintext} (position to limit; the position moves to the limit) as a
   * {@code type} module; {@code page} is the data page ordinal, ignored for other types.
   */
  public byte[] encrypt(ModuleType type, ByteBuffer plaintext, int page) {
    return cipher(type).encrypt(plaintext, aads.of(type, page));
  }

  /** As {@link #encrypt(ModuleType, ByteBuffer, int)}, into {@code dst} at its position. */
  public void encrypt(ModuleType type, ByteBuffer plaintext, int page, ByteBuffer dst) {
    cipher(type).encrypt(plaintext, aads.of(type, page), dst);
  }

  private ModuleCipher cipher(ModuleType type) {
    return type.isPageData() ? pageCipher : metadataCipher;
  }
}
