package org.parquetarrow.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The one input partition of a scan whose pushed aggregation the driver answered from the
 * footers ({@link FooterAggregates}): its task only hands Spark the partial rows.
 */
record FooterAggregatePartition(FooterAggregates.Answer answer) implements InputPartition {}
