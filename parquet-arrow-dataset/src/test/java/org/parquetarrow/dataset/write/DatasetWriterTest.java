package org.parquetarrow.dataset.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DatasetException;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Partitioned dataset writes from the user's side: written with {@link DatasetWriter}, read back by
 * the dataset scan (hive partitioning) and by footers read from disk, compared with rows computed
 * from the generator, never with our own output.
 */
class DatasetWriterTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path tmp;

  private static final Schema SOURCE = new Schema(List.of(
      Field.nullable("id", new ArrowType.Int(64, true)),
      Field.nullable("name", ArrowType.Utf8.INSTANCE),
      Field.nullable("region", ArrowType.Utf8.INSTANCE),
      Field.nullable("year", new ArrowType.Int(32, true)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY))));
  private static final String[] REGIONS = {"north", "south", "east/west", null};

  /** Row i of the source: id = i, name = "n" + i (null every 7th), region, year 2020 + i % 3, day (null every 5th). */
  private static String region(long i) {
    return REGIONS[(int) (i % 4)];
  }

  private static String name(long i) {
    return i % 7 == 0 ? null : "n" + i;
  }

  private static LocalDate day(long i) {
    return i % 5 == 0 ? null : LocalDate.of(2024, 2, 28).plusDays(i % 3);
  }

  /** Rows [from, to) of the source in one batch. */
  private VectorSchemaRoot batch(long from, long to) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SOURCE, memory.allocator());
    root.allocateNew();
    int n = (int) (to - from);
    for (int r = 0; r < n; r++) {
      long i = from + r;
      ((BigIntVector) root.getVector("id")).setSafe(r, i);
      setString((VarCharVector) root.getVector("name"), r, name(i));
      setString((VarCharVector) root.getVector("region"), r, region(i));
      ((IntVector) root.getVector("year")).setSafe(r, (int) (2020 + i % 3));
      if (day(i) == null) {
        ((DateDayVector) root.getVector("day")).setNull(r);
      } else {
        ((DateDayVector) root.getVector("day")).setSafe(r, (int) day(i).toEpochDay());
      }
    }
    root.setRowCount(n);
    return root;
  }

  private static void setString(VarCharVector v, int row, String s) {
    if (s == null) {
      v.setNull(row);
    } else {
      v.setSafe(row, s.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The expected rows of the source, rendered as {@code column=value} pairs in name order. */
  private static List<String> expected(long rows, List<String> columns) {
    List<String> out = new ArrayList<>();
    for (long i = 0; i < rows; i++) {
      Map<String, Object> row = new TreeMap<>();
      row.put("id", i);
      row.put("name", name(i));
      row.put("region", region(i));
      row.put("year", 2020L + i % 3);
      row.put("day", day(i));
      row.keySet().retainAll(columns);
      out.add(row.toString());
    }
    Collections.sort(out);
    return out;
  }

  /** Every row our dataset scan reads back from {@code dir} with hive partitioning, rendered as {@link #expected}. */
  private List<String> readBack(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    try (ScanReader reader = Scanner.scan(DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()),
        ScanOptions.defaults(), memory.allocator())) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++) {
          Map<String, Object> row = new TreeMap<>();
          for (FieldVector v : root.getFieldVectors()) {
            row.put(v.getName(), value(v, r));
          }
          out.add(row.toString());
        }
      }
    }
    Collections.sort(out);
    return out;
  }

  private static Object value(FieldVector v, int r) {
    if (v.isNull(r)) {
      return null;
    }
    if (v instanceof DateDayVector d) {
      return LocalDate.ofEpochDay(d.get(r));
    }
    if (v instanceof IntVector i) {
      return (long) i.get(r);
    }
    Object o = v.getObject(r);
    return o instanceof org.apache.arrow.vector.util.Text t ? t.toString() : o;
  }

  /** The data files below {@code dir} as relative paths, sorted. */
  private static List<String> files(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/')).sorted().toList();
    }
  }

  private static FileMetaData footer(Path file) throws IOException {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      return ParquetFooter.read(in).metadata();
    }
  }

  private static List<String> columnNames(FileMetaData m) {
    return m.schema().stream().skip(1).map(SchemaElement::name).toList();
  }

  private List<WrittenDatasetFile> writeSource(Path dir, long rows, int batchRows, DatasetWriteOptions options) {
    try (DatasetWriter w = DatasetWriter.open(dir, SOURCE, null, options)) {
      for (long from = 0; from < rows; from += batchRows) {
        try (VectorSchemaRoot b = batch(from, Math.min(rows, from + batchRows))) {
          w.write(b);
        }
      }
      return w.finish();
    }
  }

  @Test
  void stringAndIntegerPartitionsWithNullsReadBackEqual() throws IOException {
    Path dir = tmp.resolve("ds");
    List<WrittenDatasetFile> written = writeSource(dir, 1000, 300,
        DatasetWriteOptions.builder().partitionBy("region", "year").build());

    // 4 regions (one null, one with a slash) x 3 years, each one file, named by hand here
    List<String> dirs = new ArrayList<>();
    for (String region : List.of("north", "south", "east%2Fwest", "__HIVE_DEFAULT_PARTITION__")) {
      for (int year = 2020; year <= 2022; year++) {
        dirs.add("region=" + region + "/year=" + year + "/part-0.parquet");
      }
    }
    Collections.sort(dirs);
    assertEquals(dirs, files(dir));
    assertEquals(12, written.size());
    for (WrittenDatasetFile f : written) {
      FileMetaData m = footer(f.path());
      assertEquals(List.of("id", "name", "day"), columnNames(m), "partition columns are left out of the files");
      assertEquals(m.numRows(), f.rowCount());
      assertEquals(Files.size(f.path()), f.sizeInBytes());
      // rows i with i % 4 = region index and i % 3 = year - 2020: i = k (mod 12), so 83 or 84 of 1000
      int k = -1;
      for (int i = 0; i < 12; i++) {
        if (java.util.Objects.equals(region(i), f.partitionValues().get("region"))
            && Long.valueOf(2020 + i % 3).equals(f.partitionValues().get("year"))) {
          k = i;
        }
      }
      assertTrue(k >= 0, f.partitionValues().toString());
      assertEquals(k < 1000 % 12 ? 84 : 83, f.rowCount(), f.path().toString());
      assertEquals(List.of("region", "year"), new ArrayList<>(f.partitionValues().keySet()));
      // statistics from the footer written: id runs k, k + 12, ... and name is null when id % 7 = 0
      assertEquals((long) k, f.statistics("id").get(0).min().orElseThrow());
      assertEquals((long) k + 12 * (f.rowCount() - 1), f.statistics("id").get(0).max().orElseThrow());
      long nulls = java.util.stream.LongStream.iterate(k, i -> i < 1000, i -> i + 12).filter(i -> i % 7 == 0).count();
      assertEquals(nulls, f.nullCount("name"));
    }
    assertEquals(expected(1000, List.of("id", "name", "region", "year", "day")), readBack(dir));
  }

  @Test
  void datePartitionsWithNullsReadBackEqual() throws IOException {
    Path dir = tmp.resolve("by-day");
    writeSource(dir, 500, 128, DatasetWriteOptions.builder().partitionBy("day").build());
    assertEquals(List.of("day=2024-02-28/part-0.parquet", "day=2024-02-29/part-0.parquet",
        "day=2024-03-01/part-0.parquet", "day=__HIVE_DEFAULT_PARTITION__/part-0.parquet"), files(dir));
    assertEquals(expected(500, List.of("id", "name", "region", "year", "day")), readBack(dir));
  }

  @Test
  void valuesAreEscapedAsPyarrowDoes() throws IOException {
    String[] values = {"a/b", "x=y", "100%", "with space", "é", "", null, "plain-._~"};
    Schema schema = new Schema(List.of(Field.nullable("k", ArrowType.Utf8.INSTANCE),
        Field.nullable("v", new ArrowType.Int(32, true))));
    Path dir = tmp.resolve("escaped");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      for (int i = 0; i < values.length; i++) {
        setString((VarCharVector) root.getVector("k"), i, values[i]);
        ((IntVector) root.getVector("v")).setSafe(i, i);
      }
      root.setRowCount(values.length);
      DatasetWriter.write(dir, List.of(root), DatasetWriteOptions.builder().partitionBy("k").build());
    }
    // written out by hand from RFC 3986: all but letters, digits and -._~ as %XX of the UTF-8 bytes
    assertEquals(List.of("k=%C3%A9/part-0.parquet", "k=100%25/part-0.parquet",
        "k=__HIVE_DEFAULT_PARTITION__/part-0.parquet", "k=a%2Fb/part-0.parquet",
        "k=plain-._~/part-0.parquet", "k=with%20space/part-0.parquet", "k=x%3Dy/part-0.parquet"), files(dir));
    // the empty string and null share the default partition, read back as null
    List<String> expected = new ArrayList<>(List.of("{k=a/b, v=0}", "{k=x=y, v=1}", "{k=100%, v=2}",
        "{k=with space, v=3}", "{k=é, v=4}", "{k=null, v=5}", "{k=null, v=6}", "{k=plain-._~, v=7}"));
    Collections.sort(expected);
    assertEquals(expected, readBack(dir));
  }

  @Test
  void dictionaryEncodedAndBooleanPartitionColumns() throws IOException {
    BufferAllocator a = memory.allocator();
    DictionaryEncoding encoding = new DictionaryEncoding(7L, false, new ArrowType.Int(32, true));
    Schema schema = new Schema(List.of(
        new Field("colour", new FieldType(true, new ArrowType.Int(32, true), encoding), null),
        Field.nullable("flag", ArrowType.Bool.INSTANCE),
        Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    Path dir = tmp.resolve("dict");
    try (VarCharVector dictValues = new VarCharVector("colours", a);
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a)) {
      String[] colours = {"red", "green", "blue"};
      for (int i = 0; i < colours.length; i++) {
        dictValues.setSafe(i, colours[i].getBytes(StandardCharsets.UTF_8));
      }
      dictValues.setValueCount(colours.length);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider(new Dictionary(dictValues, encoding));
      int rows = 30;
      for (int i = 0; i < rows; i++) {
        if (i % 5 == 4) {
          root.getVector("colour").setNull(i);
        } else {
          ((IntVector) root.getVector("colour")).setSafe(i, i % 3);
        }
        ((BitVector) root.getVector("flag")).setSafe(i, i % 2);
        ((Float8Vector) root.getVector("x")).setSafe(i, i * 0.5);
      }
      root.setRowCount(rows);
      try (DatasetWriter w = DatasetWriter.open(dir, schema, provider,
          DatasetWriteOptions.builder().partitionBy("colour", "flag").build())) {
        w.write(root);
        w.finish();
      }
    }
    List<String> expectedFiles = new ArrayList<>();
    for (String c : List.of("red", "green", "blue", "__HIVE_DEFAULT_PARTITION__")) {
      for (String f : List.of("true", "false")) {
        expectedFiles.add("colour=" + c + "/flag=" + f + "/part-0.parquet");
      }
    }
    Collections.sort(expectedFiles);
    assertEquals(expectedFiles, files(dir));
    List<String> expected = new ArrayList<>();
    String[] colours = {"red", "green", "blue"};
    for (int i = 0; i < 30; i++) {
      // booleans come back as the strings of their directory names (no type declared)
      expected.add("{colour=" + (i % 5 == 4 ? null : colours[i % 3]) + ", flag=" + (i % 2 == 1) + ", x=" + (i * 0.5)
          + "}");
    }
    Collections.sort(expected);
    assertEquals(expected, readBack(dir));
  }

  @Test
  void rowsPerFileRowsPerGroupAndTemplate() throws IOException {
    Path dir = tmp.resolve("split");
    List<WrittenDatasetFile> written = writeSource(dir, 2500, 700, DatasetWriteOptions.builder()
        .maxRowsPerFile(1000).maxRowsPerGroup(400).basenameTemplate("chunk-{i}.parquet").build());
    assertEquals(List.of("chunk-0.parquet", "chunk-1.parquet", "chunk-2.parquet"), files(dir));
    long[][] groups = new long[3][];
    for (int i = 0; i < 3; i++) {
      groups[i] = footer(dir.resolve("chunk-" + i + ".parquet")).rowGroups().stream().mapToLong(RowGroup::numRows)
          .toArray();
    }
    assertArrayEquals(new long[] {400, 400, 200}, groups[0]);
    assertArrayEquals(new long[] {400, 400, 200}, groups[1]);
    assertArrayEquals(new long[] {400, 100}, groups[2]);
    assertEquals(List.of(1000L, 1000L, 500L), written.stream().map(WrittenDatasetFile::rowCount).toList());
    // file 1 holds ids 1000..1999: its second row group 1400..1799
    assertEquals(1400L, written.get(1).statistics("id").get(1).min().orElseThrow());
    assertEquals(1799L, written.get(1).statistics("id").get(1).max().orElseThrow());
    assertEquals(expected(2500, List.of("id", "name", "region", "year", "day")), readBack(dir));
  }

  @Test
  void fewOpenFilesStartNewFilesAndKeepEveryRow() throws IOException {
    // years cycle row by row: with one file open, every row changes file; batches of 6 rows
    // keep their rows grouped, so each batch opens three files (one per year)
    Path dir = tmp.resolve("lru");
    List<WrittenDatasetFile> written = writeSource(dir, 60, 6,
        DatasetWriteOptions.builder().partitionBy("year").maxOpenFiles(1).build());
    assertEquals(30, written.size());
    assertEquals(30, files(dir).size());
    assertTrue(written.stream().allMatch(f -> f.rowCount() == 2));
    assertEquals(expected(60, List.of("id", "name", "region", "year", "day")), readBack(dir));

    Path two = tmp.resolve("lru2");
    List<WrittenDatasetFile> fewer = writeSource(two, 60, 6,
        DatasetWriteOptions.builder().partitionBy("year").maxOpenFiles(3).build());
    assertEquals(3, fewer.size(), "three open files hold all three years");
  }

  @Test
  void existingDataPolicies() throws IOException {
    Path dir = tmp.resolve("policies");
    DatasetWriteOptions byRegion = DatasetWriteOptions.builder().partitionBy("region").build();
    writeSource(dir, 100, 100, byRegion);
    Path southFile = dir.resolve("region=south/part-0.parquet");
    byte[] southBefore = Files.readAllBytes(southFile);
    List<String> before = files(dir);

    // ERROR: refused, nothing changes
    DatasetException refused = assertThrows(DatasetException.class, () -> writeSource(dir, 10, 10, byRegion));
    assertTrue(refused.getMessage().contains("already holds data"), refused.getMessage());
    assertEquals(before, files(dir));

    // APPEND: new names beside the old files, which stay as they were
    writeSource(dir, 100, 100, DatasetWriteOptions.builder().partitionBy("region")
        .existingData(ExistingDataPolicy.APPEND).build());
    List<String> appended = new ArrayList<>(before);
    for (String region : List.of("north", "south", "east%2Fwest", "__HIVE_DEFAULT_PARTITION__")) {
      appended.add("region=" + region + "/part-1.parquet");
    }
    Collections.sort(appended);
    assertEquals(appended, files(dir));
    assertArrayEquals(southBefore, Files.readAllBytes(southFile));
    List<String> twice = new ArrayList<>(expected(100, List.of("id", "name", "region", "year", "day")));
    twice.addAll(twice);
    Collections.sort(twice);
    assertEquals(twice, readBack(dir));

    // OVERWRITE_PARTITIONS: a write of row 0 alone (region north) replaces north's two files and
    // leaves the other regions as they were
    writeSource(dir, 1, 1, DatasetWriteOptions.builder().partitionBy("region")
        .existingData(ExistingDataPolicy.OVERWRITE_PARTITIONS).build());
    List<String> afterOverwrite = new ArrayList<>(appended);
    afterOverwrite.removeIf(f -> f.startsWith("region=north/"));
    afterOverwrite.add("region=north/part-2.parquet");
    Collections.sort(afterOverwrite);
    assertEquals(afterOverwrite, files(dir));
    List<String> expectedRows = new ArrayList<>();
    for (String row : twice) {
      if (!row.contains("region=north")) {
        expectedRows.add(row);
      }
    }
    expectedRows.add(expected(1, List.of("id", "name", "region", "year", "day")).get(0));
    Collections.sort(expectedRows);
    assertEquals(expectedRows, readBack(dir));
  }

  @Test
  void aFailureMidwayLeavesNothingOfTheCallBehind() throws IOException {
    Path dir = tmp.resolve("fails");
    Files.createDirectories(dir.resolve("region=north"));
    Path old = dir.resolve("region=north/old.parquet");
    Files.write(old, new byte[] {1, 2, 3});
    Schema other = new Schema(List.of(Field.nullable("id", new ArrowType.Utf8()),
        Field.nullable("region", ArrowType.Utf8.INSTANCE)));
    SchemaMismatchException e;
    try (DatasetWriter w = DatasetWriter.open(dir, SOURCE, null, DatasetWriteOptions.builder().partitionBy("region")
        .maxRowsPerFile(10).existingData(ExistingDataPolicy.APPEND).build())) {
      try (VectorSchemaRoot first = batch(0, 100)) {
        w.write(first); // completes files of 10 rows in every region, leaves some open
      }
      assertTrue(files(dir).size() > 5, "files were completed before the failure: " + files(dir));
      try (VectorSchemaRoot wrong = VectorSchemaRoot.create(other, memory.allocator())) {
        wrong.setRowCount(0);
        e = assertThrows(SchemaMismatchException.class, () -> w.write(wrong));
      }
      assertThrows(IllegalStateException.class, w::finish);
    }
    assertEquals("id", e.field());
    assertTrue(e.getMessage().contains("Utf8") && e.getMessage().contains("Int(64, true)"), e.getMessage());
    // no file of the call, complete or temporary, and no directory it created; the old file is kept
    assertEquals(List.of("region=north/old.parquet"), files(dir));
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of("region=north"), s.map(p -> p.getFileName().toString()).toList());
    }
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(old));
  }

  @Test
  void closingWithoutFinishRemovesWhatWasWritten() throws IOException {
    Path dir = tmp.resolve("abandoned");
    try (DatasetWriter w = DatasetWriter.open(dir, SOURCE, null,
        DatasetWriteOptions.builder().partitionBy("year").maxRowsPerFile(5).build())) {
      try (VectorSchemaRoot b = batch(0, 50)) {
        w.write(b);
      }
      assertFalse(files(dir).isEmpty());
    }
    assertFalse(Files.exists(dir), "the directory the writer created is gone");
  }

  @Test
  void badPartitionColumnsAreNamed() {
    Path dir = tmp.resolve("bad");
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> DatasetWriter.open(dir,
        SOURCE, null, DatasetWriteOptions.builder().partitionBy("country").build()));
    assertTrue(missing.getMessage().contains("country") && missing.getMessage().contains("[id, name, region, year, day]"),
        missing.getMessage());
    Schema doubles = new Schema(List.of(Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("y", ArrowType.Utf8.INSTANCE)));
    IllegalArgumentException type = assertThrows(IllegalArgumentException.class, () -> DatasetWriter.open(dir,
        doubles, null, DatasetWriteOptions.builder().partitionBy("x").build()));
    assertTrue(type.getMessage().contains("x") && type.getMessage().contains("FloatingPoint"), type.getMessage());
    assertThrows(IllegalArgumentException.class, () -> DatasetWriteOptions.builder().basenameTemplate("part.parquet"));
    assertThrows(IllegalArgumentException.class, () -> DatasetWriteOptions.builder().basenameTemplate("_x-{i}.parquet"));
    assertFalse(Files.exists(dir), "nothing is created for a refused write");
  }

  @Test
  void anArrowReaderWithADictionaryEncodedPartitionColumn() throws IOException {
    // an IPC stream of 3 batches whose partition column is dictionary-encoded: the reader is the
    // dictionary provider, as pyarrow's write_dataset takes a RecordBatchReader
    BufferAllocator a = memory.allocator();
    DictionaryEncoding encoding = new DictionaryEncoding(3L, false, new ArrowType.Int(8, true));
    java.io.ByteArrayOutputStream ipc = new java.io.ByteArrayOutputStream();
    String[] cities = {"Oslo", "Lima", "São Paulo"};
    try (VarCharVector dictValues = new VarCharVector("cities", a);
        org.apache.arrow.vector.TinyIntVector city = new org.apache.arrow.vector.TinyIntVector("city",
            new FieldType(true, new ArrowType.Int(8, true), encoding), a);
        BigIntVector id = new BigIntVector("id", a)) {
      for (int i = 0; i < cities.length; i++) {
        dictValues.setSafe(i, cities[i].getBytes(StandardCharsets.UTF_8));
      }
      dictValues.setValueCount(cities.length);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider(new Dictionary(dictValues, encoding));
      VectorSchemaRoot root = VectorSchemaRoot.of(id, city);
      try (org.apache.arrow.vector.ipc.ArrowStreamWriter w =
          new org.apache.arrow.vector.ipc.ArrowStreamWriter(root, provider, ipc)) {
        w.start();
        for (int b = 0; b < 3; b++) {
          for (int r = 0; r < 10; r++) {
            int i = b * 10 + r;
            id.setSafe(r, i);
            city.setSafe(r, (byte) (i % 3));
          }
          root.setRowCount(10);
          w.writeBatch();
        }
        w.end();
      }
    }
    Path dir = tmp.resolve("from-reader");
    List<WrittenDatasetFile> files;
    try (org.apache.arrow.vector.ipc.ArrowStreamReader reader = new org.apache.arrow.vector.ipc.ArrowStreamReader(
        new java.io.ByteArrayInputStream(ipc.toByteArray()), a)) {
      files = DatasetWriter.write(dir, reader, DatasetWriteOptions.builder().partitionBy("city").build());
    }
    assertEquals(List.of("city=Lima/part-0.parquet", "city=Oslo/part-0.parquet", "city=S%C3%A3o%20Paulo/part-0.parquet"),
        files(dir));
    assertEquals(List.of(10L, 10L, 10L), files.stream().map(WrittenDatasetFile::rowCount).toList());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      expected.add("{city=" + cities[i % 3] + ", id=" + i + "}");
    }
    Collections.sort(expected);
    assertEquals(expected, readBack(dir));
  }
}
