package org.parquetarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.parquetarrow.crypto.EncryptedCorpus;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.format.AesGcmV1;
import org.parquetarrow.format.FileCryptoMetaData;
import org.parquetarrow.format.MetadataWriter;

/**
 * Target (f), past authentication: the input is a plaintext footer, which this target encrypts as
 * the spec's encrypted-footer layout says ({@code PARE}, the FileCryptoMetaData, the footer module
 * {@code length | nonce | AES-GCM ciphertext | tag} under the footer key with the AAD {@code
 * aad_file_unique | 0}, the length, {@code PARE}), with the JDK's own AES-GCM, so that fuzzed
 * bytes reach everything that runs after a footer decrypts: its parsing, the column crypto
 * metadata, the encrypted column metadata and the column keys. Seeds are the decrypted footers of
 * parquet-testing's encrypted files and the plaintext footers of the small corpus files.
 */
class EncryptedFooterFuzzTest {
  private static final FileDecryptionProperties KEYS = EncryptedCorpus.files().stream()
      .filter(f -> f.relative().endsWith("encrypt_columns_and_footer.parquet.encrypted"))
      .findFirst().orElseThrow().keys();
  private static final byte[] FILE_UNIQUE = "fuzzfile".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);
  /** parquet.thrift's module type of the footer, the last byte of its AAD. */
  private static final byte FOOTER_MODULE = 0;

  @FuzzTest
  void encryptedFooter(byte[] plaintextFooter) {
    byte[] file = encryptedFile(plaintextFooter);
    FuzzHarness.withAllocator(file, KEYS, allocator ->
        FuzzHarness.readAll(file, FuzzHarness.options(allocator).decryption(KEYS).build()));
  }

  private static byte[] encryptedFile(byte[] footer) {
    byte[] crypto = MetadataWriter.toBytes(new FileCryptoMetaData(new AesGcmV1(null, FILE_UNIQUE, null), null));
    byte[] module = seal(footer);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(MAGIC);
    out.writeBytes(crypto);
    out.writeBytes(littleEndian(module.length));
    out.writeBytes(module);
    out.writeBytes(littleEndian(crypto.length + 4 + module.length));
    out.writeBytes(MAGIC);
    return out.toByteArray();
  }

  /** {@code nonce | ciphertext | tag}; the nonce is fixed, which a fuzzer may do and a writer may not. */
  private static byte[] seal(byte[] plaintext) {
    byte[] nonce = new byte[12];
    byte[] aad = new byte[FILE_UNIQUE.length + 1];
    System.arraycopy(FILE_UNIQUE, 0, aad, 0, FILE_UNIQUE.length);
    aad[FILE_UNIQUE.length] = FOOTER_MODULE;
    try {
      Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
      gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(KEYS.footerKey(), "AES"), new GCMParameterSpec(128, nonce));
      gcm.updateAAD(aad);
      byte[] sealed = gcm.doFinal(plaintext);
      byte[] out = new byte[nonce.length + sealed.length];
      System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
      return out;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK's AES-GCM refused a 128-bit key", e);
    }
  }

  private static byte[] littleEndian(int n) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(n).array();
  }
}
