package org.parquetarrow.spark;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The table at the data source's paths as Spark plans with it: the schema and partitioning Spark
 * passes in (the files' schema when reading, the query's when writing, where the files may not exist
 * yet), reads through a {@link ParquetArrowTable} discovered when its first scan is planned, and writes
 * (append, and overwrite by truncation) through {@link ParquetArrowWriteBuilder}.
 */
final class ParquetArrowPathTable implements SupportsRead, SupportsWrite {
  private final StructType schema;
  private final Transform[] partitioning;
  private final CaseInsensitiveStringMap options;
  /**
   * The files the scans of this table found, by the read settings (options and session) and case
   * sensitivity they were found with; empty for a directory that had no Parquet file. Later scans
   * of the same DataFrame plan with them instead of listing and discovering again, as Spark's own
   * file tables keep a DataFrame's file index: files written since show up in a new read.
   */
  private final Map<List<Object>, Optional<ParquetArrowTable>> discovered = new ConcurrentHashMap<>();

  ParquetArrowPathTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
    this(schema, partitioning, properties, null);
  }

  /**
   * @param inferred the files a read without a schema of the user's found when Spark asked for
   *     their schema ({@code schema} is theirs), or null: the first scan plans with them rather
   *     than listing again, so a DataFrame's files are those of its {@code load}, as with Spark's
   *     own file sources
   */
  ParquetArrowPathTable(StructType schema, Transform[] partitioning, Map<String, String> properties,
      ParquetArrowTable inferred) {
    // as Spark's file sources: a schema the user gave may say a column is never null; the files decide
    this.schema = schema.asNullable();
    this.partitioning = partitioning.clone();
    this.options = new CaseInsensitiveStringMap(properties);
    if (inferred != null) {
      discovered.put(discoveryKey(ParquetArrowTable.readConfig(options), caseSensitive()), Optional.of(inferred));
    }
  }

  private static boolean caseSensitive() {
    return org.apache.spark.sql.internal.SQLConf.get().caseSensitiveAnalysis();
  }

  private static List<Object> discoveryKey(ReadConfig config, boolean caseSensitive) {
    return List.of(config, caseSensitive);
  }

  @Override
  public String name() {
    return "parquet-arrow " + ParquetArrowTable.locations(options);
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Transform[] partitioning() {
    return partitioning.clone();
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE);
  }

  /**
   * The scan in this table's schema: the files' own, or one the user gave the read ({@code
   * spark.read().schema(...)}), read as {@link UserSchema} says; a directory with no Parquet file
   * yet then reads as no rows. A partition column the schema asks for as a string is discovered
   * as one, so that it holds each directory's own text as Spark's built-in source gives it.
   *
   * @throws IncompatibleSchemaException when a given schema asks for a column as a type the files
   *     cannot be read as
   */
  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    boolean caseSensitive = caseSensitive();
    ReadConfig config = ParquetArrowTable.readConfig(options);
    ParquetArrowTable files = discovered.computeIfAbsent(discoveryKey(config, caseSensitive),
        key -> Optional.ofNullable(ParquetArrowTable.openIfAny(options, name -> java.util.Arrays.stream(schema.fields())
            .anyMatch(f -> f.dataType() == org.apache.spark.sql.types.DataTypes.StringType
                && (caseSensitive ? f.name().equals(name) : f.name().equalsIgnoreCase(name))), config))).orElse(null);
    if (files == null) {
      // inferSchema refused an empty directory: the schema here is the user's
      return new EmptyScan(schema);
    }
    if (files.schema().equals(schema)) {
      return files.newScanBuilder(scanOptions);
    }
    Set<String> partitionColumns = new java.util.HashSet<>();
    files.dataset().partitionSchema().getFields().forEach(f -> partitionColumns.add(f.getName()));
    return files.newScanBuilder(UserSchema.check(schema, files.schema(), partitionColumns, caseSensitive));
  }

  /** @throws IllegalArgumentException unless exactly one local path or S3 location was given */
  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    String path = options.get("path");
    if (path != null && !options.containsKey("paths") && ObjectStoreTarget.isObjectStore(path)) {
      ObjectStoreTarget target = new ObjectStoreTarget(path,
          StorageSettings.parse(options, ParquetArrowWriteBuilder::sessionConf));
      return new ParquetArrowWriteBuilder(info, path, target, partitioning);
    }
    return new ParquetArrowWriteBuilder(info, writePath(options).toAbsolutePath().toString(), null, partitioning);
  }

  /**
   * The one local directory a write goes to: a plain path or a {@code file:} URI. Object stores
   * other than S3 are not written to.
   */
  static Path writePath(CaseInsensitiveStringMap options) {
    String path = options.get("path");
    if (path == null || options.containsKey("paths")) {
      throw new IllegalArgumentException("a write goes to one path: save(path)");
    }
    if (path.startsWith("file:")) {
      return Path.of(URI.create(path));
    }
    if (path.matches("^[a-zA-Z][a-zA-Z0-9+.-]*://.*")) {
      throw new IllegalArgumentException("path " + path + ": parquet-arrow writes to local directories"
          + " (plain paths or file: URIs) and to S3 (s3:// or s3a://bucket/prefix)");
    }
    return Path.of(path);
  }
}
