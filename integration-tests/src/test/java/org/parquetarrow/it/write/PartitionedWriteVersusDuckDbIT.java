package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.write.DatasetWriteOptions;
import org.parquetarrow.dataset.write.DatasetWriter;
import org.parquetarrow.dataset.write.WrittenDatasetFile;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * A dataset {@link DatasetWriter} partitions by a string, an integer and a date column (each with
 * nulls, written as {@code __HIVE_DEFAULT_PARTITION__}) read back by DuckDB with {@code
 * hive_partitioning = true}: the rows DuckDB returns are the rows computed from the generator.
 */
class PartitionedWriteVersusDuckDbIT {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 3000;
  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("id", new ArrowType.Int(64, true)),
      Field.nullable("s", ArrowType.Utf8.INSTANCE),
      Field.nullable("region", ArrowType.Utf8.INSTANCE),
      Field.nullable("year", new ArrowType.Int(32, true)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY))));
  private static final String[] REGIONS = {"north", "south", "far-east", null};

  private static String s(int i) {
    return i % 11 == 0 ? null : "s" + i;
  }

  private static String region(int i) {
    return REGIONS[i % 4];
  }

  private static Integer year(int i) {
    return i % 9 == 0 ? null : 2020 + i % 3;
  }

  private static LocalDate day(int i) {
    return i % 5 == 0 ? null : LocalDate.of(2023, 12, 31).plusDays(i % 2);
  }

  private static String row(Object... values) {
    List<String> parts = new ArrayList<>();
    for (Object v : values) {
      parts.add(String.valueOf(v));
    }
    return String.join("|", parts);
  }

  private VectorSchemaRoot batch(int from, int to) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
    root.allocateNew();
    for (int r = 0; r < to - from; r++) {
      int i = from + r;
      ((BigIntVector) root.getVector("id")).setSafe(r, i);
      setString((VarCharVector) root.getVector("s"), r, s(i));
      setString((VarCharVector) root.getVector("region"), r, region(i));
      if (year(i) == null) {
        root.getVector("year").setNull(r);
      } else {
        ((IntVector) root.getVector("year")).setSafe(r, year(i));
      }
      if (day(i) == null) {
        root.getVector("day").setNull(r);
      } else {
        ((DateDayVector) root.getVector("day")).setSafe(r, (int) day(i).toEpochDay());
      }
    }
    root.setRowCount(to - from);
    return root;
  }

  private static void setString(VarCharVector v, int row, String s) {
    if (s == null) {
      v.setNull(row);
    } else {
      v.setSafe(row, s.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void duckDbReadsTheHivePartitionsBackEqualToTheSource() throws Exception {
    Path out = dir.resolve("ds");
    List<WrittenDatasetFile> files;
    try (DatasetWriter w = DatasetWriter.open(out, SCHEMA, null,
        DatasetWriteOptions.builder().partitionBy("region", "year", "day").maxRowsPerFile(20).build())) {
      for (int from = 0; from < ROWS; from += 700) {
        try (VectorSchemaRoot b = batch(from, Math.min(ROWS, from + 700))) {
          w.write(b);
        }
      }
      files = w.finish();
    }
    try (Stream<Path> s = Files.walk(out)) {
      assertEquals(files.size(), s.filter(Files::isRegularFile).count(), "no other file is left");
    }
    assertTrue(Files.isDirectory(out.resolve("region=__HIVE_DEFAULT_PARTITION__/year=__HIVE_DEFAULT_PARTITION__"
        + "/day=__HIVE_DEFAULT_PARTITION__")));

    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      expected.add(row(i, s(i), region(i), year(i), day(i)));
    }
    Collections.sort(expected);

    List<String> duck = new ArrayList<>();
    List<String> types = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      String source = "read_parquet('" + out + "/**/*.parquet', hive_partitioning = true)";
      try (ResultSet rs = st.executeQuery("SELECT id, s, region, year, day FROM " + source)) {
        while (rs.next()) {
          duck.add(row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
        }
      }
      try (ResultSet rs = st.executeQuery("SELECT typeof(region), typeof(year), typeof(day) FROM " + source
          + " WHERE region IS NOT NULL AND year IS NOT NULL AND day IS NOT NULL LIMIT 1")) {
        rs.next();
        types.addAll(List.of(rs.getString(1), rs.getString(2), rs.getString(3)));
      }
    }
    Collections.sort(duck);
    assertEquals(ROWS, duck.size());
    assertEquals(expected, duck);
    assertEquals(List.of("VARCHAR", "BIGINT", "DATE"), types, "DuckDB infers the partition types from the names");
  }

  @Test
  void duckDbDecodesTheEscapedNames() throws Exception {
    String[] values = {"a/b", "x=y", "100%", "with space", "é", "plain"};
    Schema schema = new Schema(List.of(Field.nullable("k", ArrowType.Utf8.INSTANCE),
        Field.nullable("v", new ArrowType.Int(64, true))));
    Path out = dir.resolve("escaped");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      for (int i = 0; i < values.length; i++) {
        setString((VarCharVector) root.getVector("k"), i, values[i]);
        ((BigIntVector) root.getVector("v")).setSafe(i, i);
      }
      root.setRowCount(values.length);
      DatasetWriter.write(out, List.of(root), DatasetWriteOptions.builder().partitionBy("k").build());
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      expected.add(row(i, values[i]));
    }
    List<String> duck = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT v, k FROM read_parquet('" + out
            + "/**/*.parquet', hive_partitioning = true) ORDER BY v")) {
      while (rs.next()) {
        duck.add(row(rs.getString(1), rs.getString(2)));
      }
    }
    assertEquals(expected, duck);
  }
}
