package org.parquetarrow.crypto;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import org.parquetarrow.ParquetCryptoException;

/**
 * AES-GCM modules: {@code length | nonce (12) | ciphertext | tag (16)}, authenticated together
 * with the module's AAD. Also verifies the signature of plaintext footers.
 */
public final class AesGcmModuleCipher extends ModuleCipher {
  /** Bytes of the GCM authentication tag. */
  public static final int TAG_BYTES = 16;
  /** Bytes of a plaintext footer's signature: nonce and tag. */
  public static final int SIGNATURE_BYTES = NONCE_BYTES + TAG_BYTES;

  private static final String TRANSFORMATION = "AES/GCM/NoPadding";
  private static final ThreadLocal<Cipher> CIPHERS = perThread(TRANSFORMATION);

  AesGcmModuleCipher(byte[] key) {
    super(key);
  }

  @Override
  public int overhead() {
    return LENGTH_BYTES + NONCE_BYTES + TAG_BYTES;
  }

  @Override
  Cipher initDecrypt(byte[] nonce, byte[] aad) throws GeneralSecurityException {
    Cipher c = CIPHERS.get();
    c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BYTES * 8, nonce));
    c.updateAAD(aad);
    return c;
  }

  @Override
  Cipher initEncrypt(byte[] nonce, byte[] aad) throws GeneralSecurityException {
    Cipher c = CIPHERS.get();
    c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BYTES * 8, nonce));
    c.updateAAD(aad);
    return c;
  }

  /**
   * Whether {@code signature} (nonce then tag, 28 bytes) is the GCM tag of {@code footer} (from
   * its position to its limit, left unmoved) under this key, its nonce and {@code aad}.
   */
  public boolean verifySignature(ByteBuffer footer, byte[] signature, byte[] aad) {
    if (signature.length != SIGNATURE_BYTES) {
      throw new ParquetCryptoException("a footer signature has " + SIGNATURE_BYTES + " bytes, not "
          + signature.length);
    }
    byte[] nonce = Arrays.copyOf(signature, NONCE_BYTES);
    try {
      // a cipher of its own: JCE refuses to encrypt twice in a row with one key and nonce on the
      // same instance, which verifying one footer twice would otherwise do
      Cipher c = Cipher.getInstance(TRANSFORMATION);
      c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BYTES * 8, nonce));
      c.updateAAD(aad);
      byte[] sealed = c.doFinal(toArray(footer));
      byte[] tag = Arrays.copyOfRange(sealed, sealed.length - TAG_BYTES, sealed.length);
      byte[] stored = Arrays.copyOfRange(signature, NONCE_BYTES, SIGNATURE_BYTES);
      return MessageDigest.isEqual(tag, stored);
    } catch (GeneralSecurityException e) {
      throw new ParquetCryptoException("footer signature check failed: " + e.getMessage(), e);
    }
  }

  /**
   * The 28-byte signature (fresh nonce, then tag) of {@code footer} (position to limit, left
   * unmoved) that a plaintext-footer file stores after its footer.
   */
  public byte[] sign(ByteBuffer footer, byte[] aad) {
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      Cipher c = Cipher.getInstance(TRANSFORMATION);
      c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BYTES * 8, nonce));
      c.updateAAD(aad);
      byte[] sealed = c.doFinal(toArray(footer));
      byte[] signature = Arrays.copyOf(nonce, SIGNATURE_BYTES);
      System.arraycopy(sealed, sealed.length - TAG_BYTES, signature, NONCE_BYTES, TAG_BYTES);
      return signature;
    } catch (GeneralSecurityException e) {
      throw new ParquetCryptoException("footer signing failed: " + e.getMessage(), e);
    }
  }

  private static byte[] toArray(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return a;
  }
}
