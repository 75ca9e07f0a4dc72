package org.parquetarrow.crypto.keytools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.crypto.EncryptedCorpus;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.KeyRetriever;
import org.parquetarrow.crypto.ParquetCipher;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;

/**
 * The key tools from the user's side: parquet-java's corpus file with external, double-wrapped key
 * material opens with its master keys; files written through the properties in every mix of
 * wrapping, storage, algorithm and footer mode read back equal; the key metadata has parquet-java's
 * JSON shape (checked with Jackson, not with our parser); wrong master keys, missing and altered
 * key material fail as {@link ParquetCryptoException}s that name what is wrong and hold no key
 * bytes; and rotation rewraps external material under new master keys.
 */
class KeyToolsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  // the master keys of parquet-testing's key-tools files (CATALOG.md, "Encryption keys")
  private static final String KF = "0123456789012345";
  private static final String KC1 = "1234567890123450";
  private static final String KC2 = "1234567890123451";
  private static final String KEY_LIST = list(Map.of("kf", KF, "kc1", KC1, "kc2", KC2));

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static String b64(String ascii) {
    return Base64.getEncoder().encodeToString(ascii.getBytes(StandardCharsets.US_ASCII));
  }

  private static String list(Map<String, String> keys) {
    List<String> parts = new ArrayList<>();
    keys.forEach((id, k) -> parts.add(id + ":" + b64(k)));
    return String.join(", ", parts);
  }

  private static Map<String, String> kms(String keyList) {
    Map<String, String> p = new LinkedHashMap<>();
    // parquet-java's own name for its test KMS, as Spark users configure it
    p.put("parquet.encryption.kms.client.class", "org.apache.parquet.crypto.keytools.mocks.InMemoryKMS");
    p.put("parquet.encryption.key.list", keyList);
    return p;
  }

  private static Map<String, String> writing(boolean doubleWrapping, boolean internal, ParquetCipher cipher,
      boolean plaintextFooter) {
    Map<String, String> p = kms(KEY_LIST);
    p.put("parquet.encryption.footer.key", "kf");
    p.put("parquet.encryption.column.keys", "kc1:name;kc2:" + EncryptedWriteFixture.TAGS_LEAF + ",score");
    p.put("parquet.encryption.double.wrapping", String.valueOf(doubleWrapping));
    p.put("parquet.encryption.key.material.store.internally", String.valueOf(internal));
    p.put("parquet.encryption.algorithm", cipher.name());
    p.put("parquet.encryption.plaintext.footer", String.valueOf(plaintextFooter));
    return p;
  }

  private Path write(Map<String, String> properties) throws Exception {
    Path file = dir.resolve("part-0.parquet");
    PropertiesDrivenCryptoFactory crypto = PropertiesDrivenCryptoFactory.of(properties);
    EncryptedWriteFixture.write(memory.allocator(), file,
        EncryptedWriteFixture.writer(crypto.encryptionProperties(file), DataPageVersion.V1).build());
    return file;
  }

  private long readAll(Path file, FileDecryptionProperties keys) throws Exception {
    return EncryptedWriteFixture.readAndCompare(memory.allocator(),
        new ByteBufferInputFile(file.toString(), Files.readAllBytes(file)), keys);
  }

  @Test
  void parquetJavaExternalKeyMaterialOpensWithItsMasterKeys() throws Exception {
    EncryptedCorpus.File corpus = EncryptedCorpus.files().stream()
        .filter(f -> f.relative().contains("external_key_material_java")).findFirst().orElseThrow();
    FileDecryptionProperties keyTools = PropertiesDrivenCryptoFactory.of(kms(KEY_LIST)).decryptionProperties();
    // the corpus helper unwraps with the JCE directly, independently of the key tools
    List<List<Object>> expected = rows(corpus.path(), corpus.keys());
    List<List<Object>> actual = rows(corpus.path(), keyTools);
    assertEquals(100, actual.size(), "CATALOG.md: 100 rows");
    assertEquals(expected, actual);
  }

  private List<List<Object>> rows(Path file, FileDecryptionProperties keys) {
    List<List<Object>> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).decryption(keys).build())) {
      for (VectorSchemaRoot next = r.readNextBatch(); next != null; next = r.readNextBatch()) {
        try (VectorSchemaRoot b = next) {
          for (int i = 0; i < b.getRowCount(); i++) {
            List<Object> row = new ArrayList<>();
            for (FieldVector v : b.getFieldVectors()) {
              Object o = v.getObject(i);
              row.add(o == null ? null : o.toString());
            }
            out.add(row);
          }
        }
      }
    }
    return out;
  }

  static Stream<Arguments> mixes() {
    List<Arguments> out = new ArrayList<>();
    for (boolean dbl : new boolean[] {true, false}) {
      for (boolean internal : new boolean[] {true, false}) {
        for (ParquetCipher cipher : ParquetCipher.values()) {
          for (boolean plaintextFooter : new boolean[] {false, true}) {
            out.add(Arguments.of(dbl, internal, cipher, plaintextFooter));
          }
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "double={0} internal={1} {2} plaintextFooter={3}")
  @MethodSource("mixes")
  void writesAndReadsEveryMix(boolean dbl, boolean internal, ParquetCipher cipher, boolean plaintextFooter)
      throws Exception {
    Path file = write(writing(dbl, internal, cipher, plaintextFooter));
    assertEquals(!internal, Files.exists(dir.resolve("_KEY_MATERIAL_FOR_part-0.parquet.json")));
    // a reader with a fresh factory: nothing cached from writing
    assertEquals(EncryptedWriteFixture.ROWS, readAll(file, PropertiesDrivenCryptoFactory.of(kms(KEY_LIST)).decryptionProperties()));

    // the footer's key metadata, as the reader hands it to the retriever first
    List<byte[]> seen = new ArrayList<>();
    KeyRetriever keyTools = PropertiesDrivenCryptoFactory.of(kms(KEY_LIST)).decryptionProperties().keyRetriever();
    ParquetFooter.read(LocalInputFile.open(file),
        FileDecryptionProperties.builder().keyRetriever(new Recording(seen, keyTools)).build());
    byte[] footerMetadata = seen.get(0);
    JsonNode md = JSON.readTree(footerMetadata);
    assertEquals("PKMT1", md.get("keyMaterialType").asText());
    assertEquals(internal, md.get("internalStorage").asBoolean());
    JsonNode material = internal ? md
        : JSON.readTree(JSON.readTree(dir.resolve("_KEY_MATERIAL_FOR_part-0.parquet.json").toFile())
            .get(md.get("keyReference").asText()).asText());
    assertEquals("footerKey", internal ? "footerKey" : md.get("keyReference").asText());
    assertEquals("kf", material.get("masterKeyID").asText());
    assertTrue(material.get("isFooterKey").asBoolean());
    assertEquals("DEFAULT", material.get("kmsInstanceID").asText());
    assertEquals(dbl, material.get("doubleWrapping").asBoolean());
    assertEquals(dbl, material.has("wrappedKEK"));
  }

  /** Records the key metadata a reader asks for, and passes it on to the key tools. */
  private record Recording(List<byte[]> seen, KeyRetriever inner) implements KeyRetriever {
    @Override
    public byte[] key(byte[] keyMetadata) {
      seen.add(keyMetadata);
      return inner.key(keyMetadata);
    }

    @Override
    public KeyRetriever forFile(String fileName) {
      return new Recording(seen, inner.forFile(fileName));
    }
  }

  @Test
  void wrongMasterKeyIsACryptoErrorWithoutKeyBytes() throws Exception {
    Path file = write(writing(true, true, ParquetCipher.AES_GCM_V1, false));
    String wrongKf = "9999999999999999";
    Map<String, String> wrong = kms(list(Map.of("kf", wrongKf, "kc1", KC1, "kc2", KC2)));
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> readAll(file, PropertiesDrivenCryptoFactory.of(wrong).decryptionProperties()));
    assertTrue(e.getMessage().contains("footer key") && e.getMessage().contains("master key 'kf'"), e.getMessage());
    assertNoKeyBytes(e, file, wrongKf);
  }

  @Test
  void missingKeyMaterialFileIsNamed() throws Exception {
    Path file = write(writing(true, false, ParquetCipher.AES_GCM_V1, false));
    Files.delete(dir.resolve("_KEY_MATERIAL_FOR_part-0.parquet.json"));
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> readAll(file, PropertiesDrivenCryptoFactory.of(kms(KEY_LIST)).decryptionProperties()));
    assertTrue(e.getMessage().contains("missing") && e.getMessage().contains("_KEY_MATERIAL_FOR_part-0.parquet.json"),
        e.getMessage());
    assertNoKeyBytes(e, file, null);
  }

  @Test
  void alteredKeyMaterialIsNamed() throws Exception {
    Path file = write(writing(true, false, ParquetCipher.AES_GCM_V1, false));
    Path materialFile = dir.resolve("_KEY_MATERIAL_FOR_part-0.parquet.json");
    ObjectNode all = (ObjectNode) JSON.readTree(materialFile.toFile());
    ObjectNode column = (ObjectNode) JSON.readTree(all.get("columnKey0").asText());
    byte[] dek = Base64.getDecoder().decode(column.get("wrappedDEK").asText());
    dek[20] ^= 1;
    column.put("wrappedDEK", Base64.getEncoder().encodeToString(dek));
    all.put("columnKey0", JSON.writeValueAsString(column));
    JSON.writeValue(materialFile.toFile(), all);

    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> readAll(file, PropertiesDrivenCryptoFactory.of(kms(KEY_LIST)).decryptionProperties()));
    assertTrue(e.getMessage().contains("'columnKey0'") && e.getMessage().contains("altered"), e.getMessage());
    assertNoKeyBytes(e, file, null);

    all.remove("columnKey0");
    JSON.writeValue(materialFile.toFile(), all);
    ParquetCryptoException gone = assertThrows(ParquetCryptoException.class,
        () -> readAll(file, PropertiesDrivenCryptoFactory.of(kms(KEY_LIST)).decryptionProperties()));
    assertTrue(gone.getMessage().contains("no key 'columnKey0'"), gone.getMessage());
  }

  /** Neither the master keys (text or base64) nor the file's wrapped keys appear in the chain of messages. */
  private void assertNoKeyBytes(Throwable e, Path file, String extraKey) throws Exception {
    List<String> secrets = new ArrayList<>(List.of(KF, KC1, KC2, b64(KF), b64(KC1), b64(KC2)));
    if (extraKey != null) {
      secrets.add(extraKey);
      secrets.add(b64(extraKey));
    }
    Path material = dir.resolve("_KEY_MATERIAL_FOR_part-0.parquet.json");
    if (Files.exists(material)) {
      JSON.readTree(material.toFile()).properties().forEach(m -> {
        try {
          JsonNode km = JSON.readTree(m.getValue().asText());
          for (String f : List.of("wrappedDEK", "wrappedKEK")) {
            if (km.has(f)) {
              secrets.add(km.get(f).asText());
            }
          }
        } catch (Exception x) {
          throw new AssertionError(x);
        }
      });
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = String.valueOf(t.getMessage());
      for (String s : secrets) {
        assertFalse(m.contains(s), "a key appears in: " + m);
      }
    }
  }

  @Test
  void rotationRewrapsExternalMaterialUnderNewMasterKeys() throws Exception {
    Path file = write(writing(true, false, ParquetCipher.AES_GCM_V1, false));
    Path materialFile = dir.resolve("_KEY_MATERIAL_FOR_part-0.parquet.json");
    String before = Files.readString(materialFile);
    String newList = list(Map.of("kf", "abcdefghijklmnop", "kc1", "bcdefghijklmnopa", "kc2", "cdefghijklmnopab"));
    Map<String, String> rotate = kms(KEY_LIST);
    rotate.put(InMemoryKms.NEW_KEY_LIST, newList);

    assertEquals(1, KeyRotation.rotateMasterKeys(dir, PropertiesDrivenCryptoFactory.of(rotate)));

    assertFalse(before.equals(Files.readString(materialFile)));
    assertEquals(EncryptedWriteFixture.ROWS, readAll(file, PropertiesDrivenCryptoFactory.of(kms(newList)).decryptionProperties()));
    assertThrows(ParquetCryptoException.class,
        () -> readAll(file, PropertiesDrivenCryptoFactory.of(kms(KEY_LIST)).decryptionProperties()));
  }

  @Test
  void rotationRefusesInternalMaterial() throws Exception {
    write(writing(true, true, ParquetCipher.AES_GCM_V1, false));
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> KeyRotation.rotateMasterKeys(dir, PropertiesDrivenCryptoFactory.of(kms(KEY_LIST))));
    assertTrue(e.getMessage().contains("no external key material"), e.getMessage());
  }

  @Test
  void badPropertiesNameTheProperty() {
    Map<String, String> p = kms(KEY_LIST);
    p.put("parquet.encryption.column.keys", "kc1:a;kc2:a");
    p.put("parquet.encryption.footer.key", "kf");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PropertiesDrivenCryptoFactory.of(p));
    assertTrue(e.getMessage().contains("parquet.encryption.column.keys") && e.getMessage().contains("'a'"), e.getMessage());
    Map<String, String> noKms = new LinkedHashMap<>(Map.of("parquet.encryption.uniform.key", "kf"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> PropertiesDrivenCryptoFactory.of(noKms))
        .getMessage().contains("parquet.encryption.kms.client.class"));
  }
}
