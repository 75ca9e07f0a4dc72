package org.parquetarrow.crypto;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnCryptoMetaData;
import org.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithColumnKey;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.EncryptionAlgorithm;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.RowGroup;

/**
 * The decryption state of one open encrypted file: its algorithm, its file AAD (prefix and unique
 * part), the footer key when known, and the caller's {@link FileDecryptionProperties} for column
 * keys. Made by {@link FooterDecryptor} (and so by {@code ParquetFooter.read(file, keys)}).
 * Immutable and thread-safe; the {@link ColumnDecryptor}s it makes are not.
 *
 * <p>Column keys are looked up only when a column is used, so a file opens even when the keys of
 * columns the caller does not read are missing; using such a column raises a
 * {@link ParquetCryptoException} naming it.
 *
 * <pre>{@code
 * ParquetFooter footer = ParquetFooter.read(file, keys);
 * FileDecryptor fd = footer.decryptor();
 * FileMetaData md = fd.decryptColumnMetaData(footer.metadata());
 * ColumnChunk chunk = md.rowGroups().get(0).columns().get(2);
 * if (fd.isEncrypted(chunk)) {
 *   ColumnDecryptor cd = fd.columnDecryptor(md, 0, 2);
 *   ...
 * }
 * }</pre>
 */
public final class FileDecryptor {
  private final String fileName;
  private final ParquetCipher algorithm;
  private final byte[] fileAad;
  private final byte[] footerKey;
  private final FileDecryptionProperties properties;
  private final MetadataLimits limits;

  FileDecryptor(String fileName, ParquetCipher algorithm, byte[] fileAad, byte[] footerKey,
      FileDecryptionProperties properties, MetadataLimits limits) {
    this.fileName = fileName;
    this.algorithm = algorithm;
    this.fileAad = fileAad;
    this.footerKey = footerKey;
    this.properties = properties;
    this.limits = limits;
  }

  /**
   * The file AAD: the prefix (the caller's, else the stored one) followed by the file's unique
   * part, after checking the prefix rules of the spec.
   */
  static byte[] fileAad(EncryptionAlgorithm algorithm, FileDecryptionProperties properties) {
    byte[] stored = algorithm.aadPrefix();
    byte[] supplied = properties.aadPrefix();
    if (Boolean.TRUE.equals(algorithm.supplyAadPrefix()) && supplied == null) {
      throw new ParquetCryptoException("the file was encrypted with an AAD prefix that it does not store:"
          + " supply it with FileDecryptionProperties.Builder.aadPrefix");
    }
    if (stored != null && supplied != null && !Arrays.equals(stored, supplied)) {
      throw new ParquetCryptoException("the AAD prefix supplied (" + describe(supplied)
          + ") differs from the one stored in the file (" + describe(stored) + ")");
    }
    return ModuleAad.fileAad(supplied != null ? supplied : stored, algorithm.aadFileUnique());
  }

  /** The file's encryption algorithm. */
  public ParquetCipher algorithm() {
    return algorithm;
  }

  /** The file AAD (prefix followed by unique part), a copy. */
  public byte[] fileAad() {
    return fileAad.clone();
  }

  /** Whether the footer key is known (always, for files with an encrypted footer). */
  public boolean hasFooterKey() {
    return footerKey != null;
  }

  /** Whether the column chunk is encrypted (has column crypto metadata). */
  public boolean isEncrypted(ColumnChunk chunk) {
    return chunk.cryptoMetadata() != null;
  }

  /**
   * The row group ordinal the AADs of a row group use: its stored {@code ordinal}, or its index
   * in the footer when the writer stored none.
   */
  public static int rowGroupOrdinal(RowGroup rowGroup, int rowGroupIndex) {
    return rowGroup.ordinal() != null ? rowGroup.ordinal() : rowGroupIndex;
  }

  /**
   * {@code metadata} with every column chunk's {@code encrypted_column_metadata} decrypted into
   * its {@code meta_data} where the key is available; chunks whose key is missing are left as
   * they are (no metadata in encrypted-footer files, the stripped plaintext copy in
   * plaintext-footer files), and fail only when used through {@link #columnDecryptor}.
   */
  public FileMetaData decryptColumnMetaData(FileMetaData metadata) {
    List<RowGroup> rowGroups = new ArrayList<>(metadata.rowGroups().size());
    for (int r = 0; r < metadata.rowGroups().size(); r++) {
      RowGroup rg = metadata.rowGroups().get(r);
      List<ColumnChunk> chunks = new ArrayList<>(rg.columns().size());
      for (int c = 0; c < rg.columns().size(); c++) {
        ColumnChunk chunk = rg.columns().get(c);
        if (chunk.encryptedColumnMetadata() != null && keyOrNull(chunk) != null) {
          chunk = withMetaData(chunk, columnMetaData(rg, r, c));
        }
        chunks.add(chunk);
      }
      rowGroups.add(new RowGroup(List.copyOf(chunks), rg.totalByteSize(), rg.numRows(),
          rg.sortingColumns(), rg.fileOffset(), rg.totalCompressedSize(), rg.ordinal()));
    }
    return new FileMetaData(metadata.version(), metadata.schema(), metadata.numRows(),
        List.copyOf(rowGroups), metadata.keyValueMetadata(), metadata.createdBy(),
        metadata.columnOrders(), metadata.encryptionAlgorithm(), metadata.footerSigningKeyMetadata());
  }

  /**
   * The metadata of column {@code columnIndex} of row group {@code rowGroupIndex}: decrypted from
   * {@code encrypted_column_metadata} when the chunk has it, else the plaintext {@code meta_data}.
   *
   * @throws ParquetCryptoException if the column's key is missing or the module does not decrypt
   */
  public ColumnMetaData columnMetaData(RowGroup rowGroup, int rowGroupIndex, int columnIndex) {
    ColumnChunk chunk = rowGroup.columns().get(columnIndex);
    if (chunk.encryptedColumnMetadata() == null) {
      return chunk.metaData();
    }
    int rg = rowGroupOrdinal(rowGroup, rowGroupIndex);
    ColumnDecryptor cd = new ColumnDecryptor(fileName, path(chunk), rg, columnIndex, algorithm,
        requireKey(chunk, rg), fileAad);
    ByteBuffer plain = cd.decrypt(ModuleType.COLUMN_META_DATA, ByteBuffer.wrap(chunk.encryptedColumnMetadata()), -1);
    return MetadataReader.readColumnMetaData(plain, limits);
  }

  /**
   * A decryptor for the modules of column {@code columnIndex} of row group {@code rowGroupIndex}
   * of {@code metadata}.
   *
   * @throws IllegalArgumentException if the column chunk is not encrypted
   * @throws ParquetCryptoException if its key is missing
   */
  public ColumnDecryptor columnDecryptor(FileMetaData metadata, int rowGroupIndex, int columnIndex) {
    RowGroup rowGroup = metadata.rowGroups().get(rowGroupIndex);
    ColumnChunk chunk = rowGroup.columns().get(columnIndex);
    if (!isEncrypted(chunk)) {
      throw new IllegalArgumentException("column " + path(chunk) + " of row group " + rowGroupIndex
          + " is not encrypted");
    }
    int rg = rowGroupOrdinal(rowGroup, rowGroupIndex);
    return new ColumnDecryptor(fileName, path(chunk), rg, columnIndex, algorithm, requireKey(chunk, rg), fileAad);
  }

  private byte[] requireKey(ColumnChunk chunk, int rowGroup) {
    byte[] key = keyOrNull(chunk);
    if (key != null) {
      return key;
    }
    String column = path(chunk);
    String problem;
    if (chunk.cryptoMetadata() instanceof EncryptionWithColumnKey k) {
      problem = "no key for encrypted column " + column + ": give it with FileDecryptionProperties.Builder"
          + ".columnKey(\"" + column + "\", key)"
          + (k.keyMetadata() == null ? "" : " or a KeyRetriever that knows key metadata " + describe(k.keyMetadata()));
    } else {
      problem = "column " + column + " is encrypted with the footer key, which was not given";
    }
    ParquetCryptoException e = new ParquetCryptoException(problem);
    e.locate(new ErrorLocation(fileName, rowGroup, column, -1, -1));
    throw e;
  }

  private byte[] keyOrNull(ColumnChunk chunk) {
    ColumnCryptoMetaData crypto = chunk.cryptoMetadata();
    if (crypto instanceof EncryptionWithColumnKey k) {
      return properties.resolveColumnKey(String.join(".", k.pathInSchema()), k.keyMetadata());
    }
    return footerKey;
  }

  private static String path(ColumnChunk chunk) {
    if (chunk.cryptoMetadata() instanceof EncryptionWithColumnKey k) {
      return String.join(".", k.pathInSchema());
    }
    return chunk.metaData() == null ? "?" : String.join(".", chunk.metaData().pathInSchema());
  }

  private static ColumnChunk withMetaData(ColumnChunk c, ColumnMetaData m) {
    return new ColumnChunk(c.filePath(), c.fileOffset(), m, c.offsetIndexOffset(), c.offsetIndexLength(),
        c.columnIndexOffset(), c.columnIndexLength(), c.cryptoMetadata(), c.encryptedColumnMetadata());
  }

  /** Key metadata or AAD prefixes for messages: quoted text when printable ASCII, else hex. */
  static String describe(byte[] bytes) {
    for (byte b : bytes) {
      if (b < 0x20 || b > 0x7e) {
        return "0x" + HexFormat.of().formatHex(bytes);
      }
    }
    return "\"" + new String(bytes, StandardCharsets.US_ASCII) + "\"";
  }

  @Override
  public String toString() {
    return "FileDecryptor[" + fileName + ", " + algorithm + ", footerKey=" + hasFooterKey() + "]";
  }
}
