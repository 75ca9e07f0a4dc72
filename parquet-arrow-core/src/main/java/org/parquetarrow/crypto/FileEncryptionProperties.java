package org.parquetarrow.crypto;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * How a writer encrypts a file: the footer key and its key metadata, the algorithm, whether the
 * footer stays in plaintext (signed), the AAD prefix and whether it is stored, and which columns
 * are encrypted with which key. With no column listed, every column is encrypted with the footer
 * key (uniform encryption); once columns are listed, the others stay in plaintext. Immutable; key
 * arrays are copied in and out.
 *
 * <pre>{@code
 * FileEncryptionProperties props = FileEncryptionProperties.builder(footerKey)
 *     .footerKeyMetadata("kf".getBytes(StandardCharsets.UTF_8))
 *     .algorithm(ParquetCipher.AES_GCM_CTR_V1)
 *     .columnKey("ssn", ssnKey, "kc1".getBytes(StandardCharsets.UTF_8))
 *     .columnWithFooterKey("salary")
 *     .aadPrefix("employees_2024-05-23.part0".getBytes(StandardCharsets.UTF_8))
 *     .storeAadPrefix(false)
 *     .build();
 * FileEncryptor encryptor = FileEncryptor.create(props);
 * }</pre>
 */
public final class FileEncryptionProperties {

  /**
   * How one column is encrypted: with its own key (and that key's metadata, may be {@code null})
   * or, when {@code key} is {@code null}, with the footer key.
   */
  public record ColumnEncryption(String path, byte[] key, byte[] keyMetadata) {
    /** Whether the column uses the footer key. */
    public boolean usesFooterKey() {
      return key == null;
    }

    @Override
    public byte[] key() {
      return key == null ? null : key.clone();
    }

    @Override
    public byte[] keyMetadata() {
      return keyMetadata == null ? null : keyMetadata.clone();
    }

    @Override
    public String toString() {
      return "ColumnEncryption[" + path + (key == null ? ", footer key]" : ", own key]");
    }
  }

  private final byte[] footerKey;
  private final byte[] footerKeyMetadata;
  private final ParquetCipher algorithm;
  private final boolean plaintextFooter;
  private final byte[] aadPrefix;
  private final boolean storeAadPrefix;
  private final Map<String, ColumnEncryption> columns;

  private FileEncryptionProperties(Builder b) {
    this.footerKey = b.footerKey;
    this.footerKeyMetadata = b.footerKeyMetadata;
    this.algorithm = b.algorithm;
    this.plaintextFooter = b.plaintextFooter;
    this.aadPrefix = b.aadPrefix;
    this.storeAadPrefix = b.storeAadPrefix;
    this.columns = Map.copyOf(b.columns);
  }

  /** A builder with the footer key (16, 24 or 32 bytes), which encrypts or signs the footer. */
  public static Builder builder(byte[] footerKey) {
    return new Builder(footerKey);
  }

  public byte[] footerKey() {
    return footerKey.clone();
  }

  /** The footer key's metadata, or {@code null}. */
  public byte[] footerKeyMetadata() {
    return footerKeyMetadata == null ? null : footerKeyMetadata.clone();
  }

  public ParquetCipher algorithm() {
    return algorithm;
  }

  /** Whether the footer is written in plaintext (signed) rather than encrypted. */
  public boolean plaintextFooter() {
    return plaintextFooter;
  }

  /** The AAD prefix, or {@code null}. */
  public byte[] aadPrefix() {
    return aadPrefix == null ? null : aadPrefix.clone();
  }

  /** Whether the AAD prefix is stored in the file (when not, readers must supply it). */
  public boolean storeAadPrefix() {
    return storeAadPrefix;
  }

  /** Whether every column is encrypted with the footer key (no column listed). */
  public boolean uniform() {
    return columns.isEmpty();
  }

  /** The dotted paths of the columns listed. */
  public Set<String> columnPaths() {
    return columns.keySet();
  }

  /**
   * How the column at {@code dottedPath} is encrypted, or {@code null} when it stays in
   * plaintext.
   */
  public ColumnEncryption column(String dottedPath) {
    if (columns.isEmpty()) {
      return new ColumnEncryption(dottedPath, null, null);
    }
    return columns.get(dottedPath);
  }

  @Override
  public String toString() {
    // never print keys
    return "FileEncryptionProperties[" + algorithm + ", plaintextFooter=" + plaintextFooter + ", columns="
        + (columns.isEmpty() ? "all with the footer key" : columns.values()) + ", aadPrefix="
        + (aadPrefix != null) + ", storeAadPrefix=" + storeAadPrefix + "]";
  }

  /** Builds {@link FileEncryptionProperties}. */
  public static final class Builder {
    private final byte[] footerKey;
    private byte[] footerKeyMetadata;
    private ParquetCipher algorithm = ParquetCipher.AES_GCM_V1;
    private boolean plaintextFooter;
    private byte[] aadPrefix;
    private boolean storeAadPrefix = true;
    private final Map<String, ColumnEncryption> columns = new LinkedHashMap<>();

    private Builder(byte[] footerKey) {
      this.footerKey = ModuleCipher.checkKey(footerKey).clone();
    }

    /** Stored with the footer so that readers' key retrievers can find the footer key. */
    public Builder footerKeyMetadata(byte[] metadata) {
      this.footerKeyMetadata = metadata == null ? null : metadata.clone();
      return this;
    }

    /** The algorithm (default {@link ParquetCipher#AES_GCM_V1}). */
    public Builder algorithm(ParquetCipher cipher) {
      this.algorithm = java.util.Objects.requireNonNull(cipher);
      return this;
    }

    /** Leave the footer in plaintext, signed with the footer key (default: encrypted). */
    public Builder plaintextFooter(boolean plaintext) {
      this.plaintextFooter = plaintext;
      return this;
    }

    /** An AAD prefix identifying the file (e.g. table, partition and version). */
    public Builder aadPrefix(byte[] prefix) {
      this.aadPrefix = prefix == null ? null : prefix.clone();
      return this;
    }

    /** Whether to store the AAD prefix in the file (default {@code true}). */
    public Builder storeAadPrefix(boolean store) {
      this.storeAadPrefix = store;
      return this;
    }

    /** Encrypt the column at {@code dottedPath} with its own key. */
    public Builder columnKey(String dottedPath, byte[] key, byte[] keyMetadata) {
      columns.put(dottedPath, new ColumnEncryption(dottedPath, ModuleCipher.checkKey(key).clone(),
          keyMetadata == null ? null : keyMetadata.clone()));
      return this;
    }

    /** Encrypt the column at {@code dottedPath} with the footer key. */
    public Builder columnWithFooterKey(String dottedPath) {
      columns.put(dottedPath, new ColumnEncryption(dottedPath, null, null));
      return this;
    }

    /**
     * @throws IllegalStateException if the AAD prefix is not stored but none is given
     */
    public FileEncryptionProperties build() {
      if (!storeAadPrefix && aadPrefix == null) {
        throw new IllegalStateException("storeAadPrefix(false) needs an aadPrefix");
      }
      return new FileEncryptionProperties(this);
    }
  }
}
