package org.parquetarrow.it.rust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.it.peers.ArrowIpc;
import org.parquetarrow.it.peers.PeerFiles;
import org.parquetarrow.it.peers.Table;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Random tables of every type and nesting shape ({@link org.parquetarrow.it.peers.RandomTables}),
 * written to Parquet by arrow-rs ({@link RustPeer}) under a matrix of writer properties — each
 * codec, v1 and v2 data pages, dictionary on and off, each encoding arrow-rs offers on the
 * columns that accept it, dictionary fallback, small pages and row groups, page statistics and
 * page index — then read by {@link ParquetFileReader} and compared value by value, Arrow types
 * included, with the table written. The footer is checked (with parquet-java) to hold what each
 * variant asked for, so a silently ignored setting fails the test.
 *
 * <p>The seed is logged by {@link PeerFiles#seed()}; replay a failure with {@code -Dseed=...}.
 */
class ReaderVersusRustIT {
  @TempDir Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** One arrow-rs configuration, and which top-level columns must carry which encoding. */
  record Variant(String name, RustWriteOptions options, Map<String, String> encodedColumns) {
    Variant(String name, RustWriteOptions options) {
      this(name, options, Map.of());
    }
  }

  static final List<String> CODECS = List.of("UNCOMPRESSED", "SNAPPY", "GZIP", "BROTLI", "LZ4_RAW", "ZSTD");

  static List<Variant> variants() {
    List<Variant> out = new ArrayList<>();
    for (String codec : CODECS) {
      for (String v : List.of("V1", "V2")) {
        for (boolean dictionary : new boolean[] {true, false}) {
          // v2 without dictionary: arrow-rs's own fallbacks (DELTA_BINARY_PACKED, DELTA_BYTE_ARRAY, RLE)
          out.add(new Variant(codec + "-" + v + (dictionary ? "-dict" : "-nodict"),
              RustWriteOptions.small().compression(codec).writerVersion(v).dictionary(dictionary)));
        }
      }
    }
    for (String v : List.of("V1", "V2")) {
      out.add(encoded("delta-ints-" + v, v, "DELTA_BINARY_PACKED", "i8", "i16", "i32", "i64", "u8", "u16", "u32",
          "u64", "dec9", "dec18", "date", "time_ms", "time_us", "time_ns", "ts_ms_utc", "ts_us", "ts_ns_utc",
          "ts_int96", "req_i64"));
      out.add(encoded("delta-length-" + v, v, "DELTA_LENGTH_BYTE_ARRAY", "str", "str_dict", "bin", "req_str"));
      out.add(encoded("delta-byte-array-" + v, v, "DELTA_BYTE_ARRAY", "str", "str_dict", "bin", "req_str", "fsb",
          "uuid", "f16", "dec20", "dec38", "dec60"));
      out.add(encoded("byte-stream-split-" + v, v, "BYTE_STREAM_SPLIT", "f32", "f64", "i32", "i64", "u32", "u64",
          "date", "ts_us", "dec9", "dec18", "f16", "fsb", "uuid", "dec20", "dec38", "dec60"));
      out.add(encoded("rle-booleans-" + v, v, "RLE", "b"));
      // PLAIN everywhere, overriding v2's delta fallbacks too
      out.add(new Variant("plain-" + v, RustWriteOptions.small().writerVersion(v).dictionary(false).encoding("PLAIN")));
    }
    out.add(new Variant("dictionary-fallback", RustWriteOptions.small().dictionaryPageSizeLimit(64)));
    // arrow-rs's defaults (1 MiB pages, one row group here, page statistics): what most of its files look like
    out.add(new Variant("defaults", new RustWriteOptions(Map.of())));
    return out;
  }

  private static Variant encoded(String name, String version, String encoding, String... columns) {
    RustWriteOptions o = RustWriteOptions.small().writerVersion(version).compression("SNAPPY");
    Map<String, String> expected = new java.util.LinkedHashMap<>();
    for (String c : columns) {
      o = o.columnEncoding(c, encoding);
      expected.put(c, encoding);
    }
    return new Variant(name, o, expected);
  }

  /** Every column of the random table (see {@link RustTables} for what is left out, and why). */
  @Test
  void everyRustFileReadsAsWritten() throws Exception {
    long seed = PeerFiles.seed();
    Table table = PeerFiles.table(seed);
    Path ipc = dir.resolve("table.arrows");
    Files.write(ipc, ArrowIpc.stream(table.unevenBatches(), memory.allocator()));

    List<Variant> variants = variants();
    List<RustPeer.Job> jobs = new ArrayList<>();
    for (Variant v : variants) {
      jobs.add(RustPeer.write(ipc, file(v), v.options()));
    }
    RustPeer.run(dir, jobs);

    for (Variant v : variants) {
      String where = "arrow-rs/" + v.name() + " (seed " + seed + ")";
      checkLayout(file(v), v, where);
      readSelectedRows(file(v), table, where);
      for (int batchSize : new int[] {37, 100_000}) {
        ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(batchSize).build();
        try (VectorSchemaRoot expected = table.toRoot(memory.allocator());
            ArrowReader actual = ParquetFileReader.open(file(v), options).toArrowReader()) {
          try {
            ArrowAssertions.assertSameSchemaAndData(
                Batches.of(expected), Batches.of(actual), CompareOptions.strict().ignoringMetadata());
          } catch (AssertionError e) {
            throw new AssertionError(where + ", batches of " + batchSize + ": " + e.getMessage(), e);
          }
        }
      }
    }
  }

  /**
   * Arrow-only types ({@link RustTables#arrowOnly}) written by arrow-rs in v1 and v2 pages, with and
   * without dictionary, come back with their original Arrow types from the stored schema, except
   * where Arrow C++ would not restore them either ({@link RustTables#arrowOnlyAsRead}).
   */
  @Test
  void arrowOnlyTypesReadAsWritten() throws Exception {
    long seed = PeerFiles.seed();
    Table table = RustTables.arrowOnly(seed, PeerFiles.rows());
    Path ipc = dir.resolve("arrow-only.arrows");
    Files.write(ipc, ArrowIpc.stream(table.unevenBatches(), memory.allocator()));
    List<Variant> variants = new ArrayList<>();
    for (String v : List.of("V1", "V2")) {
      for (boolean dictionary : new boolean[] {true, false}) {
        variants.add(new Variant("arrow-only-" + v + (dictionary ? "-dict" : "-nodict"),
            RustWriteOptions.small().compression("ZSTD").writerVersion(v).dictionary(dictionary)));
      }
    }
    List<RustPeer.Job> jobs = new ArrayList<>();
    for (Variant v : variants) {
      jobs.add(RustPeer.write(ipc, file(v), v.options()));
    }
    RustPeer.run(dir, jobs);
    for (Variant v : variants) {
      try (VectorSchemaRoot expected = RustTables.arrowOnlyAsRead(table).toRoot(memory.allocator());
          ArrowReader actual = ParquetFileReader.open(file(v), ReadOptions.builder(memory.allocator()).batchSize(37)
              .build()).toArrowReader()) {
        ArrowAssertions.assertSameSchemaAndData(
            Batches.of(expected), Batches.of(actual), CompareOptions.strict().ignoringMetadata());
      } catch (AssertionError e) {
        throw new AssertionError("arrow-rs/" + v.name() + " (seed " + seed + "): " + e.getMessage(), e);
      }
    }
  }

  /**
   * A dictionary-typed Arrow column (dictionary&lt;int32, utf8&gt;, as arrow-rs writes it from its
   * own dictionary arrays) comes back dictionary-typed from the stored schema, with the same
   * values, whether arrow-rs stored dictionary pages or plain ones, in v1 or v2 pages.
   */
  @Test
  void dictionaryTypedColumnReadsAsWritten() throws Exception {
    long seed = PeerFiles.seed();
    Path ipc = dir.resolve("dictionary.arrows");
    try (DictionaryColumn column = DictionaryColumn.generate(seed, PeerFiles.rows(), memory.allocator())) {
      Files.write(ipc, column.ipcStream());
      List<Variant> variants = new ArrayList<>();
      for (String v : List.of("V1", "V2")) {
        for (boolean on : new boolean[] {true, false}) {
          variants.add(new Variant("dictionary-typed-" + v + (on ? "-dict" : "-nodict"),
              RustWriteOptions.small().writerVersion(v).dictionary(on)));
        }
      }
      List<RustPeer.Job> jobs = new ArrayList<>();
      for (Variant v : variants) {
        jobs.add(RustPeer.write(ipc, file(v), v.options()));
      }
      RustPeer.run(dir, jobs);
      for (Variant v : variants) {
        for (int batchSize : new int[] {37, 100_000}) {
          try (ArrowReader actual = ParquetFileReader.open(file(v),
              ReadOptions.builder(memory.allocator()).batchSize(batchSize).build()).toArrowReader()) {
            ArrowAssertions.assertSameSchemaAndData(Batches.of(List.of(column.root()), column.provider()),
                Batches.of(actual), CompareOptions.strict().ignoringMetadata());
          } catch (AssertionError e) {
            throw new AssertionError("arrow-rs/" + v.name() + " (seed " + seed + "), batches of " + batchSize
                + ": " + e.getMessage(), e);
          }
        }
      }
    }
  }

  /**
   * A row selection in every row group (rows inside pages, and whole pages skipped through
   * arrow-rs's offset index) reads exactly the selected rows of the table.
   */
  private void readSelectedRows(Path file, Table table, String where) throws Exception {
    List<Long> groupRows = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).build())) {
      r.metadata().rowGroups().forEach(g -> groupRows.add(g.numRows()));
    }
    ReadOptions.Builder options = ReadOptions.builder(memory.allocator()).batchSize(23);
    List<Table> expected = new ArrayList<>();
    long first = 0;
    for (int g = 0; g < groupRows.size(); g++) {
      long n = groupRows.get(g);
      // a few rows near the start, one alone in the middle, and the tail
      long[] bounds = {Math.min(3, n), Math.min(9, n), n / 2, Math.min(n / 2 + 1, n), Math.max(n - 7, n / 2 + 1), n};
      RowSelection selection = RowSelection.fromRanges(bounds);
      options.rowSelection(g, selection);
      for (int i = 0; i < selection.rangeCount(); i++) {
        expected.add(table.slice((int) (first + selection.rangeStart(i)), (int) (first + selection.rangeEnd(i))));
      }
      first += n;
    }
    assertEquals(table.rowCount(), first, where + ": rows in the row groups");
    List<VectorSchemaRoot> expectedRoots = new ArrayList<>();
    List<VectorSchemaRoot> actual = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(file, options.build())) {
      for (Table t : expected) {
        expectedRoots.add(t.toRoot(memory.allocator()));
      }
      for (VectorSchemaRoot b = r.readNextBatch(); b != null; b = r.readNextBatch()) {
        actual.add(b);
      }
      Comparison c = ArrowAssertions.compareData(
          Batches.of(table.schema(), expectedRoots, new DictionaryProvider.MapDictionaryProvider()),
          Batches.of(r.arrowSchema(), actual, new DictionaryProvider.MapDictionaryProvider()),
          CompareOptions.strict());
      assertTrue(c.same(), () -> where + ", row selection: " + c.describe());
    } finally {
      expectedRoots.forEach(VectorSchemaRoot::close);
      actual.forEach(VectorSchemaRoot::close);
    }
  }

  private Path file(Variant v) {
    return dir.resolve("rust-" + v.name() + ".parquet");
  }

  /** The file has what the variant asked for, as parquet-java parses the footer and pages. */
  private static void checkLayout(Path file, Variant v, String where) throws Exception {
    try (org.apache.parquet.hadoop.ParquetFileReader r =
        org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      boolean defaults = v.options().json().isEmpty();
      assertEquals(defaults, blocks.size() == 1, where + ": row groups " + blocks.size());
      boolean dictionary = false;
      boolean fallback = false;
      boolean severalPages = false;
      int columnIndexes = 0;
      TreeSet<String> encoded = new TreeSet<>();
      for (BlockMetaData b : blocks) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          assertEquals(v.options().codec(), c.getCodec().getParquetCompressionCodec().name(), where + " " + c.getPath());
          // arrow-rs leaves out a chunk's column index when some page has no min/max (optional in the spec)
          columnIndexes += c.getColumnIndexReference() == null ? 0 : 1;
          assertNotNull(c.getOffsetIndexReference(), where + ": offset index of " + c.getPath());
          dictionary |= c.hasDictionaryPage();
          fallback |= c.getEncodingStats().hasDictionaryPages() && c.getEncodingStats().hasNonDictionaryEncodedPages();
          for (org.apache.parquet.column.Encoding e : c.getEncodings()) {
            encoded.add(c.getPath().toDotString() + "=" + e);
          }
        }
        for (ColumnChunkMetaData c : b.getColumns()) {
          severalPages |= r.readOffsetIndex(c).getPageCount() > 1;
        }
      }
      assertTrue(columnIndexes > 0, where + ": no column index at all");
      assertEquals(!defaults, severalPages, where + ": several pages in some chunk");
      assertEquals(v.options().dictionaryEnabled(), dictionary, where + ": dictionary pages");
      assertEquals(v.name().contains("fallback"), fallback, where + ": dictionary falling back to plain");
      v.encodedColumns().forEach((column, encoding) -> assertTrue(encoded.contains(column + "=" + encoding),
          where + ": " + column + " not " + encoding + " in " + encoded));
      if (v.options().codec().equals("BROTLI")) {
        return; // parquet-java has no brotli codec on this class path
      }
      ColumnDescriptor first = r.getFileMetaData().getSchema().getColumns().get(0);
      DataPage page = r.readNextRowGroup().getPageReader(first).readPage();
      assertEquals(v.options().v2(), page instanceof DataPageV2, where + ": page version");
    }
  }
}
