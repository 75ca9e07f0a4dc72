package org.parquetarrow.crypto;

import org.parquetarrow.format.AesGcmCtrV1;
import org.parquetarrow.format.AesGcmV1;
import org.parquetarrow.format.EncryptionAlgorithm;

/** The two encryption algorithms of the Parquet spec. */
public enum ParquetCipher {
  /** Every module in AES-GCM. */
  AES_GCM_V1,
  /** Page data in AES-CTR (faster, not authenticated), every other module in AES-GCM. */
  AES_GCM_CTR_V1;

  /** The algorithm a file's metadata names. */
  public static ParquetCipher of(EncryptionAlgorithm algorithm) {
    return algorithm instanceof AesGcmCtrV1 ? AES_GCM_CTR_V1 : AES_GCM_V1;
  }

  /** The metadata union naming this algorithm with the given AAD fields. */
  public EncryptionAlgorithm toMetadata(byte[] aadPrefix, byte[] aadFileUnique, Boolean supplyAadPrefix) {
    return this == AES_GCM_V1
        ? new AesGcmV1(aadPrefix, aadFileUnique, supplyAadPrefix)
        : new AesGcmCtrV1(aadPrefix, aadFileUnique, supplyAadPrefix);
  }

  /** The cipher for page data (data and dictionary pages) under {@code key}. */
  public ModuleCipher pageCipher(byte[] key) {
    return this == AES_GCM_V1 ? ModuleCipher.gcm(key) : ModuleCipher.ctr(key);
  }
}
