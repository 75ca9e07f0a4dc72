package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.format.AesGcmCtrV1;
import org.parquetarrow.format.AesGcmV1;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnCryptoMetaData;
import org.parquetarrow.format.FileMetaData;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;

/**
 * Files our writer encrypts read back with our reader to the values written, in both algorithms,
 * both footer modes, v1 and v2 pages, uniform and per-column encryption (some columns plaintext,
 * a nested leaf with its own key), with page index, bloom filters and page CRCs on; and the
 * footer and column metadata have the shape the spec prescribes.
 */
class EncryptedWriteRoundTripTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static Stream<Arguments> modes() {
    List<Arguments> out = new ArrayList<>();
    for (ParquetCipher cipher : ParquetCipher.values()) {
      for (boolean plaintextFooter : new boolean[] {false, true}) {
        for (DataPageVersion pages : DataPageVersion.values()) {
          for (boolean uniform : new boolean[] {false, true}) {
            out.add(Arguments.of(cipher, plaintextFooter, pages, uniform));
          }
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} plaintextFooter={1} {2} uniform={3}")
  @MethodSource("modes")
  void readsBackWhatItEncrypts(ParquetCipher cipher, boolean plaintextFooter, DataPageVersion pages,
      boolean uniform) throws Exception {
    FileEncryptionProperties.Builder enc = uniform ? FileEncryptionProperties.builder(EncryptedWriteFixture.FOOTER_KEY)
        : EncryptedWriteFixture.columnKeys();
    enc.algorithm(cipher).plaintextFooter(plaintextFooter);
    byte[] bytes = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("f.parquet"),
        EncryptedWriteFixture.writer(enc.build(), pages).build());
    String magic = plaintextFooter ? "PAR1" : "PARE";
    assertEquals(magic, new String(bytes, 0, 4, StandardCharsets.US_ASCII));
    assertEquals(magic, new String(bytes, bytes.length - 4, 4, StandardCharsets.US_ASCII));
    FileDecryptionProperties keys = EncryptedWriteFixture.readKeys().build();
    ByteBufferInputFile file = new ByteBufferInputFile("f", bytes);
    assertEquals(EncryptedWriteFixture.ROWS, EncryptedWriteFixture.readAndCompare(memory.allocator(), file, keys));

    ParquetFooter footer = ParquetFooter.read(file, keys);
    assertNotNull(footer.decryptor());
    assertEquals(cipher, footer.decryptor().algorithm());
    FileMetaData md = footer.metadata();
    assertEquals(3, md.rowGroups().size());
    for (int g = 0; g < md.rowGroups().size(); g++) {
      assertEquals((short) g, md.rowGroups().get(g).ordinal());
      List<ColumnChunk> chunks = md.rowGroups().get(g).columns();
      // leaves: id, name, score, tags.list.element, point.x, point.y
      assertEquals(6, chunks.size());
      for (int c = 0; c < chunks.size(); c++) {
        boolean encrypted = uniform || c == 1 || c == 2 || c == 3;
        ColumnChunk chunk = chunks.get(c);
        assertEquals(encrypted, chunk.cryptoMetadata() != null, "column " + c);
        boolean ownKey = !uniform && (c == 1 || c == 3);
        assertEquals(ownKey, chunk.cryptoMetadata() instanceof ColumnCryptoMetaData.EncryptionWithColumnKey);
        boolean metadataEncrypted = encrypted && (ownKey || plaintextFooter);
        assertEquals(metadataEncrypted, chunk.encryptedColumnMetadata() != null, "column " + c);
        if (metadataEncrypted && !plaintextFooter) {
          assertNull(chunk.metaData(), "an encrypted footer holds no plaintext metadata of column " + c);
        }
        if (metadataEncrypted && plaintextFooter) {
          // the plaintext copy must not reveal the values
          assertNull(chunk.metaData().statistics(), "column " + c);
          assertNull(chunk.metaData().sizeStatistics(), "column " + c);
          assertNull(chunk.metaData().encodingStats(), "column " + c);
        }
      }
    }
    if (plaintextFooter) {
      assertEquals(cipher == ParquetCipher.AES_GCM_V1 ? AesGcmV1.class : AesGcmCtrV1.class,
          md.encryptionAlgorithm().getClass());
    }
  }

  @Test
  void rowSelectionReadsPagesThroughTheEncryptedOffsetIndex() throws Exception {
    FileEncryptionProperties enc = EncryptedWriteFixture.columnKeys().build();
    byte[] bytes = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("f.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V2).build());
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("name", "tags")
        .rowGroups(1).rowSelection(1, RowSelection.fromRanges(10, 20, 1500, 1510))
        .decryption(EncryptedWriteFixture.readKeys().build()).build();
    List<Long> rows = new ArrayList<>();
    for (long r = 10; r < 20; r++) {
      rows.add(EncryptedWriteFixture.ROW_GROUP_ROWS + r);
    }
    for (long r = 1500; r < 1510; r++) {
      rows.add(EncryptedWriteFixture.ROW_GROUP_ROWS + r);
    }
    int at = 0;
    try (VectorSchemaRoot expected = EncryptedWriteFixture.table(memory.allocator());
        ParquetFileReader reader = ParquetFileReader.open(new ByteBufferInputFile("f", bytes), options)) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (int r = 0; r < batch.getRowCount(); r++, at++) {
            int row = (int) (long) rows.get(at);
            assertEquals(expected.getVector("name").getObject(row), batch.getVector("name").getObject(r), "row " + row);
            assertEquals(expected.getVector("tags").getObject(row), batch.getVector("tags").getObject(r), "row " + row);
          }
        }
      }
    }
    assertEquals(20, at);
  }

  @Test
  void everyModuleHasItsOwnNonce() throws Exception {
    FileEncryptionProperties enc = EncryptedWriteFixture.columnKeys().build();
    byte[] bytes = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("f.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V1).build());
    ParquetFooter footer = ParquetFooter.read(new ByteBufferInputFile("f", bytes), EncryptedWriteFixture.readKeys().build());
    FileMetaData md = footer.decryptor().decryptColumnMetaData(footer.metadata());
    Set<String> nonces = new HashSet<>();
    int modules = 0;
    for (var rg : md.rowGroups()) {
      // name's chunk: dictionary page header and page, then data page headers and pages, all modules
      var meta = rg.columns().get(1).metaData();
      long end = meta.dictionaryPageOffset() + meta.totalCompressedSize();
      for (long at = meta.dictionaryPageOffset(); at < end; ) {
        ByteBuffer b = ByteBuffer.wrap(bytes, (int) at, 16).order(ByteOrder.LITTLE_ENDIAN);
        nonces.add(HexFormat.of().formatHex(bytes, (int) at + 4, (int) at + 16));
        modules++;
        at += 4 + b.getInt((int) at);
      }
    }
    assertTrue(modules > 20, "modules " + modules);
    assertEquals(modules, nonces.size());
  }

  @Test
  void everyFileGetsItsOwnUniqueAadPart() throws Exception {
    FileEncryptionProperties enc = EncryptedWriteFixture.columnKeys().plaintextFooter(true).build();
    byte[] a = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("a.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V1).build());
    byte[] b = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("b.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V1).build());
    byte[] ua = ((AesGcmV1) ParquetFooter.read(new ByteBufferInputFile("a", a)).metadata().encryptionAlgorithm())
        .aadFileUnique();
    byte[] ub = ((AesGcmV1) ParquetFooter.read(new ByteBufferInputFile("b", b)).metadata().encryptionAlgorithm())
        .aadFileUnique();
    assertEquals(8, ua.length);
    assertFalse(Arrays.equals(ua, ub));
  }

  @Test
  void aadPrefixNotStoredMustBeSupplied() throws Exception {
    byte[] prefix = "table=t/part=3".getBytes(StandardCharsets.US_ASCII);
    FileEncryptionProperties enc = EncryptedWriteFixture.columnKeys().aadPrefix(prefix).storeAadPrefix(false).build();
    byte[] bytes = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("f.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V2).build());
    ByteBufferInputFile file = new ByteBufferInputFile("f", bytes);
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> EncryptedWriteFixture.readAndCompare(memory.allocator(), file, EncryptedWriteFixture.readKeys().build()));
    assertTrue(e.getMessage().contains("AAD prefix"), e.getMessage());
    assertEquals(EncryptedWriteFixture.ROWS, EncryptedWriteFixture.readAndCompare(memory.allocator(), file,
        EncryptedWriteFixture.readKeys().aadPrefix(prefix).build()));
  }

  @Test
  void storedAadPrefixIsUsed() throws Exception {
    byte[] prefix = "table=t/part=4".getBytes(StandardCharsets.US_ASCII);
    FileEncryptionProperties enc = EncryptedWriteFixture.columnKeys().aadPrefix(prefix).build();
    byte[] bytes = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("f.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V1).build());
    ByteBufferInputFile file = new ByteBufferInputFile("f", bytes);
    assertEquals(EncryptedWriteFixture.ROWS, EncryptedWriteFixture.readAndCompare(memory.allocator(), file,
        EncryptedWriteFixture.readKeys().build()));
    ParquetFooter footer = ParquetFooter.read(file, EncryptedWriteFixture.readKeys().build());
    byte[] fileAad = footer.decryptor().fileAad();
    assertArrayEquals(prefix, Arrays.copyOf(fileAad, prefix.length));
  }

  @Test
  void keyRetrieverFindsKeysByTheirMetadata() throws Exception {
    FileEncryptionProperties enc = EncryptedWriteFixture.columnKeys().build();
    byte[] bytes = EncryptedWriteFixture.write(memory.allocator(), dir.resolve("f.parquet"),
        EncryptedWriteFixture.writer(enc, DataPageVersion.V1).build());
    KeyRetriever retriever = metadata -> switch (new String(metadata, StandardCharsets.US_ASCII)) {
      case "kf" -> EncryptedWriteFixture.FOOTER_KEY;
      case "kc1" -> EncryptedWriteFixture.NAME_KEY;
      case "kc2" -> EncryptedWriteFixture.TAGS_KEY;
      default -> null;
    };
    assertEquals(EncryptedWriteFixture.ROWS, EncryptedWriteFixture.readAndCompare(memory.allocator(),
        new ByteBufferInputFile("f", bytes), FileDecryptionProperties.builder().keyRetriever(retriever).build()));
  }

  @Test
  void aColumnListedButNotInTheSchemaIsRefused() {
    FileEncryptionProperties enc = FileEncryptionProperties.builder(EncryptedWriteFixture.FOOTER_KEY)
        .columnWithFooterKey("nmae").build();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EncryptedWriteFixture.write(
        memory.allocator(), dir.resolve("f.parquet"), EncryptedWriteFixture.writer(enc, DataPageVersion.V1).build()));
    assertTrue(e.getMessage().contains("nmae"), e.getMessage());
  }
}
