package org.parquetarrow.crypto;

import org.parquetarrow.ParquetCryptoException;

/**
 * Builds module AADs: the file AAD ({@code aad_prefix} followed by {@code aad_file_unique}), the
 * module type byte, then, depending on the type, the row group, column and page ordinals as
 * little-endian int16 (see {@link ModuleType}). Ordinals outside 0..32767 cannot be expressed and
 * raise a {@link ParquetCryptoException}.
 *
 * <pre>{@code
 * byte[] fileAad = ModuleAad.fileAad(prefix, algorithm.aadFileUnique());
 * byte[] footerAad = ModuleAad.footer(fileAad);
 * byte[] pageAad = ModuleAad.of(fileAad, ModuleType.DATA_PAGE, 0, 3, 17);
 * }</pre>
 */
public final class ModuleAad {
  /** Bytes of one ordinal. */
  static final int ORDINAL_BYTES = 2;

  private ModuleAad() {}

  /** The prefix (may be {@code null} or empty) followed by the file's unique part. */
  public static byte[] fileAad(byte[] prefix, byte[] fileUnique) {
    int p = prefix == null ? 0 : prefix.length;
    int u = fileUnique == null ? 0 : fileUnique.length;
    byte[] aad = new byte[p + u];
    if (p > 0) {
      System.arraycopy(prefix, 0, aad, 0, p);
    }
    if (u > 0) {
      System.arraycopy(fileUnique, 0, aad, p, u);
    }
    return aad;
  }

  /** The AAD of the footer module (and of the plaintext footer's signature). */
  public static byte[] footer(byte[] fileAad) {
    return of(fileAad, ModuleType.FOOTER, -1, -1, -1);
  }

  /**
   * The AAD of one module. Ordinals the module type does not use are ignored (pass -1).
   *
   * @throws ParquetCryptoException if a used ordinal is negative or above {@link Short#MAX_VALUE}
   */
  public static byte[] of(byte[] fileAad, ModuleType type, int rowGroup, int column, int page) {
    int length = fileAad.length + 1;
    if (type.hasColumnOrdinals()) {
      length += 2 * ORDINAL_BYTES;
    }
    if (type.hasPageOrdinal()) {
      length += ORDINAL_BYTES;
    }
    byte[] aad = new byte[length];
    System.arraycopy(fileAad, 0, aad, 0, fileAad.length);
    int at = fileAad.length;
    aad[at++] = type.id();
    if (type.hasColumnOrdinals()) {
      putOrdinal(aad, at, rowGroup, "row group", type);
      putOrdinal(aad, at + ORDINAL_BYTES, column, "column", type);
      at += 2 * ORDINAL_BYTES;
    }
    if (type.hasPageOrdinal()) {
      putOrdinal(aad, at, page, "page", type);
    }
    return aad;
  }

  /** Writes {@code ordinal} as a little-endian int16 at {@code at}, refusing what does not fit. */
  static void putOrdinal(byte[] aad, int at, int ordinal, String what, ModuleType type) {
    if (ordinal < 0 || ordinal > Short.MAX_VALUE) {
      throw new ParquetCryptoException("cannot build the AAD of a " + type.label() + ": " + what
          + " ordinal " + ordinal + " is outside 0.." + Short.MAX_VALUE
          + ", the range encrypted Parquet files allow");
    }
    aad[at] = (byte) ordinal;
    aad[at + 1] = (byte) (ordinal >>> 8);
  }
}
