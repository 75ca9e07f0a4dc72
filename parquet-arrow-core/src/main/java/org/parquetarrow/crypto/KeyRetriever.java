package org.parquetarrow.crypto;

/**
 * Maps the {@code key_metadata} bytes a file stores for its footer or a column to the key itself:
 * the hook for user key management (a KMS client, a key store, unwrapping of wrapped keys).
 *
 * <pre>{@code
 * KeyRetriever byId = metadata -> keyStore.get(new String(metadata, StandardCharsets.UTF_8));
 * FileDecryptionProperties keys = FileDecryptionProperties.builder().keyRetriever(byId).build();
 * }</pre>
 */
@FunctionalInterface
public interface KeyRetriever {

  /**
   * The AES key (16, 24 or 32 bytes) that {@code keyMetadata} names, or {@code null} when this
   * retriever does not know it. {@code keyMetadata} is never {@code null} but may be empty.
   * Exceptions thrown here reach the caller wrapped in a {@link org.parquetarrow.ParquetCryptoException}.
   */
  byte[] key(byte[] keyMetadata);

  /**
   * The retriever for one file, named as its {@link org.parquetarrow.io.InputFile#name()} (a local
   * path for local files). Readers call this once per file before asking for its keys, so that a
   * retriever can find what lies beside the file — parquet-java's key tools keep external key
   * material in {@code _KEY_MATERIAL_FOR_<file name>.json} next to the data file. This default
   * serves every file alike.
   */
  default KeyRetriever forFile(String fileName) {
    return this;
  }
}
