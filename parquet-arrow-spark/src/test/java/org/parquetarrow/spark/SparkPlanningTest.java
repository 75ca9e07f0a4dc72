package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Planning on the driver: files whose footer statistics rule out the pushed filter get no task,
 * and the plan's row group counters still count their row groups as pruned by statistics. Four
 * files written by Spark's built-in writer, one range of {@code id} each, one input partition a
 * file ({@code maxPartitionBytes} of 1 byte).
 */
class SparkPlanningTest {
  private static final Logger LOG = LoggerFactory.getLogger(SparkPlanningTest.class);
  private static SparkSession spark;
  @TempDir
  static Path dir;
  private static String data;

  @BeforeAll
  static void start() {
    spark = LocalSpark.session();
    data = dir.resolve("ranges").toString();
    spark.range(0, 4_000).withColumn("v", functions.expr("id * 3 % 101"))
        .repartitionByRange(4, functions.col("id")).write().parquet(data);
  }

  private static Dataset<Row> ours(String pruning) {
    return spark.read().format("parquet-arrow").option("maxPartitionBytes", "1").option("pruning", pruning).load(data);
  }

  @Test
  void filesTheStatisticsRuleOutBecomeNoTask() {
    Dataset<Row> all = ours("all");
    Dataset<Row> point = all.where("id = 2500");
    List<Row> rows = point.collectAsList();
    assertEquals(List.of(2500L), rows.stream().map(r -> r.getLong(0)).toList());
    BatchScanExec scan = ScanPlans.scanOf(point);
    Map<String, Long> m = metrics(scan);
    LOG.info("point query: {} input partitions, metrics {}", scan.inputPartitions().size(), m);
    assertEquals(1, scan.inputPartitions().size(), "only the file holding id 2500 is read");
    long groups = countOf(all.where("id >= 0"), "row_groups");
    assertEquals(groups, m.get("row_groups"), "every row group counted once");
    assertEquals(groups - m.get("row_groups_read"), m.get("row_groups_pruned_by_statistics"));
    assertEquals(1, m.get("row_groups_read"));

    Dataset<Row> none = all.where("id < 0");
    assertEquals(0, none.collectAsList().size());
    BatchScanExec empty = ScanPlans.scanOf(none);
    assertEquals(0, empty.inputPartitions().size(), "nothing to read");
    assertEquals(groups, metrics(empty).get("row_groups_pruned_by_statistics"));
  }

  @Test
  void withoutStatisticsPruningEveryFileIsATask() {
    Dataset<Row> point = ours("none").where("id = 2500");
    assertEquals(1, point.collectAsList().size());
    assertEquals(4, ScanPlans.scanOf(point).inputPartitions().size());
    assertEquals(0, metrics(ScanPlans.scanOf(point)).get("row_groups_pruned_by_statistics"));
  }

  /** The plan's metrics of a finished scan. */
  private static Map<String, Long> metrics(BatchScanExec scan) {
    Map<String, Long> out = new java.util.TreeMap<>();
    CollectionConverters.asJava(scan.metrics()).forEach((k, v) -> out.put(k, v.value()));
    return out;
  }

  private static long countOf(Dataset<Row> df, String metric) {
    df.collectAsList();
    return metrics(ScanPlans.scanOf(df)).get(metric);
  }
}
