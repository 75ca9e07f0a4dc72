package org.parquetarrow.spark;

import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructType;

/**
 * The scan of a directory with no Parquet file yet, read with a schema the user gave (as Spark's
 * built-in source reads it): no rows, in the columns asked for.
 */
final class EmptyScan implements ScanBuilder, SupportsPushDownRequiredColumns, Scan, Batch {
  private StructType readSchema;

  EmptyScan(StructType schema) {
    this.readSchema = schema;
  }

  @Override
  public void pruneColumns(StructType required) {
    readSchema = required;
  }

  @Override
  public Scan build() {
    return this;
  }

  @Override
  public StructType readSchema() {
    return readSchema;
  }

  @Override
  public String description() {
    return "ParquetArrowScan files=0";
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    return new InputPartition[0];
  }

  /** Never asked for: there is no partition to read. */
  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new ParquetArrowReaderFactory(readSchema, java.util.List.of(), java.util.List.of(), null,
        ReadConfig.parse(java.util.Map.of(), 1L << 27));
  }
}
