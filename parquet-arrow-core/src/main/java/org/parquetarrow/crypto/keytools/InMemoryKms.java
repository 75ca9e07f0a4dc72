package org.parquetarrow.crypto.keytools;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.parquetarrow.ParquetCryptoException;

/**
 * A KMS whose master keys live in memory, for tests and examples: compatible with parquet-java's
 * test {@code InMemoryKMS}, so the same master keys wrap and unwrap the same way (AES-GCM under
 * the master key, the master key id in UTF-8 as AAD) and files written by either open with the
 * other. Master keys come from {@code parquet.encryption.key.list}, as {@code id:<base64 key>}
 * separated by commas; for key rotation, {@code parquet.encryption.new.key.list} gives the new
 * versions, with which keys are then wrapped (unwrapping keeps using the old list).
 *
 * <pre>{@code
 * parquet.encryption.kms.client.class = org.parquetarrow.crypto.keytools.InMemoryKms
 * parquet.encryption.key.list = kf:AAECAwQFBgcICQoLDA0ODw==, kc1:AAECAAECAAECAAECAAECAA==
 * }</pre>
 *
 * Never use it in production: the master keys sit in the configuration.
 */
public final class InMemoryKms implements KmsClient {
  /** The master keys: {@code id:<base64 key>, id:<base64 key>, …}. */
  public static final String KEY_LIST = "parquet.encryption.key.list";
  /** New versions of the master keys, for {@link KeyRotation} (optional). */
  public static final String NEW_KEY_LIST = "parquet.encryption.new.key.list";

  private Map<String, byte[]> masterKeys = Map.of();
  private Map<String, byte[]> newMasterKeys = Map.of();

  /** An empty KMS, to be {@link #initialize initialized} from properties. */
  public InMemoryKms() {}

  /**
   * A KMS holding {@code masterKeys} (id to key, 16, 24 or 32 bytes).
   *
   * <pre>{@code
   * KmsClient kms = new InMemoryKms(Map.of("kf", footerMasterKey, "kc1", columnMasterKey));
   * }</pre>
   */
  public InMemoryKms(Map<String, byte[]> masterKeys) {
    this.masterKeys = copy(masterKeys);
    this.newMasterKeys = this.masterKeys;
  }

  /**
   * Parses a key list as {@code parquet.encryption.key.list} spells it.
   *
   * @throws IllegalArgumentException naming the entry that is not {@code id:<base64 key>}
   */
  public static Map<String, byte[]> parseKeyList(String list) {
    Map<String, byte[]> keys = new LinkedHashMap<>();
    for (String entry : list.split(",")) {
      String e = entry.trim();
      if (e.isEmpty()) {
        continue;
      }
      int colon = e.indexOf(':');
      if (colon <= 0 || e.indexOf(':', colon + 1) >= 0) {
        throw new IllegalArgumentException(KEY_LIST + ": entry for '" + (colon > 0 ? e.substring(0, colon) : "?")
            + "' is not id:<base64 key>");
      }
      String id = e.substring(0, colon).trim();
      try {
        keys.put(id, Base64.getDecoder().decode(e.substring(colon + 1).trim()));
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException(KEY_LIST + ": the key of '" + id + "' is not base64");
      }
    }
    return keys;
  }

  @Override
  public void initialize(KmsConnection connection) {
    String list = connection.properties().get(KEY_LIST);
    if (list == null || list.isBlank()) {
      throw new IllegalArgumentException("the in-memory KMS needs its master keys in " + KEY_LIST);
    }
    masterKeys = copy(parseKeyList(list));
    String newList = connection.properties().get(NEW_KEY_LIST);
    newMasterKeys = newList == null || newList.isBlank() ? masterKeys : copy(parseKeyList(newList));
  }

  @Override
  public String wrapKey(byte[] key, String masterKeyId) {
    return LocalKeyWrap.wrap(key, masterKey(newMasterKeys, masterKeyId), aad(masterKeyId));
  }

  @Override
  public byte[] unwrapKey(String wrappedKey, String masterKeyId) {
    return LocalKeyWrap.unwrap(wrappedKey, masterKey(masterKeys, masterKeyId), aad(masterKeyId));
  }

  private static byte[] masterKey(Map<String, byte[]> keys, String id) {
    byte[] key = keys.get(id);
    if (key == null) {
      throw new ParquetCryptoException("the in-memory KMS has no master key '" + id + "' (it has " + keys.keySet() + ")");
    }
    return key;
  }

  private static byte[] aad(String masterKeyId) {
    return masterKeyId.getBytes(StandardCharsets.UTF_8);
  }

  private static Map<String, byte[]> copy(Map<String, byte[]> keys) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    keys.forEach((id, key) -> out.put(id, key.clone()));
    return out;
  }

  @Override
  public String toString() {
    return "InMemoryKms" + masterKeys.keySet();
  }
}
