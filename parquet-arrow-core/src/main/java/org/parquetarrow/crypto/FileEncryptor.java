package org.parquetarrow.crypto;

import java.nio.ByteBuffer;
import java.util.List;
import org.parquetarrow.format.ColumnCryptoMetaData;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.EncryptionAlgorithm;
import org.parquetarrow.format.FileCryptoMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataWriter;

/**
 * The encryption state of one file being written: the properties, the algorithm metadata with a
 * fresh random file-unique AAD part, and the file AAD. Thread-safe; the {@link ColumnEncryptor}s
 * it makes are not.
 *
 * <p>What a writer does with it, per the spec: for each encrypted column chunk, encrypt every
 * module with {@link #columnEncryptor}, set {@link #columnCryptoMetaData} on the chunk, and, when
 * {@link #encryptsColumnMetaData} says so, store {@link #encryptColumnMetaData} in {@code
 * encrypted_column_metadata} (and leave {@code meta_data} unset in an encrypted footer, or set it
 * without statistics in a plaintext footer). Set row group ordinals. Finally write either {@link
 * #encryptedFooter} followed by its length and {@code PARE} (and start the file with {@code PARE}),
 * or, in plaintext-footer mode, {@link #signedFooter} of a {@code FileMetaData} carrying {@link
 * #algorithmMetadata} and the footer key metadata, followed by its length and {@code PAR1}.
 *
 * <pre>{@code
 * FileEncryptor fe = FileEncryptor.create(props);
 * byte[] tail = fe.encryptedFooter(metadata);   // then int32 LE tail.length, then "PARE"
 * }</pre>
 */
public final class FileEncryptor {
  /** Bytes of the random file-unique AAD part, as parquet-java and Arrow C++ write it. */
  static final int FILE_UNIQUE_BYTES = 8;

  private final FileEncryptionProperties properties;
  private final EncryptionAlgorithm algorithm;
  private final byte[] fileAad;

  private FileEncryptor(FileEncryptionProperties properties, byte[] fileUnique) {
    this.properties = properties;
    byte[] prefix = properties.aadPrefix();
    boolean store = prefix != null && properties.storeAadPrefix();
    this.algorithm = properties.algorithm().toMetadata(store ? prefix : null, fileUnique,
        prefix != null && !properties.storeAadPrefix() ? Boolean.TRUE : null);
    this.fileAad = ModuleAad.fileAad(prefix, fileUnique);
  }

  /** An encryptor with a fresh file-unique AAD part from a secure random source. */
  public static FileEncryptor create(FileEncryptionProperties properties) {
    byte[] unique = new byte[FILE_UNIQUE_BYTES];
    ModuleCipher.RANDOM.nextBytes(unique);
    return new FileEncryptor(properties, unique);
  }

  public FileEncryptionProperties properties() {
    return properties;
  }

  /** The {@code EncryptionAlgorithm} to store (in FileCryptoMetaData, or in a plaintext footer). */
  public EncryptionAlgorithm algorithmMetadata() {
    return algorithm;
  }

  /** Whether the column at {@code dottedPath} is encrypted. */
  public boolean isEncrypted(String dottedPath) {
    return properties.column(dottedPath) != null;
  }

  /** The crypto metadata of an encrypted column's chunks, or {@code null} for a plaintext column. */
  public ColumnCryptoMetaData columnCryptoMetaData(String dottedPath, List<String> pathInSchema) {
    FileEncryptionProperties.ColumnEncryption c = properties.column(dottedPath);
    if (c == null) {
      return null;
    }
    return c.usesFooterKey() ? new ColumnCryptoMetaData.EncryptionWithFooterKey()
        : new ColumnCryptoMetaData.EncryptionWithColumnKey(List.copyOf(pathInSchema), c.keyMetadata());
  }

  /**
   * Whether an encrypted column's metadata must be stored encrypted in {@code
   * encrypted_column_metadata}: when it has its own key, or the footer is in plaintext.
   */
  public boolean encryptsColumnMetaData(String dottedPath) {
    FileEncryptionProperties.ColumnEncryption c = properties.column(dottedPath);
    return c != null && (!c.usesFooterKey() || properties.plaintextFooter());
  }

  /** The module encryptor of an encrypted column's chunk in row group {@code rowGroup}. */
  public ColumnEncryptor columnEncryptor(int rowGroup, int column, String dottedPath) {
    return new ColumnEncryptor(properties.algorithm(), keyOf(dottedPath), fileAad, rowGroup, column);
  }

  /** The {@code encrypted_column_metadata} of a chunk: its metadata as a column metadata module. */
  public byte[] encryptColumnMetaData(ColumnMetaData metadata, int rowGroup, int column, String dottedPath) {
    return columnEncryptor(rowGroup, column, dottedPath)
        .encrypt(ModuleType.COLUMN_META_DATA, ByteBuffer.wrap(MetadataWriter.toBytes(metadata)), -1);
  }

  /**
   * What follows the column chunks of an encrypted-footer file, before the 4-byte length and
   * {@code PARE}: the FileCryptoMetaData and the encrypted footer module.
   */
  public byte[] encryptedFooter(FileMetaData metadata) {
    if (properties.plaintextFooter()) {
      throw new IllegalStateException("the properties ask for a plaintext footer");
    }
    byte[] crypto = MetadataWriter.toBytes(new FileCryptoMetaData(algorithm, properties.footerKeyMetadata()));
    byte[] module = ModuleCipher.gcm(properties.footerKey())
        .encrypt(ByteBuffer.wrap(MetadataWriter.toBytes(metadata)), ModuleAad.footer(fileAad));
    byte[] out = new byte[crypto.length + module.length];
    System.arraycopy(crypto, 0, out, 0, crypto.length);
    System.arraycopy(module, 0, out, crypto.length, module.length);
    return out;
  }

  /**
   * What follows the column chunks of a plaintext-footer file, before the 4-byte length and
   * {@code PAR1}: the serialized footer and its 28-byte signature. {@code metadata} must carry
   * {@link #algorithmMetadata()} and the footer key metadata.
   */
  public byte[] signedFooter(FileMetaData metadata) {
    if (!properties.plaintextFooter()) {
      throw new IllegalStateException("the properties ask for an encrypted footer");
    }
    if (!algorithm.equals(metadata.encryptionAlgorithm())) {
      throw new IllegalArgumentException("a plaintext footer must carry this file's algorithmMetadata()");
    }
    byte[] footer = MetadataWriter.toBytes(metadata);
    byte[] signature = ((AesGcmModuleCipher) ModuleCipher.gcm(properties.footerKey()))
        .sign(ByteBuffer.wrap(footer), ModuleAad.footer(fileAad));
    byte[] out = new byte[footer.length + signature.length];
    System.arraycopy(footer, 0, out, 0, footer.length);
    System.arraycopy(signature, 0, out, footer.length, signature.length);
    return out;
  }

  private byte[] keyOf(String dottedPath) {
    FileEncryptionProperties.ColumnEncryption c = properties.column(dottedPath);
    if (c == null) {
      throw new IllegalArgumentException("column " + dottedPath + " is not encrypted");
    }
    return c.usesFooterKey() ? properties.footerKey() : c.key();
  }
}
