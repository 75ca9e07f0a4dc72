package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.it.peers.PeerFiles;
import org.parquetarrow.it.peers.Table;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.WriterProperties;

/**
 * Files our writer makes, read back by our own reader, which must return the exact Arrow types
 * that were written (restored from {@code ARROW:schema}) and every value: the random table of
 * every type and nesting shape ({@link org.parquetarrow.it.peers.RandomTables}, written in uneven
 * and sliced batches) under every configuration {@link WriterVersusPeersIT} checks against the
 * peers (each codec, page v1/v2, dictionary on/off, forced dictionary fallback, each encoding on
 * every column that takes it) plus statistics, page index and bloom filters all on; and the Arrow
 * layouts Parquet has no type for ({@link WriterArrowLayoutsIT}), which no peer restores.
 *
 * <p>The seed comes from {@code -Dseed} or is fresh and logged ({@link PeerFiles#seed()}).
 */
class WriterVersusOwnReaderIT {
  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static long seed;
  private static Table table;

  @BeforeAll
  static void generate() {
    seed = PeerFiles.seed();
    table = PeerFiles.table(seed);
  }

  /** The peers' configurations, and statistics, page index and a bloom filter on every column that takes one. */
  private static List<WriterVariants.Variant> variants() {
    List<WriterVariants.Variant> out = new ArrayList<>(WriterVariants.all());
    for (DataPageVersion v : DataPageVersion.values()) {
      WriterProperties p = WriterProperties.builder().rowGroupRows(120).dataPageRowLimit(25).dataPageSize(512)
          .dataPageVersion(v).codec(CompressionCodec.ZSTD).statistics(true).pageIndex(true).pageChecksum(true)
          .columnDefaults(c -> c.bloomFilter(new BloomFilterOptions(100, 0.01)))
          // bloom filters are not kept for booleans
          .column("b", c -> c.bloomFilter(null))
          .build();
      out.add(new WriterVariants.Variant("stats-index-bloom-crc-" + v, p, true));
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> everyConfigurationReadsBackWithTheOriginalTypes() {
    return variants().stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> check(v)));
  }

  private void check(WriterVariants.Variant v) throws Exception {
    Path file = dir.resolve(v.name() + ".parquet");
    Files.deleteIfExists(file);
    WriterVersusPeersIT.write(table, file, v.properties(), memory.allocator());
    // the round trip proves nothing about a configuration the file does not show
    checkEncodingsUsed(file, v);
    for (int batchSize : new int[] {37, 100_000}) {
      ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(batchSize)
          .verifyChecksums(v.properties().pageChecksumEnabled()).build();
      try (VectorSchemaRoot expected = table.toRoot(memory.allocator());
          ArrowReader actual = ParquetFileReader.open(file, options).toArrowReader()) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
      } catch (AssertionError e) {
        throw new AssertionError(v.name() + " (seed " + seed + ", batches of " + batchSize + "): " + e.getMessage(), e);
      }
    }
  }

  /** Our footer shows the codec, the dictionary setting and the chosen encoding on the columns that asked for it. */
  private void checkEncodingsUsed(Path file, WriterVariants.Variant v) {
    FileMetaData footer;
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      footer = r.metadata();
    }
    assertTrue(footer.rowGroups().size() > 1, v.name() + ": several row groups");
    boolean dictionary = false;
    List<String> encoded = new ArrayList<>();
    for (RowGroup g : footer.rowGroups()) {
      for (ColumnChunk c : g.columns()) {
        assertEquals(v.properties().columnDefaults().codec(), c.metaData().codec(), v.name());
        dictionary |= c.metaData().encodings().contains(Encoding.RLE_DICTIONARY);
        if (v.encoding() != null && c.metaData().encodings().contains(v.encoding())) {
          encoded.add(String.join(".", c.metaData().pathInSchema()));
        }
      }
    }
    assertEquals(v.properties().columnDefaults().dictionaryEnabled(), dictionary, v.name() + ": dictionary pages");
    for (String c : v.encodedColumns()) {
      assertTrue(encoded.stream().anyMatch(p -> p.equals(c) || p.startsWith(c + ".")),
          v.name() + ": " + c + " not " + v.encoding() + " in " + encoded);
    }
  }

  /**
   * Large and view binaries, large, fixed-size and view lists, date64, second units, durations and
   * a narrow decimal256 come back as they were written, in both page versions, with and without
   * dictionary encoding.
   */
  @Test
  void arrowOnlyLayoutsReadBackWithTheOriginalTypes() throws Exception {
    Table t = WriterArrowLayoutsIT.values(seed, 400);
    for (DataPageVersion version : DataPageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        String name = "layouts-" + version + (dictionary ? "-dict" : "-plain");
        Path file = dir.resolve(name + ".parquet");
        Files.deleteIfExists(file);
        WriterProperties p = WriterProperties.builder().dataPageRowLimit(64).rowGroupRows(150)
            .dataPageVersion(version).dictionary(dictionary).codec(CompressionCodec.SNAPPY).build();
        try (VectorSchemaRoot root = WriterArrowLayoutsIT.root(t, memory.allocator());
            org.parquetarrow.write.ParquetFileWriter w =
                org.parquetarrow.write.ParquetFileWriter.open(file, root.getSchema(), p)) {
          w.write(root);
          // and once more as two slices, so the layouts are shredded from an offset too
          try (VectorSchemaRoot head = root.slice(0, 133); VectorSchemaRoot tail = root.slice(133, 400 - 133)) {
            w.write(head);
            w.write(tail);
          }
        }
        try (VectorSchemaRoot expected = WriterArrowLayoutsIT.root(t, memory.allocator());
            ArrowReader actual = ParquetFileReader.open(file,
                ReadOptions.builder(memory.allocator()).batchSize(97).build()).toArrowReader()) {
          Batches twice = Batches.of(List.of(expected, expected));
          ArrowAssertions.assertSameSchemaAndData(twice, Batches.of(actual), CompareOptions.strict());
        } catch (AssertionError e) {
          throw new AssertionError(name + " (seed " + seed + "): " + e.getMessage(), e);
        }
      }
    }
  }
}
