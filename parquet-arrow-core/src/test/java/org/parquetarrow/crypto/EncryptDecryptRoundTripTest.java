package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.format.AesGcmV1;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

/**
 * Files assembled with {@link FileEncryptor} (the footer of a real corpus file, one column given
 * its own key) read back through {@code ParquetFooter.read(file, keys)}: both algorithms, both
 * footer modes, stored and unstored AAD prefixes, and the attacks the spec's AADs defend against.
 */
class EncryptDecryptRoundTripTest {
  static final byte[] FOOTER_KEY = ModuleCipherTest.key(16, 100);
  static final byte[] COLUMN_KEY = ModuleCipherTest.key(32, 101);
  static final int COLUMN = 3;

  /** The footer of alltypes_plain.parquet (Impala): 11 columns, 8 rows, 1 row group. */
  static FileMetaData plainFooter() throws IOException {
    try (LocalInputFile in = LocalInputFile.open(TestData.parquetTesting().resolve("data/alltypes_plain.parquet"))) {
      return ParquetFooter.read(in).metadata();
    }
  }

  static String path(ColumnMetaData m) {
    return String.join(".", m.pathInSchema());
  }

  /** The footer as a writer would produce it: column COLUMN with its own key, the rest plaintext. */
  static FileMetaData encryptedMetadata(FileMetaData md, FileEncryptor fe, boolean plaintextFooter) {
    RowGroup rg = md.rowGroups().get(0);
    List<ColumnChunk> chunks = new ArrayList<>(rg.columns());
    ColumnChunk c = chunks.get(COLUMN);
    String p = path(c.metaData());
    assertTrue(fe.encryptsColumnMetaData(p));
    chunks.set(COLUMN, new ColumnChunk(c.filePath(), c.fileOffset(), plaintextFooter ? c.metaData() : null,
        c.offsetIndexOffset(), c.offsetIndexLength(), c.columnIndexOffset(), c.columnIndexLength(),
        fe.columnCryptoMetaData(p, c.metaData().pathInSchema()),
        fe.encryptColumnMetaData(c.metaData(), 0, COLUMN, p)));
    RowGroup out = new RowGroup(List.copyOf(chunks), rg.totalByteSize(), rg.numRows(), rg.sortingColumns(),
        rg.fileOffset(), rg.totalCompressedSize(), (short) 0);
    return new FileMetaData(md.version(), md.schema(), md.numRows(), List.of(out), md.keyValueMetadata(),
        md.createdBy(), md.columnOrders(), plaintextFooter ? fe.algorithmMetadata() : null,
        plaintextFooter ? "kf".getBytes(StandardCharsets.UTF_8) : null);
  }

  /** magic + tail + length + magic: enough of a file for the footer reader. */
  static byte[] file(byte[] tail, boolean encryptedFooter) {
    byte[] magic = (encryptedFooter ? "PARE" : "PAR1").getBytes(StandardCharsets.US_ASCII);
    return ModuleCipherTest.concat(magic, tail, ModuleCipherTest.le32(tail.length), magic);
  }

  static FileEncryptionProperties.Builder props(ParquetCipher cipher, boolean plaintextFooter, String columnPath) {
    return FileEncryptionProperties.builder(FOOTER_KEY)
        .footerKeyMetadata("kf".getBytes(StandardCharsets.UTF_8))
        .algorithm(cipher)
        .plaintextFooter(plaintextFooter)
        .columnKey(columnPath, COLUMN_KEY, "kc".getBytes(StandardCharsets.UTF_8));
  }

  record Written(byte[] file, FileMetaData metadata, FileEncryptor encryptor, String column, ColumnMetaData original) {}

  static Written write(FileEncryptionProperties.Builder b, String column, boolean plaintextFooter) throws IOException {
    FileMetaData md = plainFooter();
    FileEncryptor fe = FileEncryptor.create(b.build());
    FileMetaData enc = encryptedMetadata(md, fe, plaintextFooter);
    byte[] tail = plaintextFooter ? fe.signedFooter(enc) : fe.encryptedFooter(enc);
    return new Written(file(tail, !plaintextFooter), enc, fe, column, md.rowGroups().get(0).columns().get(COLUMN).metaData());
  }

  static String columnPath() throws IOException {
    return path(plainFooter().rowGroups().get(0).columns().get(COLUMN).metaData());
  }

  static FileDecryptionProperties.Builder keys(String column) {
    return FileDecryptionProperties.builder().footerKey(FOOTER_KEY).columnKey(column, COLUMN_KEY);
  }

  @ParameterizedTest
  @EnumSource(ParquetCipher.class)
  void encryptedFooterRoundTrip(ParquetCipher cipher) throws Exception {
    String column = columnPath();
    Written w = write(props(cipher, false, column), column, false);
    ParquetFooter f = ParquetFooter.read(new ByteBufferInputFile("t.parquet", w.file()), keys(column).build());
    assertEquals(w.metadata(), f.metadata());
    assertEquals(cipher, f.decryptor().algorithm());
    FileMetaData md = f.decryptor().decryptColumnMetaData(f.metadata());
    assertEquals(w.original(), md.rowGroups().get(0).columns().get(COLUMN).metaData());
    assertNull(f.metadata().rowGroups().get(0).columns().get(COLUMN).metaData());
    modulesRoundTrip(w, f, md);
  }

  @ParameterizedTest
  @EnumSource(ParquetCipher.class)
  void plaintextFooterRoundTrip(ParquetCipher cipher) throws Exception {
    String column = columnPath();
    Written w = write(props(cipher, true, column), column, true);
    ByteBufferInputFile in = new ByteBufferInputFile("t.parquet", w.file());
    assertEquals(w.metadata(), ParquetFooter.read(in).metadata(), "legacy readers see the plaintext footer");
    ParquetFooter f = ParquetFooter.read(in, keys(column).build());
    FileMetaData md = f.decryptor().decryptColumnMetaData(f.metadata());
    assertEquals(w.original(), md.rowGroups().get(0).columns().get(COLUMN).metaData());
    modulesRoundTrip(w, f, md);
    // a flipped byte anywhere in the footer body fails the signature (or the footer's parse)
    int footerStart = 4;
    int footerEnd = w.file().length - 8 - 28;
    for (int i = footerStart; i < footerEnd; i += 7) {
      byte[] t = w.file().clone();
      t[i] ^= 0x20;
      Exception e = assertThrows(RuntimeException.class,
          () -> ParquetFooter.read(new ByteBufferInputFile("t.parquet", t), keys(column).build()));
      assertTrue(e instanceof org.parquetarrow.ParquetException, e.toString());
    }
  }

  /** Pages, headers and indexes of the encrypted column, and the swaps the AADs must reject. */
  private static void modulesRoundTrip(Written w, ParquetFooter f, FileMetaData md) {
    ColumnEncryptor ce = w.encryptor().columnEncryptor(0, COLUMN, w.column());
    ColumnDecryptor cd = f.decryptor().columnDecryptor(md, 0, COLUMN);
    byte[] page = new byte[3000];
    new Random(1).nextBytes(page);
    for (ModuleType type : ModuleType.values()) {
      if (type == ModuleType.FOOTER) {
        continue;
      }
      byte[] module = ce.encrypt(type, ByteBuffer.wrap(page), 5);
      assertEquals(ce.encryptedLength(type, page.length), module.length);
      assertEquals(module.length, cd.moduleLength(type, ByteBuffer.wrap(module)));
      assertArrayEquals(page, ModuleCipherTest.bytes(cd.decrypt(type, ByteBuffer.wrap(module), 5)), type.label());
      boolean authenticated = !(type.isPageData() && w.encryptor().properties().algorithm() == ParquetCipher.AES_GCM_CTR_V1);
      if (authenticated) {
        // another module type, another page, another row group or another column: refused
        ModuleType other = type == ModuleType.COLUMN_INDEX ? ModuleType.OFFSET_INDEX : ModuleType.COLUMN_INDEX;
        assertThrows(ParquetCryptoException.class, () -> cd.decrypt(other, ByteBuffer.wrap(module), 5));
        if (type.hasPageOrdinal()) {
          ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
              () -> cd.decrypt(type, ByteBuffer.wrap(module), 6));
          assertEquals(6, e.location().page());
        }
        byte[] fromRowGroup1 = w.encryptor().columnEncryptor(1, COLUMN, w.column()).encrypt(type, ByteBuffer.wrap(page), 5);
        ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
            () -> cd.decrypt(type, ByteBuffer.wrap(fromRowGroup1), 5));
        assertTrue(e.problem().startsWith("cannot decrypt the " + type.label()), e.getMessage());
        assertEquals(w.column(), e.location().column());
        assertEquals("t.parquet", e.location().file());
        byte[] fromColumn4 = w.encryptor().columnEncryptor(0, COLUMN + 1, w.column()).encrypt(type, ByteBuffer.wrap(page), 5);
        assertThrows(ParquetCryptoException.class, () -> cd.decrypt(type, ByteBuffer.wrap(fromColumn4), 5));
        // the same module written for another file (another unique AAD part) is refused too
        FileEncryptor otherFile = FileEncryptor.create(w.encryptor().properties());
        byte[] foreign = otherFile.columnEncryptor(0, COLUMN, w.column()).encrypt(type, ByteBuffer.wrap(page), 5);
        assertThrows(ParquetCryptoException.class, () -> cd.decrypt(type, ByteBuffer.wrap(foreign), 5));
      }
    }
  }

  @Test
  void unstoredAadPrefixMustBeSupplied() throws Exception {
    String column = columnPath();
    byte[] prefix = "table_2026-11-22.part0".getBytes(StandardCharsets.UTF_8);
    Written w = write(props(ParquetCipher.AES_GCM_V1, false, column).aadPrefix(prefix).storeAadPrefix(false), column, false);
    AesGcmV1 alg = (AesGcmV1) w.encryptor().algorithmMetadata();
    assertNull(alg.aadPrefix());
    assertEquals(Boolean.TRUE, alg.supplyAadPrefix());
    assertEquals(8, alg.aadFileUnique().length);
    ByteBufferInputFile in = new ByteBufferInputFile("t.parquet", w.file());
    ParquetCryptoException missing = assertThrows(ParquetCryptoException.class,
        () -> ParquetFooter.read(in, keys(column).build()));
    assertTrue(missing.problem().contains("supply it with FileDecryptionProperties.Builder.aadPrefix"), missing.getMessage());
    // a file of another partition (another prefix) is detected
    ParquetCryptoException swapped = assertThrows(ParquetCryptoException.class,
        () -> ParquetFooter.read(in, keys(column).aadPrefix("table_2026-11-22.part1".getBytes(StandardCharsets.UTF_8)).build()));
    assertTrue(swapped.problem().contains("is the supplied AAD prefix the right one?"), swapped.getMessage());
    ParquetFooter f = ParquetFooter.read(in, keys(column).aadPrefix(prefix).build());
    assertArrayEquals(ModuleAad.fileAad(prefix, alg.aadFileUnique()), f.decryptor().fileAad());
  }

  @Test
  void storedAadPrefixIsUsed() throws Exception {
    String column = columnPath();
    byte[] prefix = "stored".getBytes(StandardCharsets.UTF_8);
    Written w = write(props(ParquetCipher.AES_GCM_CTR_V1, false, column).aadPrefix(prefix), column, false);
    assertArrayEquals(prefix, w.encryptor().algorithmMetadata().aadPrefix());
    assertNull(w.encryptor().algorithmMetadata().supplyAadPrefix());
    ParquetFooter f = ParquetFooter.read(new ByteBufferInputFile("t.parquet", w.file()), keys(column).build());
    assertArrayEquals(ModuleAad.fileAad(prefix, w.encryptor().algorithmMetadata().aadFileUnique()), f.decryptor().fileAad());
  }

  @Test
  void uniformEncryptionUsesTheFooterKeyEverywhere() throws Exception {
    FileEncryptor fe = FileEncryptor.create(FileEncryptionProperties.builder(FOOTER_KEY).build());
    assertTrue(fe.properties().uniform());
    assertTrue(fe.isEncrypted("any.column"));
    assertFalse(fe.encryptsColumnMetaData("any.column"), "footer-key columns keep their metadata in place");
    assertTrue(fe.columnCryptoMetaData("a", List.of("a")) instanceof org.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithFooterKey);
    FileEncryptor plainFooter = FileEncryptor.create(FileEncryptionProperties.builder(FOOTER_KEY).plaintextFooter(true).build());
    assertTrue(plainFooter.encryptsColumnMetaData("a"), "a plaintext footer must not expose column statistics");
    FileEncryptor partial = FileEncryptor.create(FileEncryptionProperties.builder(FOOTER_KEY).columnWithFooterKey("a").build());
    assertTrue(partial.isEncrypted("a"));
    assertFalse(partial.isEncrypted("b"));
    assertNull(partial.columnCryptoMetaData("b", List.of("b")));
    assertThrows(IllegalArgumentException.class, () -> partial.columnEncryptor(0, 1, "b"));
    assertThrows(IllegalStateException.class, () -> FileEncryptionProperties.builder(FOOTER_KEY).storeAadPrefix(false).build());
    assertThrows(IllegalStateException.class, () -> fe.signedFooter(plainFooter()));
  }

  @Test
  void propertiesCopyKeysAndNeverPrintThem() {
    byte[] key = FOOTER_KEY.clone();
    FileDecryptionProperties p = FileDecryptionProperties.builder().footerKey(key).columnKey("a.b", COLUMN_KEY).build();
    key[0] ^= 1;
    assertArrayEquals(FOOTER_KEY, p.footerKey(), "the builder copied the key");
    p.footerKey()[1] ^= 1;
    assertArrayEquals(FOOTER_KEY, p.footerKey(), "the accessor returns a copy");
    assertArrayEquals(COLUMN_KEY, p.columnKey("a.b"));
    assertNull(p.columnKey("a"));
    assertTrue(p.verifyFooterSignature());
    String text = p.toString() + FileEncryptionProperties.builder(FOOTER_KEY).columnKey("a", COLUMN_KEY, null).build();
    assertFalse(text.contains(java.util.HexFormat.of().formatHex(FOOTER_KEY)));
    assertFalse(text.contains(java.util.Arrays.toString(FOOTER_KEY)));
    assertThrows(ParquetCryptoException.class, () -> FileDecryptionProperties.builder().footerKey(new byte[10]));
    // a retriever returning a key of the wrong size is caught
    FileDecryptionProperties bad = FileDecryptionProperties.builder().keyRetriever(m -> new byte[7]).build();
    assertThrows(ParquetCryptoException.class, () -> bad.resolveFooterKey(new byte[0]));
    assertNotNull(FileDecryptionProperties.builder().keyRetriever(m -> FOOTER_KEY).build().resolveFooterKey(null));
  }
}
