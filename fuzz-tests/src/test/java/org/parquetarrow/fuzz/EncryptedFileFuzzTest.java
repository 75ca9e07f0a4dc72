package org.parquetarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.parquetarrow.crypto.EncryptedCorpus;
import org.parquetarrow.crypto.FileDecryptionProperties;

/**
 * Target (f): the encrypted footer and module decryption. The input is a whole file, read with the
 * keys of parquet-testing's encrypted files (footer key and both column keys, which all but the
 * external-key-material file share): the plaintext crypto metadata, the footer's nonce, tag and
 * length, the signed plaintext footer and every column module pass through the decryptors. Seeds
 * are the corpus's encrypted files.
 */
class EncryptedFileFuzzTest {
  private static final FileDecryptionProperties KEYS = EncryptedCorpus.files().stream()
      .filter(f -> f.relative().endsWith("encrypt_columns_and_footer.parquet.encrypted"))
      .findFirst().orElseThrow().keys();

  @FuzzTest
  void encryptedFile(byte[] file) {
    FuzzHarness.withAllocator(file, KEYS, allocator -> FuzzHarness.readAll(file,
        FuzzHarness.options(allocator).decryption(KEYS).build()));
  }
}
