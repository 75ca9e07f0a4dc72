package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.ParquetCryptoException;

/** The module ciphers against published vectors, hand-made modules and every kind of damage. */
class ModuleCipherTest {
  private static final HexFormat HEX = HexFormat.of();

  static byte[] le32(int v) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
  }

  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  static byte[] key(int length, int seed) {
    byte[] k = new byte[length];
    new Random(seed).nextBytes(k);
    return k;
  }

  static byte[] bytes(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.get(a);
    return a;
  }

  /** McGrew and Viega's GCM test case 2: zero key, zero nonce, one zero block, no AAD. */
  @Test
  void gcmPublishedVectorWithoutAad() {
    byte[] module = concat(le32(12 + 16 + 16), new byte[12], HEX.parseHex("0388dace60b6a392f328c2b971b2fe78"),
        HEX.parseHex("ab6e47d42cec13bdf53a67b21257bddf"));
    ByteBuffer src = ByteBuffer.wrap(module);
    assertArrayEquals(new byte[16], bytes(ModuleCipher.gcm(new byte[16]).decrypt(src, new byte[0])));
    assertEquals(module.length, src.position(), "the position moves past the module");
  }

  /** McGrew and Viega's GCM test case 4: 60-byte plaintext with a 20-byte AAD. */
  @Test
  void gcmPublishedVectorWithAad() {
    byte[] key = HEX.parseHex("feffe9928665731c6d6a8f9467308308");
    byte[] nonce = HEX.parseHex("cafebabefacedbaddecaf888");
    byte[] plain = HEX.parseHex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
    byte[] aad = HEX.parseHex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
    byte[] cipher = HEX.parseHex("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
        + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091");
    byte[] tag = HEX.parseHex("5bc94fbc3221a5db94fae95ae7121a47");
    byte[] module = concat(le32(12 + 60 + 16), nonce, cipher, tag);
    ModuleCipher gcm = ModuleCipher.gcm(key);
    assertArrayEquals(plain, bytes(gcm.decrypt(ByteBuffer.wrap(module), aad)));
    // the same module with another AAD, or none, is refused
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> gcm.decrypt(ByteBuffer.wrap(module), new byte[0]));
    assertTrue(e.problem().startsWith("authentication tag does not match"), e.getMessage());
  }

  /**
   * The CTR layout of the spec: IV = nonce followed by the 32-bit counter 1, so keystream block i
   * is AES(key, nonce || i + 1), computed here with plain AES-ECB.
   */
  @ParameterizedTest
  @ValueSource(ints = {16, 24, 32})
  void ctrUsesNonceAndCounterOne(int keyLength) throws Exception {
    byte[] key = key(keyLength, 7);
    byte[] plain = new byte[40];
    new Random(3).nextBytes(plain);
    byte[] module = ModuleCipher.ctr(key).encrypt(ByteBuffer.wrap(plain), new byte[0]);
    assertEquals(4 + 12 + 40, module.length);
    assertEquals(12 + 40, ByteBuffer.wrap(module).order(ByteOrder.LITTLE_ENDIAN).getInt());
    byte[] nonce = Arrays.copyOfRange(module, 4, 16);
    Cipher ecb = Cipher.getInstance("AES/ECB/NoPadding");
    ecb.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
    for (int i = 0; i < plain.length; i++) {
      int block = i / 16;
      byte[] counter = concat(nonce, new byte[] {0, 0, 0, (byte) (block + 1)});
      byte[] stream = ecb.doFinal(counter);
      assertEquals((byte) (plain[i] ^ stream[i % 16]), module[16 + i], "byte " + i);
    }
    assertArrayEquals(plain, bytes(ModuleCipher.ctr(key).decrypt(ByteBuffer.wrap(module), new byte[0])));
  }

  @ParameterizedTest
  @ValueSource(ints = {16, 24, 32})
  void roundTripsEveryKeySize(int keyLength) {
    byte[] key = key(keyLength, keyLength);
    byte[] aad = "file-aad".getBytes();
    for (ModuleCipher c : List.of(ModuleCipher.gcm(key), ModuleCipher.ctr(key))) {
      for (int size : new int[] {0, 1, 15, 16, 17, 1000, 70_000}) {
        byte[] plain = new byte[size];
        new Random(size).nextBytes(plain);
        byte[] module = c.encrypt(ByteBuffer.wrap(plain), aad);
        assertEquals(c.encryptedLength(size), module.length);
        assertEquals(module.length, c.moduleLength(ByteBuffer.wrap(module)));
        assertArrayEquals(plain, bytes(c.decrypt(ByteBuffer.wrap(module), aad)));
      }
    }
  }

  @Test
  void freshNonceForEveryModule() {
    ModuleCipher gcm = ModuleCipher.gcm(key(16, 1));
    byte[] a = gcm.encrypt(ByteBuffer.wrap(new byte[32]), new byte[0]);
    byte[] b = gcm.encrypt(ByteBuffer.wrap(new byte[32]), new byte[0]);
    assertFalse(Arrays.equals(Arrays.copyOfRange(a, 4, 16), Arrays.copyOfRange(b, 4, 16)));
    assertFalse(Arrays.equals(a, b));
  }

  @Test
  void directBuffersAndOffsets() {
    ModuleCipher gcm = ModuleCipher.gcm(key(32, 2));
    byte[] plain = new byte[5000];
    new Random(5).nextBytes(plain);
    ByteBuffer direct = ByteBuffer.allocateDirect(8 + gcm.encryptedLength(plain.length));
    direct.position(8);
    gcm.encrypt(ByteBuffer.wrap(plain), new byte[] {1}, direct);
    assertEquals(direct.capacity(), direct.position());
    direct.position(8);
    ByteBuffer out = ByteBuffer.allocateDirect(plain.length + 3);
    out.position(3);
    assertEquals(plain.length, gcm.decrypt(direct, new byte[] {1}, out));
    out.position(3);
    assertArrayEquals(plain, bytes(out));
    // a heap module at an offset inside a larger array
    byte[] module = gcm.encrypt(ByteBuffer.wrap(plain), new byte[0]);
    byte[] padded = concat(new byte[11], module, new byte[9]);
    ByteBuffer src = ByteBuffer.wrap(padded, 11, module.length + 9).slice();
    assertArrayEquals(plain, bytes(gcm.decrypt(src, new byte[0])));
    assertEquals(module.length, src.position());
    assertThrows(IllegalArgumentException.class,
        () -> gcm.decrypt(ByteBuffer.wrap(module), new byte[0], ByteBuffer.allocate(plain.length - 1)));
  }

  @Test
  void everyFlippedByteOfAGcmModuleIsCaught() {
    ModuleCipher gcm = ModuleCipher.gcm(key(16, 4));
    byte[] aad = {9, 8, 7};
    byte[] module = gcm.encrypt(ByteBuffer.wrap("some page bytes to protect".getBytes()), aad);
    for (int i = 0; i < module.length; i++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] t = module.clone();
        t[i] ^= (byte) (1 << bit);
        assertThrows(ParquetCryptoException.class, () -> gcm.decrypt(ByteBuffer.wrap(t), aad), "byte " + i);
      }
    }
  }

  @Test
  void wrongKeyOrAadIsCaught() {
    byte[] module = ModuleCipher.gcm(key(24, 1)).encrypt(ByteBuffer.wrap(new byte[100]), new byte[] {1, 2});
    ParquetCryptoException wrongKey = assertThrows(ParquetCryptoException.class,
        () -> ModuleCipher.gcm(key(24, 2)).decrypt(ByteBuffer.wrap(module), new byte[] {1, 2}));
    assertTrue(wrongKey.problem().startsWith("authentication tag does not match"));
    assertThrows(ParquetCryptoException.class,
        () -> ModuleCipher.gcm(key(24, 1)).decrypt(ByteBuffer.wrap(module), new byte[] {1, 3}));
    // CTR is not authenticated: a wrong key yields other bytes, not an error
    byte[] ctr = ModuleCipher.ctr(key(16, 1)).encrypt(ByteBuffer.wrap(new byte[100]), new byte[0]);
    assertNotEquals(0, bytes(ModuleCipher.ctr(key(16, 2)).decrypt(ByteBuffer.wrap(ctr), new byte[0]))[0]
        | bytes(ModuleCipher.ctr(key(16, 2)).decrypt(ByteBuffer.wrap(ctr), new byte[0]))[1]);
  }

  @Test
  void truncatedModulesAreCaughtAtEveryLength() {
    for (ModuleCipher c : List.of(ModuleCipher.gcm(key(16, 1)), ModuleCipher.ctr(key(16, 1)))) {
      byte[] module = c.encrypt(ByteBuffer.wrap(new byte[50]), new byte[0]);
      for (int n = 0; n < module.length; n++) {
        ByteBuffer cut = ByteBuffer.wrap(module, 0, n).slice();
        ParquetCryptoException e = assertThrows(ParquetCryptoException.class, () -> c.decrypt(cut, new byte[0]));
        assertTrue(e.problem().startsWith("truncated module"), e.getMessage());
        assertEquals(0, cut.position(), "a failed read leaves the position");
      }
    }
  }

  @Test
  void hostileLengthsAreRefusedBeforeAllocating() {
    ModuleCipher gcm = ModuleCipher.gcm(key(16, 1));
    for (int length : new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, 27}) {
      byte[] module = concat(le32(length), new byte[64]);
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
          () -> gcm.decrypt(ByteBuffer.wrap(module), new byte[0]));
      assertTrue(e.problem().contains("module length " + length + " is shorter than the 28 bytes")
          || e.problem().contains("its length says " + length + " bytes but only 64 follow"), e.getMessage());
    }
    // CTR needs only the nonce: 12 bytes of body is an empty page
    assertEquals(0, ModuleCipher.ctr(key(16, 1)).decrypt(ByteBuffer.wrap(concat(le32(12), new byte[12])),
        new byte[0]).remaining());
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> ModuleCipher.ctr(key(16, 1)).decrypt(ByteBuffer.wrap(concat(le32(11), new byte[12])), new byte[0]));
    assertTrue(e.problem().contains("shorter than the 12 bytes of nonce it must hold"), e.getMessage());
  }

  @Test
  void keysMustBeAesKeys() {
    for (int n : new int[] {0, 8, 15, 17, 31, 33, 64}) {
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class, () -> ModuleCipher.gcm(new byte[n]));
      assertTrue(e.problem().contains("a key of " + n + " bytes is not an AES key"), e.getMessage());
    }
    assertThrows(ParquetCryptoException.class, () -> ModuleCipher.ctr(null));
  }

  @Test
  void cipherInstancesArePerThread() throws Exception {
    ModuleCipher gcm = ModuleCipher.gcm(key(16, 9));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int seed = t;
        results.add(pool.submit(() -> {
          for (int i = 0; i < 200; i++) {
            byte[] plain = new byte[100 + i];
            new Random(seed * 1000 + i).nextBytes(plain);
            byte[] aad = {(byte) seed, (byte) i};
            if (!Arrays.equals(plain, bytes(gcm.decrypt(ByteBuffer.wrap(gcm.encrypt(ByteBuffer.wrap(plain), aad)), aad)))) {
              return false;
            }
          }
          return true;
        }));
      }
      for (Future<Boolean> f : results) {
        assertTrue(f.get());
      }
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void footerSignature() {
    AesGcmModuleCipher gcm = (AesGcmModuleCipher) ModuleCipher.gcm(key(16, 3));
    ByteBuffer footer = ByteBuffer.wrap("serialized footer".getBytes());
    byte[] aad = {1, 2, 3, 0};
    byte[] signature = gcm.sign(footer, aad);
    assertEquals(28, signature.length);
    assertEquals(0, footer.position(), "signing leaves the footer unmoved");
    assertTrue(gcm.verifySignature(footer, signature, aad));
    assertTrue(gcm.verifySignature(footer, signature, aad), "verifying twice works");
    // the signature is the nonce and the GCM tag of the footer: check against JCE directly
    byte[] sealed = gcmSeal(key(16, 3), Arrays.copyOf(signature, 12), aad, "serialized footer".getBytes());
    assertArrayEquals(Arrays.copyOfRange(sealed, sealed.length - 16, sealed.length), Arrays.copyOfRange(signature, 12, 28));
    byte[] flipped = signature.clone();
    flipped[20] ^= 1;
    assertFalse(gcm.verifySignature(footer, flipped, aad));
    assertFalse(gcm.verifySignature(ByteBuffer.wrap("serialized footeR".getBytes()), signature, aad));
    assertFalse(gcm.verifySignature(footer, signature, new byte[] {1, 2, 3, 1}));
  }

  private static byte[] gcmSeal(byte[] key, byte[] nonce, byte[] aad, byte[] plain) {
    try {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new javax.crypto.spec.GCMParameterSpec(128, nonce));
      c.updateAAD(aad);
      return c.doFinal(plain);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
