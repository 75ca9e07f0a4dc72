package org.parquetarrow.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.write.ParquetFileWriter;

/**
 * Plans a write on the driver: appends by default, replaces the destination's data when Spark
 * truncates (save mode {@code Overwrite}). Every option, partition column and column type is
 * checked here, before any task runs, by opening our writer on the files' schema with the
 * options' settings (and discarding it), so the tasks cannot fail on them.
 */
final class ParquetArrowWriteBuilder implements SupportsTruncate {
  private final LogicalWriteInfo info;
  private final String destination;
  /** The S3 destination, or {@code null} when {@code destination} is a local directory. */
  private final ObjectStoreTarget objectStore;
  private final List<String> partitionColumns;
  private boolean truncate;

  ParquetArrowWriteBuilder(LogicalWriteInfo info, String destination, ObjectStoreTarget objectStore,
      Transform[] partitioning) {
    this.info = info;
    this.destination = destination;
    this.objectStore = objectStore;
    this.partitionColumns = partitionColumns(partitioning);
  }

  static String sessionConf(String key) {
    return SparkSession.getActiveSession().isDefined()
        ? SparkSession.getActiveSession().get().conf().getOption(key).getOrElse(() -> null) : null;
  }

  private static List<String> partitionColumns(Transform[] partitioning) {
    List<String> out = new ArrayList<>();
    for (Transform t : partitioning) {
      if (!t.name().equals("identity") || t.references().length != 1 || t.references()[0].fieldNames().length != 1) {
        throw new IllegalArgumentException("parquet-arrow writes hive partitions by columns (partitionBy) only, not "
            + t.describe());
      }
      out.add(t.references()[0].fieldNames()[0]);
    }
    return out;
  }

  @Override
  public WriteBuilder truncate() {
    truncate = true;
    return this;
  }

  @Override
  public Write build() {
    WriteConfig config = WriteConfig.parse(info.options(),
        SQLConf.get().getConfString("spark.sql.sources.partitionOverwriteMode", "static"),
        SQLConf.get().getConfString("spark.sql.parquet.compression.codec", "snappy"));
    StructType rowSchema = info.schema();
    PartitionPaths partitions = PartitionPaths.of(rowSchema, partitionColumns);
    StructType fileSchema = partitions.fileSchema(rowSchema);
    if (fileSchema.fields().length == 0) {
      throw new IllegalArgumentException("every column is a partition column " + partitionColumns
          + ": the files would have no columns");
    }
    WritableTypes.check(fileSchema);
    checkWriterAccepts(fileSchema, config);
    // the query id is unique per write, and names the staging directory and the files
    String jobId = info.queryId() == null ? UUID.randomUUID().toString() : info.queryId();
    StagingLayout layout = new StagingLayout(destination, jobId);
    return new ParquetArrowWrite(new WriteJob(layout, objectStore, rowSchema, fileSchema, partitions, config),
        partitionColumns, truncate);
  }

  /** Opens our writer on nothing with the job's schema and settings: what it refuses, a task would. */
  private static void checkWriterAccepts(StructType fileSchema, WriteConfig config) {
    Schema arrow = ArrowUtils.toArrowSchema(fileSchema, "UTC", true, false);
    try {
      ParquetFileWriter.open(NOWHERE, arrow, config.properties(fileSchema.json())).abort();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option bloomFilterColumns (or another column setting): " + e.getMessage(), e);
    }
  }

  /** An output that keeps nothing, for the check above. */
  private static final OutputFile NOWHERE = new OutputFile() {
    @Override
    public String name() {
      return "(schema check)";
    }

    @Override
    public AtomicOutput create() {
      return new AtomicOutput() {
        private long position;

        @Override
        public void write(byte[] src, int off, int len) {
          position += len;
        }

        @Override
        public long position() {
          return position;
        }

        @Override
        public void commit() throws IOException {
          throw new IOException("the schema check writes no file");
        }

        @Override
        public void close() {}
      };
    }
  };
}
