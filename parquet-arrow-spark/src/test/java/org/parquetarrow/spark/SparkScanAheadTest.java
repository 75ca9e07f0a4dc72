package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * A task's scan decoding ahead of Spark (option {@code scanAhead}), or not at all (the default,
 * {@code none}: the task's thread decodes each batch when Spark asks): with one batch ahead the
 * allocator hands the blocks of batches Spark let go of straight back to the scan,
 * so a batch Spark still holds must not be among them. Every batch's values are read when Spark
 * gets it, read again once the scan has decoded the batch after it, and both are checked against
 * Spark's built-in reader's rows, for several batch sizes, a file of several row groups, nulls,
 * and with and without a pushed filter (whose matching rows are copied into new vectors); the
 * reader's allocator refuses to close if a buffer is left.
 */
class SparkScanAheadTest {
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static Path file;
  /** The built-in reader's rows by {@code id}. */
  private static final Map<Long, Row> BUILT_IN = new HashMap<>();
  private static final int ROWS = 30_000;
  private static final StructType READ = new StructType()
      .add("id", DataTypes.LongType)
      .add("k", DataTypes.IntegerType)
      .add("price", DataTypes.createDecimalType(15, 2))
      .add("day", DataTypes.DateType)
      .add("s", DataTypes.StringType);

  @BeforeAll
  static void write() throws Exception {
    spark = LocalSpark.session();
    Path out = dir.resolve("t");
    // Spark's own writer; small row groups, so a task crosses row groups (and their dictionaries)
    spark.range(0, ROWS, 1, 1)
        .selectExpr("id", "cast(id * 7919 % 1000 as int) as k",
            "cast(if(id % 11 = 0, null, (id * 31 % 100000) / 100.0) as decimal(15,2)) as price",
            "date_add(date '1994-01-01', cast(id * 13 % 2500 as int)) as day",
            "if(id % 17 = 0, null, concat('v', cast(id * 3 % 997 as string))) as s")
        .write().option("parquet.block.size", 64 * 1024).option("compression", "snappy").parquet(out.toString());
    try (var files = Files.list(out)) {
      file = files.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    try (BufferAllocator a = new RootAllocator();
        ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(a).build())) {
      assertTrue(r.metadata().rowGroups().size() >= 3, "row groups: " + r.metadata().rowGroups().size());
    }
    for (Row row : spark.read().parquet(file.toString()).collectAsList()) {
      BUILT_IN.put(row.getLong(0), row);
    }
    assertEquals(ROWS, BUILT_IN.size());
  }

  @Test
  void everyBatchKeepsItsValuesWhileTheScanDecodesTheNextOne() throws Exception {
    for (String ahead : List.of("none", "batch", "budget")) {
      for (int batchSize : new int[] {7, 977, 4096, 8192}) {
        if (batchSize == 7 && ahead.equals("budget")) {
          continue; // thousands of tiny batches queued at once: slow and shows nothing new
        }
        List<Long> ids = readAll(ahead, batchSize, null);
        assertEquals(ROWS, ids.size(), ahead + " " + batchSize);
        for (int i = 0; i < ROWS; i++) {
          assertEquals(i, ids.get(i), "rows in file order, " + ahead + " " + batchSize);
        }
      }
    }
  }

  @Test
  void filteredBatchesKeepTheirValuesToo() throws Exception {
    long expected = BUILT_IN.values().stream().filter(r -> r.getInt(1) < 300 && !r.isNullAt(4)).count();
    for (String ahead : List.of("none", "batch", "budget")) {
      for (int batchSize : new int[] {977, 8192}) {
        List<Long> ids = readAll(ahead, batchSize, "k < 300 and s is not null");
        assertEquals(expected, ids.size(), ahead + " " + batchSize);
        for (int i = 1; i < ids.size(); i++) {
          assertTrue(ids.get(i - 1) < ids.get(i), "file order");
        }
      }
    }
  }

  @Test
  void theOptionsNameWhatTheyRefuse() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadConfig.parse(Map.of("scanAhead", "all"), 1 << 20));
    assertTrue(e.getMessage().contains("scanAhead") && e.getMessage().contains("all"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> ReadConfig.parse(Map.of("pageReadAhead", "two"), 1 << 20));
    assertTrue(e.getMessage().contains("pageReadAhead") && e.getMessage().contains("two"), e.getMessage());
    assertEquals(ReadOptions.PageReadAhead.SEVERAL_PAGES, ReadConfig.parse(Map.of(), 1 << 20).pageReadAhead());
    assertEquals(ReadOptions.PageReadAhead.NEXT_PAGE,
        ReadConfig.parse(Map.of("pageReadAhead", "NextPage"), 1 << 20).pageReadAhead());
    assertEquals(ReadOptions.PageReadAhead.OFF, ReadConfig.parse(Map.of("pagereadahead", " off"), 1 << 20).pageReadAhead());
    assertEquals(ReadConfig.ScanAhead.NONE, ReadConfig.parse(Map.of(), 1 << 20).scanAhead());
    assertEquals(ReadConfig.ScanAhead.ONE_BATCH, ReadConfig.parse(Map.of("scanAhead", "BATCH"), 1 << 20).scanAhead());
    assertEquals(1, ReadConfig.parse(Map.of("scanAhead", "batch"), 1 << 20).scanMemoryBudget());
    assertTrue(ReadConfig.parse(Map.of("scanahead", "Budget"), 1 << 20).scanMemoryBudget() > 1 << 20);
  }

  @Test
  void sparkAnswersAreTheBuiltInReadersWithEitherSetting() {
    String sql = "select k, count(*), sum(price), min(day), max(s) from %s where day >= date '1995-01-01'"
        + " group by k order by k";
    spark.read().parquet(file.toString()).createOrReplaceTempView("ahead_builtin");
    List<Row> expected = spark.sql(String.format(sql, "ahead_builtin")).collectAsList();
    assertFalse(expected.isEmpty());
    for (String[] opts : new String[][] {{"none", "severalPages"}, {"none", "off"}, {"batch", "severalPages"},
        {"budget", "severalPages"}, {"batch", "nextPage"}, {"batch", "off"}}) {
      spark.read().format("parquet-arrow").option("scanAhead", opts[0]).option("pageReadAhead", opts[1])
          .option("batchSize", "1000").load(file.toString()).createOrReplaceTempView("ahead_ours");
      assertEquals(expected, spark.sql(String.format(sql, "ahead_ours")).collectAsList(), String.join(",", opts));
    }
  }

  /**
   * The ids of every row of the file through one partition reader, each batch's values checked
   * against the built-in reader's as handed out and again after the scan decoded further.
   */
  private static List<Long> readAll(String ahead, int batchSize, String filterSql) throws Exception {
    ReadConfig config = ReadConfig.parse(Map.of("scanAhead", ahead, "batchSize", Integer.toString(batchSize)), 1 << 30);
    FilePartition partition = new FilePartition(0,
        List.of(FileSlice.whole(file.toString(), Files.size(file), null, new LinkedHashMap<>())));
    List<Long> ids = new ArrayList<>();
    ParquetArrowPartitionReader reader = new ParquetArrowPartitionReader(partition, READ, List.of(),
        List.of(List.of("id"), List.of("k"), List.of("price"), List.of("day"), List.of("s")), filterSql, config);
    try {
      while (reader.next()) {
        ColumnarBatch batch = reader.get();
        List<Object[]> seen = values(batch);
        if (!ahead.equals("none")) {
          // the file's rows are ids 0, 1, ... in order: past the batch's last id is the next batch
          waitForDecodingPast(reader, (Long) seen.get(seen.size() - 1)[0] + 1);
        }
        List<Object[]> again = values(batch);
        for (int i = 0; i < seen.size(); i++) {
          Object[] row = seen.get(i);
          long id = (Long) row[0];
          assertArrayEquals(row, again.get(i), "batch values changed while held, id " + id);
          Row b = BUILT_IN.get(id);
          assertEquals(b.getInt(1), row[1], "k of " + id);
          assertEquals(b.isNullAt(2) ? null : b.getDecimal(2), row[2], "price of " + id);
          assertEquals((int) b.getDate(3).toLocalDate().toEpochDay(), row[3], "day of " + id);
          assertEquals(b.isNullAt(4) ? null : b.getString(4), row[4], "s of " + id);
          ids.add(id);
        }
      }
    } finally {
      reader.close(); // its RootAllocator throws if a buffer is still held
    }
    return ids;
  }

  /**
   * Waits (bounded) until the scan has decoded more than the file's first {@code rows} rows, or
   * the whole file, so the allocator has had the chance to reuse memory while the caller holds a
   * batch.
   */
  private static void waitForDecodingPast(ParquetArrowPartitionReader reader, long rows) {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (System.nanoTime() < deadline) {
      long read = 0;
      for (CustomTaskMetric m : reader.currentMetricsValues()) {
        if (m.name().equals("rows_read")) {
          read = m.value();
        }
      }
      if (read > rows || read >= ROWS) {
        return;
      }
      Thread.yield();
    }
  }

  private static List<Object[]> values(ColumnarBatch batch) {
    List<Object[]> out = new ArrayList<>();
    ColumnVector id = batch.column(0);
    ColumnVector k = batch.column(1);
    ColumnVector price = batch.column(2);
    ColumnVector day = batch.column(3);
    ColumnVector s = batch.column(4);
    for (int r = 0; r < batch.numRows(); r++) {
      out.add(new Object[] {id.getLong(r), k.getInt(r),
          price.isNullAt(r) ? null : price.getDecimal(r, 15, 2).toJavaBigDecimal(), day.getInt(r),
          s.isNullAt(r) ? null : s.getUTF8String(r).toString()});
    }
    return out;
  }
}
