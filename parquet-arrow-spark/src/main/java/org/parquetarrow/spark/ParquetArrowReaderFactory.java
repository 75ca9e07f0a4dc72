package org.parquetarrow.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Opens a columnar reader per input partition; rows are never asked for. */
final class ParquetArrowReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final StructType readSchema;
  private final List<String> partitionNames;
  private final List<List<String>> projection;
  private final String filterSql;
  private final ReadConfig config;
  private final AggregateTranslator.Spec aggregation;

  ParquetArrowReaderFactory(StructType readSchema, List<String> partitionNames, List<List<String>> projection,
      String filterSql, ReadConfig config) {
    this(readSchema, partitionNames, projection, filterSql, config, null);
  }

  /** @param aggregation the aggregation each task computes over its rows, or null */
  ParquetArrowReaderFactory(StructType readSchema, List<String> partitionNames, List<List<String>> projection,
      String filterSql, ReadConfig config, AggregateTranslator.Spec aggregation) {
    this.aggregation = aggregation;
    this.readSchema = readSchema;
    this.partitionNames = List.copyOf(partitionNames);
    this.projection = projection.stream().map(List::copyOf).toList();
    this.filterSql = filterSql;
    this.config = config;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException("parquet-arrow reads columnar batches only");
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    if (partition instanceof FooterAggregatePartition answered) {
      return new FooterAggregateReader(answered, aggregation);
    }
    ParquetArrowPartitionReader rows = new ParquetArrowPartitionReader((FilePartition) partition, readSchema,
        partitionNames, projection, filterSql, config);
    return aggregation == null ? rows : new AggregatingPartitionReader(rows, aggregation);
  }
}
