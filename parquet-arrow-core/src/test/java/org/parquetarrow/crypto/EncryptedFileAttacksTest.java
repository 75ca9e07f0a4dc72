package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Attacks on files our writer encrypts (AES_GCM_V1, whose every module is authenticated; page
 * CRCs off so that only the cipher stands guard): a flipped byte in every kind of encrypted
 * module, a page moved to another row group, a module moved between files with different AAD
 * prefixes, wrong and missing keys. Each must raise a {@link ParquetCryptoException} naming the
 * module, its row group and column (and page) — never return data. The target is column
 * {@code name} (leaf ordinal 1, own key) of row group 1 unless said otherwise.
 */
class EncryptedFileAttacksTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int NAME = 1;
  private static final int ROW_GROUP = 1;
  private byte[] file;
  private ColumnMetaData name;
  private ColumnChunk nameChunk;

  @BeforeEach
  void write() throws Exception {
    FileEncryptionProperties enc = EncryptedWriteFixture.columnKeys().build();
    file = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("f.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V1).pageChecksum(false).build());
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("f", file), keys());
    FileMetaData md = footer.decryptor().decryptColumnMetaData(footer.metadata());
    nameChunk = md.rowGroups().get(ROW_GROUP).columns().get(NAME);
    name = nameChunk.metaData();
    assertNotNull(name.dictionaryPageOffset(), "name is dictionary encoded");
    assertNotNull(name.bloomFilterOffset());
    assertNotNull(nameChunk.columnIndexOffset());
  }

  private static FileDecryptionProperties keys() {
    return EncryptedWriteFixture.readKeys().build();
  }

  /** The offset just past the module starting at {@code at}. */
  private static int moduleEnd(byte[] bytes, long at) {
    return (int) at + 4 + ByteBuffer.wrap(bytes, (int) at, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
  }

  /** A copy of {@code bytes} with one ciphertext byte of the module at {@code at} flipped. */
  private static byte[] flipped(byte[] bytes, long at) {
    byte[] copy = bytes.clone();
    copy[(int) at + 4 + ModuleCipher.NONCE_BYTES + 1] ^= 0x10;
    return copy;
  }

  private void readName(byte[] bytes, FileDecryptionProperties keys, RowSelection selection) {
    ReadOptions.Builder b = ReadOptions.builder(memory.allocator()).columns("name").decryption(keys);
    if (selection != null) {
      b.rowSelection(ROW_GROUP, selection);
    }
    try (ParquetFileReader reader = ParquetFileReader.open(new ByteBufferInputFile("attacked", bytes), b.build())) {
      for (VectorSchemaRoot batch = reader.readNextBatch(); batch != null; batch = reader.readNextBatch()) {
        batch.close();
      }
    }
  }

  /** Asserts a crypto failure whose message names all of {@code words}. */
  private static ParquetCryptoException fails(Executable read, String... words) {
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class, read);
    for (String w : words) {
      assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
    }
    return e;
  }

  @Test
  void untouchedFileReads() {
    assertEquals(EncryptedWriteFixture.ROWS, EncryptedWriteFixture.readAndCompare(memory.allocator(),
        new ByteBufferInputFile("f", file), keys()));
  }

  @Test
  void flippedDictionaryPageHeader() {
    byte[] bad = flipped(file, name.dictionaryPageOffset());
    fails(() -> readName(bad, keys(), null), "dictionary page header", "column name", "row group ordinal 1");
  }

  @Test
  void flippedDictionaryPage() {
    byte[] bad = flipped(file, moduleEnd(file, name.dictionaryPageOffset()));
    fails(() -> readName(bad, keys(), null), "dictionary page of", "column name", "row group ordinal 1");
  }

  @Test
  void flippedDataPageHeader() {
    byte[] bad = flipped(file, name.dataPageOffset());
    fails(() -> readName(bad, keys(), null), "data page header 0", "column name", "row group ordinal 1");
  }

  @Test
  void flippedDataPageNamesItsOrdinal() {
    int page0 = moduleEnd(file, name.dataPageOffset());
    int header1 = moduleEnd(file, page0);
    int page1 = moduleEnd(file, header1);
    byte[] bad = flipped(file, page1);
    ParquetCryptoException e = fails(() -> readName(bad, keys(), null), "data page 1", "column name",
        "row group ordinal 1");
    assertEquals(1, e.location().page());
    assertEquals("name", e.location().column());
  }

  @Test
  void flippedOffsetIndex() {
    byte[] bad = flipped(file, nameChunk.offsetIndexOffset());
    fails(() -> readName(bad, keys(), RowSelection.fromRanges(10, 20)), "offset index", "column name",
        "row group ordinal 1");
  }

  @Test
  void flippedColumnIndex() {
    byte[] bad = flipped(file, nameChunk.columnIndexOffset());
    fails(() -> decryptModule(bad, ModuleType.COLUMN_INDEX, nameChunk.columnIndexOffset()), "column index",
        "column name", "row group ordinal 1");
  }

  @Test
  void flippedBloomFilterHeaderAndBitset() {
    long header = name.bloomFilterOffset();
    byte[] badHeader = flipped(file, header);
    fails(() -> decryptModule(badHeader, ModuleType.BLOOM_FILTER_HEADER, header), "bloom filter header",
        "column name", "row group ordinal 1");
    int bitset = moduleEnd(file, header);
    byte[] badBitset = flipped(file, bitset);
    fails(() -> decryptModule(badBitset, ModuleType.BLOOM_FILTER_BITSET, bitset), "bloom filter bitset",
        "column name", "row group ordinal 1");
    // the untouched modules decrypt: the attacks above fail for the flipped byte only
    decryptModule(file, ModuleType.BLOOM_FILTER_HEADER, header);
    decryptModule(file, ModuleType.BLOOM_FILTER_BITSET, bitset);
    decryptModule(file, ModuleType.COLUMN_INDEX, nameChunk.columnIndexOffset());
  }

  /** Decrypts the module at {@code at} as a module of column name in row group 1. */
  private void decryptModule(byte[] bytes, ModuleType type, long at) {
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("attacked", bytes), keys());
    FileMetaData md = footer.decryptor().decryptColumnMetaData(footer.metadata());
    ColumnDecryptor cd = footer.decryptor().columnDecryptor(md, ROW_GROUP, NAME);
    cd.decrypt(type, ByteBuffer.wrap(bytes, (int) at, moduleEnd(bytes, at) - (int) at), -1);
  }

  @Test
  void flippedEncryptedColumnMetaData() {
    // someone holding the footer key alters name's encrypted metadata and re-encrypts the footer
    byte[] bad = rewriteFooter(file, md -> {
      ColumnChunk c = md.rowGroups().get(ROW_GROUP).columns().get(NAME);
      byte[] meta = c.encryptedColumnMetadata().clone();
      meta[ModuleCipher.LENGTH_BYTES + ModuleCipher.NONCE_BYTES + 3] ^= 1;
      return replaceChunk(md, ROW_GROUP, NAME, new ColumnChunk(c.filePath(), c.fileOffset(), c.metaData(),
          c.offsetIndexOffset(), c.offsetIndexLength(), c.columnIndexOffset(), c.columnIndexLength(),
          c.cryptoMetadata(), meta));
    });
    fails(() -> readName(bad, keys(), null), "column metadata", "column name", "row group ordinal 1");
  }

  @Test
  void flippedEncryptedFooter() {
    int length = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    byte[] bad = file.clone();
    bad[file.length - 8 - 40] ^= 1; // inside the footer module's ciphertext, before its tag
    assertTrue(length > 100);
    fails(() -> readName(bad, keys(), null), "footer");
  }

  @Test
  void flippedPlaintextFooterBreaksItsSignature() throws Exception {
    byte[] plain = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("p.parquet"), EncryptedWriteFixture
        .writer(EncryptedWriteFixture.columnKeys().plaintextFooter(true).build(), DataPageVersion.V1).build());
    byte[] createdBy = WriterProperties.DEFAULT_CREATED_BY.getBytes(StandardCharsets.US_ASCII);
    int at = lastIndexOf(plain, createdBy);
    assertTrue(at > 0);
    plain[at] = 'Q';
    fails(() -> readName(plain, keys(), null), "signature");
  }

  @Test
  void pageMovedToAnotherRowGroup() throws Exception {
    byte[] bytes = twoRowGroupFile(null);
    long[] rg0 = firstPage(bytes, 0);
    long[] rg1 = firstPage(bytes, 1);
    assertEquals(rg0[2] - rg0[0], rg1[2] - rg1[0], "equal page sizes, so that one can replace the other");
    // the whole page (header and body) of row group 1 replaces that of row group 0
    byte[] moved = bytes.clone();
    System.arraycopy(bytes, (int) rg1[0], moved, (int) rg0[0], (int) (rg1[2] - rg1[0]));
    fails(() -> readAll(moved, FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY).build()),
        "data page header 0", "column v", "row group ordinal 0");
    // the body alone
    byte[] body = bytes.clone();
    System.arraycopy(bytes, (int) rg1[1], body, (int) rg0[1], (int) (rg1[2] - rg1[1]));
    fails(() -> readAll(body, FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY).build()),
        "data page 0", "column v", "row group ordinal 0");
  }

  @Test
  void pageMovedBetweenFilesWithDifferentAadPrefixes() throws Exception {
    byte[] a = twoRowGroupFile("table=t/part=A");
    byte[] b = twoRowGroupFile("table=t/part=B");
    long[] pa = firstPage(a, 0);
    long[] pb = firstPage(b, 0);
    assertEquals(pa[0], pb[0]);
    assertEquals(pa[2], pb[2]);
    byte[] mixed = a.clone();
    System.arraycopy(b, (int) pb[1], mixed, (int) pa[1], (int) (pb[2] - pb[1]));
    fails(() -> readAll(mixed, FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY).build()),
        "data page 0", "column v", "row group ordinal 0");
  }

  @Test
  void wrongFooterKey() {
    FileDecryptionProperties wrong = FileDecryptionProperties.builder()
        .footerKey("9999999999999999".getBytes(StandardCharsets.US_ASCII))
        .columnKey("name", EncryptedWriteFixture.NAME_KEY).build();
    fails(() -> readName(file, wrong, null), "footer");
  }

  @Test
  void wrongColumnKey() {
    FileDecryptionProperties wrong = FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY)
        .columnKey("name", EncryptedWriteFixture.TAGS_KEY).build();
    fails(() -> readName(file, wrong, null), "column name");
  }

  @Test
  void missingColumnKey() {
    FileDecryptionProperties footerOnly = FileDecryptionProperties.builder()
        .footerKey(EncryptedWriteFixture.FOOTER_KEY).build();
    fails(() -> readName(file, footerOnly, null), "name");
    // a column with the footer key and the plaintext columns read with the footer key alone
    ReadOptions o = ReadOptions.builder(memory.allocator()).columns("id", "score", "point").decryption(footerOnly)
        .build();
    try (ParquetFileReader reader = ParquetFileReader.open(new ByteBufferInputFile("f", file), o);
        VectorSchemaRoot batch = reader.readNextBatch()) {
      assertEquals(2.5, batch.getVector("score").getObject(5));
    }
  }

  @Test
  void plaintextFooterWithoutKeysReadsThePlaintextColumnsOnly() throws Exception {
    byte[] plain = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("p.parquet"), EncryptedWriteFixture
        .writer(EncryptedWriteFixture.columnKeys().plaintextFooter(true).build(), DataPageVersion.V2).build());
    assertEquals(EncryptedWriteFixture.ROWS, EncryptedWriteFixture.readAndCompare(memory.allocator(),
        new ByteBufferInputFile("p", plain), null, "id", "point"));
    for (String encrypted : List.of("name", "score", "tags")) {
      ReadOptions o = ReadOptions.builder(memory.allocator()).columns("id", encrypted).build();
      fails(() -> {
        try (ParquetFileReader reader = ParquetFileReader.open(new ByteBufferInputFile("p", plain), o)) {
          reader.readNextBatch().close();
        }
      }, encrypted);
    }
  }

  // ------------------------------------------------------------------ helpers

  /**
   * A file of one required int64 column {@code v} = 0..199 in two row groups of one plain,
   * uncompressed page each, encrypted with the footer key, no page CRC: its two pages have equal sizes.
   */
  private byte[] twoRowGroupFile(String aadPrefix) throws Exception {
    FileEncryptionProperties.Builder enc = FileEncryptionProperties.builder(EncryptedWriteFixture.FOOTER_KEY);
    if (aadPrefix != null) {
      enc.aadPrefix(aadPrefix.getBytes(StandardCharsets.US_ASCII));
    }
    // without page CRCs (on by default since session 14), which would refuse a moved page body
    // before its decryption: these attacks are the AADs' to catch
    WriterProperties props = WriterProperties.builder().rowGroupRows(100).dictionary(false).pageChecksum(false)
        .codec(CompressionCodec.UNCOMPRESSED).encryption(enc.build()).build();
    Schema schema = new Schema(List.of(new Field("v", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    Path path = dir.resolve("v-" + System.nanoTime() + ".parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(path, schema, props)) {
      BigIntVector v = (BigIntVector) root.getVector(0);
      v.allocateNew(200);
      for (int i = 0; i < 200; i++) {
        v.set(i, i);
      }
      root.setRowCount(200);
      w.write(root);
    }
    return java.nio.file.Files.readAllBytes(path);
  }

  /** {header start, page module start, page module end} of the first data page of row group {@code rg}. */
  private static long[] firstPage(byte[] bytes, int rg) {
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("v", bytes),
        FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY).build());
    long header = footer.metadata().rowGroups().get(rg).columns().get(0).metaData().dataPageOffset();
    int page = moduleEnd(bytes, header);
    return new long[] {header, page, moduleEnd(bytes, page)};
  }

  private void readAll(byte[] bytes, FileDecryptionProperties keys) {
    try (ParquetFileReader reader = ParquetFileReader.open(new ByteBufferInputFile("attacked", bytes),
        ReadOptions.builder(memory.allocator()).decryption(keys).build())) {
      for (VectorSchemaRoot batch = reader.readNextBatch(); batch != null; batch = reader.readNextBatch()) {
        batch.close();
      }
    }
  }

  /** The file with its encrypted footer decrypted, changed by {@code change} and encrypted again. */
  private static byte[] rewriteFooter(byte[] bytes, java.util.function.UnaryOperator<FileMetaData> change) {
    int length = ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int start = bytes.length - 8 - length;
    ByteBuffer tail = ByteBuffer.wrap(bytes, start, length);
    MetadataReader.readFileCryptoMetaData(tail, MetadataLimits.DEFAULT);
    int cryptoEnd = tail.position();
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("f", bytes), keys());
    byte[] fileAad = footer.decryptor().fileAad();
    byte[] plain = MetadataWriter.toBytes(change.apply(footer.metadata()));
    byte[] module = ModuleCipher.gcm(EncryptedWriteFixture.FOOTER_KEY).encrypt(ByteBuffer.wrap(plain),
        ModuleAad.footer(fileAad));
    int newLength = cryptoEnd - start + module.length;
    byte[] out = Arrays.copyOf(bytes, cryptoEnd + module.length + 8);
    System.arraycopy(module, 0, out, cryptoEnd, module.length);
    ByteBuffer.wrap(out, out.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(newLength);
    System.arraycopy("PARE".getBytes(StandardCharsets.US_ASCII), 0, out, out.length - 4, 4);
    return out;
  }

  private static FileMetaData replaceChunk(FileMetaData md, int rg, int column, ColumnChunk chunk) {
    var groups = new java.util.ArrayList<>(md.rowGroups());
    var g = groups.get(rg);
    var chunks = new java.util.ArrayList<>(g.columns());
    chunks.set(column, chunk);
    groups.set(rg, new org.parquetarrow.format.RowGroup(chunks, g.totalByteSize(), g.numRows(), g.sortingColumns(),
        g.fileOffset(), g.totalCompressedSize(), g.ordinal()));
    return new FileMetaData(md.version(), md.schema(), md.numRows(), groups, md.keyValueMetadata(), md.createdBy(),
        md.columnOrders(), md.encryptionAlgorithm(), md.footerSigningKeyMetadata());
  }

  private static int lastIndexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = haystack.length - needle.length; i >= 0; i--) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
