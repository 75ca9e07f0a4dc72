package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.it.peers.ArrowCppPeer;
import org.parquetarrow.it.peers.DuckDbPeer;
import org.parquetarrow.it.peers.PeerFiles;
import org.parquetarrow.it.peers.Table;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Arrow layouts Parquet has no type of its own for, written by our writer and read back by Arrow
 * C++ (which restores the Arrow types from {@code ARROW:schema}) and DuckDB (by Parquet type):
 * large and view binaries, large, fixed-size and view lists (the list view with its values stored
 * out of row order), date64, second-unit timestamps and times, durations, a narrow decimal256,
 * legacy INT96 timestamps, and dictionary-encoded input taken from an IPC stream by {@code
 * writeAll}.
 */
class WriterArrowLayoutsIT {
  private static final int ROWS = 400;

  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static long seed;

  @BeforeAll
  static void generate() {
    seed = PeerFiles.seed();
  }

  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;

  /** The columns filled through {@link ArrowValues} (all but the list view). */
  private static Schema valueSchema() {
    return new Schema(List.of(
        Field.nullable("large_str", ArrowType.LargeUtf8.INSTANCE),
        Field.nullable("large_bin", ArrowType.LargeBinary.INSTANCE),
        Field.nullable("view_str", ArrowType.Utf8View.INSTANCE),
        Field.nullable("view_bin", ArrowType.BinaryView.INSTANCE),
        new Field("large_list", FieldType.nullable(ArrowType.LargeList.INSTANCE),
            List.of(Field.nullable("element", new ArrowType.Int(64, true)))),
        new Field("fsl", FieldType.nullable(new ArrowType.FixedSizeList(3)),
            List.of(Field.nullable("element", new ArrowType.Int(32, true)))),
        Field.nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)),
        Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")),
        Field.nullable("time_s", new ArrowType.Time(TimeUnit.SECOND, 32)),
        Field.nullable("dur_ms", new ArrowType.Duration(TimeUnit.MILLISECOND)),
        Field.nullable("dec10_256", new ArrowType.Decimal(10, 2, 256))));
  }

  private static final Field LIST_VIEW = new Field("list_view", FieldType.nullable(ArrowType.ListView.INSTANCE),
      List.of(Field.nullable("element", UTF8)));

  /** Random values of {@link #valueSchema()} and the list view, null one time in seven. */
  static Table values(long seed, int rows) {
    Random r = new Random(seed);
    List<List<Object>> cols = new ArrayList<>();
    for (int c = 0; c < valueSchema().getFields().size() + 1; c++) {
      cols.add(new ArrayList<>());
    }
    for (int i = 0; i < rows; i++) {
      cols.get(0).add(maybe(r, word(r)));
      cols.get(1).add(maybe(r, bytes(r, r.nextInt(20))));
      // longer than 12 bytes: view values stored out of line, shorter ones inline
      cols.get(2).add(maybe(r, r.nextBoolean() ? word(r) : word(r) + word(r) + word(r)));
      cols.get(3).add(maybe(r, bytes(r, r.nextInt(30))));
      cols.get(4).add(maybe(r, list(r, () -> maybe(r, r.nextLong()))));
      // never a null list: Arrow C++ (arrow-dataset JNI) neither writes nor reads null fixed-size
      // lists ("Lists with non-zero length null components are not supported"); see
      // nullFixedSizeListsReadBackByDuckDb
      cols.get(5).add(Arrays.asList(maybe(r, r.nextInt()), maybe(r, r.nextInt()), maybe(r, r.nextInt())));
      cols.get(6).add(maybe(r, (long) (r.nextInt(100_000) - 50_000) * 86_400_000L));
      cols.get(7).add(maybe(r, (r.nextLong() >>> 1) % 17_000_000_000L - 8_500_000_000L));
      cols.get(8).add(maybe(r, r.nextInt(86_400)));
      cols.get(9).add(maybe(r, r.nextLong() >> 8));
      cols.get(10).add(maybe(r, BigDecimal.valueOf(r.nextLong() % 10_000_000_000L, 2)));
      cols.get(11).add(maybe(r, list(r, () -> maybe(r, word(r)))));
    }
    List<Field> fields = new ArrayList<>(valueSchema().getFields());
    fields.add(LIST_VIEW);
    return new Table(new Schema(fields), cols, rows);
  }

  private static Object maybe(Random r, Object v) {
    return r.nextInt(7) == 0 ? null : v;
  }

  private static List<Object> list(Random r, java.util.function.Supplier<Object> element) {
    int n = r.nextInt(5) == 0 ? 0 : 1 + r.nextInt(4);
    List<Object> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      out.add(element.get());
    }
    return out;
  }

  private static final String[] WORDS = {"", "a", "Zebra", "émoji🦆", "漢字", "tab\t", "longer words here"};

  private static String word(Random r) {
    return WORDS[r.nextInt(WORDS.length)];
  }

  private static byte[] bytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

  /**
   * The table as one root: the list view's values are stored in reverse row order, so its
   * offsets run backwards, which only a view can do.
   */
  static VectorSchemaRoot root(Table t, BufferAllocator a) {
    Table plain = t.select(n -> !n.equals("list_view"));
    VectorSchemaRoot values = plain.toRoot(a);
    List<FieldVector> vectors = new ArrayList<>(values.getFieldVectors());
    ListViewVector view = (ListViewVector) LIST_VIEW.createVector(a);
    List<Object> rows = t.column("list_view");
    int total = rows.stream().mapToInt(v -> v == null ? 0 : ((List<?>) v).size()).sum();
    view.allocateNew();
    FieldVector data = (FieldVector) view.addOrGetVector(FieldType.nullable(UTF8)).getVector();
    // values first (the view checks its offsets against them), rows from the end backwards
    int[] starts = new int[rows.size()];
    int end = total;
    for (int i = 0; i < rows.size(); i++) {
      List<?> row = (List<?>) rows.get(i);
      if (row != null) {
        starts[i] = end - row.size();
        end = starts[i];
      }
    }
    // a variable-width vector is filled in slot order: the last row's values come first
    for (int i = rows.size() - 1; i >= 0; i--) {
      List<?> row = (List<?>) rows.get(i);
      for (int k = 0; row != null && k < row.size(); k++) {
        ArrowValues.set(data, starts[i] + k, row.get(k));
      }
    }
    data.setValueCount(total);
    for (int i = 0; i < rows.size(); i++) {
      List<?> row = (List<?>) rows.get(i);
      if (row == null) {
        view.setNull(i);
      } else {
        view.startNewValue(i);
        view.setOffset(i, starts[i]);
        view.setSize(i, row.size());
      }
    }
    view.setValueCount(rows.size());
    vectors.add(view);
    // the root takes the vectors over; the emptied holder goes
    VectorSchemaRoot root = new VectorSchemaRoot(vectors);
    root.setRowCount(t.rowCount());
    return root;
  }

  @Test
  void arrowOnlyLayoutsReadBackByArrowCppAndDuckDb() throws Exception {
    Table t = values(seed, ROWS);
    Path file = dir.resolve("layouts.parquet");
    try (VectorSchemaRoot root = root(t, memory.allocator())) {
      try (ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(),
          WriterProperties.builder().dataPageRowLimit(64).rowGroupRows(150).build())) {
        w.write(root);
      }
    }
    Table arrowCpp = arrowCpp(t);
    try (VectorSchemaRoot expected = arrowCpp.toRoot(memory.allocator());
        ArrowCppPeer.Scan scan = ArrowCppPeer.read(file, memory.allocator(), 101)) {
      ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(scan.reader()), CompareOptions.strict());
    }
    Table duck = duckDb(t);
    try (Connection c = DuckDbPeer.connect();
        VectorSchemaRoot expected = duck.toRoot(memory.allocator());
        ArrowReader back = WrittenFileExpectations.duckDbRead(c, file, duck, memory.allocator())) {
      ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(back), CompareOptions.strict());
    }
  }

  /**
   * Arrow C++ (arrow-dataset 18.3 JNI; its files say parquet-cpp-arrow 21.0.0-SNAPSHOT) restores
   * large binaries and lists, fixed-size lists, durations and decimal256 from ARROW:schema, but not
   * view types, list views, date64, or second units (written as milliseconds, the coarsest unit
   * Parquet has).
   */
  private static Table arrowCpp(Table t) {
    t = t.replace("view_str", Field.nullable("view_str", UTF8), t.column("view_str"));
    t = t.replace("view_bin", Field.nullable("view_bin", ArrowType.Binary.INSTANCE), t.column("view_bin"));
    t = t.replace("list_view", new Field("list_view", FieldType.nullable(ArrowType.List.INSTANCE),
        LIST_VIEW.getChildren()), t.column("list_view"));
    t = t.replace("date64", Field.nullable("date64", new ArrowType.Date(DateUnit.DAY)),
        scale(t.column("date64"), 1, 86_400_000L));
    t = t.replace("ts_s", Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
        scale(t.column("ts_s"), 1_000L, 1));
    t = t.replace("time_s", Field.nullable("time_s", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        scale32(t.column("time_s"), 1_000));
    return t;
  }

  private static List<Object> scale32(List<Object> values, int multiply) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object v : values) {
      out.add(v == null ? null : ((Number) v).intValue() * multiply);
    }
    return out;
  }

  /** DuckDB's types for the Parquet types these layouts are written as. */
  private static Table duckDb(Table t) {
    t = t.replace("large_str", Field.nullable("large_str", UTF8), t.column("large_str"));
    t = t.replace("large_bin", Field.nullable("large_bin", ArrowType.Binary.INSTANCE), t.column("large_bin"));
    t = t.replace("view_str", Field.nullable("view_str", UTF8), t.column("view_str"));
    t = t.replace("view_bin", Field.nullable("view_bin", ArrowType.Binary.INSTANCE), t.column("view_bin"));
    t = t.replace("large_list", new Field("large_list", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("element", new ArrowType.Int(64, true)))), t.column("large_list"));
    t = t.replace("fsl", new Field("fsl", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("element", new ArrowType.Int(32, true)))), t.column("fsl"));
    t = t.replace("list_view", new Field("list_view", FieldType.nullable(ArrowType.List.INSTANCE),
        LIST_VIEW.getChildren()), t.column("list_view"));
    t = t.replace("date64", Field.nullable("date64", new ArrowType.Date(DateUnit.DAY)),
        scale(t.column("date64"), 1, 86_400_000L));
    t = t.replace("ts_s", Field.nullable("ts_s", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        scale(t.column("ts_s"), 1_000_000L, 1));
    t = t.replace("time_s", Field.nullable("time_s", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        scale(t.column("time_s"), 1_000_000L, 1));
    t = t.replace("dur_ms", Field.nullable("dur_ms", new ArrowType.Int(64, true)), t.column("dur_ms"));
    t = t.replace("dec10_256", Field.nullable("dec10_256", new ArrowType.Decimal(10, 2, 128)), t.column("dec10_256"));
    return t;
  }

  private static List<Object> scale(List<Object> values, long multiply, long divide) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object v : values) {
      out.add(v == null ? null : Math.floorDiv(((Number) v).longValue() * multiply, divide));
    }
    return out;
  }

  @Test
  void nullFixedSizeListsReadBackByDuckDb() throws Exception {
    Random r = new Random(seed);
    Field element = Field.nullable("element", new ArrowType.Int(32, true));
    List<Object> lists = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      lists.add(maybe(r, Arrays.asList(maybe(r, r.nextInt()), maybe(r, r.nextInt()))));
    }
    Table t = new Table(new Schema(List.of(new Field("fsl", FieldType.nullable(new ArrowType.FixedSizeList(2)),
        List.of(element)))), List.of(lists), ROWS);
    Path file = dir.resolve("fsl-nulls.parquet");
    try (VectorSchemaRoot root = t.toRoot(memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(),
            WriterProperties.builder().dataPageRowLimit(64).build())) {
      w.write(root);
    }
    Table duck = t.replace("fsl", new Field("fsl", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element)), lists);
    try (Connection c = DuckDbPeer.connect();
        VectorSchemaRoot expected = duck.toRoot(memory.allocator());
        ArrowReader back = WrittenFileExpectations.duckDbRead(c, file, duck, memory.allocator())) {
      ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(back), CompareOptions.strict());
    }
  }

  @Test
  void timestampsCoercedToMicrosecondsReadBackByArrowCppAndDuckDb() throws Exception {
    Random r = new Random(seed);
    List<Object> ns = new ArrayList<>();
    List<Object> ms = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      long micros = (r.nextLong() >>> 1) % 17_000_000_000_000_000L - 8_500_000_000_000_000L;
      // whole microseconds, so the coercion loses nothing and is allowed without truncation
      ns.add(maybe(r, micros * 1_000L));
      ms.add(maybe(r, micros / 1_000L));
    }
    Schema schema = new Schema(List.of(
        Field.nullable("ns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
        Field.nullable("ms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null))));
    Table t = new Table(schema, List.of(ns, ms), ROWS);
    Path file = dir.resolve("coerced.parquet");
    WriterProperties props = WriterProperties.builder().dataPageRowLimit(64)
        .arrowOptions(ArrowWriteOptions.builder().coerceTimestamps(TimeUnit.MICROSECOND).build()).build();
    try (VectorSchemaRoot root = t.toRoot(memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), props)) {
      w.write(root);
    }
    // both columns hold microseconds now, whatever unit they came in
    Table micros = new Table(new Schema(List.of(
        Field.nullable("ns", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        Field.nullable("ms", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)))),
        List.of(scale(ns, 1, 1_000L), scale(ms, 1_000L, 1)), ROWS);
    try (Connection c = DuckDbPeer.connect()) {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT name, type, converted_type FROM parquet_schema('" + file
              + "') WHERE name IN ('ns', 'ms') ORDER BY name")) {
        rs.next();
        assertEquals("ms INT64 TIMESTAMP_MICROS", rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3));
        rs.next();
        assertEquals("ns INT64 TIMESTAMP_MICROS", rs.getString(1) + " " + rs.getString(2) + " " + rs.getString(3));
      }
      try (VectorSchemaRoot expected = micros.toRoot(memory.allocator());
          ArrowReader back = WrittenFileExpectations.duckDbRead(c, file, micros, memory.allocator())) {
        ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(back), CompareOptions.strict());
      }
    }
    try (VectorSchemaRoot expected = micros.toRoot(memory.allocator());
        ArrowCppPeer.Scan scan = ArrowCppPeer.read(file, memory.allocator(), 101)) {
      ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(scan.reader()),
          CompareOptions.strict().withTimestampsByInstant());
    }
  }

  @Test
  void int96TimestampsReadBackByArrowCppAndDuckDb() throws Exception {
    Random r = new Random(seed);
    List<Object> ns = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      // 1700..2240: Julian days on both sides of the epoch, nanoseconds of the day on both sides of noon
      ns.add(maybe(r, ((r.nextLong() >>> 1) % 17_000_000_000L - 8_500_000_000L) * 1_000_000_000L + r.nextInt(1_000_000_000)));
    }
    Table t = new Table(new Schema(List.of(Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")))),
        List.of(ns), ROWS);
    Path file = dir.resolve("int96.parquet");
    WriterProperties props = WriterProperties.builder().dataPageRowLimit(64)
        .arrowOptions(ArrowWriteOptions.builder().timestampEncoding(ArrowWriteOptions.TimestampEncoding.INT96).build())
        .build();
    try (VectorSchemaRoot root = t.toRoot(memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), props)) {
      w.write(root);
    }
    // Arrow C++ reads INT96 as a nanosecond timestamp without zone, whatever ARROW:schema says
    Table arrowCpp = t.replace("ts", Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)), ns);
    try (VectorSchemaRoot expected = arrowCpp.toRoot(memory.allocator());
        ArrowCppPeer.Scan scan = ArrowCppPeer.read(file, memory.allocator(), 101)) {
      ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(scan.reader()), CompareOptions.strict());
    }
    try (Connection c = DuckDbPeer.connect()) {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT type FROM parquet_schema('" + file + "') WHERE name = 'ts'")) {
        rs.next();
        assertEquals("INT96", rs.getString(1));
      }
      // DuckDB reads INT96 as a microsecond TIMESTAMP WITH TIME ZONE: compare the epoch microseconds
      List<Object> micros = scale(ns, 1, 1_000L);
      Table duck = new Table(new Schema(List.of(Field.nullable("us", new ArrowType.Int(64, true)))), List.of(micros), ROWS);
      try (VectorSchemaRoot expected = duck.toRoot(memory.allocator());
          Statement s = c.createStatement()) {
        org.duckdb.DuckDBResultSet rs = (org.duckdb.DuckDBResultSet) s.executeQuery(
            "SELECT epoch_us(ts) AS us FROM read_parquet('" + file + "')");
        try (ArrowReader back = (ArrowReader) rs.arrowExportStream(memory.allocator(), 1000)) {
          ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(back), CompareOptions.strict());
        }
      }
    }
  }

  @Test
  void dictionaryEncodedInputWrittenByWriteAllReadsBackDecoded() throws Exception {
    String[] words = {"north", "south", "east", "west", "", "漢字"};
    Random r = new Random(seed);
    Field indexField = new Field("dir", new FieldType(true, new ArrowType.Int(32, true),
        new DictionaryEncoding(7L, false, new ArrowType.Int(32, true))), null);
    Field plainField = Field.nullable("n", new ArrowType.Int(32, true));
    Schema schema = new Schema(List.of(indexField, plainField));
    List<Object> expectedWords = new ArrayList<>();
    List<Object> expectedNumbers = new ArrayList<>();
    ByteArrayOutputStream ipc = new ByteArrayOutputStream();
    BufferAllocator a = memory.allocator();
    try (VarCharVector dictionaryValues = new VarCharVector("dict", a)) {
      dictionaryValues.allocateNew();
      for (int k = 0; k < words.length; k++) {
        dictionaryValues.setSafe(k, words[k].getBytes(StandardCharsets.UTF_8));
      }
      dictionaryValues.setValueCount(words.length);
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(dictionaryValues, indexField.getDictionary()));
      try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
          ArrowStreamWriter w = new ArrowStreamWriter(root, provider, ipc)) {
        w.start();
        for (int batch = 0; batch < 3; batch++) {
          int n = 50 + batch * 70;
          IntVector idx = (IntVector) root.getVector(0);
          IntVector num = (IntVector) root.getVector(1);
          idx.allocateNew(n);
          num.allocateNew(n);
          for (int i = 0; i < n; i++) {
            if (r.nextInt(8) == 0) {
              idx.setNull(i);
              expectedWords.add(null);
            } else {
              int id = r.nextInt(words.length);
              idx.set(i, id);
              expectedWords.add(words[id]);
            }
            int x = r.nextInt();
            num.set(i, x);
            expectedNumbers.add(x);
          }
          root.setRowCount(n);
          w.writeBatch();
        }
        w.end();
      }
    }
    Path file = dir.resolve("dictionary.parquet");
    long rows;
    try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc.toByteArray()), a)) {
      rows = ParquetFileWriter.writeAll(reader, file, WriterProperties.builder().dataPageRowLimit(40).build());
    }
    assertEquals(expectedWords.size(), rows);
    Table expected = new Table(new Schema(List.of(Field.nullable("dir", UTF8), plainField)),
        List.of(expectedWords, expectedNumbers), expectedWords.size());
    // Arrow C++ restores the dictionary type from ARROW:schema; values are compared decoded
    try (VectorSchemaRoot e = expected.toRoot(a);
        ArrowCppPeer.Scan scan = ArrowCppPeer.read(file, a, 64)) {
      ArrowAssertions.assertSameSchemaAndData(Batches.of(e), Batches.of(scan.reader()),
          CompareOptions.strict().allowingDictionaryMismatch());
    }
    try (Connection c = DuckDbPeer.connect();
        VectorSchemaRoot e = expected.toRoot(a);
        ArrowReader back = WrittenFileExpectations.duckDbRead(c, file, expected, a)) {
      ArrowAssertions.assertSameData(Batches.of(e), Batches.of(back), CompareOptions.strict());
    }
  }
}
