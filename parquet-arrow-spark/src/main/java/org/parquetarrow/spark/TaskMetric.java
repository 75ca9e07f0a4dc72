package org.parquetarrow.spark;

import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/** One named counter value, as a task (or the driver) reports it to Spark. */
final class TaskMetric {
  private TaskMetric() {}

  static CustomTaskMetric of(String name, long value) {
    return new CustomTaskMetric() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long value() {
        return value;
      }
    };
  }
}
