package org.parquetarrow.spark;

import org.apache.spark.sql.SparkSession;

/**
 * One local Spark session for every test class of this module ({@code local[2]}, bound to the
 * loopback address, no UI); Spark's shutdown hook stops it when the test JVM ends.
 */
final class LocalSpark {
  private LocalSpark() {}

  static synchronized SparkSession session() {
    return SparkSession.builder()
        .master("local[2]")
        .appName("parquet-arrow-spark-test")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.adaptive.enabled", "false")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate();
  }

  /** Runs {@code body} with the session's {@code key} set to {@code value}, then sets it back. */
  static void withConf(String key, String value, Runnable body) {
    SparkSession spark = session();
    String before = spark.conf().getOption(key).getOrElse(() -> null);
    spark.conf().set(key, value);
    try {
      body.run();
    } finally {
      if (before == null) {
        spark.conf().unset(key);
      } else {
        spark.conf().set(key, before);
      }
    }
  }
}
