package org.parquetarrow.crypto.keytools;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.parquetarrow.ParquetCryptoException;

/**
 * Wraps a key with another key in AES-GCM, the way parquet-java's key tools do: base64 of {@code
 * nonce (12 bytes) | ciphertext | tag (16)}, with an AAD binding the wrap to its context (the
 * master key id for {@link InMemoryKms}, the key-encryption-key id for double wrapping). A KMS
 * client that wraps locally with master keys fetched from elsewhere can use it too.
 *
 * <pre>{@code
 * String wrapped = LocalKeyWrap.wrap(dataKey, masterKey, "kf".getBytes(StandardCharsets.UTF_8));
 * byte[] back = LocalKeyWrap.unwrap(wrapped, masterKey, "kf".getBytes(StandardCharsets.UTF_8));
 * }</pre>
 */
public final class LocalKeyWrap {
  private static final int NONCE_BYTES = 12;
  private static final int TAG_BITS = 128;
  private static final SecureRandom RANDOM = new SecureRandom();

  private LocalKeyWrap() {}

  /** {@code key} encrypted under {@code wrappingKey} (16, 24 or 32 bytes) with {@code aad}, in base64. */
  public static String wrap(byte[] key, byte[] wrappingKey, byte[] aad) {
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      Cipher c = cipher(Cipher.ENCRYPT_MODE, wrappingKey, nonce, aad);
      byte[] sealed = c.doFinal(key);
      return Base64.getEncoder().encodeToString(ByteBuffer.allocate(NONCE_BYTES + sealed.length)
          .put(nonce).put(sealed).array());
    } catch (GeneralSecurityException e) {
      throw new ParquetCryptoException("cannot wrap a key locally: " + e.getClass().getSimpleName(), e);
    }
  }

  /**
   * The key that {@link #wrap} wrapped into {@code wrapped}.
   *
   * @throws ParquetCryptoException if {@code wrapped} is not base64 of a wrapped key, or the
   *     wrapping key or AAD is not the one it was wrapped with (or it was altered)
   */
  public static byte[] unwrap(String wrapped, byte[] wrappingKey, byte[] aad) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(wrapped);
    } catch (IllegalArgumentException e) {
      throw new ParquetCryptoException("a wrapped key is not base64", e);
    }
    if (bytes.length < NONCE_BYTES + TAG_BITS / 8) {
      throw new ParquetCryptoException("a wrapped key of " + bytes.length + " bytes is too short for"
          + " nonce and tag (" + (NONCE_BYTES + TAG_BITS / 8) + " bytes)");
    }
    byte[] nonce = java.util.Arrays.copyOf(bytes, NONCE_BYTES);
    try {
      return cipher(Cipher.DECRYPT_MODE, wrappingKey, nonce, aad).doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES);
    } catch (AEADBadTagException e) {
      throw new ParquetCryptoException("a wrapped key does not unwrap: wrong wrapping key, or the key material was altered", e);
    } catch (GeneralSecurityException e) {
      throw new ParquetCryptoException("cannot unwrap a key: " + e.getClass().getSimpleName(), e);
    }
  }

  private static Cipher cipher(int mode, byte[] wrappingKey, byte[] nonce, byte[] aad) throws GeneralSecurityException {
    if (wrappingKey == null || (wrappingKey.length != 16 && wrappingKey.length != 24 && wrappingKey.length != 32)) {
      throw new ParquetCryptoException("a wrapping key of " + (wrappingKey == null ? "no" : wrappingKey.length)
          + " bytes is not an AES key (16, 24 or 32 bytes)");
    }
    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
    c.init(mode, new SecretKeySpec(wrappingKey, "AES"), new GCMParameterSpec(TAG_BITS, nonce));
    if (aad != null) {
      c.updateAAD(aad);
    }
    return c;
  }
}
