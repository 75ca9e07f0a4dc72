package org.parquetarrow.crypto;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES-CTR modules: {@code length | nonce (12) | ciphertext}, the page data of AES_GCM_CTR_V1. Not
 * authenticated: a wrong key or altered bytes give garbage, which the page's CRC or decoding may
 * catch. The counter block is the nonce followed by the 32-bit counter 1, as the spec requires.
 */
public final class AesCtrModuleCipher extends ModuleCipher {
  private static final int IV_BYTES = 16;
  private static final ThreadLocal<Cipher> CIPHERS = perThread("AES/CTR/NoPadding");

  AesCtrModuleCipher(byte[] key) {
    super(key);
  }

  @Override
  public int overhead() {
    return LENGTH_BYTES + NONCE_BYTES;
  }

  @Override
  Cipher initDecrypt(byte[] nonce, byte[] aad) throws GeneralSecurityException {
    Cipher c = CIPHERS.get();
    c.init(Cipher.DECRYPT_MODE, key, iv(nonce));
    return c;
  }

  @Override
  Cipher initEncrypt(byte[] nonce, byte[] aad) throws GeneralSecurityException {
    Cipher c = CIPHERS.get();
    c.init(Cipher.ENCRYPT_MODE, key, iv(nonce));
    return c;
  }

  private static IvParameterSpec iv(byte[] nonce) {
    byte[] iv = new byte[IV_BYTES];
    System.arraycopy(nonce, 0, iv, 0, NONCE_BYTES);
    iv[IV_BYTES - 1] = 1;
    return new IvParameterSpec(iv);
  }
}
