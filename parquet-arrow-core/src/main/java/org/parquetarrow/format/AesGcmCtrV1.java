package org.parquetarrow.format;

import java.util.Objects;

/** Parameters of {@code AesGcmCtrV1}; every field may be {@code null}. */
public record AesGcmCtrV1(byte[] aadPrefix, byte[] aadFileUnique, Boolean supplyAadPrefix)
    implements EncryptionAlgorithm {

  @Override
  public boolean equals(Object o) {
    return o instanceof AesGcmCtrV1 a
        && Bytes.eq(aadPrefix, a.aadPrefix) && Bytes.eq(aadFileUnique, a.aadFileUnique)
        && Objects.equals(supplyAadPrefix, a.supplyAadPrefix);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Bytes.hash(aadPrefix), Bytes.hash(aadFileUnique), supplyAadPrefix);
  }

  @Override
  public String toString() {
    return "AesGcmCtrV1[aadPrefix=" + Bytes.str(aadPrefix) + ", aadFileUnique=" + Bytes.str(aadFileUnique)
        + ", supplyAadPrefix=" + supplyAadPrefix + "]";
  }
}
