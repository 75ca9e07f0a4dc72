package org.parquetarrow.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.util.SchemaUtils;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code parquet-arrow} Spark data source: Parquet files read by parquet-arrow's dataset
 * scanner (pruning by statistics, dictionaries, bloom filters and the page index) and handed to
 * Spark as Arrow-backed columnar batches.
 *
 * <pre>{@code
 * Dataset<Row> df = spark.read().format("parquet-arrow").load("/data/events");
 * df.filter("year = 2024 and id < 100").select("id", "user.name").show();
 * }</pre>
 *
 * <p>Options (all optional): {@code batchSize} (rows per batch, default 8192), {@code pruning}
 * ({@code all}, {@code none}, or a comma list of {@code statistics}, {@code dictionary}, {@code
 * bloomFilter}, {@code pageIndex}), {@code hivePartitioning} (default {@code true}), {@code
 * maxPartitionBytes} (default the session's {@code spark.sql.files.maxPartitionBytes}), {@code
 * intDecimals} ({@code unscaled}, the default, or {@code decimal128}: how decimals stored as
 * INT32/INT64 are read), and for
 * {@code s3://} / {@code s3a://} locations {@code s3.endpoint}, {@code s3.region}, {@code
 * s3.pathStyle}, {@code s3.anonymous}, {@code s3.accessKeyId} + {@code s3.secretAccessKey} (or the
 * S3A names, {@code fs.s3a.endpoint} ..., also taken from the session's {@code spark.hadoop.fs.s3a.*});
 * a bad value is an {@link IllegalArgumentException} naming the option. Spark's file-source options
 * {@code pathGlobFilter}, {@code basePath}, {@code recursiveFileLookup} and {@code
 * ignoreCorruptFiles} work as with its built-in Parquet source ({@link FileListing}), and so does a
 * schema given to the read ({@code schema(...)}, see {@link UserSchema}).
 *
 * <p>Writing: {@code df.write().format("parquet-arrow").mode("append" or "overwrite").partitionBy(...)
 * .save(path)} writes through our writer with Spark's commit protocol (see {@link WriteConfig} for
 * the options) to a local file system, or to {@code s3://} / {@code s3a://} with the read's storage
 * options, committed without renames (see {@link ObjectStoreBatchWrite}). Spark gives sources like
 * this one, without a catalog, only
 * those two save modes: {@code errorifexists} (the default) and {@code ignore} fail in Spark's planner.
 *
 * <pre>{@code
 * Dataset<Row> remote = spark.read().format("parquet-arrow")
 *     .option("s3.endpoint", "http://127.0.0.1:9000")
 *     .load("s3a://lake/events/");
 * df.write().format("parquet-arrow").mode("overwrite").partitionBy("year")
 *     .option("compression", "zstd").option("bloomFilterColumns", "user_id").save("/data/events");
 * df.write().format("parquet-arrow").mode("append")
 *     .option("s3.endpoint", "http://127.0.0.1:9000").save("s3a://lake/events/");
 * }</pre>
 */
public final class ParquetArrowDataSource implements TableProvider, DataSourceRegister {
  /** The short name for {@code format(...)}. */
  public static final String SHORT_NAME = "parquet-arrow";

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  /**
   * The files a read of this instance found ({@link #inferSchema} or {@link #inferPartitioning}),
   * or null: Spark makes an instance per read or write and calls those two only when reading.
   */
  private ParquetArrowTable discovered;
  /** Whether {@link #inferSchema} ran: the read has no schema of the user's. */
  private boolean schemaInferred;

  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    discovered = ParquetArrowTable.open(options);
    schemaInferred = true;
    return discovered.schema();
  }

  /**
   * The hive partition columns, which Spark asks for on every read (and never on a write): with a
   * schema given to the read, {@link #getTable} then lays the table out as Spark's file sources do.
   * None for a directory with no Parquet file yet.
   */
  @Override
  public Transform[] inferPartitioning(CaseInsensitiveStringMap options) {
    if (discovered == null) {
      discovered = ParquetArrowTable.openIfAny(options);
    }
    if (discovered == null) {
      return new Transform[0];
    }
    return discovered.dataset().partitionSchema().getFields().stream()
        .map(f -> Expressions.apply("identity", FieldReference.column(f.getName())))
        .toArray(Transform[]::new);
  }

  /**
   * A write passes the query's schema and {@code partitionBy} columns here (where no files may exist
   * yet to infer them from); a read passes {@link #inferSchema}'s.
   */
  @Override
  public boolean supportsExternalMetadata() {
    return true;
  }

  /**
   * The table for a read or a write. A read given a schema ({@code spark.read().schema(...)}) has
   * the columns Spark's built-in source gives it ({@link UserSchema#layout}): the partition columns
   * last, those the schema leaves out too; a schema naming one column twice (ignoring case unless
   * {@code spark.sql.caseSensitive}) is Spark's {@code COLUMN_ALREADY_EXISTS}.
   */
  @Override
  public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    StructType table = schema;
    if (discovered != null && !schemaInferred) {
      boolean caseSensitive = SQLConf.get().caseSensitiveAnalysis();
      SchemaUtils.checkSchemaColumnNameDuplication(schema, caseSensitive);
      List<StructField> partitions = new ArrayList<>();
      for (org.apache.arrow.vector.types.pojo.Field f : discovered.dataset().partitionSchema().getFields()) {
        partitions.add(discovered.schema().apply(f.getName()));
      }
      table = UserSchema.layout(schema, new StructType(partitions.toArray(new StructField[0])), caseSensitive);
    }
    return new ParquetArrowPathTable(table, partitioning, properties, schemaInferred ? discovered : null);
  }
}
