package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithFooterKey;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.read.page.ByteSlice;
import org.parquetarrow.io.ColumnChunkBytes;
import org.parquetarrow.read.page.ColumnChunkPageReader;
import org.parquetarrow.read.page.DataPage;

/**
 * A hand-made encrypted chunk of one optional INT32 column holding [7, null, 9, null] in one v2
 * page whose definition levels are not empty, in both layouts writers use: the whole page body
 * as one module (Arrow C++, Rust), and the levels in plaintext before a module of the values
 * (parquet-java). The page reader finds the layout and returns the same levels and values.
 */
class EncryptedV2PageLayoutsTest {
  private static final byte[] KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] FILE_AAD = ModuleAad.fileAad(null, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
  /** RLE/bit-packed hybrid, bit width 1: one bit-packed group of 8, levels 1, 0, 1, 0 (then padding). */
  private static final byte[] DEF_LEVELS = {0x03, 0x05};
  /** PLAIN int32 7 and 9, little-endian. */
  private static final byte[] VALUES = {7, 0, 0, 0, 9, 0, 0, 0};
  private static final long FILE_OFFSET = 4;

  @ParameterizedTest(name = "{0}, whole body {1}")
  @CsvSource({"AES_GCM_V1, true", "AES_GCM_V1, false", "AES_GCM_CTR_V1, true", "AES_GCM_CTR_V1, false"})
  void bothV2LayoutsRead(ParquetCipher algorithm, boolean wholeBody) throws Exception {
    byte[] chunk = chunk(algorithm, wholeBody);
    try (ColumnChunkPageReader pages = reader(algorithm, chunk)) {
      DataPage page = (DataPage) pages.next();
      assertEquals(4, page.numValues());
      assertArrayEquals(DEF_LEVELS, bytes(page.definitionLevels()));
      assertEquals(0, page.repetitionLevels().length());
      assertArrayEquals(VALUES, bytes(page.values()));
      assertNull(pages.next());
    }
  }

  @ParameterizedTest(name = "{0}, whole body {1}")
  @CsvSource({"AES_GCM_V1, true", "AES_GCM_V1, false", "AES_GCM_CTR_V1, true", "AES_GCM_CTR_V1, false"})
  void flippedHeaderByteNamesTheModule(ParquetCipher algorithm, boolean wholeBody) throws Exception {
    byte[] chunk = chunk(algorithm, wholeBody);
    chunk[4 + 12 + 1] ^= 1; // inside the header module's ciphertext (headers are always GCM)
    try (ColumnChunkPageReader pages = reader(algorithm, chunk)) {
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class, pages::next);
      assertTrue(e.getMessage().contains("data page header 0"), e.getMessage());
    }
  }

  @ParameterizedTest(name = "whole body {0}")
  @CsvSource({"true", "false"})
  void flippedValueByteFailsUnderGcm(boolean wholeBody) throws Exception {
    byte[] chunk = chunk(ParquetCipher.AES_GCM_V1, wholeBody);
    chunk[chunk.length - 1] ^= 1; // the page module's tag
    try (ColumnChunkPageReader pages = reader(ParquetCipher.AES_GCM_V1, chunk)) {
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class, pages::next);
      assertTrue(e.getMessage().contains("data page 0"), e.getMessage());
    }
  }

  private static ColumnChunkPageReader reader(ParquetCipher algorithm, byte[] chunk) {
    ColumnMetaData meta = new ColumnMetaData(PhysicalType.INT32, List.of(Encoding.PLAIN, Encoding.RLE),
        List.of("x"), CompressionCodec.UNCOMPRESSED, 4, chunk.length, chunk.length, null, FILE_OFFSET,
        null, null, null, null, null, null, null, null);
    ColumnChunk column = new ColumnChunk(null, FILE_OFFSET, meta, null, null, null, null,
        new EncryptionWithFooterKey(), null);
    ColumnDecryptor decryptor = new ColumnDecryptor("hand-made", "x", 0, 0, algorithm, KEY, FILE_AAD);
    return ColumnChunkPageReader.builder(ColumnChunkBytes.wrap(FILE_OFFSET, chunk), column, 1, 0)
        .decryptor(decryptor)
        .build();
  }

  private static byte[] chunk(ParquetCipher algorithm, boolean wholeBody) throws Exception {
    ColumnEncryptor encryptor = new ColumnEncryptor(algorithm, KEY, FILE_AAD, 0, 0);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (wholeBody) {
      ByteBuffer plain = ByteBuffer.allocate(DEF_LEVELS.length + VALUES.length).put(DEF_LEVELS).put(VALUES).flip();
      body.write(encryptor.encrypt(ModuleType.DATA_PAGE, plain, 0));
    } else {
      body.write(DEF_LEVELS);
      body.write(encryptor.encrypt(ModuleType.DATA_PAGE, ByteBuffer.wrap(VALUES), 0));
    }
    PageHeader header = new PageHeader(PageType.DATA_PAGE_V2, DEF_LEVELS.length + VALUES.length, body.size(), null,
        null, null, null, new DataPageHeaderV2(4, 2, 4, Encoding.PLAIN, DEF_LEVELS.length, 0, false, null));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(encryptor.encrypt(ModuleType.DATA_PAGE_HEADER, ByteBuffer.wrap(MetadataWriter.toBytes(header)), 0));
    body.writeTo(out);
    return out.toByteArray();
  }

  private static byte[] bytes(ByteSlice s) {
    byte[] out = new byte[s.length()];
    System.arraycopy(s.array(), s.offset(), out, 0, s.length());
    return out;
  }
}
