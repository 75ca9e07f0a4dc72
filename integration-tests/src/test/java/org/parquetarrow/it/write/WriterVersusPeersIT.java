package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.it.peers.ArrowCppPeer;
import org.parquetarrow.it.peers.DuckDbPeer;
import org.parquetarrow.it.peers.ParquetJavaPeer;
import org.parquetarrow.it.peers.PeerFiles;
import org.parquetarrow.it.peers.Table;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.write.ColumnProperties;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Files our writer makes from {@link org.parquetarrow.it.peers.RandomTables} data (every Arrow
 * type the schema mapping accepts, every nesting shape, nulls and empty lists at every level),
 * in every codec, both page versions, dictionary on and off and each non-default encoding, read
 * back value by value by Arrow C++ (arrow-dataset scan, exact Arrow types restored from {@code
 * ARROW:schema}), by DuckDB (its own types, see {@link WrittenFileExpectations#duckDb}) and by
 * parquet-java's example Group reader (physical values, see {@link ParquetJavaRows}); the layout
 * each configuration asks for is checked in the footer as parquet-java parses it.
 *
 * <p>The seed comes from {@code -Dseed} or is fresh and logged ({@link PeerFiles#seed()}).
 */
class WriterVersusPeersIT {
  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static long seed;
  private static Table table;

  @BeforeAll
  static void generate() {
    seed = PeerFiles.seed();
    table = PeerFiles.table(seed);
  }

  @TestFactory
  Stream<DynamicTest> everyConfigurationReadsBackEqual() {
    return WriterVariants.all().stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> check(v)));
  }

  private void check(WriterVariants.Variant v) throws Exception {
    String where = v.name() + " (seed " + seed + ")";
    Path file = dir.resolve(v.name() + ".parquet");
    Files.deleteIfExists(file);
    write(table, file, v.properties(), memory.allocator());

    if (v.arrowCppReads()) {
      try (VectorSchemaRoot expected = table.toRoot(memory.allocator());
          ArrowCppPeer.Scan scan = ArrowCppPeer.read(file, memory.allocator(), 97)) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(scan.reader()), CompareOptions.strict());
      }
    }

    if (v.duckDbReads()) {
      Table duck = WrittenFileExpectations.duckDb(table);
      try (Connection c = DuckDbPeer.connect();
          VectorSchemaRoot expected = duck.toRoot(memory.allocator());
          ArrowReader back = WrittenFileExpectations.duckDbRead(c, file, duck, memory.allocator())) {
        ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(back), CompareOptions.strict());
      }
    }
    if (v.properties().columnDefaults().codec() != CompressionCodec.BROTLI) {
      // parquet-java has no brotli codec on this class path
      checkParquetJava(file, where);
    }
    checkLayout(file, v, where);
  }

  /** parquet-java's example Group reader returns every row, value by value. */
  private static void checkParquetJava(Path file, String where) throws Exception {
    MessageType schema;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      schema = r.getFooter().getFileMetaData().getSchema();
    }
    List<List<Object>> expected = ParquetJavaRows.expected(table, schema);
    List<Group> read = ParquetJavaPeer.readGroups(file);
    assertEquals(expected.size(), read.size(), where + ": rows read by parquet-java");
    for (int i = 0; i < expected.size(); i++) {
      List<Object> actual = ParquetJavaRows.actual(read.get(i));
      for (int c = 0; c < expected.get(i).size(); c++) {
        assertEquals(expected.get(i).get(c), actual.get(c), where + ": parquet-java row " + i + " column "
            + table.fields().get(c).getName());
      }
    }
  }

  /** The file has what the variant asked for, as parquet-java reads the footer. */
  private static void checkLayout(Path file, WriterVariants.Variant v, String where) throws Exception {
    ColumnProperties defaults = v.properties().columnDefaults();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      assertTrue(blocks.size() > 1, where + ": several row groups, got " + blocks.size());
      boolean dictionary = false;
      boolean fallback = false;
      Set<String> encoded = new TreeSet<>();
      for (BlockMetaData b : blocks) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          assertEquals(defaults.codec().name(), c.getCodec().getParquetCompressionCodec().name(), where + " " + c.getPath());
          dictionary |= c.hasDictionaryPage();
          boolean fellBack = c.getEncodingStats().hasDictionaryPages()
              && c.getEncodingStats().hasNonDictionaryEncodedPages();
          fallback |= fellBack;
          if (c.getPath().toDotString().equals("str_dict") && defaults.dictionaryEnabled()
              && !v.encodedColumns().contains("str_dict")) {
            // eight words: the dictionary pays for itself on every page
            assertTrue(!fellBack && c.hasDictionaryPage(), where + ": str_dict dictionary encoded throughout");
          }
          String path = c.getPath().toDotString();
          if (path.equals("dec9") || path.equals("dec18")) {
            boolean fixed = v.properties().arrowOptions().decimalEncoding()
                == ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY;
            String integer = path.equals("dec9") ? "INT32" : "INT64";
            assertEquals(fixed ? "FIXED_LEN_BYTE_ARRAY" : integer, c.getPrimitiveType().getPrimitiveTypeName().name(),
                where + ": " + path + " stored as");
          }
          if (v.encoding() != null
              && c.getEncodings().contains(org.apache.parquet.column.Encoding.valueOf(v.encoding().name()))) {
            encoded.add(c.getPath().toDotString());
          }
        }
      }
      assertEquals(defaults.dictionaryEnabled(), dictionary, where + ": dictionary pages");
      // mostly unique columns fall back after their first page (the dictionary does not pay), so
      // only the forced fallback of a tiny dictionary limit is certain
      if (v.name().contains("fallback")) {
        assertTrue(fallback, where + ": dictionary falling back to plain");
      }
      if (!defaults.dictionaryEnabled()) {
        assertTrue(!fallback, where + ": no dictionary, no fallback");
      }
      for (String c : v.encodedColumns()) {
        assertTrue(encoded.stream().anyMatch(p -> p.equals(c) || p.startsWith(c + ".")),
            where + ": " + c + " not " + v.encoding() + " in " + encoded);
      }
      if (defaults.codec() == CompressionCodec.BROTLI) {
        return; // parquet-java decompresses pages as it reads them, and has no brotli codec here
      }
      PageReadStore group = r.readNextRowGroup();
      ColumnDescriptor first = r.getFileMetaData().getSchema().getColumns().get(0);
      DataPage page = group.getPageReader(first).readPage();
      assertEquals(v.properties().dataPageVersion() == DataPageVersion.V2, page instanceof DataPageV2,
          where + ": page version");
      assertEquals(v.properties().pageChecksumEnabled(), page.getCrc().isPresent(), where + ": page CRC");
    }
  }

  /**
   * Writes {@code t} in uneven batches (one of a single row), the last two cut as slices of one
   * root so that vectors with an offset are shredded too.
   */
  static void write(Table t, Path file, WriterProperties properties, BufferAllocator allocator) {
    int n = t.rowCount();
    int a = n / 4;
    int b = a + 1;
    int c = (n + b) / 2;
    try (ParquetFileWriter w = ParquetFileWriter.open(file, t.schema(), properties)) {
      for (Table part : List.of(t.slice(0, a), t.slice(a, b))) {
        try (VectorSchemaRoot root = part.toRoot(allocator)) {
          w.write(root);
        }
      }
      try (VectorSchemaRoot rest = t.slice(b, n).toRoot(allocator);
          VectorSchemaRoot first = rest.slice(0, c - b);
          VectorSchemaRoot second = rest.slice(c - b, n - c)) {
        w.write(first);
        w.write(second);
      }
    }
  }
}
