package org.parquetarrow.format;

/** The thrift union naming the file's encryption algorithm: {@link AesGcmV1} or {@link AesGcmCtrV1}. */
public sealed interface EncryptionAlgorithm permits AesGcmV1, AesGcmCtrV1 {
  byte[] aadPrefix();

  byte[] aadFileUnique();

  Boolean supplyAadPrefix();
}
