package org.parquetarrow.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.ColumnDecryptor;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.format.WriterVersion;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.stats.ChunkDictionary;
import org.parquetarrow.stats.DictionaryPageReader;
import org.parquetarrow.testing.TestData;

/**
 * The page index and the dictionary page of parquet-testing's {@code uniform_encryption} file
 * (Arrow C++, every column and the footer encrypted with footer key {@code 0123456789012345}),
 * read through the one module reader with each column's decryptor. The expected values are those
 * parquet-testing's CATALOG states for the file: row i holds {@code int32_field} = i and {@code
 * float_field} = i × 1.1f for i = 0..49; the float column index has one page, min 0.0 (stored as
 * -0.0, as the spec asks of writers), max 49 × 1.1f.
 */
class EncryptedModuleReadTest {
  private static final byte[] FOOTER_KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);

  private record Opened(LocalInputFile in, FileMetaData metadata, ParquetFooter footer, ParquetSchema schema) {
    ColumnChunk chunk(String path) {
      return metadata.rowGroups().get(0).columns().get(column(path).ordinal());
    }

    ColumnDescriptor column(String path) {
      return schema.findColumn(path).orElseThrow();
    }

    ColumnDecryptor decryptor(String path) {
      return footer.decryptor().columnDecryptor(metadata, 0, column(path).ordinal());
    }
  }

  private static Opened open(LocalInputFile in) {
    ParquetFooter footer = ParquetFooter.read(in, FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build());
    FileMetaData md = footer.metadata();
    return new Opened(in, md, footer, ParquetSchema.fromElements(md.schema()));
  }

  private static LocalInputFile file() throws IOException {
    return LocalInputFile.open(TestData.parquetTesting().resolve("data/uniform_encryption.parquet.encrypted"));
  }

  private static byte[] float32(float f) {
    return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(f).array();
  }

  @Test
  void theColumnAndOffsetIndexOfAnEncryptedColumnDecryptAndAgree() throws IOException {
    try (LocalInputFile in = file()) {
      Opened f = open(in);
      ColumnChunk chunk = f.chunk("float_field");
      ColumnDecryptor decryptor = f.decryptor("float_field");
      ColumnIndex columnIndex = ColumnIndexReader.read(in, chunk, decryptor, ErrorLocation.ofFile(in.name()));
      OffsetIndex offsets = OffsetIndexReader.read(in, chunk, MetadataLimits.DEFAULT, decryptor);
      PageIndex pages = PageIndex.of(columnIndex, offsets, 50);
      assertEquals(1, pages.count());
      assertEquals(0, pages.rows().firstRow(0));
      assertEquals(50, pages.rows().endRow(0));
      assertFalse(columnIndex.nullPages().get(0));
      // the spec has writers store a zero minimum as -0.0 (the row group may hold either zero)
      assertArrayEquals(float32(-0.0f), columnIndex.minValues().get(0));
      assertArrayEquals(float32(49 * 1.1f), columnIndex.maxValues().get(0));
    }
  }

  @Test
  void aModuleDecryptedWithAnotherColumnsDecryptorFailsAuthentication() throws IOException {
    // same footer key, other column ordinal: only the module AAD differs
    try (LocalInputFile in = file()) {
      Opened f = open(in);
      assertThrows(ParquetCryptoException.class, () -> ColumnIndexReader.read(
          in, f.chunk("float_field"), f.decryptor("int32_field"), ErrorLocation.ofFile(in.name())));
    }
  }

  @Test
  void theDictionaryPageOfAnEncryptedColumnHoldsTheColumnsValues() throws IOException {
    try (LocalInputFile in = file()) {
      Opened f = open(in);
      ChunkDictionary dictionary = DictionaryPageReader.read(in, f.chunk("int32_field"), f.column("int32_field"),
          WriterVersion.parse(f.metadata().createdBy()), f.decryptor("int32_field"), 8 << 20,
          ErrorLocation.ofFile(in.name()));
      List<byte[]> values = dictionary.values().orElseThrow();
      Set<Integer> ints = new TreeSet<>();
      for (byte[] v : values) {
        assertEquals(4, v.length);
        ints.add(ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getInt());
      }
      Set<Integer> expected = new TreeSet<>();
      for (int i = 0; i < 50; i++) {
        expected.add(i);
      }
      assertEquals(expected, ints);
      assertEquals(50, values.size());
    }
  }
}
