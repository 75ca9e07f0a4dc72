package org.parquetarrow.crypto;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.parquetarrow.ParquetCryptoException;

/**
 * What a reader knows to decrypt a file: an explicit footer key, explicit column keys by dotted
 * column path, a {@link KeyRetriever} for the keys not given explicitly, the AAD prefix for files
 * that do not store theirs, and whether to verify the signature of plaintext footers. Immutable;
 * the key arrays are copied in and out.
 *
 * <pre>{@code
 * FileDecryptionProperties keys = FileDecryptionProperties.builder()
 *     .footerKey("0123456789012345".getBytes(StandardCharsets.US_ASCII))
 *     .columnKey("double_field", "1234567890123450".getBytes(StandardCharsets.US_ASCII))
 *     .aadPrefix("tester".getBytes(StandardCharsets.UTF_8))
 *     .build();
 * ParquetFooter footer = ParquetFooter.read(file, keys);
 * }</pre>
 */
public final class FileDecryptionProperties {
  private final byte[] footerKey;
  private final Map<String, byte[]> columnKeys;
  private final KeyRetriever keyRetriever;
  private final byte[] aadPrefix;
  private final boolean verifyFooterSignature;

  private FileDecryptionProperties(Builder b) {
    this.footerKey = b.footerKey;
    this.columnKeys = Map.copyOf(b.columnKeys);
    this.keyRetriever = b.keyRetriever;
    this.aadPrefix = b.aadPrefix;
    this.verifyFooterSignature = b.verifyFooterSignature;
  }

  private FileDecryptionProperties(FileDecryptionProperties base, KeyRetriever boundRetriever) {
    this.footerKey = base.footerKey;
    this.columnKeys = base.columnKeys;
    this.keyRetriever = boundRetriever;
    this.aadPrefix = base.aadPrefix;
    this.verifyFooterSignature = base.verifyFooterSignature;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The explicit footer key, or {@code null}. */
  public byte[] footerKey() {
    return copy(footerKey);
  }

  /** The explicit key of the column at {@code dottedPath}, or {@code null}. */
  public byte[] columnKey(String dottedPath) {
    return copy(columnKeys.get(dottedPath));
  }

  /** The key retriever, or {@code null}. */
  public KeyRetriever keyRetriever() {
    return keyRetriever;
  }

  /** The AAD prefix the caller supplies, or {@code null}. */
  public byte[] aadPrefix() {
    return copy(aadPrefix);
  }

  /** Whether plaintext footers have their signature verified (default {@code true}). */
  public boolean verifyFooterSignature() {
    return verifyFooterSignature;
  }

  /**
   * These properties for reading the file named {@code fileName}: the same keys, with the key
   * retriever's {@link KeyRetriever#forFile} for that file. Footer reading calls this, so one
   * instance serves a whole dataset even when keys live beside each file.
   */
  public FileDecryptionProperties forFile(String fileName) {
    if (keyRetriever == null) {
      return this;
    }
    KeyRetriever bound = keyRetriever.forFile(fileName);
    return bound == keyRetriever ? this : new FileDecryptionProperties(this, bound);
  }

  /**
   * The footer key: the explicit one, else what the retriever gives for {@code keyMetadata};
   * {@code null} when neither knows it.
   */
  byte[] resolveFooterKey(byte[] keyMetadata) {
    return footerKey != null ? footerKey : retrieve(keyMetadata, "footer");
  }

  /** A column key: the explicit one for {@code dottedPath}, else the retriever's; or {@code null}. */
  byte[] resolveColumnKey(String dottedPath, byte[] keyMetadata) {
    byte[] explicit = columnKeys.get(dottedPath);
    return explicit != null ? explicit : retrieve(keyMetadata, "column " + dottedPath);
  }

  private byte[] retrieve(byte[] keyMetadata, String forWhat) {
    if (keyRetriever == null) {
      return null;
    }
    byte[] key;
    try {
      key = keyRetriever.key(keyMetadata == null ? new byte[0] : keyMetadata.clone());
    } catch (ParquetCryptoException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ParquetCryptoException("the key retriever failed for the " + forWhat + " key: " + e, e);
    }
    return key == null ? null : ModuleCipher.checkKey(key);
  }

  private static byte[] copy(byte[] a) {
    return a == null ? null : a.clone();
  }

  @Override
  public String toString() {
    // never print keys
    return "FileDecryptionProperties[footerKey=" + (footerKey != null) + ", columnKeys="
        + columnKeys.keySet() + ", keyRetriever=" + (keyRetriever != null) + ", aadPrefix="
        + (aadPrefix != null) + ", verifyFooterSignature=" + verifyFooterSignature + "]";
  }

  /** Builds {@link FileDecryptionProperties}; every setting is optional. */
  public static final class Builder {
    private byte[] footerKey;
    private final Map<String, byte[]> columnKeys = new HashMap<>();
    private KeyRetriever keyRetriever;
    private byte[] aadPrefix;
    private boolean verifyFooterSignature = true;

    private Builder() {}

    /** The footer key (16, 24 or 32 bytes); also the key of columns encrypted with the footer key. */
    public Builder footerKey(byte[] key) {
      this.footerKey = ModuleCipher.checkKey(key).clone();
      return this;
    }

    /** The key of the column at {@code dottedPath} (e.g. {@code "a.b.c"}). */
    public Builder columnKey(String dottedPath, byte[] key) {
      columnKeys.put(dottedPath, ModuleCipher.checkKey(key).clone());
      return this;
    }

    /** Retrieves the keys not given explicitly from their key metadata. */
    public Builder keyRetriever(KeyRetriever retriever) {
      this.keyRetriever = retriever;
      return this;
    }

    /**
     * The AAD prefix, required for files written without storing theirs. For files that store one,
     * a supplied prefix must equal it.
     */
    public Builder aadPrefix(byte[] prefix) {
      this.aadPrefix = prefix == null ? null : Arrays.copyOf(prefix, prefix.length);
      return this;
    }

    /** Whether to verify the signature of plaintext footers (default {@code true}). */
    public Builder verifyFooterSignature(boolean verify) {
      this.verifyFooterSignature = verify;
      return this;
    }

    public FileDecryptionProperties build() {
      return new FileDecryptionProperties(this);
    }
  }
}
