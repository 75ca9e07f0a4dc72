package org.parquetarrow.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.io.InputFile;

/**
 * Reads a module the footer points at (a column index, an offset index, a bloom filter header or
 * bitset, a dictionary page header) from a file, and decrypts it with its column's decryptor when
 * the column is encrypted: the one place outside the page reader that frames encrypted modules
 * (a 4-byte little-endian length, then nonce, ciphertext and tag; the AAD comes from the module
 * type and the decryptor's row group and column).
 *
 * <pre>{@code
 * // a column index of recorded length, plaintext or encrypted alike
 * ByteBuffer plain = ModuleReader.readRecorded(file, chunk.columnIndexOffset(), chunk.columnIndexLength(),
 *     ModuleType.COLUMN_INDEX, decryptor, where);           // decryptor null: a plaintext column
 * ColumnIndex index = MetadataReader.readColumnIndex(plain);
 * }</pre>
 */
public final class ModuleReader {
  /** Bytes of an encrypted module's little-endian length field. */
  public static final int LENGTH_BYTES = 4;

  private ModuleReader() {}

  /**
   * An encrypted module read from the file and decrypted.
   *
   * @param plaintext the decrypted bytes
   * @param stored the module's length in the file (length field included)
   * @param bytesRead the bytes read to get it (its length field twice: peeked, then with the module)
   */
  public record Module(ByteBuffer plaintext, int stored, int bytesRead) {}

  /**
   * The module of {@code length} bytes at {@code offset}, as the metadata records it (a column or
   * offset index): checked to lie in the file, read in one read, and decrypted when {@code
   * decryptor} is not {@code null}, in which case the module must take exactly those bytes.
   *
   * @param where the location to name in errors (the offset is added)
   * @throws CorruptFileException if the module does not lie in the file or does not take its length
   * @throws ParquetCryptoException if the module does not authenticate
   * @throws IOException if the file cannot be read
   */
  public static ByteBuffer readRecorded(InputFile file, long offset, int length, ModuleType type,
      ColumnDecryptor decryptor, ErrorLocation where) throws IOException {
    long fileLength = file.length();
    if (offset < 0 || length <= 0 || length > fileLength - offset) {
      throw new CorruptFileException(type.label() + " of " + length + " bytes at " + offset
          + " does not fit in the file (" + fileLength + " bytes)", where.withOffset(offset), null);
    }
    ByteBuffer bytes = file.read(offset, length);
    return decryptor == null ? bytes : decryptWhole(bytes, type, decryptor, where.withOffset(offset));
  }

  /**
   * Decrypts the {@code type} module that fills {@code bytes} exactly (its length recorded in the
   * metadata).
   *
   * @throws CorruptFileException if the module's length field says otherwise
   * @throws ParquetCryptoException if the module does not authenticate
   */
  public static ByteBuffer decryptWhole(ByteBuffer bytes, ModuleType type, ColumnDecryptor decryptor,
      ErrorLocation where) {
    int expected = bytes.remaining();
    if (decryptor.moduleLength(type, bytes) != expected) {
      throw new CorruptFileException("encrypted " + type.label() + " module does not take the " + expected
          + " bytes the column chunk says", where, null);
    }
    return decryptor.decrypt(type, bytes, -1);
  }

  /**
   * Reads and decrypts the encrypted {@code type} module at {@code offset} whose length only its
   * length field gives (a dictionary page header): the length field first, then the module, which
   * must end by {@code limit}.
   *
   * @throws CorruptFileException if the module does not fit before {@code limit}
   * @throws ParquetCryptoException if the module does not authenticate
   * @throws IOException if the file cannot be read
   */
  public static Module readFramed(InputFile file, long offset, long limit, ModuleType type,
      ColumnDecryptor decryptor, ErrorLocation where) throws IOException {
    if (offset < 0 || limit - offset < LENGTH_BYTES) {
      throw new CorruptFileException("encrypted " + type.label() + " at " + offset + " lies outside its bounds",
          where.withOffset(offset), null);
    }
    long module = framedLength(file.read(offset, LENGTH_BYTES), 0);
    if (module > limit - offset || module > Integer.MAX_VALUE - LENGTH_BYTES) {
      throw new CorruptFileException("encrypted " + type.label() + " module of " + module + " bytes at " + offset
          + " runs past the " + (limit - offset) + " bytes available", where.withOffset(offset), null);
    }
    ByteBuffer bytes = file.read(offset, (int) module);
    return new Module(decryptor.decrypt(type, bytes, -1), (int) module, LENGTH_BYTES + (int) module);
  }

  /**
   * The length, length field included, of the encrypted module whose length field starts {@code
   * at} bytes after {@code bytes.position()} (at least {@value #LENGTH_BYTES} bytes must remain there).
   */
  public static long framedLength(ByteBuffer bytes, int at) {
    int field = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(bytes.position() + at);
    return LENGTH_BYTES + Integer.toUnsignedLong(field);
  }
}
