package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.Expressions;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Random data of many types (ints, doubles with NaN, decimals, dates, timestamps, strings with
 * non-ASCII text, booleans; nulls everywhere; some columns sorted) in hive partitions, written by
 * our writer with page index, bloom filters and dictionaries; random filters. DuckDB runs each
 * filter's text on the same files, and every row it returns must lie in what our pruning kept.
 */
class RandomDatasetSoundnessTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 1000;
  private static final int ROW_GROUP = 200;
  private static final LocalDate EPOCH = LocalDate.of(2024, 1, 1);
  private static final String[] WORDS = {"apple", "apricot", "banana", "blé", "cherry", "é", "zebra", "😀x", "a'b"};

  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("i", new ArrowType.Int(32, true)),
      Field.nullable("k", new ArrowType.Int(64, true)),
      Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("g", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("m", new ArrowType.Decimal(9, 2, 128)),
      Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      Field.nullable("s", ArrowType.Utf8.INSTANCE),
      Field.nullable("b", ArrowType.Bool.INSTANCE)));

  private void writeFile(Path file, Random r, int fileNo) {
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(ROW_GROUP).dataPageRowLimit(50).pageIndex(true).dictionary(false)
        .column("s", c -> c.dictionary(true).bloomFilter(new BloomFilterOptions(100, 0.01)))
        .column("k", c -> c.bloomFilter(new BloomFilterOptions(ROW_GROUP, 0.01)))
        .build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator.allocator())) {
      root.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        boolean nul = r.nextInt(10) == 0;
        if (!nul) {
          ((IntVector) root.getVector("i")).setSafe(row, r.nextInt(200) - 100);
          ((BigIntVector) root.getVector("k")).setSafe(row, fileNo * 100_000L + row * 3L); // sorted
          double f = r.nextInt(20) == 0 ? Double.NaN : (r.nextInt(2000) - 1000) / 4.0;
          ((Float8Vector) root.getVector("f")).setSafe(row, f);
          ((org.apache.arrow.vector.Float4Vector) root.getVector("g")).setSafe(row, (r.nextInt(200) - 100) / 10.0f);
          ((DecimalVector) root.getVector("m")).setSafe(row, BigDecimal.valueOf(r.nextInt(100_000) - 50_000, 2));
          ((DateDayVector) root.getVector("d")).setSafe(row, (int) EPOCH.toEpochDay() + row / 10); // sorted
          ((TimeStampMicroVector) root.getVector("t")).setSafe(row, 1_704_067_200_000_000L + r.nextInt(1_000_000) * 1_000_000L);
          ((VarCharVector) root.getVector("s")).setSafe(row, WORDS[r.nextInt(WORDS.length)].getBytes(StandardCharsets.UTF_8));
          ((BitVector) root.getVector("b")).setSafe(row, r.nextBoolean() ? 1 : 0);
        } else {
          for (org.apache.arrow.vector.FieldVector v : root.getFieldVectors()) {
            if (v instanceof org.apache.arrow.vector.BaseFixedWidthVector fw) {
              fw.setNull(row);
            } else {
              ((org.apache.arrow.vector.BaseVariableWidthVector) v).setNull(row);
            }
          }
        }
      }
      root.setRowCount(ROWS);
      java.nio.file.Files.createDirectories(file.getParent());
      try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props)) {
        w.write(root);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private Expression leaf(Random r) {
    CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
    int tenths = r.nextInt(240) - 120;
    return switch (r.nextInt(16)) {
      case 14 -> ColumnRef.of("i").compare(op, BigDecimal.valueOf(r.nextInt(2400) - 1200, 1));
      case 15 -> ColumnRef.of("k").compare(op, r.nextInt(3200) + 0.5);
      case 13 -> ColumnRef.of("m").compare(op, (r.nextInt(120_000) - 60_000) / 100.0);
      case 11 -> ColumnRef.of("g").compare(op, BigDecimal.valueOf(tenths, 1));
      case 12 -> ColumnRef.of("g").compare(op, tenths / 10.0);
      case 0 -> ColumnRef.of("i").compare(op, r.nextInt(240) - 120);
      case 1 -> ColumnRef.of("k").compare(op, (long) r.nextInt(4) * 100_000 + r.nextInt(3200));
      case 2 -> ColumnRef.of("f").compare(op, (r.nextInt(2400) - 1200) / 4.0);
      case 3 -> ColumnRef.of("m").compare(op, BigDecimal.valueOf(r.nextInt(120_000) - 60_000, 2));
      case 4 -> ColumnRef.of("d").compare(op, EPOCH.plusDays(r.nextInt(120) - 10));
      case 5 -> ColumnRef.of("t").compare(op, LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(r.nextInt(1_100_000)));
      case 6 -> ColumnRef.of("s").compare(op, WORDS[r.nextInt(WORDS.length)] + (r.nextBoolean() ? "" : "q"));
      case 7 -> ColumnRef.of("s").startsWith(WORDS[r.nextInt(WORDS.length)].substring(0, 1));
      case 8 -> ColumnRef.of("p").compare(op, r.nextInt(4));
      case 9 -> ColumnRef.of("k").in(r.nextInt(3200), 100_000L + r.nextInt(3200), r.nextInt(3) * 3L);
      default -> r.nextBoolean() ? ColumnRef.of(new String[] {"i", "f", "s", "d", "p", "b"}[r.nextInt(6)]).isNull()
          : ColumnRef.of("b").eq(r.nextBoolean());
    };
  }

  private Expression filter(Random r, int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return leaf(r);
    }
    return switch (r.nextInt(3)) {
      case 0 -> Expressions.and(filter(r, depth - 1), filter(r, depth - 1));
      case 1 -> Expressions.or(filter(r, depth - 1), filter(r, depth - 1));
      default -> Expressions.not(filter(r, depth - 1));
    };
  }

  /** Asserts every row DuckDB returns for {@code f} was kept; returns how many it returned. */
  private long assertSound(Statement st, Dataset ds, Expression f) throws java.sql.SQLException {
    Map<String, Map<Integer, RowGroupScan>> kept = new HashMap<>();
    for (FileScan fs : ds.plan(f, PruningOptions.ALL, new PruningMetrics())) {
      Map<Integer, RowGroupScan> g = new HashMap<>();
      fs.rowGroups().forEach(x -> g.put(x.rowGroup(), x));
      kept.put(fs.file().path().toAbsolutePath().toString(), g);
    }
    long returned = 0;
    String sql = "SELECT filename, file_row_number FROM read_parquet('" + dir.toAbsolutePath() + "/**/*.parquet',"
        + " hive_partitioning = true, filename = true, file_row_number = true) WHERE " + f.toSql();
    try (ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        returned++;
        Map<Integer, RowGroupScan> g = kept.get(Path.of(rs.getString(1)).toAbsolutePath().toString());
        long row = rs.getLong(2);
        RowGroupScan scan = g == null ? null : g.get((int) (row / ROW_GROUP));
        assertTrue(scan != null && scan.rows().contains(row % ROW_GROUP), f.toSql() + " pruned row " + row + " DuckDB returns");
      }
    }
    return returned;
  }

  @Test
  void floatColumnsCompareLikeDuckDb() throws Exception {
    Schema schema = new Schema(List.of(Field.nullable("g", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator())) {
      for (int i = 0; i < ROWS; i++) {
        ((org.apache.arrow.vector.Float4Vector) root.getVector("g")).setSafe(i, 0.1f);
      }
      root.setRowCount(ROWS);
      java.nio.file.Files.createDirectories(dir.resolve("p=0"));
      try (ParquetFileWriter w = ParquetFileWriter.open(dir.resolve("p=0/g.parquet"), schema,
          WriterProperties.builder().rowGroupRows(ROW_GROUP).pageIndex(true).build())) {
        w.write(root);
      }
    }
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      // 0.1f is 0.100000001490116...: above the double 0.1 but equal to the decimal 0.1 made float.
      assertEquals(ROWS, assertSound(st, ds, ColumnRef.of("g").gt(0.1)));
      assertEquals(ROWS, assertSound(st, ds, ColumnRef.of("g").eq(new BigDecimal("0.1"))));
      assertEquals(0, assertSound(st, ds, ColumnRef.of("g").eq(0.1)));
      assertEquals(ROWS, assertSound(st, ds, ColumnRef.of("g").ne(0.1)));
    }
  }

  @Test
  void duckDbNeverFindsARowWePruned() throws Exception {
    Random r = new Random(2026);
    writeFile(dir.resolve("p=0/a.parquet"), r, 0);
    writeFile(dir.resolve("p=1/b.parquet"), r, 1);
    writeFile(dir.resolve("p=2/c.parquet"), r, 2);
    writeFile(dir.resolve("p=__HIVE_DEFAULT_PARTITION__/d.parquet"), r, 3);
    Dataset ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
    long pruned = 0;
    long returned = 0;
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (int n = 0; n < 300; n++) {
        Expression f = filter(r, 3);
        PruningMetrics m = new PruningMetrics();
        Map<String, Map<Integer, RowGroupScan>> kept = new HashMap<>();
        for (FileScan fs : ds.plan(f, PruningOptions.ALL, m)) {
          Map<Integer, RowGroupScan> g = new HashMap<>();
          fs.rowGroups().forEach(x -> g.put(x.rowGroup(), x));
          kept.put(fs.file().path().toAbsolutePath().toString(), g);
        }
        pruned += m.filesPruned() + m.rowGroupsPrunedByStatistics() + m.rowGroupsPrunedByBloomFilter()
            + m.rowGroupsPrunedByDictionary() + m.rowGroupsPrunedByPageIndex() + m.pagesSkipped();
        String sql = "SELECT filename, file_row_number FROM read_parquet('" + dir.toAbsolutePath() + "/**/*.parquet',"
            + " hive_partitioning = true, filename = true, file_row_number = true) WHERE " + f.toSql();
        List<String> misses = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
          while (rs.next()) {
            String file = Path.of(rs.getString(1)).toAbsolutePath().toString();
            long row = rs.getLong(2);
            returned++;
            Map<Integer, RowGroupScan> g = kept.get(file);
            RowGroupScan scan = g == null ? null : g.get((int) (row / ROW_GROUP));
            if (scan == null || !scan.rows().contains(row % ROW_GROUP)) {
              misses.add(file + "#" + row);
            }
          }
        }
        assertTrue(misses.isEmpty(), f.toSql() + " pruned rows DuckDB returns: " + misses.subList(0, Math.min(5, misses.size())));
      }
    }
    assertTrue(pruned > 300, "pruning happened: " + pruned);
    assertTrue(returned > 50_000, "DuckDB matched rows to check: " + returned);
  }
}
