package org.parquetarrow.spark;

import java.io.Serializable;
import org.apache.spark.sql.types.StructType;

/**
 * What every task of one write needs, shipped from the driver: where to stage and publish (the
 * layout names the files; {@code objectStore} is the S3 destination, or {@code null} for a local
 * directory, which the layout's staging area serves), the rows' schema and the files' schema
 * (without the partition columns), the partition columns and the writer's options.
 */
record WriteJob(StagingLayout layout, ObjectStoreTarget objectStore, StructType rowSchema, StructType fileSchema,
    PartitionPaths partitions, WriteConfig config) implements Serializable {}
