package org.parquetarrow.format;

import java.util.Objects;

/** What stands before an encrypted footer: the algorithm and the footer key's metadata. */
public record FileCryptoMetaData(EncryptionAlgorithm encryptionAlgorithm, byte[] keyMetadata) {

  @Override
  public boolean equals(Object o) {
    return o instanceof FileCryptoMetaData c
        && Objects.equals(encryptionAlgorithm, c.encryptionAlgorithm) && Bytes.eq(keyMetadata, c.keyMetadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(encryptionAlgorithm, Bytes.hash(keyMetadata));
  }

  @Override
  public String toString() {
    return "FileCryptoMetaData[encryptionAlgorithm=" + encryptionAlgorithm + ", keyMetadata=" + Bytes.str(keyMetadata) + "]";
  }
}
