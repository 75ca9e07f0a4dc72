package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * {@link ParquetFileReader} on the encrypted files of parquet-testing, with the keys of its
 * catalog: every file reads all its rows, the Arrow C++ files read to the values the catalog
 * documents, a plaintext-footer file reads its plaintext columns without keys, and a missing key,
 * a wrong key or a flipped page byte gives a {@link ParquetCryptoException} naming the column and
 * module.
 */
class EncryptedFileReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static Path data(String name) {
    return TestData.parquetTesting().resolve("data").resolve(name);
  }

  private static EncryptedCorpusTest.Entry entry(String relative) throws Exception {
    return EncryptedCorpusTest.files().filter(e -> e.relative().equals(relative)).findFirst().orElseThrow();
  }

  /** The Arrow C++ files whose contents the catalog documents (row i = 0..49). */
  private static boolean documented(EncryptedCorpusTest.Entry e) {
    return !e.relative().startsWith("data/aes256/") && !e.relative().contains("bloom_filter")
        && !e.relative().contains("external_key_material");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("org.parquetarrow.crypto.EncryptedCorpusTest#files")
  void readsEveryRowWithTheCatalogKeys(EncryptedCorpusTest.Entry e) throws Exception {
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(17)
        .decryption(EncryptedCorpusTest.keys(e).build()).build();
    long rows = 0;
    int batchStart = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(e.path(), options)) {
      assertEquals(e.leaves(), reader.parquetSchema().columns().size());
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          for (FieldVector v : batch.getFieldVectors()) {
            assertEquals(batch.getRowCount(), v.getValueCount(), v.getName());
          }
          if (documented(e)) {
            checkDocumentedValues(batch, batchStart);
          }
          batchStart += batch.getRowCount();
          rows += batch.getRowCount();
        }
      }
    }
    assertEquals(e.rows(), rows);
  }

  /** The catalog's contents of the six Arrow C++ files, row i = 0..49. */
  private static void checkDocumentedValues(VectorSchemaRoot batch, int first) {
    BitVector booleans = (BitVector) batch.getVector("boolean_field");
    TimeMilliVector int32 = (TimeMilliVector) batch.getVector("int32_field");
    ListVector int64 = (ListVector) batch.getVector("int64_field");
    BigIntVector int64Values = (BigIntVector) int64.getDataVector();
    Float4Vector floats = (Float4Vector) batch.getVector("float_field");
    Float8Vector doubles = (Float8Vector) batch.getVector("double_field");
    FieldVector ba = batch.getVector("ba_field");
    FixedSizeBinaryVector flba = (FixedSizeBinaryVector) batch.getVector("flba_field");
    assertNotNull(batch.getVector("int96_field"));
    for (int r = 0; r < batch.getRowCount(); r++) {
      int i = first + r;
      assertEquals(i % 2 == 0, booleans.get(r) == 1, "boolean_field " + i);
      assertEquals(i, int32.get(r), "int32_field " + i);
      assertEquals(Float.floatToIntBits(i * 1.1f), Float.floatToIntBits(floats.get(r)), "float_field " + i);
      assertEquals(i * 1.1111111, doubles.get(r), 1e-9, "double_field " + i);
      assertEquals(i % 2 == 0, !ba.isNull(r), "ba_field " + i);
      if (i % 2 == 0) {
        Object o = ba.getObject(r);
        byte[] value = o instanceof byte[] b ? b : o.toString().getBytes(StandardCharsets.UTF_8);
        assertTrue(new String(value, StandardCharsets.ISO_8859_1).startsWith("parquet"), "ba_field " + i);
      }
      byte[] expected = new byte[10];
      Arrays.fill(expected, (byte) i);
      assertArrayEquals(expected, flba.get(r), "flba_field " + i);
    }
    // int64_field = [2i x 10^12, (2i+1) x 10^12]
    for (int r = 0; r < batch.getRowCount(); r++) {
      long i = first + r;
      int start = int64.getElementStartIndex(r);
      assertEquals(2, int64.getElementEndIndex(r) - start, "int64_field " + i);
      assertEquals(2 * i * 1_000_000_000_000L, int64Values.get(start), "int64_field " + i);
      assertEquals((2 * i + 1) * 1_000_000_000_000L, int64Values.get(start + 1), "int64_field " + i);
    }
  }

  @Test
  void plaintextFooterFileReadsItsPlaintextColumnsWithoutKeys() throws Exception {
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("int32_field", "boolean_field").build();
    int rows = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(data("encrypt_columns_plaintext_footer.parquet.encrypted"), options)) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          TimeMilliVector int32 = (TimeMilliVector) batch.getVector("int32_field");
          for (int r = 0; r < batch.getRowCount(); r++) {
            assertEquals(rows + r, int32.get(r));
          }
          rows += batch.getRowCount();
        }
      }
    }
    assertEquals(50, rows);
  }

  @Test
  void projectingAnEncryptedColumnWithoutItsKeyNamesTheColumn() {
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("int32_field", "double_field").build();
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> ParquetFileReader.open(data("encrypt_columns_plaintext_footer.parquet.encrypted"), options).close());
    assertTrue(e.getMessage().contains("double_field"), e.getMessage());
  }

  @Test
  void projectingAnEncryptedColumnWhoseKeyIsNotAmongTheKeysNamesTheColumn() throws Exception {
    // footer key only: float_field and double_field have keys of their own
    FileDecryptionProperties footerOnly = FileDecryptionProperties.builder()
        .footerKey("0123456789012345".getBytes(StandardCharsets.US_ASCII)).build();
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("float_field").decryption(footerOnly).build();
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> ParquetFileReader.open(data("encrypt_columns_and_footer.parquet.encrypted"), options).close());
    assertTrue(e.getMessage().contains("float_field"), e.getMessage());
    // the plaintext columns of that encrypted-footer file read with the footer key alone
    ReadOptions plain = ReadOptions.builder(memory.allocator()).columns("int32_field").decryption(footerOnly).build();
    try (ParquetFileReader reader = ParquetFileReader.open(data("encrypt_columns_and_footer.parquet.encrypted"), plain)) {
      try (VectorSchemaRoot batch = reader.readNextBatch()) {
        assertEquals(49, ((TimeMilliVector) batch.getVector("int32_field")).get(49));
      }
    }
  }

  @Test
  void wrongColumnKeyFails() {
    FileDecryptionProperties wrong = FileDecryptionProperties.builder()
        .footerKey("0123456789012345".getBytes(StandardCharsets.US_ASCII))
        .columnKey("double_field", "1234567890123450".getBytes(StandardCharsets.US_ASCII))
        .columnKey("float_field", "1234567890123450".getBytes(StandardCharsets.US_ASCII)) // kc1, not kc2
        .build();
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("float_field").decryption(wrong).build();
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class, () -> readAll(
        data("encrypt_columns_and_footer.parquet.encrypted"), options));
    assertTrue(e.getMessage().contains("float_field"), e.getMessage());
  }

  @Test
  void wrongFooterKeyFails() {
    FileDecryptionProperties wrong = FileDecryptionProperties.builder()
        .footerKey("1234567890123451".getBytes(StandardCharsets.US_ASCII)).build();
    ReadOptions options = ReadOptions.builder(memory.allocator()).decryption(wrong).build();
    assertThrows(ParquetCryptoException.class, () -> readAll(data("uniform_encryption.parquet.encrypted"), options));
  }

  @Test
  void flippedByteInADataPageNamesTheModule() throws Exception {
    ParquetCryptoException e = tamperedRead("double_field", false);
    assertTrue(e.getMessage().contains("data page 0"), e.getMessage());
    assertTrue(e.getMessage().contains("double_field"), e.getMessage());
  }

  @Test
  void flippedByteInADictionaryPageNamesTheModule() throws Exception {
    ParquetCryptoException e = tamperedRead("float_field", true);
    assertTrue(e.getMessage().contains("dictionary page"), e.getMessage());
    assertTrue(e.getMessage().contains("float_field"), e.getMessage());
  }

  @Test
  void rowSelectionDecryptsTheOffsetIndex() throws Exception {
    EncryptedCorpusTest.Entry e = entry("data/encrypt_columns_and_footer.parquet.encrypted");
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns("float_field")
        .rowSelection(0, RowSelection.fromRanges(10, 20)).decryption(EncryptedCorpusTest.keys(e).build()).build();
    List<Float> values = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(e.path(), options)) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          Float4Vector v = (Float4Vector) batch.getVector("float_field");
          for (int r = 0; r < batch.getRowCount(); r++) {
            values.add(v.get(r));
          }
        }
      }
    }
    assertEquals(10, values.size());
    for (int i = 0; i < 10; i++) {
      assertEquals(Float.floatToIntBits((10 + i) * 1.1f), Float.floatToIntBits(values.get(i)));
    }
  }

  /**
   * Reads {@code column} of encrypt_columns_and_footer (AES_GCM_V1, no page CRCs) with one byte
   * flipped inside the ciphertext of its dictionary page or first data page.
   */
  private ParquetCryptoException tamperedRead(String column, boolean dictionary) throws Exception {
    EncryptedCorpusTest.Entry e = entry("data/encrypt_columns_and_footer.parquet.encrypted");
    FileDecryptionProperties keys = EncryptedCorpusTest.keys(e).build();
    ParquetFooter footer = EncryptedCorpusTest.open(e.path(), keys);
    FileMetaData md = footer.decryptor().decryptColumnMetaData(footer.metadata());
    ColumnMetaData meta = null;
    for (ColumnChunk chunk : md.rowGroups().get(0).columns()) {
      if (chunk.metaData().pathInSchema().equals(List.of(column))) {
        meta = chunk.metaData();
      }
    }
    assertNotNull(meta, column);
    byte[] bytes = Files.readAllBytes(e.path());
    long pageStart = dictionary ? meta.dictionaryPageOffset() : meta.dataPageOffset();
    // skip the header module (4-byte length + its body), then into the page module's ciphertext,
    // past its own length field and 12-byte nonce
    int headerModule = 4 + ByteBuffer.wrap(bytes, (int) pageStart, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int target = (int) pageStart + headerModule + 4 + 12 + 2;
    bytes[target] ^= 0x40;
    ReadOptions options = ReadOptions.builder(memory.allocator()).columns(column).decryption(keys).build();
    return assertThrows(ParquetCryptoException.class,
        () -> readAll(new ByteBufferInputFile("tampered", bytes), options));
  }

  private static void readAll(Path path, ReadOptions options) {
    try (ParquetFileReader reader = ParquetFileReader.open(path, options)) {
      drain(reader);
    }
  }

  private static void readAll(ByteBufferInputFile file, ReadOptions options) {
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      drain(reader);
    }
  }

  private static void drain(ParquetFileReader reader) {
    for (VectorSchemaRoot batch = reader.readNextBatch(); batch != null; batch = reader.readNextBatch()) {
      batch.close();
    }
  }
}
