package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

/**
 * Damaged encrypted footers (every byte flipped, every truncation) either read to the same footer
 * — only the unauthenticated key metadata may change without effect — or fail with a
 * {@link ParquetException}; nothing else escapes.
 */
class HostileEncryptedFooterTest {
  private static final byte[] FOOTER_KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);

  private static FileDecryptionProperties keys() {
    return FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build();
  }

  @Test
  void everyFlippedFooterByte() throws Exception {
    byte[] file = Files.readAllBytes(TestData.parquetTesting().resolve("data/uniform_encryption.parquet.encrypted"));
    FileMetaData good = ParquetFooter.read(new ByteBufferInputFile("f", file), keys()).metadata();
    int tailLength = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(file.length - 8);
    int start = file.length - 8 - tailLength;
    int failures = 0;
    for (int i = start; i < file.length - 8; i++) {
      byte[] t = file.clone();
      t[i] ^= 0x10;
      try {
        FileMetaData md = ParquetFooter.read(new ByteBufferInputFile("f", t), keys()).metadata();
        assertEquals(good, md, "a flip at " + i + " that reads must not change the footer");
      } catch (ParquetException e) {
        failures++;
        assertEquals("f", e.location().file());
      } catch (RuntimeException e) {
        fail("flip at " + i + " raised " + e);
      }
    }
    // everything after the FileCryptoMetaData is authenticated
    assertTrue(failures > tailLength - 100, failures + " of " + tailLength);
  }

  @Test
  void everyTruncatedFooter() throws Exception {
    byte[] file = Files.readAllBytes(TestData.parquetTesting().resolve("data/encrypt_columns_and_footer.parquet.encrypted"));
    int tailLength = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(file.length - 8);
    int start = file.length - 8 - tailLength;
    byte[] tail = Arrays.copyOfRange(file, start, file.length - 8);
    for (int n = 0; n < tail.length; n++) {
      byte[] t = EncryptDecryptRoundTripTest.file(Arrays.copyOf(tail, n), true);
      try {
        ParquetFooter.read(new ByteBufferInputFile("f", t), keys());
        fail("a footer cut to " + n + " bytes read");
      } catch (ParquetException e) {
        assertEquals("f", e.location().file());
      }
    }
    // cut inside the footer module: named as a crypto failure
    byte[] t = EncryptDecryptRoundTripTest.file(Arrays.copyOf(tail, tail.length - 1), true);
    ParquetCryptoException e = org.junit.jupiter.api.Assertions.assertThrows(ParquetCryptoException.class,
        () -> ParquetFooter.read(new ByteBufferInputFile("f", t), keys()));
    assertTrue(e.problem().startsWith("cannot decrypt the footer: truncated module"), e.getMessage());
  }
}
