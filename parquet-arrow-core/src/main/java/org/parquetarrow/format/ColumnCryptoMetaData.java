package org.parquetarrow.format;

import java.util.List;

/** The thrift union saying which key encrypts a column. */
public sealed interface ColumnCryptoMetaData {

  /** The column is encrypted with the footer key. */
  record EncryptionWithFooterKey() implements ColumnCryptoMetaData {}

  /** The column has its own key; {@code keyMetadata} (may be {@code null}) says how to get it. */
  record EncryptionWithColumnKey(List<String> pathInSchema, byte[] keyMetadata)
      implements ColumnCryptoMetaData {
    @Override
    public boolean equals(Object o) {
      return o instanceof EncryptionWithColumnKey k
          && pathInSchema.equals(k.pathInSchema) && Bytes.eq(keyMetadata, k.keyMetadata);
    }

    @Override
    public int hashCode() {
      return pathInSchema.hashCode() * 31 + Bytes.hash(keyMetadata);
    }

    @Override
    public String toString() {
      return "EncryptionWithColumnKey[pathInSchema=" + pathInSchema + ", keyMetadata=" + Bytes.str(keyMetadata) + "]";
    }
  }
}
