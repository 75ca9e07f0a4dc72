package org.parquetarrow.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.Decompressor;
import org.parquetarrow.format.AesGcmCtrV1;
import org.parquetarrow.format.BloomFilterHeader;
import org.parquetarrow.format.ColumnIndex;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithColumnKey;
import org.parquetarrow.format.ColumnCryptoMetaData.EncryptionWithFooterKey;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

/**
 * Every encrypted file of parquet-testing opened with the keys CATALOG.md lists: the footer
 * decrypts (or its signature verifies), the schema and row counts equal the catalog's facts, the
 * columns are encrypted exactly as the catalog says, every column's metadata decrypts, and every
 * page header and page of every column chunk decrypts and parses — which proves the AAD ordinals.
 * Where the catalog states the contents (row i of {@code int32_field} is i, of {@code float_field}
 * i × 1.1f) the decrypted pages hold them, and pages with a CRC match it: checks that also hold
 * for the unauthenticated AES-CTR pages.
 */
class EncryptedCorpusTest {
  private static final Pattern CATALOG_ROW = Pattern.compile("^\\| `(data/[^`]+\\.encrypted)` \\|[^|]*\\|[^|]*\\| ([^|]*) \\|");
  private static final Pattern COUNTS = Pattern.compile("([\\d,]+) rows? / ([\\d,]+) RG; ([\\d,]+) leaf cols?");

  static final Map<String, String> KEYS_128 = Map.of(
      "kf", "0123456789012345", "kc1", "1234567890123450", "kc2", "1234567890123451");
  static final Map<String, String> KEYS_256 = new HashMap<>();

  static {
    KEYS_256.put("kf", "01234567890123456789012345678901");
    for (int i = 1; i <= 8; i++) {
      KEYS_256.put("kc" + i, "1234567890123456789012345678901" + (i + 1));
    }
  }

  /** One encrypted corpus file with what the catalog says of it. */
  record Entry(String relative, Path path, long rows, int rowGroups, int leaves,
      Map<String, String> columnKeyIds, List<String> plaintext, List<String> footerKeyColumns,
      String aadPrefix, boolean prefixStored, boolean plaintextFooter, boolean ctr) {
    @Override
    public String toString() {
      return relative;
    }
  }

  static Stream<Entry> files() throws IOException {
    Path root = TestData.parquetTesting();
    List<Entry> entries = new ArrayList<>();
    for (String line : Files.readAllLines(root.resolve("CATALOG.md"))) {
      Matcher m = CATALOG_ROW.matcher(line);
      if (!m.find()) {
        continue;
      }
      String facts = m.group(2).replace(" (verified here)", "");
      Matcher c = COUNTS.matcher(facts);
      assertTrue(c.find(), facts);
      Map<String, String> keyIds = new LinkedHashMap<>();
      List<String> plaintext = new ArrayList<>();
      List<String> footerKeyColumns = new ArrayList<>();
      String prefix = null;
      boolean stored = false;
      for (String part : facts.split("; ")) {
        Matcher k = Pattern.compile("^((?:external:)?\\w+): (\\w+)$").matcher(part);
        if (part.startsWith("plaintext: ")) {
          plaintext.addAll(List.of(part.substring(11).split(", ")));
        } else if (part.startsWith("footer key: ")) {
          footerKeyColumns.addAll(List.of(part.substring(12).replace(" (verified here)", "").split(", ")));
        } else if (part.startsWith("AAD prefix")) {
          prefix = part.substring(part.indexOf('`') + 1, part.lastIndexOf('`'));
          stored = part.startsWith("AAD prefix stored");
        } else {
          for (String assignment : part.replace(" (verified here)", "").split("; ")) {
            Matcher a = k.reset(assignment);
            if (a.matches() && (a.group(1).startsWith("kc") || a.group(1).startsWith("external:"))) {
              keyIds.put(a.group(2), a.group(1));
            }
          }
        }
      }
      entries.add(new Entry(m.group(1), root.resolve(m.group(1)), Long.parseLong(c.group(1).replace(",", "")),
          Integer.parseInt(c.group(2)), Integer.parseInt(c.group(3)), keyIds, plaintext, footerKeyColumns,
          prefix, stored, facts.contains("plaintext footer"), facts.startsWith("AES_GCM_CTR_V1")));
    }
    assertEquals(13, entries.size(), "encrypted files in the catalog");
    // every *.encrypted file of the corpus is in the catalog
    long onDisk = TestData.filesUnder(root.resolve("data")).stream()
        .filter(p -> p.getFileName().toString().endsWith(".parquet.encrypted")).count();
    assertEquals(onDisk, entries.size());
    return entries.stream();
  }

  private static Map<String, String> keyTable(Entry e) {
    return e.relative().startsWith("data/aes256/") ? KEYS_256 : KEYS_128;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The right keys for {@code e}: explicit ones, or the external key material's retriever. */
  static FileDecryptionProperties.Builder keys(Entry e) throws IOException {
    FileDecryptionProperties.Builder b = FileDecryptionProperties.builder();
    if (e.relative().contains("external_key_material")) {
      b.keyRetriever(new ExternalKeyMaterial(e.path().resolveSibling("_KEY_MATERIAL_FOR_" + e.path().getFileName() + ".json"),
          Map.of("kf", ascii(KEYS_128.get("kf")), "kc1", ascii(KEYS_128.get("kc1")), "kc2", ascii(KEYS_128.get("kc2")))));
    } else {
      Map<String, String> table = keyTable(e);
      b.footerKey(ascii(table.get("kf")));
      Map<String, String> paths = leafPaths(e);
      e.columnKeyIds().forEach((column, id) -> b.columnKey(paths.get(column), ascii(table.get(id))));
    }
    if (e.aadPrefix() != null && !e.prefixStored()) {
      b.aadPrefix(e.aadPrefix().getBytes(StandardCharsets.UTF_8));
    }
    return b;
  }

  /**
   * The dotted leaf path of each top-level column the catalog names (its keys are given per
   * top-level column, lists have a longer leaf path), from the footer opened with the footer key.
   */
  static Map<String, String> leafPaths(Entry e) throws IOException {
    FileDecryptionProperties.Builder b = FileDecryptionProperties.builder().footerKey(ascii(keyTable(e).get("kf")))
        .verifyFooterSignature(false);
    if (e.aadPrefix() != null && !e.prefixStored()) {
      b.aadPrefix(ascii(e.aadPrefix()));
    }
    Map<String, String> paths = new HashMap<>();
    for (ColumnChunk chunk : open(e.path(), b.build()).metadata().rowGroups().get(0).columns()) {
      List<String> path = chunk.cryptoMetadata() instanceof EncryptionWithColumnKey k ? k.pathInSchema()
          : chunk.metaData().pathInSchema();
      paths.put(path.get(0), String.join(".", path));
    }
    return paths;
  }

  static ParquetFooter open(Path p, FileDecryptionProperties keys) throws IOException {
    try (LocalInputFile in = LocalInputFile.open(p)) {
      return ParquetFooter.read(in, keys);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void opensWithTheCatalogKeys(Entry e) throws Exception {
    ParquetFooter footer = open(e.path(), keys(e).build());
    FileDecryptor fd = footer.decryptor();
    assertNotNull(fd);
    assertEquals(e.ctr() ? ParquetCipher.AES_GCM_CTR_V1 : ParquetCipher.AES_GCM_V1, fd.algorithm());
    FileMetaData md = fd.decryptColumnMetaData(footer.metadata());
    assertEquals(e.rows(), md.numRows());
    assertEquals(e.rowGroups(), md.rowGroups().size());
    long leaves = md.schema().stream().filter(s -> s.numChildren() == null || s.numChildren() == 0).count();
    assertEquals(e.leaves(), leaves);
    assertEquals(e.plaintextFooter(), footer.metadata().encryptionAlgorithm() != null);

    byte[] file = Files.readAllBytes(e.path());
    for (int r = 0; r < md.rowGroups().size(); r++) {
      RowGroup rg = md.rowGroups().get(r);
      assertEquals(e.leaves(), rg.columns().size());
      long rowsHere = rg.numRows();
      for (int c = 0; c < rg.columns().size(); c++) {
        ColumnChunk chunk = rg.columns().get(c);
        ColumnMetaData cmd = chunk.metaData();
        assertNotNull(cmd, "column " + c + " has metadata after decryption");
        String name = String.join(".", cmd.pathInSchema());
        String top = cmd.pathInSchema().get(0);
        if (e.plaintext().contains(top)) {
          assertNull(chunk.cryptoMetadata(), name + " is plaintext");
        } else if (e.footerKeyColumns().contains(top)) {
          assertInstanceOf(EncryptionWithFooterKey.class, chunk.cryptoMetadata(), name);
        } else {
          EncryptionWithColumnKey k = assertInstanceOf(EncryptionWithColumnKey.class, chunk.cryptoMetadata(), name);
          String id = e.columnKeyIds().get(top);
          assertNotNull(id, "the catalog names the key of " + name);
          String stored = new String(k.keyMetadata(), StandardCharsets.UTF_8);
          if (id.startsWith("external:")) {
            assertTrue(stored.contains("\"" + id.substring(9) + "\""), stored);
          } else {
            assertEquals(id, stored);
          }
          assertEquals(cmd.pathInSchema(), k.pathInSchema());
        }
        int dataPages = walkChunk(e, file, md, r, c, rowsHere);
        walkIndexesAndBloomFilter(e, file, md, r, c, dataPages);
      }
    }
  }

  /**
   * Decrypts (or, for plaintext columns, reads) every page header and page of one chunk, with the
   * dictionary page first and data pages numbered from 0, and checks sizes, values and CRCs.
   */
  private static int walkChunk(Entry e, byte[] file, FileMetaData md, int r, int c, long rows) {
    RowGroup rg = md.rowGroups().get(r);
    ColumnChunk chunk = rg.columns().get(c);
    ColumnMetaData cmd = chunk.metaData();
    ColumnDecryptor cd = null;
    if (chunk.cryptoMetadata() != null) {
      cd = openDecryptor(e, md, r, c);
    }
    boolean hasDictionary = cmd.dictionaryPageOffset() != null && cmd.dictionaryPageOffset() > 0;
    long start = hasDictionary ? cmd.dictionaryPageOffset() : cmd.dataPageOffset();
    ByteBuffer in = ByteBuffer.wrap(file, (int) start, (int) cmd.totalCompressedSize()).slice();
    long values = 0;
    int dataPages = 0;
    boolean first = true;
    while (values < cmd.numValues()) {
      boolean dictionary = first && hasDictionary;
      first = false;
      ByteBuffer headerBytes;
      if (cd == null) {
        headerBytes = in;
      } else {
        headerBytes = cd.decrypt(dictionary ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER, in, dataPages);
      }
      PageHeader h = MetadataReader.readPageHeader(headerBytes);
      byte[] stored = new byte[h.compressedPageSize()];
      in.get(in.position(), stored);
      if (h.crc() != null) {
        // the CRC covers the page as stored, encrypted or not
        CRC32 crc = new CRC32();
        crc.update(stored);
        assertEquals(h.crc().intValue(), (int) crc.getValue(), "CRC of a page of " + cmd.pathInSchema());
      }
      byte[] page;
      if (cd == null) {
        page = stored;
        in.position(in.position() + stored.length);
      } else {
        // parquet-java's writer keeps the levels of v2 pages in plaintext, in front of the encrypted
        // values (in the corpus the encrypted v2 pages have no levels, so this is 0 there)
        int levels = h.type() == PageType.DATA_PAGE_V2
            ? h.dataPageHeaderV2().repetitionLevelsByteLength() + h.dataPageHeaderV2().definitionLevelsByteLength() : 0;
        in.position(in.position() + levels);
        // in encrypted columns the page size in the header counts the encrypted module
        ModuleType type = dictionary ? ModuleType.DICTIONARY_PAGE : ModuleType.DATA_PAGE;
        assertEquals(h.compressedPageSize() - levels, cd.moduleLength(type, in), "module size of a page of " + cmd.pathInSchema());
        ByteBuffer p = cd.decrypt(type, in, dataPages);
        page = new byte[p.remaining()];
        p.get(page);
        assertEquals(h.compressedPageSize() - levels - (e.ctr() ? 16 : 32), page.length);
      }
      if (dictionary) {
        assertEquals(PageType.DICTIONARY_PAGE, h.type());
        checkKnownValues(e, cmd, h, page, h.dictionaryPageHeader().numValues());
      } else {
        int n;
        if (h.type() == PageType.DATA_PAGE) {
          n = h.dataPageHeader().numValues();
          if (h.dataPageHeader().encoding() == Encoding.PLAIN && !hasDictionary) {
            checkKnownValues(e, cmd, h, page, n);
          }
        } else {
          assertEquals(PageType.DATA_PAGE_V2, h.type());
          n = h.dataPageHeaderV2().numValues();
        }
        values += n;
        dataPages++;
      }
    }
    assertEquals(cmd.numValues(), values);
    assertFalse(in.hasRemaining(), "the chunk ends after its last page");
    assertTrue(dataPages >= 1);
    return dataPages;
  }

  /**
   * The column index, offset index and bloom filter of a chunk, decrypted with their own module
   * types when the column is encrypted: the offset index lists the data pages the walk found, the
   * column index has one entry per page, the bitset has the size its header says, and the float
   * column's index holds the catalog's min 0.0 and max 49 × 1.1f.
   */
  private static void walkIndexesAndBloomFilter(Entry e, byte[] file, FileMetaData md, int r, int c, int dataPages) {
    ColumnChunk chunk = md.rowGroups().get(r).columns().get(c);
    ColumnMetaData cmd = chunk.metaData();
    String name = String.join(".", cmd.pathInSchema());
    ColumnDecryptor cd = chunk.cryptoMetadata() == null ? null : openDecryptor(e, md, r, c);
    if (chunk.offsetIndexOffset() != null) {
      ByteBuffer at = ByteBuffer.wrap(file, (int) (long) chunk.offsetIndexOffset(), chunk.offsetIndexLength()).slice();
      OffsetIndex oi = MetadataReader.readOffsetIndex(cd == null ? at : cd.decrypt(ModuleType.OFFSET_INDEX, at, -1));
      assertFalse(at.hasRemaining(), "the offset index fills its stated length");
      assertEquals(dataPages, oi.pageLocations().size(), name);
      assertEquals(cmd.dataPageOffset(), oi.pageLocations().get(0).offset(), name);
      INDEX_CHECKS.merge(e.relative() + (cd == null ? " plain" : " encrypted") + " offset index", 1, Integer::sum);
    }
    if (chunk.columnIndexOffset() != null) {
      ByteBuffer at = ByteBuffer.wrap(file, (int) (long) chunk.columnIndexOffset(), chunk.columnIndexLength()).slice();
      ColumnIndex ci = MetadataReader.readColumnIndex(cd == null ? at : cd.decrypt(ModuleType.COLUMN_INDEX, at, -1));
      assertFalse(at.hasRemaining(), "the column index fills its stated length");
      assertEquals(dataPages, ci.nullPages().size(), name);
      if (name.equals("float_field") && e.rows() == 50) {
        // writers store a zero minimum as -0.0 (the spec's rule for floating-point statistics)
        assertEquals(0.0f, ByteBuffer.wrap(ci.minValues().get(0)).order(ByteOrder.LITTLE_ENDIAN).getFloat(), 0.0f);
        assertEquals(49 * 1.1f, ByteBuffer.wrap(ci.maxValues().get(0)).order(ByteOrder.LITTLE_ENDIAN).getFloat());
      }
      INDEX_CHECKS.merge(e.relative() + (cd == null ? " plain" : " encrypted") + " column index", 1, Integer::sum);
    }
    if (cmd.bloomFilterOffset() != null) {
      int length = cmd.bloomFilterLength() != null ? cmd.bloomFilterLength() : file.length - (int) (long) cmd.bloomFilterOffset();
      ByteBuffer at = ByteBuffer.wrap(file, (int) (long) cmd.bloomFilterOffset(), length).slice();
      BloomFilterHeader h;
      int bitset;
      if (cd == null) {
        h = MetadataReader.readBloomFilterHeader(at);
        bitset = h.numBytes();
        at.position(at.position() + bitset);
      } else {
        ByteBuffer headerBytes = cd.decrypt(ModuleType.BLOOM_FILTER_HEADER, at, -1);
        h = MetadataReader.readBloomFilterHeader(headerBytes);
        bitset = cd.decrypt(ModuleType.BLOOM_FILTER_BITSET, at, -1).remaining();
      }
      assertEquals(h.numBytes(), bitset, name);
      if (cmd.bloomFilterLength() != null) {
        assertFalse(at.hasRemaining(), "header and bitset fill the bloom filter length");
      }
      INDEX_CHECKS.merge(e.relative() + (cd == null ? " plain" : " encrypted") + " bloom filter", 1, Integer::sum);
    }
  }

  static final Map<String, Integer> INDEX_CHECKS = new java.util.concurrent.ConcurrentHashMap<>();

  @Test
  void indexesAndBloomFiltersOfEncryptedColumnsDecrypt() throws Exception {
    Entry bloom = files().filter(x -> x.relative().contains("bloom_filter")).findFirst().orElseThrow();
    Entry ctr = files().filter(x -> x.relative().equals("data/encrypt_columns_and_footer_ctr.parquet.encrypted"))
        .findFirst().orElseThrow();
    INDEX_CHECKS.clear();
    opensWithTheCatalogKeys(bloom);
    opensWithTheCatalogKeys(ctr);
    // the two encrypted columns of each file, and the plaintext ones beside them
    assertEquals(2, INDEX_CHECKS.get(bloom.relative() + " encrypted bloom filter"), INDEX_CHECKS.toString());
    assertEquals(2, INDEX_CHECKS.get(bloom.relative() + " encrypted offset index"), INDEX_CHECKS.toString());
    assertEquals(2, INDEX_CHECKS.get(ctr.relative() + " encrypted column index"), INDEX_CHECKS.toString());
    assertEquals(2, INDEX_CHECKS.get(ctr.relative() + " encrypted offset index"), INDEX_CHECKS.toString());
    assertEquals(6, INDEX_CHECKS.get(ctr.relative() + " plain offset index"), INDEX_CHECKS.toString());
  }

  private static ColumnDecryptor openDecryptor(Entry e, FileMetaData md, int r, int c) {
    try {
      return open(e.path(), keys(e).build()).decryptor().columnDecryptor(md, r, c);
    } catch (IOException ex) {
      throw new AssertionError(ex);
    }
  }

  /**
   * The catalog's stated contents of the 50-row Arrow C++ / parquet-mr files: int32_field = i,
   * float_field = i × 1.1f (the PLAIN values at the end of a page, or a dictionary of them).
   */
  private static void checkKnownValues(Entry e, ColumnMetaData cmd, PageHeader h, byte[] page, int n) {
    String name = String.join(".", cmd.pathInSchema());
    if (e.rows() != 50 || !(name.equals("int32_field") || name.equals("float_field")) || n != 50) {
      return;
    }
    byte[] plain = page;
    if (cmd.codec() != CompressionCodec.UNCOMPRESSED) {
      plain = new byte[h.uncompressedPageSize()];
      try (Decompressor d = Codecs.decompressor(cmd.codec())) {
        d.decompress(page, 0, page.length, plain, 0, plain.length);
      }
    }
    ByteBuffer tail = ByteBuffer.wrap(plain, plain.length - 200, 200).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < 50; i++) {
      if (name.equals("int32_field")) {
        assertEquals(i, tail.getInt(), name + " row " + i);
      } else {
        assertEquals(i * 1.1f, tail.getFloat(), name + " row " + i);
      }
    }
    KNOWN_VALUE_CHECKS.merge(e.relative(), 1, Integer::sum);
  }

  static final Map<String, Integer> KNOWN_VALUE_CHECKS = new java.util.concurrent.ConcurrentHashMap<>();

  // ---------------------------------------------------------------- failures

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void wrongFooterKeyFails(Entry e) throws Exception {
    if (e.relative().contains("external_key_material")) {
      return; // its keys come through the retriever; see missingKeysFail
    }
    FileDecryptionProperties.Builder b = keys(e);
    byte[] wrong = ascii(keyTable(e).get("kc1")); // right length, wrong key
    b.footerKey(wrong);
    ParquetCryptoException x = assertThrows(ParquetCryptoException.class, () -> open(e.path(), b.build()));
    assertEquals(e.path().toString(), x.location().file());
    if (e.plaintextFooter()) {
      assertTrue(x.problem().contains("signature of the plaintext footer does not verify"), x.getMessage());
    } else {
      assertTrue(x.problem().startsWith("cannot decrypt the footer: authentication tag does not match"), x.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void missingKeysFail(Entry e) throws Exception {
    FileDecryptionProperties none = FileDecryptionProperties.builder().build();
    if (e.plaintextFooter()) {
      ParquetCryptoException x = assertThrows(ParquetCryptoException.class, () -> open(e.path(), none));
      assertTrue(x.problem().contains("no footer key"), x.getMessage());
      // without verification the footer opens, and only the encrypted columns fail when used
      FileDecryptionProperties unverified = FileDecryptionProperties.builder().verifyFooterSignature(false).build();
      ParquetFooter f = open(e.path(), unverified);
      FileMetaData md = f.decryptor().decryptColumnMetaData(f.metadata());
      for (int c = 0; c < e.leaves(); c++) {
        ColumnChunk chunk = md.rowGroups().get(0).columns().get(c);
        String top = chunk.metaData().pathInSchema().get(0);
        int column = c;
        if (chunk.cryptoMetadata() == null) {
          assertTrue(e.plaintext().contains(top));
        } else {
          ParquetCryptoException y = assertThrows(ParquetCryptoException.class,
              () -> f.decryptor().columnDecryptor(md, 0, column));
          String path = String.join(".", chunk.metaData().pathInSchema());
          assertTrue(y.problem().startsWith("no key for encrypted column " + path), y.getMessage());
          assertEquals(path, y.location().column());
        }
      }
      return;
    }
    ParquetCryptoException x = assertThrows(ParquetCryptoException.class, () -> open(e.path(), none));
    assertTrue(x.problem().startsWith("the footer is encrypted and no footer key was given"), x.getMessage());
    if (!e.columnKeyIds().isEmpty()) {
      // footer key only: the file opens, and each column with its own key fails when used
      FileDecryptionProperties.Builder footerOnly = FileDecryptionProperties.builder();
      if (e.relative().contains("external_key_material")) {
        return;
      }
      footerOnly.footerKey(ascii(keyTable(e).get("kf")));
      if (e.aadPrefix() != null && !e.prefixStored()) {
        footerOnly.aadPrefix(ascii(e.aadPrefix()));
      }
      ParquetFooter f = open(e.path(), footerOnly.build());
      FileMetaData md = f.decryptor().decryptColumnMetaData(f.metadata());
      int failures = 0;
      for (int c = 0; c < e.leaves(); c++) {
        ColumnChunk chunk = md.rowGroups().get(0).columns().get(c);
        if (chunk.cryptoMetadata() instanceof EncryptionWithColumnKey k) {
          assertNull(chunk.metaData(), "no metadata without the column key");
          int column = c;
          ParquetCryptoException y = assertThrows(ParquetCryptoException.class,
              () -> f.decryptor().columnDecryptor(md, 0, column));
          assertTrue(y.problem().contains("no key for encrypted column " + String.join(".", k.pathInSchema())),
              y.getMessage());
          assertTrue(y.problem().contains("key metadata \"kc"), y.getMessage());
          failures++;
        }
      }
      assertEquals(e.columnKeyIds().size(), failures);
    }
  }

  @Test
  void missingAadPrefixFails() throws Exception {
    List<Entry> unstored = files().filter(e -> e.aadPrefix() != null && !e.prefixStored()).toList();
    assertEquals(2, unstored.size());
    for (Entry e : unstored) {
      FileDecryptionProperties.Builder b = keys(e).aadPrefix(null);
      ParquetCryptoException x = assertThrows(ParquetCryptoException.class, () -> open(e.path(), b.build()));
      assertTrue(x.problem().contains("AAD prefix that it does not store"), x.getMessage());
      FileDecryptionProperties.Builder wrong = keys(e).aadPrefix(ascii("tester2"));
      ParquetCryptoException y = assertThrows(ParquetCryptoException.class, () -> open(e.path(), wrong.build()));
      assertTrue(y.problem().contains("authentication tag does not match"), y.getMessage());
      assertTrue(y.problem().contains("AAD prefix"), y.getMessage());
    }
  }

  @Test
  void suppliedPrefixMustMatchTheStoredOne() throws Exception {
    Entry e = files().filter(x -> x.prefixStored()).findFirst().orElseThrow();
    FileDecryptionProperties.Builder b = keys(e).aadPrefix(ascii("other"));
    ParquetCryptoException x = assertThrows(ParquetCryptoException.class, () -> open(e.path(), b.build()));
    assertTrue(x.problem().contains("differs from the one stored in the file (\"tester\")"), x.getMessage());
    // and the right one is accepted
    assertEquals(50, open(e.path(), keys(e).aadPrefix(ascii("tester")).build()).metadata().numRows());
  }

  @Test
  void wrongColumnKeyFailsOnItsMetadata() throws Exception {
    Entry e = files().filter(x -> x.relative().equals("data/encrypt_columns_and_footer.parquet.encrypted"))
        .findFirst().orElseThrow();
    FileDecryptionProperties keys = keys(e).columnKey("double_field", ascii(KEYS_128.get("kc2"))).build();
    ParquetFooter f = open(e.path(), keys);
    RowGroup rg = f.metadata().rowGroups().get(0);
    int column = columnIndex(rg, "double_field");
    ParquetCryptoException x = assertThrows(ParquetCryptoException.class,
        () -> f.decryptor().columnMetaData(rg, 0, column));
    assertTrue(x.problem().startsWith("cannot decrypt the column metadata of column double_field (row group ordinal 0,"
        + " column ordinal " + column + "): authentication tag does not match"), x.getMessage());
    assertEquals("double_field", x.location().column());
    assertEquals(0, x.location().rowGroup());
  }

  private static int columnIndex(RowGroup rg, String path) {
    for (int c = 0; c < rg.columns().size(); c++) {
      ColumnChunk chunk = rg.columns().get(c);
      if (chunk.cryptoMetadata() instanceof EncryptionWithColumnKey k && String.join(".", k.pathInSchema()).equals(path)) {
        return c;
      }
      if (chunk.metaData() != null && String.join(".", chunk.metaData().pathInSchema()).equals(path)) {
        return c;
      }
    }
    throw new AssertionError("no column " + path);
  }

  @Test
  void pageHeaderWithWrongOrdinalFails() throws Exception {
    // the first data page header of a chunk decrypts as page 0 and fails as page 1 or as a
    // dictionary page header: the ordinals and module types are really authenticated
    Entry e = files().filter(x -> x.relative().equals("data/aes256/encrypt_columns_and_footer.parquet.encrypted"))
        .findFirst().orElseThrow();
    ParquetFooter f = open(e.path(), keys(e).build());
    FileMetaData md = f.decryptor().decryptColumnMetaData(f.metadata());
    int column = columnIndex(md.rowGroups().get(0), "int32_field");
    ColumnMetaData cmd = md.rowGroups().get(0).columns().get(column).metaData();
    assertNull(cmd.dictionaryPageOffset());
    byte[] file = Files.readAllBytes(e.path());
    ByteBuffer at = ByteBuffer.wrap(file, (int) cmd.dataPageOffset(), (int) cmd.totalCompressedSize()).slice();
    ColumnDecryptor cd = f.decryptor().columnDecryptor(md, 0, column);
    ParquetCryptoException x = assertThrows(ParquetCryptoException.class,
        () -> cd.decrypt(ModuleType.DATA_PAGE_HEADER, at.duplicate(), 1));
    assertTrue(x.problem().startsWith("cannot decrypt the data page header 1 of column int32_field"), x.getMessage());
    assertEquals(1, x.location().page());
    assertThrows(ParquetCryptoException.class, () -> cd.decrypt(ModuleType.DICTIONARY_PAGE_HEADER, at.duplicate(), 0));
    // a decryptor for another row group ordinal fails too (module swapped between row groups)
    ColumnDecryptor otherRowGroup = new ColumnDecryptor("x", "int32_field", 1, column, ParquetCipher.AES_GCM_V1,
        ascii(KEYS_256.get("kc4")), f.decryptor().fileAad());
    assertThrows(ParquetCryptoException.class, () -> otherRowGroup.decrypt(ModuleType.DATA_PAGE_HEADER, at.duplicate(), 0));
    assertEquals(PageType.DATA_PAGE,
        MetadataReader.readPageHeader(cd.decrypt(ModuleType.DATA_PAGE_HEADER, at.duplicate(), 0)).type());
  }

  @Test
  void knownValuesWereChecked() throws Exception {
    // runs the walk for the CTR files (so this test stands alone) and checks the value checks ran
    for (Entry e : files().filter(Entry::ctr).toList()) {
      KNOWN_VALUE_CHECKS.remove(e.relative());
      opensWithTheCatalogKeys(e);
      assertTrue(KNOWN_VALUE_CHECKS.getOrDefault(e.relative(), 0) >= 1, "values checked in " + e);
    }
  }

  // ---------------------------------------------------------------- plaintext footer

  @Test
  void plaintextFooterSignatureFailsWhenAFooterByteIsFlipped() throws Exception {
    List<Entry> plain = files().filter(Entry::plaintextFooter).toList();
    assertEquals(2, plain.size());
    for (Entry e : plain) {
      byte[] bytes = Files.readAllBytes(e.path());
      ParquetFooter good = ParquetFooter.read(new ByteBufferInputFile(e.relative(), bytes), keys(e).build());
      assertTrue(good.decryptor().hasFooterKey());
      // flip a byte inside created_by: the footer still parses, but its signature must not verify
      byte[] createdBy = good.metadata().createdBy().getBytes(StandardCharsets.UTF_8);
      int at = indexOf(bytes, createdBy, (int) good.footerOffset());
      assertTrue(at > 0);
      bytes[at] ^= 0x01;
      ByteBufferInputFile tampered = new ByteBufferInputFile(e.relative(), bytes);
      assertNotNull(ParquetFooter.read(tampered).metadata(), "still parses without keys");
      ParquetCryptoException x = assertThrows(ParquetCryptoException.class,
          () -> ParquetFooter.read(tampered, keys(e).build()));
      assertTrue(x.problem().contains("signature of the plaintext footer does not verify"), x.getMessage());
      assertEquals(e.relative(), x.location().file());
      // turning verification off accepts it
      assertNotNull(ParquetFooter.read(tampered, keys(e).verifyFooterSignature(false).build()).decryptor());
    }
  }

  private static int indexOf(byte[] hay, byte[] needle, int from) {
    outer:
    for (int i = from; i <= hay.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void encryptedFooterWithoutKeysKeepsItsMessage() throws Exception {
    Entry e = files().filter(x -> !x.plaintextFooter()).findFirst().orElseThrow();
    ParquetCryptoException x = assertThrows(ParquetCryptoException.class, () -> open(e.path(), null));
    assertEquals("encrypted file, decryption keys required", x.problem());
  }

  @Test
  void ctrFilesUseTheCtrAlgorithm() throws Exception {
    for (Entry e : files().filter(Entry::ctr).toList()) {
      ParquetFooter f = open(e.path(), keys(e).build());
      assertEquals(ParquetCipher.AES_GCM_CTR_V1, f.decryptor().algorithm());
      assertNull(f.metadata().encryptionAlgorithm(), "encrypted footer: the algorithm is in FileCryptoMetaData");
    }
    assertInstanceOf(AesGcmCtrV1.class, ParquetCipher.AES_GCM_CTR_V1.toMetadata(null, null, null));
  }

  /**
   * parquet-java's key tools with external key material: the key metadata names an entry of the
   * JSON sidecar, whose wrapped KEK is unwrapped with the master key (AES-GCM, nonce first, AAD =
   * master key id) and whose wrapped DEK is unwrapped with the KEK (AAD = the KEK id's bytes).
   * Implemented with the JCE directly, independently of the code under test.
   */
  static final class ExternalKeyMaterial implements KeyRetriever {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final JsonNode material;
    private final Map<String, byte[]> masterKeys;

    ExternalKeyMaterial(Path sidecar, Map<String, byte[]> masterKeys) throws IOException {
      this.material = JSON.readTree(sidecar.toFile());
      this.masterKeys = masterKeys;
    }

    @Override
    public byte[] key(byte[] keyMetadata) {
      try {
        JsonNode meta = JSON.readTree(keyMetadata);
        assertEquals("PKMT1", meta.get("keyMaterialType").asText());
        assertFalse(meta.get("internalStorage").asBoolean());
        JsonNode km = JSON.readTree(material.get(meta.get("keyReference").asText()).asText());
        byte[] master = masterKeys.get(km.get("masterKeyID").asText());
        byte[] kek = unwrap(Base64.getDecoder().decode(km.get("wrappedKEK").asText()), master,
            km.get("masterKeyID").asText().getBytes(StandardCharsets.UTF_8));
        return unwrap(Base64.getDecoder().decode(km.get("wrappedDEK").asText()), kek,
            Base64.getDecoder().decode(km.get("keyEncryptionKeyID").asText()));
      } catch (Exception ex) {
        throw new IllegalStateException("cannot unwrap " + new String(keyMetadata, StandardCharsets.UTF_8), ex);
      }
    }

    private static byte[] unwrap(byte[] wrapped, byte[] key, byte[] aad) throws Exception {
      Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
      c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, wrapped, 0, 12));
      c.updateAAD(aad);
      return c.doFinal(wrapped, 12, wrapped.length - 12);
    }
  }

  @Test
  void schemaNamesMatchTheCatalogColumns() throws Exception {
    for (Entry e : files().toList()) {
      FileMetaData md = open(e.path(), keys(e).build()).metadata();
      List<String> names = md.schema().stream().map(SchemaElement::name).toList();
      for (String column : e.columnKeyIds().keySet()) {
        assertTrue(names.contains(column), e + " has column " + column);
      }
      for (String column : e.plaintext()) {
        assertTrue(names.contains(column), e + " has column " + column);
      }
      for (String column : e.footerKeyColumns()) {
        assertTrue(names.contains(column), e + " has column " + column);
      }
    }
  }

  @Test
  void wrongMasterKeyFailsThroughTheRetriever() {
    // a wrong master key cannot unwrap: the retriever's failure reaches the caller as a crypto error
    Entry e;
    try {
      e = files().filter(x -> x.relative().contains("external_key_material")).findFirst().orElseThrow();
      KeyRetriever wrong = new ExternalKeyMaterial(
          e.path().resolveSibling("_KEY_MATERIAL_FOR_" + e.path().getFileName() + ".json"),
          Map.of("kf", ascii(KEYS_128.get("kc1")), "kc1", ascii(KEYS_128.get("kc1")), "kc2", ascii(KEYS_128.get("kc2"))));
      Entry file = e;
      ParquetCryptoException x = assertThrows(ParquetCryptoException.class,
          () -> open(file.path(), FileDecryptionProperties.builder().keyRetriever(wrong).build()));
      assertTrue(x.problem().startsWith("the key retriever failed for the footer key"), x.getMessage());
    } catch (IOException ex) {
      throw new AssertionError(ex);
    }
  }
}
