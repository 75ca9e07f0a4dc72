package org.parquetarrow.crypto;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.parquetarrow.ParquetCryptoException;

/**
 * Encrypts and decrypts serialized modules with one AES key. A module is {@code length (4 bytes,
 * little-endian) | nonce (12) | ciphertext | tag (16, GCM only)}, where {@code length} counts the
 * bytes after itself. Instances are immutable and thread-safe; the JCE {@link Cipher} objects are
 * kept per thread because {@link Cipher#getInstance} is slow.
 *
 * <p>Decryption checks the stored length against the bytes really there before it allocates, and
 * every failure — short or inconsistent module, wrong key, wrong AAD, altered bytes — raises a
 * {@link ParquetCryptoException}. Callers that know which module they decrypt add that to the
 * message (see {@link ColumnDecryptor}).
 *
 * <pre>{@code
 * ModuleCipher gcm = ModuleCipher.gcm(key);
 * byte[] module = gcm.encrypt(ByteBuffer.wrap(plaintext), aad);
 * ByteBuffer back = gcm.decrypt(ByteBuffer.wrap(module), aad);
 * }</pre>
 */
public abstract sealed class ModuleCipher permits AesGcmModuleCipher, AesCtrModuleCipher {
  /** Bytes of the length field in front of every module. */
  public static final int LENGTH_BYTES = 4;
  /** Bytes of the nonce, for both ciphers. */
  public static final int NONCE_BYTES = 12;

  static final SecureRandom RANDOM = new SecureRandom();

  final SecretKeySpec key;

  ModuleCipher(byte[] key) {
    this.key = new SecretKeySpec(checkKey(key), "AES");
  }

  /** A cipher for AES-GCM modules (every module of AES_GCM_V1, all but page data of AES_GCM_CTR_V1). */
  public static ModuleCipher gcm(byte[] key) {
    return new AesGcmModuleCipher(key);
  }

  /** A cipher for AES-CTR modules (page data of AES_GCM_CTR_V1). */
  public static ModuleCipher ctr(byte[] key) {
    return new AesCtrModuleCipher(key);
  }

  /** Checks that {@code key} is an AES key of 128, 192 or 256 bits. */
  static byte[] checkKey(byte[] key) {
    if (key == null) {
      throw new ParquetCryptoException("no key given");
    }
    if (key.length != 16 && key.length != 24 && key.length != 32) {
      throw new ParquetCryptoException("a key of " + key.length + " bytes is not an AES key"
          + " (16, 24 or 32 bytes: 128, 192 or 256 bits)");
    }
    return key;
  }

  /** The bytes encryption adds to a plaintext: length field, nonce and (GCM) tag. */
  public abstract int overhead();

  /** The length of the module that encrypting {@code plaintextLength} bytes produces. */
  public final int encryptedLength(int plaintextLength) {
    long total = (long) plaintextLength + overhead();
    if (plaintextLength < 0 || total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("cannot encrypt " + plaintextLength + " bytes in one module");
    }
    return (int) total;
  }

  /**
   * The number of bytes (length field included) of the module at {@code src.position()}, checked
   * against the bytes remaining in {@code src}.
   */
  public final int moduleLength(ByteBuffer src) {
    return LENGTH_BYTES + checkedBodyLength(src);
  }

  /**
   * Decrypts the module at {@code src.position()} into a new little-endian heap buffer and moves
   * {@code src}'s position past the module.
   */
  public final ByteBuffer decrypt(ByteBuffer src, byte[] aad) {
    int body = checkedBodyLength(src);
    byte[] out = new byte[body - overhead() + LENGTH_BYTES];
    decryptBody(src, body, aad, ByteBuffer.wrap(out));
    return ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Decrypts the module at {@code src.position()} into {@code dst} from its position (a reused
   * buffer, heap or direct), moves both positions past what was read and written, and returns the
   * plaintext length.
   *
   * @throws IllegalArgumentException if {@code dst} has less room than the plaintext needs
   */
  public final int decrypt(ByteBuffer src, byte[] aad, ByteBuffer dst) {
    int body = checkedBodyLength(src);
    int plain = body - overhead() + LENGTH_BYTES;
    if (dst.remaining() < plain) {
      throw new IllegalArgumentException("output has room for " + dst.remaining() + " bytes, the module holds "
          + plain);
    }
    decryptBody(src, body, aad, dst);
    return plain;
  }

  /**
   * Encrypts the bytes from {@code plaintext}'s position to its limit (moving the position to the
   * limit) into a new module, with a fresh random nonce.
   */
  public final byte[] encrypt(ByteBuffer plaintext, byte[] aad) {
    byte[] out = new byte[encryptedLength(plaintext.remaining())];
    encrypt(plaintext, aad, ByteBuffer.wrap(out));
    return out;
  }

  /**
   * Encrypts the bytes from {@code plaintext}'s position to its limit into {@code dst} at its
   * position, with a fresh random nonce; moves both positions past what was read and written.
   */
  public final void encrypt(ByteBuffer plaintext, byte[] aad, ByteBuffer dst) {
    int total = encryptedLength(plaintext.remaining());
    if (dst.remaining() < total) {
      throw new IllegalArgumentException("output has room for " + dst.remaining() + " bytes, the module needs "
          + total);
    }
    byte[] nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    int start = dst.position();
    dst.order(ByteOrder.LITTLE_ENDIAN).putInt(start, total - LENGTH_BYTES);
    dst.put(start + LENGTH_BYTES, nonce);
    dst.position(start + LENGTH_BYTES + NONCE_BYTES);
    try {
      Cipher c = initEncrypt(nonce, aad);
      c.doFinal(plaintext, dst);
    } catch (GeneralSecurityException e) {
      throw new ParquetCryptoException("encryption failed: " + e.getMessage(), e);
    }
  }

  /** The stored body length (bytes after the length field), checked before anything allocates. */
  private int checkedBodyLength(ByteBuffer src) {
    int remaining = src.remaining();
    if (remaining < LENGTH_BYTES) {
      throw new ParquetCryptoException("truncated module: " + remaining
          + " bytes left where the 4-byte length should be");
    }
    int body = src.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(src.position());
    int minimum = overhead() - LENGTH_BYTES;
    if (body < minimum) {
      throw new ParquetCryptoException("module length " + body + " is shorter than the " + minimum
          + " bytes of nonce" + (minimum > NONCE_BYTES ? " and tag" : "") + " it must hold");
    }
    if (body > remaining - LENGTH_BYTES) {
      throw new ParquetCryptoException("truncated module: its length says " + body + " bytes but only "
          + (remaining - LENGTH_BYTES) + " follow");
    }
    return body;
  }

  /** Decrypts the checked body of {@code body} bytes after the length field into {@code dst}. */
  private void decryptBody(ByteBuffer src, int body, byte[] aad, ByteBuffer dst) {
    int start = src.position();
    byte[] nonce = new byte[NONCE_BYTES];
    src.get(start + LENGTH_BYTES, nonce);
    ByteBuffer in = src.duplicate();
    in.limit(start + LENGTH_BYTES + body).position(start + LENGTH_BYTES + NONCE_BYTES);
    try {
      Cipher c = initDecrypt(nonce, aad);
      if (in.hasArray() && dst.hasArray()) {
        int n = c.doFinal(in.array(), in.arrayOffset() + in.position(), in.remaining(),
            dst.array(), dst.arrayOffset() + dst.position());
        dst.position(dst.position() + n);
      } else {
        c.doFinal(in, dst);
      }
    } catch (javax.crypto.AEADBadTagException e) {
      throw new ParquetCryptoException("authentication tag does not match: wrong key, wrong AAD"
          + " (a module moved within or between files, or a wrong AAD prefix) or altered bytes", e);
    } catch (GeneralSecurityException e) {
      throw new ParquetCryptoException("decryption failed: " + e.getMessage(), e);
    }
    src.position(start + LENGTH_BYTES + body);
  }

  abstract Cipher initDecrypt(byte[] nonce, byte[] aad) throws GeneralSecurityException;

  abstract Cipher initEncrypt(byte[] nonce, byte[] aad) throws GeneralSecurityException;

  /** A per-thread JCE cipher of {@code transformation}, created once per thread. */
  static ThreadLocal<Cipher> perThread(String transformation) {
    return ThreadLocal.withInitial(() -> {
      try {
        return Cipher.getInstance(transformation);
      } catch (GeneralSecurityException e) {
        throw new ParquetCryptoException("the JVM offers no " + transformation + " cipher", e);
      }
    });
  }
}
