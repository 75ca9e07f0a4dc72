package org.parquetarrow.spark;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.errors.QueryCompilationErrors;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DatasetException;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.EmptyDatasetException;
import org.parquetarrow.schema.ArrowReadOptions;

/**
 * The files at the load paths as one readable table: discovered once on the driver (every footer
 * read, or found in the JVM's {@link SharedStorages#FOOTERS}, hive partitions typed, schemas
 * unified), typed for Spark by {@link SparkTypes}. Decimals stored as INT32/INT64 are read as their
 * unscaled integers unless two files store one differently.
 */
final class ParquetArrowTable implements SupportsRead {
  private final String name;
  private final Dataset dataset;
  private final StructType schema;
  private final ReadConfig config;

  private ParquetArrowTable(String name, Dataset dataset, StructType schema, ReadConfig config) {
    this.name = name;
    this.dataset = dataset;
    this.schema = schema;
    this.config = config;
  }

  /**
   * The table at the load paths.
   *
   * @throws org.apache.spark.sql.AnalysisException {@code PATH_NOT_FOUND} for a path that is not
   *     there, {@code UNABLE_TO_INFER_SCHEMA} for a directory with no Parquet file in it, as Spark's
   *     built-in source
   */
  static ParquetArrowTable open(CaseInsensitiveStringMap options) {
    ParquetArrowTable t = openIfAny(options);
    if (t == null) {
      throw sparkError(QueryCompilationErrors.dataSchemaNotSpecifiedError("Parquet"), null);
    }
    return t;
  }

  /** As {@link #open}, but {@code null} for a directory with no Parquet file in it. */
  static ParquetArrowTable openIfAny(CaseInsensitiveStringMap options) {
    return openIfAny(options, name -> false, readConfig(options));
  }

  /** The read settings {@code options} and the session give a table's discovery. */
  static ReadConfig readConfig(CaseInsensitiveStringMap options) {
    return ReadConfig.parse(options, SQLConf.get().filesMaxPartitionBytes(), ParquetArrowTable::sessionConf);
  }

  /**
   * As {@link #openIfAny(CaseInsensitiveStringMap)} with settings parsed before, the partition
   * columns {@code asText} takes (a schema given to the read asks for them as strings) typed as
   * strings holding each directory's own text ({@code k=01} is "01", {@code k=1.50} "1.50"), as
   * Spark's built-in source reads them then, rather than typed first and printed again.
   */
  static ParquetArrowTable openIfAny(CaseInsensitiveStringMap options, java.util.function.Predicate<String> asText,
      ReadConfig config) {
    try {
      return discoverTable(options, asText, config);
    } catch (EmptyDatasetException e) {
      return null;
    }
  }

  private static ParquetArrowTable discoverTable(CaseInsensitiveStringMap options,
      java.util.function.Predicate<String> asText, ReadConfig config) {
    List<String> paths = locations(options);
    FileListing listing = FileListing.parse(options);
    Dataset ds;
    try {
      ds = discoverAsSpark(paths, config, listing, null);
    } catch (EmptyDatasetException e) {
      throw e;
    } catch (DatasetException e) {
      ds = null; // perhaps an integer-stored decimal that another file stores otherwise: tried below
    }
    if (ds == null || !UnscaledDecimals.agree(ds)) {
      // files disagree on an integer-stored decimal's width or scale: read them all as decimal128
      // (the footers are cached: only the schemas are worked out again)
      config = config.withIntDecimals(ArrowReadOptions.IntDecimalPolicy.DECIMAL128);
      ds = discoverAsSpark(paths, config, listing, null);
    }
    Schema sparkPartitions = asText(SparkPartitionTypes.declared(ds), ds.partitionSchema(), asText);
    if (sparkPartitions != null) {
      // directories Spark types otherwise than the dataset (k=01 and k=1 as one integer, k=1.5 a
      // double): discovered again with Spark's types (the footers are cached)
      ds = discoverAsSpark(paths, config, listing, sparkPartitions);
    }
    Set<String> int96 = new HashSet<>();
    for (DatasetFile f : ds.files()) {
      int96.addAll(SparkTypes.int96Paths(f.mapping()));
    }
    StructType schema = narrowPartitionIntegers(SparkTypes.toSpark(ds.schema(), int96).asNullable(), ds);
    return new ParquetArrowTable("parquet-arrow " + paths, ds, schema, config);
  }

  /**
   * {@code declared} (or, when null, {@code found}) with the fields {@code asText} takes as
   * strings; null when that is {@code declared} itself and it is null (nothing to declare).
   */
  private static Schema asText(Schema declared, Schema found, java.util.function.Predicate<String> asText) {
    Schema base = declared != null ? declared : found;
    List<org.apache.arrow.vector.types.pojo.Field> out = new ArrayList<>();
    boolean changed = false;
    for (org.apache.arrow.vector.types.pojo.Field f : base.getFields()) {
      if (asText.test(f.getName()) && !(f.getType() instanceof org.apache.arrow.vector.types.pojo.ArrowType.Utf8)) {
        out.add(org.apache.arrow.vector.types.pojo.Field.nullable(f.getName(),
            org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE));
        changed = true;
      } else {
        out.add(f);
      }
    }
    return changed ? new Schema(out) : declared;
  }

  /**
   * Integer partition columns whose values all fit 32 bits as {@code int}, as Spark's partition
   * inference types them (ours infers int64), so both readers give one schema.
   */
  private static StructType narrowPartitionIntegers(StructType schema, Dataset ds) {
    StructField[] fields = schema.fields().clone();
    for (int i = 0; i < fields.length; i++) {
      String name = fields[i].name();
      if (ds.partitionSchema().getFields().stream().anyMatch(f -> f.getName().equals(name))
          && fields[i].dataType() == DataTypes.LongType && ds.files().stream().allMatch(f -> fitsInt(f.partitionValues().get(name)))) {
        fields[i] = new StructField(name, DataTypes.IntegerType, true, fields[i].metadata());
      }
    }
    return new StructType(fields);
  }

  private static boolean fitsInt(Object v) {
    return v == null || (v instanceof Long l && l == l.intValue());
  }

  private static String sessionConf(String key) {
    return SparkSession.getActiveSession().isDefined()
        ? SparkSession.getActiveSession().get().conf().getOption(key).getOrElse(() -> null) : null;
  }

  /** {@link #discover}, a path that is not there reported as Spark's built-in source does ({@code PATH_NOT_FOUND}). */
  private static Dataset discoverAsSpark(List<String> locations, ReadConfig config, FileListing listing,
      Schema partitionTypes) {
    DiscoveryOptions discovery = partitionTypes == null ? config.discovery()
        : config.discovery().withPartitionSchema(partitionTypes);
    try {
      return listing.isDefault() ? discover(locations, config, discovery)
          : discoverListed(locations, config, listing, discovery);
    } catch (MissingFileException e) {
      String where = e.location() != null && e.location().file() != null ? e.location().file() : String.join(", ", locations);
      throw sparkError(QueryCompilationErrors.dataPathNotExistError(qualified(where)), e);
    }
  }

  /** A local path as Spark names it in its messages ({@code file:/abs/path}); others as they are. */
  private static String qualified(String location) {
    return org.parquetarrow.io.Storage.isLocal(location) && !location.startsWith("file:")
        ? "file:" + Path.of(location).toAbsolutePath() : location;
  }

  /**
   * Throws Spark's {@code AnalysisException} as Spark's Scala code does: a checked exception to
   * Java, undeclared (callers such as {@code inferSchema} cannot declare it).
   */
  private static RuntimeException sparkError(Throwable spark, Exception cause) {
    if (cause != null) {
      spark.addSuppressed(cause);
    }
    throw ParquetArrowTable.<RuntimeException>undeclared(spark);
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T undeclared(Throwable t) throws T {
    throw (T) t;
  }

  /**
   * Local paths as before; one object-store location ({@code s3://}, {@code s3a://}, {@code
   * https://}) through the JVM's shared {@link org.parquetarrow.io.Storage} for it: a file, or a
   * prefix listed as a directory with its {@code key=value} partitions.
   */
  private static Dataset discover(List<String> locations, ReadConfig config, DiscoveryOptions discovery) {
    if (locations.stream().allMatch(org.parquetarrow.io.Storage::isLocal)) {
      List<Path> paths = locations.stream().map(ParquetArrowTable::localPath).toList();
      return paths.size() == 1 && Files.isDirectory(paths.get(0))
          ? DatasetDiscovery.directory(paths.get(0), discovery)
          : DatasetDiscovery.paths(paths, discovery);
    }
    if (locations.size() > 1) {
      throw new IllegalArgumentException("paths " + locations + ": an object-store location is read alone;"
          + " load its common prefix (with hive partitions) instead of several paths");
    }
    String location = locations.get(0);
    return DatasetDiscovery.location(location, SharedStorages.forLocation(location, config.storage()), discovery);
  }

  /**
   * The files {@code listing} chooses below {@code locations}: local paths (as absolute paths, so
   * that the base path compares with them) or one object-store location.
   */
  private static Dataset discoverListed(List<String> locations, ReadConfig config, FileListing listing,
      DiscoveryOptions discovery) {
    boolean local = locations.stream().allMatch(org.parquetarrow.io.Storage::isLocal);
    if (!local && locations.size() > 1) {
      throw new IllegalArgumentException("paths " + locations + ": an object-store location is read alone;"
          + " load its common prefix (with hive partitions) instead of several paths");
    }
    List<String> where = local ? locations.stream().map(l -> localPath(l).toAbsolutePath().normalize().toString()).toList()
        : locations;
    String base = listing.basePath();
    if (base != null && org.parquetarrow.io.Storage.isLocal(base)) {
      base = localPath(base).toAbsolutePath().normalize().toString();
    }
    return new FileListing(listing.pathGlobFilter(), base)
        .discover(where, SharedStorages.forLocation(where.get(0), config.storage()), discovery);
  }

  /**
   * The load paths as given (local paths, {@code file:} URIs, object-store URIs): Spark passes one
   * as {@code path} and several as {@code paths}, a JSON array.
   */
  static List<String> locations(CaseInsensitiveStringMap options) {
    List<String> raw = new ArrayList<>();
    if (options.containsKey("paths")) {
      try {
        raw.addAll(new ObjectMapper().readValue(options.get("paths"), new TypeReference<List<String>>() {}));
      } catch (IOException e) {
        throw new IllegalArgumentException("option paths is not a JSON array of strings: " + options.get("paths"), e);
      }
    }
    if (options.containsKey("path")) {
      raw.add(options.get("path"));
    }
    if (raw.isEmpty()) {
      throw new IllegalArgumentException("no path given: use load(path) or option(\"path\", ...)");
    }
    return raw;
  }

  private static Path localPath(String s) {
    if (s.startsWith("file:")) {
      return Path.of(URI.create(s));
    }
    if (s.matches("^[a-zA-Z][a-zA-Z0-9+.-]*://.*")) {
      throw new IllegalArgumentException("path " + s + " is not a local file");
    }
    return Path.of(s);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public StructType schema() {
    return schema;
  }

  /** The files as discovered. */
  Dataset dataset() {
    return dataset;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new ParquetArrowScanBuilder(dataset, schema, config, null);
  }

  /** A scan in the schema the user gave the read, checked against the files'. */
  ScanBuilder newScanBuilder(UserSchema user) {
    return new ParquetArrowScanBuilder(dataset, user.schema(), config, user);
  }
}
