package org.parquetarrow.it.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.FileEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.selection.RowSelection;

/**
 * Files parquet-java encrypts with v2 data pages whose level sections are not empty (nullable and
 * repeated columns): parquet-java keeps those levels in plaintext before the encrypted values, a
 * layout the corpus files (empty levels) do not show. Written with both algorithms and both
 * footer modes, several pages per chunk, dictionary pages and page CRCs; read by us and by
 * parquet-java with the same keys to the same values, whole and through a row selection (which
 * decrypts the offset index and reads pages by their page ordinals).
 */
class ParquetJavaEncryptedV2PagesIT {
  private static final byte[] FOOTER_KEY = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] KEY_A = "1234567890123450".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] KEY_S = "1234567890123451".getBytes(StandardCharsets.US_ASCII);
  private static final int ROWS = 3000;
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
      message m {
        optional int32 a;
        required binary s (STRING);
        optional group l (LIST) {
          repeated group list {
            optional int64 element;
          }
        }
        optional double plain;
      }""");

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}, plaintext footer {1}, {2}")
  @CsvSource({"AES_GCM_V1, false, PARQUET_2_0", "AES_GCM_CTR_V1, false, PARQUET_2_0",
      "AES_GCM_V1, true, PARQUET_2_0", "AES_GCM_CTR_V1, true, PARQUET_1_0"})
  void readsWhatParquetJavaEncrypted(ParquetCipher algorithm, boolean plaintextFooter,
      ParquetProperties.WriterVersion version) throws Exception {
    Path file = write(algorithm, plaintextFooter, version);
    FileDecryptionProperties keys = FileDecryptionProperties.builder().footerKey(FOOTER_KEY)
        .columnKey("a", KEY_A).columnKey("s", KEY_S).build();

    List<String> leafPaths = new ArrayList<>();
    Map<String, List<String>> ours = EncryptedReadVersusParquetJavaIT.ours(file, keys, null, leafPaths);
    Map<String, List<String>> theirs = EncryptedReadVersusParquetJavaIT.theirs(
        file, EncryptedReadVersusParquetJavaIT.parquetJavaKeys(keys, leafPaths));
    assertEquals(List.of(Integer.toString(ROWS)), theirs.get(EncryptedReadVersusParquetJavaIT.ROWS));
    EncryptedReadVersusParquetJavaIT.assertSameColumns(theirs, ours);

    // a selection skips pages: the offset index is decrypted and pages are found by ordinal
    Map<String, List<String>> selected = EncryptedReadVersusParquetJavaIT.ours(
        file, keys, RowSelection.fromRanges(1200, 1210, 2990, 3000), new ArrayList<>());
    assertEquals(List.of("20"), selected.get(EncryptedReadVersusParquetJavaIT.ROWS));
    for (String column : List.of("a", "s", "plain")) {
      List<String> expected = new ArrayList<>(theirs.get(column).subList(1200, 1210));
      expected.addAll(theirs.get(column).subList(2990, 3000));
      assertEquals(expected, selected.get(column), column);
    }

    if (plaintextFooter) {
      // without keys: the plaintext column reads, the encrypted ones are refused by name
      try (BufferAllocator allocator = new RootAllocator()) {
        Map<String, List<String>> plainOnly = EncryptedReadVersusParquetJavaIT.ours(file, null, null, new ArrayList<>(),
            "plain");
        assertEquals(theirs.get("plain"), plainOnly.get("plain"));
        ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
            () -> ParquetFileReader.open(file, ReadOptions.builder(allocator).columns("a").build()).close());
        assertTrue(e.getMessage().contains("column a"), e.getMessage());
      }
    }
  }

  private Path write(ParquetCipher algorithm, boolean plaintextFooter, ParquetProperties.WriterVersion version)
      throws Exception {
    Path path = dir.resolve("encrypted-" + algorithm + "-" + plaintextFooter + "-" + version + ".parquet");
    Files.deleteIfExists(path);
    ColumnPath a = ColumnPath.get("a");
    ColumnPath s = ColumnPath.get("s");
    ColumnPath l = ColumnPath.get("l", "list", "element");
    FileEncryptionProperties.Builder encryption = FileEncryptionProperties.builder(FOOTER_KEY)
        .withAlgorithm(algorithm)
        .withEncryptedColumns(Map.of(
            a, ColumnEncryptionProperties.builder(a).withKey(KEY_A).build(),
            s, ColumnEncryptionProperties.builder(s).withKey(KEY_S).build(),
            l, ColumnEncryptionProperties.builder(l).build())); // with the footer key
    if (plaintextFooter) {
      encryption.withPlaintextFooter();
    }
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(path))
        .withConf(new PlainParquetConfiguration())
        .withType(SCHEMA)
        .withWriterVersion(version)
        .withEncryption(encryption.build())
        .withDictionaryEncoding(true)
        .withPageRowCountLimit(250)
        .withPageWriteChecksumEnabled(true)
        .build()) {
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup();
        if (i % 3 != 0) {
          g.add("a", i % 97);
        }
        g.add("s", "value " + (i % 40));
        if (i % 5 != 0) {
          Group list = g.addGroup("l");
          for (int j = 0; j < i % 4; j++) {
            Group element = list.addGroup("list");
            if (j != 1) {
              element.add("element", (long) i * 10 + j);
            }
          }
        }
        if (i % 7 != 0) {
          g.add("plain", i * 0.5);
        }
        w.write(g);
      }
    }
    return path;
  }
}
