package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.FileEncryptionProperties;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;

/**
 * Datasets of encrypted files, keys given once at discovery. The files are {@link
 * EncryptedWriteFixture}'s table (5000 rows in row groups of 2000, pages of 300 rows, page index,
 * bloom filters on {@code name} and {@code score}; {@code name} under its own key, {@code score}
 * under the footer key, {@code id} plaintext), twice in two hive partitions. The same files
 * written without encryption are the reference: pruning must count the same and scans return the
 * same rows, which are also checked against the table's definition.
 */
class EncryptedDatasetTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** Filters on encrypted and plaintext columns, each with the rows (by id) the table's definition says match. */
  private static final Map<String, LongPredicate> FILTERS = new LinkedHashMap<>();

  static {
    FILTERS.put("name = 'absent'", i -> false);
    FILTERS.put("name = 'n5x'", i -> false);
    FILTERS.put("name in ('n1x', 'n2x')", i -> false);
    FILTERS.put("name = 'n5'", i -> i % 11 != 0 && i % 37 == 5);
    FILTERS.put("score > 2400", i -> i % 7 != 0 && i * 0.5 > 2400);
    FILTERS.put("score = 1000.5", i -> i == 2001);
    FILTERS.put("score between 10 and 20 and name = 'n30'", i -> i % 7 != 0 && i * 0.5 >= 10 && i * 0.5 <= 20
        && i % 11 != 0 && i % 37 == 30);
    FILTERS.put("id = 10", i -> i == 10);
    FILTERS.put("id >= 4500 or name = 'n0'", i -> i >= 4500 || (i % 11 != 0 && i % 37 == 0));
  }

  private Path write(String name, FileEncryptionProperties encryption) throws Exception {
    Path root = dir.resolve(name);
    for (String part : List.of("p=1", "p=2")) {
      Path file = root.resolve(part).resolve("data.parquet");
      Files.createDirectories(file.getParent());
      EncryptedWriteFixture.write(memory.allocator(), file,
          EncryptedWriteFixture.writer(encryption, DataPageVersion.V1).build());
    }
    return root;
  }

  private static DiscoveryOptions keys() {
    return DiscoveryOptions.builder().decryption(EncryptedWriteFixture.readKeys().build()).build();
  }

  private record Result(List<Long> ids, List<String> names, ScanMetrics metrics) {}

  private Result scan(Dataset ds, String filter, PruningOptions pruning, String... columns) {
    ScanOptions.Builder b = ScanOptions.builder().pruning(pruning).ordered(true).parallelism(2);
    if (filter != null) {
      b.filter(filter);
    }
    if (columns.length > 0) {
      b.columns(columns);
    }
    List<Long> ids = new ArrayList<>();
    List<String> names = new ArrayList<>();
    try (ScanReader r = Scanner.scan(ds, b.build(), memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        for (int i = 0; i < root.getRowCount(); i++) {
          ids.add(id.get(i));
          if (name != null) {
            names.add(name.isNull(i) ? null : new String(name.get(i), StandardCharsets.UTF_8));
          }
        }
      }
      return new Result(ids, names, r.metrics());
    } catch (Exception e) {
      throw e instanceof RuntimeException re ? re : new RuntimeException(e);
    }
  }

  private static List<Long> expected(LongPredicate matches) {
    List<Long> ids = new ArrayList<>();
    for (int part = 0; part < 2; part++) {
      for (long i = 0; i < EncryptedWriteFixture.ROWS; i++) {
        if (matches.test(i)) {
          ids.add(i);
        }
      }
    }
    return ids;
  }

  private static Map<String, Long> pruningCounts(ScanMetrics m) {
    Map<String, Long> counts = new LinkedHashMap<>(m.pruning().toMap());
    counts.remove("bytes_read"); // encrypted modules are longer
    counts.put("pages_skipped_reading", m.pagesSkippedReading());
    counts.put("rows_read", m.rowsRead());
    counts.put("rows_out", m.rowsOut());
    return counts;
  }

  private void prunesLikePlaintext(FileEncryptionProperties encryption) throws Exception {
    Dataset plain = DatasetDiscovery.directory(write("plain", null), DiscoveryOptions.defaults());
    Dataset enc = DatasetDiscovery.directory(write("enc", encryption), keys());
    for (PruningOptions pruning : List.of(PruningOptions.ALL, PruningOptions.builder().bloomFilters(false).build(),
        PruningOptions.builder().bloomFilters(false).dictionaries(false).build())) {
      for (Map.Entry<String, LongPredicate> f : FILTERS.entrySet()) {
        String what = f.getKey() + " with " + pruning;
        Result p = scan(plain, f.getKey(), pruning, "id", "name");
        Result e = scan(enc, f.getKey(), pruning, "id", "name");
        assertEquals(expected(f.getValue()), e.ids(), what);
        assertEquals(p.ids(), e.ids(), what);
        assertEquals(p.names(), e.names(), what);
        assertEquals(pruningCounts(p.metrics()), pruningCounts(e.metrics()), what);
      }
    }
    // The encrypted columns really prune: a name absent but between the statistics' bounds n0 and
    // n9 is ruled out in all 6 row groups by the bloom filter (or, without it, by the dictionary), and score > 2400 keeps only the last row
    // group of each file (scores there reach 2499.5), and in it only the pages holding rows 4801 on.
    PruningMetrics absent = scan(enc, "name = 'n5x'", PruningOptions.ALL).metrics().pruning();
    assertEquals(6, absent.rowGroupsPrunedByBloomFilter());
    PruningMetrics noBloom = scan(enc, "name = 'n5x'", PruningOptions.builder().bloomFilters(false).build()).metrics().pruning();
    assertEquals(6, noBloom.rowGroupsPrunedByDictionary());
    ScanMetrics high = scan(enc, "score > 2400", PruningOptions.ALL).metrics();
    assertEquals(4, high.pruning().rowGroupsPrunedByStatistics());
    // 1000 rows in pages of 300: pages start at rows 4000, 4300, 4600, 4900; only 4600.. (up to 2449.5) and 4900.. may match
    assertEquals(2 * 2, high.pruning().pagesSkipped(), high.toString());
    assertEquals(2 * 400, high.rowsRead()); // rows 4600..4999 of each file
  }

  @Test
  void encryptedFooterDatasetPrunesAndReadsLikePlaintext() throws Exception {
    prunesLikePlaintext(EncryptedWriteFixture.columnKeys().build());
  }

  @Test
  void plaintextFooterDatasetPrunesAndReadsLikePlaintext() throws Exception {
    prunesLikePlaintext(EncryptedWriteFixture.columnKeys().plaintextFooter(true).build());
  }

  @Test
  void missingKeysFailDiscoveryNamingTheFileWhateverThePolicy() throws Exception {
    Path root = write("enc", EncryptedWriteFixture.columnKeys().build());
    for (DiscoveryOptions o : List.of(DiscoveryOptions.defaults(),
        DiscoveryOptions.builder().corruptFiles(DiscoveryOptions.CorruptFilePolicy.SKIP).build())) {
      ParquetCryptoException e = assertThrows(ParquetCryptoException.class, () -> DatasetDiscovery.directory(root, o));
      assertTrue(e.getMessage().contains(root.resolve("p=1").resolve("data.parquet").toString()), e.getMessage());
    }
    // a wrong column key: the column metadata of name does not authenticate
    FileDecryptionProperties wrong = FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY)
        .columnKey("name", EncryptedWriteFixture.TAGS_KEY).build();
    ParquetCryptoException e = assertThrows(ParquetCryptoException.class,
        () -> DatasetDiscovery.directory(root, DiscoveryOptions.builder().decryption(wrong).build()));
    assertTrue(e.getMessage().contains("data.parquet"), e.getMessage());
  }

  @Test
  void aColumnWithoutItsKeyIsNotPrunedAndFailsOnlyWhenRead() throws Exception {
    Path root = write("enc", EncryptedWriteFixture.columnKeys().build());
    // the footer key (also score's) but not name's
    Dataset ds = DatasetDiscovery.directory(root, DiscoveryOptions.builder().decryption(
        FileDecryptionProperties.builder().footerKey(EncryptedWriteFixture.FOOTER_KEY)
            .columnKey(EncryptedWriteFixture.TAGS_LEAF, EncryptedWriteFixture.TAGS_KEY).build()).build());
    PruningMetrics m = new PruningMetrics();
    List<FileScan> plan = ds.plan(org.parquetarrow.dataset.expr.ExpressionParser.parse("name = 'absent'"),
        PruningOptions.ALL, m);
    assertEquals(2, plan.size());
    for (FileScan f : plan) {
      assertEquals(3, f.rowGroups().size());
      assertEquals(EncryptedWriteFixture.ROWS, f.rowGroups().stream().mapToLong(g -> g.rows().rowCount()).sum());
    }
    assertEquals(0, m.rowGroupsPrunedByStatistics() + m.rowGroupsPrunedByBloomFilter()
        + m.rowGroupsPrunedByDictionary() + m.rowGroupsPrunedByPageIndex() + m.pagesSkipped());
    // score (footer key) still prunes; id and score read fine
    Result score = scan(ds, "score > 2400", PruningOptions.ALL, "id", "score");
    assertEquals(expected(i -> i % 7 != 0 && i * 0.5 > 2400), score.ids());
    ParquetException e = assertThrows(ParquetException.class, () -> scan(ds, "name = 'n5'", PruningOptions.ALL));
    assertTrue(e.getMessage().contains("name"), e.getMessage());
  }

  /**
   * A scan reads each file's footer once, at discovery: a full scan reads exactly the column
   * chunks' bytes, none of the footer at the file's end (which the reader used to read again).
   */
  @Test
  void scansDoNotReadTheFooterAgain() throws Exception {
    for (FileEncryptionProperties encryption : List.of(EncryptedWriteFixture.columnKeys().build(),
        EncryptedWriteFixture.columnKeys().plaintextFooter(true).build())) {
      Files.walk(dir).sorted(java.util.Comparator.reverseOrder()).filter(p -> !p.equals(dir)).forEach(p -> p.toFile().delete());
      Dataset ds = DatasetDiscovery.directory(write("enc", encryption), keys());
      long chunks = 0;
      for (DatasetFile f : ds.files()) {
        for (RowGroup rg : f.metadata().rowGroups()) {
          for (ColumnChunk c : rg.columns()) {
            chunks += c.metaData().totalCompressedSize();
          }
        }
      }
      ScanMetrics m = scan(ds, null, PruningOptions.ALL).metrics();
      assertEquals(2L * EncryptedWriteFixture.ROWS, m.rowsOut());
      assertEquals(chunks, m.bytesRead());
    }
  }

  /**
   * A flipped byte in an encrypted bloom filter, column index or dictionary page fails planning
   * with an exception naming the file, the column and the module, never a wrong prune.
   */
  @Test
  void tamperedPruningModulesFailLoudly() throws Exception {
    Path root = write("enc", EncryptedWriteFixture.columnKeys().build());
    Path file = root.resolve("p=1").resolve("data.parquet");
    ColumnChunk name = DatasetDiscovery.directory(root, keys()).files().get(0).metadata().rowGroups().get(1)
        .columns().get(1);
    byte[] original = Files.readAllBytes(file);
    record Case(long at, String filter, PruningOptions pruning, String module) {}
    for (Case c : List.of(
        new Case(name.metaData().bloomFilterOffset() + name.metaData().bloomFilterLength() - 20, "name = 'n5x'",
            PruningOptions.ALL, "bloom filter bitset"),
        new Case(name.columnIndexOffset() + name.columnIndexLength() / 2, "name = 'n5x'",
            PruningOptions.builder().bloomFilters(false).dictionaries(false).build(), "column index"),
        // the fixture writes page checksums, which cover the encrypted page and are checked first
        new Case(name.metaData().dictionaryPageOffset() + 60, "name = 'n5x'",
            PruningOptions.builder().bloomFilters(false).build(), "CRC"))) {
      byte[] bytes = original.clone();
      bytes[(int) c.at()] ^= 0x40;
      Files.write(file, bytes);
      Dataset ds = DatasetDiscovery.directory(root, keys());
      ParquetException e = assertThrows(ParquetException.class,
          () -> ds.plan(org.parquetarrow.dataset.expr.ExpressionParser.parse(c.filter()), c.pruning(), new PruningMetrics()));
      assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains(c.module())
          && e.getMessage().contains("name"), e.getMessage());
      assertTrue(c.module().equals("CRC") || e instanceof ParquetCryptoException, e.toString());
    }
  }
}
