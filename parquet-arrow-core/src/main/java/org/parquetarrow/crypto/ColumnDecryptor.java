package org.parquetarrow.crypto;

import java.nio.ByteBuffer;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;

/**
 * Decrypts the modules of one encrypted column chunk: page headers, pages, column and offset
 * index, bloom filter header and bitset. It holds the column's key, its ciphers and the AADs
 * (built once; only the page ordinal changes per page), so it is meant for one column chunk read
 * by one thread. Made by {@link FileDecryptor#columnDecryptor}.
 *
 * <p>The reader knows which module comes next: the dictionary page header (if the chunk has a
 * dictionary page) first, then data page headers numbered 0, 1, 2, … in chunk order, the
 * dictionary page not counted. A module stored at a position is read by first taking its length
 * with {@link #moduleLength}.
 *
 * <pre>{@code
 * ColumnDecryptor cd = fileDecryptor.columnDecryptor(rowGroupIndex, columnIndex);
 * ByteBuffer headerBytes = cd.decrypt(ModuleType.DATA_PAGE_HEADER, chunkBytes, pageOrdinal);
 * PageHeader header = MetadataReader.readPageHeader(headerBytes);
 * int n = cd.decrypt(ModuleType.DATA_PAGE, chunkBytes, pageOrdinal, reusedPageBuffer);
 * }</pre>
 *
 * <p>Two habits of parquet-java files: its page header modules may end in zero padding after the
 * header (parse from the start, ignore the rest), and its v2 data pages keep their levels in
 * plaintext, with only the values section after them being the encrypted page module (Arrow C++
 * and Rust encrypt the whole v2 page body instead; see the package documentation).
 *
 * <p>Every failure is a {@link ParquetCryptoException} naming the module, its ordinals and the
 * column.
 */
public final class ColumnDecryptor {
  private final String fileName;
  private final String column;
  private final int rowGroup;
  private final int columnOrdinal;
  private final ModuleCipher metadataCipher;
  private final ModuleCipher pageCipher;
  private final ColumnModuleAads aads;

  ColumnDecryptor(String fileName, String column, int rowGroup, int columnOrdinal, ParquetCipher algorithm,
      byte[] key, byte[] fileAad) {
    this.fileName = fileName;
    this.column = column;
    this.rowGroup = rowGroup;
    this.columnOrdinal = columnOrdinal;
    this.metadataCipher = ModuleCipher.gcm(key);
    this.pageCipher = algorithm.pageCipher(key);
    this.aads = new ColumnModuleAads(fileAad, rowGroup, columnOrdinal);
  }

  /** The dotted path of the column. */
  public String column() {
    return column;
  }

  /** The bytes (length field included) of the {@code type} module at {@code src.position()}. */
  public int moduleLength(ModuleType type, ByteBuffer src) {
    try {
      return cipher(type).moduleLength(src);
    } catch (ParquetCryptoException e) {
      throw failure(type, -1, e);
    }
  }

  /**
   * Decrypts the {@code type} module at {@code src.position()} into a new buffer and moves
   * {@code src} past it. {@code page} is the data page ordinal, ignored for other module types.
   */
  public ByteBuffer decrypt(ModuleType type, ByteBuffer src, int page) {
    try {
      return cipher(type).decrypt(src, aads.of(type, page));
    } catch (ParquetCryptoException e) {
      throw failure(type, page, e);
    }
  }

  /**
   * Decrypts the {@code type} module at {@code src.position()} into {@code dst} (a reused buffer)
   * and returns the plaintext length; both positions move past what was read and written.
   */
  public int decrypt(ModuleType type, ByteBuffer src, int page, ByteBuffer dst) {
    try {
      return cipher(type).decrypt(src, aads.of(type, page), dst);
    } catch (ParquetCryptoException e) {
      throw failure(type, page, e);
    }
  }

  private ModuleCipher cipher(ModuleType type) {
    return type.isPageData() ? pageCipher : metadataCipher;
  }

  private ParquetCryptoException failure(ModuleType type, int page, ParquetCryptoException cause) {
    String which = type.label() + (type.hasPageOrdinal() ? " " + page : "");
    ParquetCryptoException e = new ParquetCryptoException("cannot decrypt the " + which + " of column "
        + column + " (row group ordinal " + rowGroup + ", column ordinal " + columnOrdinal + "): "
        + cause.problem(), cause);
    e.locate(new ErrorLocation(fileName, rowGroup, column, type.hasPageOrdinal() ? page : -1, -1));
    return e;
  }
}
