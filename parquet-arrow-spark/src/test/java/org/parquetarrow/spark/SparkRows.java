package org.parquetarrow.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Test-only: rows in one order (by their text), so two readers' answers compare as lists. */
final class SparkRows {
  private SparkRows() {}

  static List<Row> sorted(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort(Comparator.comparing(Row::toString));
    return out;
  }

  static List<Row> sorted(Dataset<Row> df) {
    return sorted(df.collectAsList());
  }
}
