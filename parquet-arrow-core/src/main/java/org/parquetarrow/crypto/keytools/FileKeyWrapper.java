package org.parquetarrow.crypto.keytools;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import org.parquetarrow.ParquetCryptoException;

/**
 * Wraps the data keys of one file being written into key material: with the master key in the KMS
 * directly (single wrapping), or with a key-encryption key (KEK) that is itself wrapped in the KMS
 * once per master key and reused while cached (double wrapping, fewer KMS calls). With external
 * storage the material is collected for the key-material file and the key metadata only refers
 * to it ({@code footerKey}, {@code columnKey0}, {@code columnKey1}, … as parquet-java numbers them).
 */
final class FileKeyWrapper {
  /** A key-encryption key, its random id and its wrapped form. */
  record Kek(byte[] key, byte[] id, String wrapped) {
    String encodedId() {
      return Base64.getEncoder().encodeToString(id);
    }

    @Override
    public String toString() {
      return "Kek[" + encodedId() + "]";
    }
  }

  private static final int KEK_ID_BYTES = 16;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final KmsClient kms;
  private final String kmsInstanceId;
  private final String kmsInstanceUrl;
  private final boolean doubleWrapping;
  private final int kekBytes;
  private final ExpiringCache<String, Kek> keksByMasterKey;
  private final Map<String, String> externalMaterial;
  private int columnKeys;

  /**
   * @param externalMaterial where external material is collected (reference to material JSON), or
   *     {@code null} to store the material in the key metadata
   */
  FileKeyWrapper(KmsClient kms, String kmsInstanceId, String kmsInstanceUrl, boolean doubleWrapping,
      int kekBytes, ExpiringCache<String, Kek> keksByMasterKey, Map<String, String> externalMaterial) {
    this.kms = kms;
    this.kmsInstanceId = kmsInstanceId;
    this.kmsInstanceUrl = kmsInstanceUrl;
    this.doubleWrapping = doubleWrapping;
    this.kekBytes = kekBytes;
    this.keksByMasterKey = keksByMasterKey;
    this.externalMaterial = externalMaterial;
  }

  /** The {@code key_metadata} for {@code dataKey} wrapped with {@code masterKeyId}. */
  byte[] keyMetadata(byte[] dataKey, String masterKeyId, boolean footerKey) {
    KeyMaterial material = wrap(dataKey, masterKeyId, footerKey);
    if (externalMaterial == null) {
      return material.toJson(true).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    String reference = footerKey ? KeyMaterial.FOOTER_KEY_REFERENCE : KeyMaterial.COLUMN_KEY_REFERENCE_PREFIX + columnKeys++;
    externalMaterial.put(reference, material.toJson(false));
    return KeyMaterial.externalReference(reference);
  }

  /** The key material of {@code dataKey} wrapped with {@code masterKeyId}. */
  KeyMaterial wrap(byte[] dataKey, String masterKeyId, boolean footerKey) {
    String instanceId = footerKey ? kmsInstanceId : null;
    String instanceUrl = footerKey ? kmsInstanceUrl : null;
    if (!doubleWrapping) {
      return new KeyMaterial(footerKey, instanceId, instanceUrl, masterKeyId, false, null, null,
          kmsWrap(dataKey, masterKeyId));
    }
    Kek kek = keksByMasterKey.get(masterKeyId, this::newKek);
    String wrappedDek = LocalKeyWrap.wrap(dataKey, kek.key(), kek.id());
    return new KeyMaterial(footerKey, instanceId, instanceUrl, masterKeyId, true, kek.encodedId(), kek.wrapped(), wrappedDek);
  }

  private Kek newKek(String masterKeyId) {
    byte[] key = new byte[kekBytes];
    RANDOM.nextBytes(key);
    byte[] id = new byte[KEK_ID_BYTES];
    RANDOM.nextBytes(id);
    return new Kek(key, id, kmsWrap(key, masterKeyId));
  }

  private String kmsWrap(byte[] key, String masterKeyId) {
    try {
      String wrapped = kms.wrapKey(key, masterKeyId);
      if (wrapped == null) {
        throw new ParquetCryptoException("the KMS returned no wrapped key for master key '" + masterKeyId + "'");
      }
      return wrapped;
    } catch (ParquetCryptoException e) {
      throw new ParquetCryptoException("cannot wrap a key with master key '" + masterKeyId + "': " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new ParquetCryptoException("the KMS failed to wrap a key with master key '" + masterKeyId + "': "
          + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
    }
  }
}
