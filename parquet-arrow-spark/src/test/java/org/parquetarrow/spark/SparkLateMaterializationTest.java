package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.scan.ScanOptions.LateMaterialization;

/**
 * Option {@code lateMaterialization} ({@code auto}, {@code always}, {@code never}) reaches each
 * task's scan: with {@code always} every row group the filter must read is read filter columns
 * first and the other columns only for the matching rows, with {@code never} none is, as the
 * scan's counters (now also Spark metrics) show; the answers are the built-in reader's in every
 * case, over a file Spark's own writer cut into several row groups and pages, with nulls in the
 * columns read late and matches spread over batches of 977 and 8,192 rows.
 */
class SparkLateMaterializationTest {
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static Path file;
  private static final int ROWS = 40_000;
  private static final String WHERE = "k < 40 and day >= date '1995-01-01'";

  @BeforeAll
  static void write() {
    spark = LocalSpark.session();
    file = dir.resolve("late");
    spark.range(0, ROWS, 1, 1)
        .selectExpr("id", "cast(id * 7919 % 1000 as int) as k",
            "cast(if(id % 11 = 0, null, (id * 31 % 100000) / 100.0) as decimal(15,2)) as price",
            "date_add(date '1994-01-01', cast(id * 13 % 2500 as int)) as day",
            "if(id % 17 = 0, null, concat('v', cast(id * 3 % 997 as string))) as s")
        .write().option("parquet.block.size", 96 * 1024).option("parquet.page.size", 8 * 1024)
        .option("compression", "snappy").parquet(file.toString());
  }

  @Test
  void everySettingAnswersAsTheBuiltInReader() {
    Dataset<Row> builtIn = spark.read().parquet(file.toString()).where(WHERE).select("id", "price", "s", "k");
    List<Row> expected = sorted(builtIn.collectAsList());
    assertTrue(expected.size() > 100 && expected.size() < ROWS / 20, "a selective filter: " + expected.size());
    for (String policy : List.of("auto", "always", "never")) {
      for (String batchSize : List.of("977", "8192")) {
        Dataset<Row> ours = spark.read().format("parquet-arrow").option("lateMaterialization", policy)
            .option("batchSize", batchSize).load(file.toString()).where(WHERE).select("id", "price", "s", "k");
        assertEquals(expected, sorted(ours.collectAsList()), policy + ", batches of " + batchSize);
        BatchScanExec scan = ScanPlans.scanOf(ours);
        long groupsRead = ScanPlans.metric(scan, "row_groups_read");
        long late = ScanPlans.metric(scan, "row_groups_late_materialized");
        assertTrue(groupsRead >= 3, "several row groups: " + groupsRead);
        assertEquals(expected.size(), ScanPlans.metric(scan, "rows_out"), policy);
        if (policy.equals("never")) {
          assertEquals(0, late, "no row group read late");
          assertEquals(ScanPlans.metric(scan, "rows_read"), ScanPlans.metric(scan, "rows_materialized"), "every row decoded whole");
        } else if (policy.equals("always")) {
          assertEquals(groupsRead, late, "every row group read late");
          assertEquals(expected.size(), ScanPlans.metric(scan, "rows_materialized"), "only the matching rows decoded whole");
        }
      }
    }
  }

  @Test
  void theOptionTakesThreeWordsAndNamesWhatItRefuses() {
    assertEquals(LateMaterialization.AUTO, ReadConfig.parse(Map.of(), 1 << 20).lateMaterialization());
    assertEquals(LateMaterialization.ALWAYS,
        ReadConfig.parse(Map.of("latematerialization", "Always"), 1 << 20).lateMaterialization());
    assertEquals(LateMaterialization.NEVER,
        ReadConfig.parse(Map.of("lateMaterialization", " never "), 1 << 20).lateMaterialization());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadConfig.parse(Map.of("lateMaterialization", "sometimes"), 1 << 20));
    assertTrue(e.getMessage().contains("lateMaterialization") && e.getMessage().contains("sometimes"), e.getMessage());
  }

  private static List<Row> sorted(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort(java.util.Comparator.comparingLong(r -> r.getLong(0)));
    return out;
  }
}
