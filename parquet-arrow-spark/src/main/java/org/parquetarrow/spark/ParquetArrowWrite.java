package org.parquetarrow.spark;

import java.nio.file.Files;
import java.util.List;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;

/**
 * One planned write. It asks Spark to sort each task's rows by the partition columns (Spark's own
 * file writer sorts the same way), so a task keeps one file open at a time however many partitions
 * it writes; the rows are not moved between tasks.
 */
final class ParquetArrowWrite implements RequiresDistributionAndOrdering {
  private final WriteJob job;
  private final List<String> partitionColumns;
  private final boolean truncate;

  ParquetArrowWrite(WriteJob job, List<String> partitionColumns, boolean truncate) {
    this.job = job;
    this.partitionColumns = partitionColumns;
    this.truncate = truncate;
  }

  @Override
  public Distribution requiredDistribution() {
    return Distributions.unspecified();
  }

  @Override
  public SortOrder[] requiredOrdering() {
    return partitionColumns.stream()
        // Expressions.column parses its argument as a SQL identifier: quoted, a partition column named
        // "with space" or "a.b" is the one top-level column of that name, not a syntax error or a nested field
        .map(c -> Expressions.sort(Expressions.column("`" + c.replace("`", "``") + "`"), SortDirection.ASCENDING,
            NullOrdering.NULLS_FIRST))
        .toArray(SortOrder[]::new);
  }

  @Override
  public String description() {
    return "parquet-arrow write to " + job.layout().destination() + (truncate ? " (overwrite)" : " (append)")
        + (partitionColumns.isEmpty() ? "" : " partitioned by " + partitionColumns);
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return WriteMetricsNames.all();
  }

  @Override
  public BatchWrite toBatch() {
    if (job.objectStore() != null) {
      // a missing bucket, a denial or a dead endpoint fails here, naming the location, not in every task
      org.parquetarrow.s3.S3Location prefix = job.objectStore().prefix();
      try {
        job.objectStore().fileSystem().client().listObjectsV2(b -> b.bucket(prefix.bucket()).prefix(prefix.key())
            .maxKeys(1));
      } catch (software.amazon.awssdk.core.exception.SdkException e) {
        throw new java.io.UncheckedIOException("cannot write to " + job.objectStore().location() + ": listing "
            + prefix + " fails: " + e.getMessage(), new java.io.IOException(e));
      }
      return new ObjectStoreBatchWrite(job, truncate);
    }
    return new ParquetArrowBatchWrite(job, truncate, Files.exists(job.layout().destinationDir()));
  }
}
