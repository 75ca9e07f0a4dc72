package org.parquetarrow.spark;

import java.io.Serializable;
import org.apache.spark.sql.types.StructType;

/**
 * What every task of one write needs, shipped from the driver: where to stage and publish, the
 * rows' schema and the files' schema (without the partition columns), the partition columns and
 * the writer's options.
 */
record WriteJob(StagingLayout layout, StructType rowSchema, StructType fileSchema, PartitionPaths partitions,
    WriteConfig config) implements Serializable {}
