package org.parquetarrow.it.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.EncryptedCorpus;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.crypto.keytools.PropertiesDrivenCryptoFactory;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.write.DataPageVersion;

/**
 * Our key tools against parquet-java's ({@code PropertiesDrivenCryptoFactory} with an in-memory KMS
 * on the same master keys), in every mix of single/double wrapping, key material inside the file
 * or beside it, both algorithms and both footer modes, with per-column master keys and a plaintext
 * column: what parquet-java writes we read to the values parquet-java reads, and what we write
 * parquet-java reads to the values we read. The corpus file parquet-java wrote with external key
 * material reads the same through both key tools.
 */
class KeyToolsVersusParquetJavaIT {
  private static final String KEY_LIST = "kf:" + b64("0123456789012345") + ", kc1:" + b64("1234567890123450")
      + ", kc2:" + b64("1234567890123451");
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
  private static final int ROWS = 2500;

  @TempDir Path dir;

  private static String b64(String ascii) {
    return Base64.getEncoder().encodeToString(ascii.getBytes(StandardCharsets.US_ASCII));
  }

  /** The properties both sides share: parquet-java's names, each side naming its own KMS class. */
  private static Map<String, String> properties(boolean doubleWrapping, boolean internal, String algorithm,
      boolean plaintextFooter, String columnKeys) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("parquet.encryption.key.list", KEY_LIST);
    p.put("parquet.encryption.footer.key", "kf");
    p.put("parquet.encryption.column.keys", columnKeys);
    p.put("parquet.encryption.double.wrapping", String.valueOf(doubleWrapping));
    p.put("parquet.encryption.key.material.store.internally", String.valueOf(internal));
    p.put("parquet.encryption.algorithm", algorithm);
    p.put("parquet.encryption.plaintext.footer", String.valueOf(plaintextFooter));
    return p;
  }

  private static PropertiesDrivenCryptoFactory ours(Map<String, String> p) {
    Map<String, String> o = new LinkedHashMap<>(p);
    o.put("parquet.encryption.kms.client.class", "org.parquetarrow.crypto.keytools.InMemoryKms");
    return PropertiesDrivenCryptoFactory.of(o);
  }

  private static PropertiesDrivenCryptoFactory oursForReading() {
    return ours(Map.of("parquet.encryption.key.list", KEY_LIST));
  }

  private static Configuration theirs(Map<String, String> p) {
    Configuration conf = new Configuration(false);
    p.forEach(conf::set);
    conf.set("parquet.crypto.factory.class", org.apache.parquet.crypto.keytools.PropertiesDrivenCryptoFactory.class.getName());
    conf.set("parquet.encryption.kms.client.class", ParquetJavaInMemoryKms.class.getName());
    return conf;
  }

  private static org.apache.parquet.crypto.FileDecryptionProperties theirKeys(Path file) {
    Configuration conf = theirs(Map.of("parquet.encryption.key.list", KEY_LIST));
    return new org.apache.parquet.crypto.keytools.PropertiesDrivenCryptoFactory()
        .getFileDecryptionProperties(conf, new org.apache.hadoop.fs.Path(file.toUri()));
  }

  private interface Mix {
    void run(boolean doubleWrapping, boolean internal, String algorithm, boolean plaintextFooter) throws Exception;
  }

  private static Stream<DynamicTest> everyMix(Mix test) {
    List<DynamicTest> tests = new ArrayList<>();
    for (boolean dbl : new boolean[] {true, false}) {
      for (boolean internal : new boolean[] {true, false}) {
        for (String algorithm : new String[] {"AES_GCM_V1", "AES_GCM_CTR_V1"}) {
          for (boolean plaintextFooter : new boolean[] {false, true}) {
            String name = (dbl ? "double" : "single") + " wrapping, " + (internal ? "internal" : "external")
                + " material, " + algorithm + (plaintextFooter ? ", plaintext footer" : ", encrypted footer");
            tests.add(DynamicTest.dynamicTest(name, () -> test.run(dbl, internal, algorithm, plaintextFooter)));
          }
        }
      }
    }
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> weReadWhatParquetJavaKeyToolsWrite() {
    return everyMix((dbl, internal, algorithm, plaintextFooter) -> {
      Path file = dir.resolve("pj-" + System.nanoTime() + ".parquet");
      Map<String, String> p = properties(dbl, internal, algorithm, plaintextFooter, "kc1:a;kc2:s,l.list.element");
      writeWithParquetJava(file, theirs(p));
      assertEquals(!internal, Files.exists(dir.resolve("_KEY_MATERIAL_FOR_" + file.getFileName() + ".json")),
          "parquet-java's key material file");
      assertEncrypted(file, plaintextFooter);
      List<String> leafPaths = new ArrayList<>();
      Map<String, List<String>> ours = EncryptedReadVersusParquetJavaIT.ours(file,
          oursForReading().decryptionProperties(), null, leafPaths);
      Map<String, List<String>> theirs = EncryptedReadVersusParquetJavaIT.theirs(file, theirKeys(file));
      assertEquals(List.of(Integer.toString(ROWS)), theirs.get(EncryptedReadVersusParquetJavaIT.ROWS));
      EncryptedReadVersusParquetJavaIT.assertSameColumns(theirs, ours);
    });
  }

  @TestFactory
  Stream<DynamicTest> parquetJavaKeyToolsReadWhatWeWrite() {
    return everyMix((dbl, internal, algorithm, plaintextFooter) -> {
      Path file = dir.resolve("ours-" + System.nanoTime() + ".parquet");
      Map<String, String> p = properties(dbl, internal, algorithm, plaintextFooter,
          "kc1:name;kc2:" + EncryptedWriteFixture.TAGS_LEAF + ",score");
      try (BufferAllocator allocator = new RootAllocator()) {
        EncryptedWriteFixture.write(allocator, file, EncryptedWriteFixture.writer(
            ours(p).encryptionProperties(file), DataPageVersion.V2).build());
      }
      assertEncrypted(file, plaintextFooter);
      List<String> leafPaths = new ArrayList<>();
      Map<String, List<String>> ours = EncryptedReadVersusParquetJavaIT.ours(file,
          oursForReading().decryptionProperties(), null, leafPaths);
      Map<String, List<String>> theirs = EncryptedReadVersusParquetJavaIT.theirs(file, theirKeys(file));
      assertEquals(List.of(Integer.toString(EncryptedWriteFixture.ROWS)), theirs.get(EncryptedReadVersusParquetJavaIT.ROWS));
      EncryptedReadVersusParquetJavaIT.assertSameColumns(theirs, ours);
    });
  }

  @Test
  void corpusFileWithExternalKeyMaterialReadsAlikeThroughBothKeyTools() throws Exception {
    EncryptedCorpus.File corpus = EncryptedCorpus.files().stream()
        .filter(f -> f.relative().contains("external_key_material_java")).findFirst().orElseThrow();
    List<String> leafPaths = new ArrayList<>();
    Map<String, List<String>> ours = EncryptedReadVersusParquetJavaIT.ours(corpus.path(),
        oursForReading().decryptionProperties(), null, leafPaths);
    Map<String, List<String>> theirs = EncryptedReadVersusParquetJavaIT.theirs(corpus.path(), theirKeys(corpus.path()));
    assertEquals(List.of("100"), theirs.get(EncryptedReadVersusParquetJavaIT.ROWS));
    assertTrue(leafPaths.containsAll(List.of("integers", "strings")), leafPaths.toString());
    EncryptedReadVersusParquetJavaIT.assertSameColumns(theirs, ours);
  }

  /** The file is encrypted in the footer mode asked for (so a reader without keys cannot pass this test). */
  private static void assertEncrypted(Path file, boolean plaintextFooter) throws Exception {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      if (plaintextFooter) {
        assertNotNull(ParquetFooter.read(in).metadata().encryptionAlgorithm(), "a signed plaintext footer");
      } else {
        assertThrows(ParquetCryptoException.class, () -> ParquetFooter.read(in), "an encrypted footer");
      }
    }
  }

  private static void writeWithParquetJava(Path file, Configuration conf) throws Exception {
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(conf)
        .withType(SCHEMA)
        .withPageRowCountLimit(400)
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
  }
}
