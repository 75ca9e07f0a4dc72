package org.parquetarrow.spark;

import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * A write's counters as Spark SQL metrics, summed over the tasks and shown on the write node of the
 * SQL plan. (No byte count: Spark takes a task's last values before its commit closes the last file.) Spark instantiates each by its class name, hence one small public class per counter.
 */
public final class WriteMetricsNames {
  private WriteMetricsNames() {}

  static final String FILES = "files_written";
  static final String ROWS = "rows_written";

  static CustomMetric[] all() {
    return new CustomMetric[] {new FilesWritten(), new RowsWritten()};
  }

  /** One task's values, in the order of {@link #all()}. */
  static CustomTaskMetric[] values(long files, long rows) {
    return new CustomTaskMetric[] {value(FILES, files), value(ROWS, rows)};
  }

  private static CustomTaskMetric value(String name, long value) {
    return TaskMetric.of(name, value);
  }

  public static final class FilesWritten extends CustomSumMetric {
    @Override
    public String name() {
      return FILES;
    }

    @Override
    public String description() {
      return "files written by parquet-arrow";
    }
  }

  public static final class RowsWritten extends CustomSumMetric {
    @Override
    public String name() {
      return ROWS;
    }

    @Override
    public String description() {
      return "rows written by parquet-arrow";
    }
  }
}
