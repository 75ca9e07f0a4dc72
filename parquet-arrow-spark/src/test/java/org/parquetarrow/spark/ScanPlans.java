package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.jdk.javaapi.CollectionConverters;

/** Test-only: our scan node in a query's executed plan, and its metrics. */
final class ScanPlans {
  private ScanPlans() {}

  /** The one parquet-arrow scan of {@code df}'s executed plan (fails when there is not exactly one). */
  static BatchScanExec scanOf(Dataset<Row> df) {
    List<BatchScanExec> found = new ArrayList<>();
    collect(df.queryExecution().executedPlan(), found);
    assertEquals(1, found.size(), "one parquet-arrow scan in " + df.queryExecution().executedPlan());
    return found.get(0);
  }

  /** The value of the scan's metric {@code name}. */
  static long metric(BatchScanExec scan, String name) {
    return CollectionConverters.asJava(scan.metrics()).get(name).value();
  }

  private static void collect(SparkPlan plan, List<BatchScanExec> out) {
    if (plan instanceof BatchScanExec b) {
      out.add(b);
    }
    for (SparkPlan c : CollectionConverters.asJava(plan.children())) {
      collect(c, out);
    }
  }
}
