package org.parquetarrow.it.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.crypto.ParquetCryptoRuntimeException;
import org.apache.parquet.crypto.keytools.KeyToolkit;
import org.apache.parquet.crypto.keytools.KmsClient;

/**
 * parquet-java's test {@code InMemoryKMS} (not in the parquet-hadoop jar) rebuilt on parquet-java's
 * own local wrapping, {@link KeyToolkit#encryptKeyLocally}: master keys from {@code
 * parquet.encryption.key.list} ({@code id:<base64>, …}), the master key id in UTF-8 as AAD.
 */
public final class ParquetJavaInMemoryKms implements KmsClient {
  private Map<String, byte[]> masterKeys;

  @Override
  public void initialize(Configuration configuration, String kmsInstanceID, String kmsInstanceURL, String accessToken) {
    masterKeys = new HashMap<>();
    for (String entry : configuration.getTrimmedStrings("parquet.encryption.key.list")) {
      String[] parts = entry.split(":");
      masterKeys.put(parts[0].trim(), Base64.getDecoder().decode(parts[1].trim()));
    }
  }

  @Override
  public String wrapKey(byte[] keyBytes, String masterKeyIdentifier) {
    return KeyToolkit.encryptKeyLocally(keyBytes, master(masterKeyIdentifier),
        masterKeyIdentifier.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public byte[] unwrapKey(String wrappedKey, String masterKeyIdentifier) {
    return KeyToolkit.decryptKeyLocally(wrappedKey, master(masterKeyIdentifier),
        masterKeyIdentifier.getBytes(StandardCharsets.UTF_8));
  }

  private byte[] master(String id) {
    byte[] key = masterKeys.get(id);
    if (key == null) {
      throw new ParquetCryptoRuntimeException("no master key " + id);
    }
    return key;
  }
}
