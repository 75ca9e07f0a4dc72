package org.parquetarrow.flight;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ParquetException;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DatasetException;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.write.DatasetWriteOptions;
import org.parquetarrow.dataset.write.DatasetWriter;
import org.parquetarrow.dataset.write.WrittenDatasetFile;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes an uploaded stream into a dataset's directory as a new Parquet file, atomically: the
 * batches go to a hidden staging file (which discovery ignores) that only exists once the writer
 * closed successfully; the staged file is then checked to unify with the dataset's files and
 * renamed into place. A stream cut off midway, a schema the writer rejects or a file that does not
 * fit the dataset leaves nothing behind.
 *
 * <p>A dataset with hive partitions whose partition columns the upload carries takes the upload
 * as a partitioned write ({@link DatasetWriter}): its rows are split by their partition values
 * into files of the partitions' directories ({@code year=2024/part-<id>-0.parquet}, the partition
 * columns left out of the files, new directories made for new values), staged in a hidden
 * directory, then moved into place and checked together; all of them are published, or none.
 */
final class UploadWriter {
  private static final Logger LOG = LoggerFactory.getLogger(UploadWriter.class);

  /** Names of staging files: hidden, so discovery ignores them (see also stale-staging cleanup). */
  static final String STAGING_PREFIX = ".upload-";

  /** Ends the name of the staging directory of a partitioned upload ({@code .upload-<uuid>.d}). */
  static final String STAGING_DIR_SUFFIX = ".d";

  private final DatasetCatalog catalog;
  private final WriterProperties properties;

  UploadWriter(DatasetCatalog catalog, WriterProperties properties) {
    this.catalog = catalog;
    this.properties = properties;
  }

  /**
   * Writes {@code stream} into the dataset its descriptor names and returns the new file's path.
   * The file is published only when the dataset, rediscovered with it, is served: if that fails,
   * the file is removed again and the upload fails, so an upload reported as failed never remains.
   * Publishing is serialised per dataset, so two uploads cannot both be checked against a dataset
   * that holds neither.
   */
  Path accept(FlightStream stream, UploadGate.Permit permit, IdleWatchdog watchdog) {
    watchdog.waiting();
    FlightQuery query = FlightQuery.fromDescriptor(stream.getDescriptor());
    Schema schema = stream.getSchema();
    watchdog.working();
    ServedDataset first = catalog.get(query.dataset());
    if (!first.isDirectory()) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("dataset '" + first.name() + "' is a single file; uploads"
          + " need a local directory").toRuntimeException();
    }
    long columns = leafColumns(schema.getFields());
    permit.reserve(properties.rowGroupBytes() + columns * UploadLimits.WRITER_BYTES_PER_COLUMN,
        "an upload of " + columns + " columns");
    String id = UUID.randomUUID().toString();
    List<String> partitions = partitionColumns(first, schema);
    if (!partitions.isEmpty()) {
      return acceptPartitioned(stream, schema, first, partitions, id, watchdog);
    }
    Path staged = first.root().resolve(STAGING_PREFIX + id + ".parquet");
    Path target = first.root().resolve("part-" + id + ".parquet");
    long rows = write(stream, schema, staged, watchdog);
    try {
      synchronized (catalog.lock(first.name())) {
        // the discovery now, which holds every upload published while this one was sent
        ServedDataset served = catalog.get(first.name());
        checkFits(served, List.of(staged));
        Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
        publish(served, target);
      }
    } catch (IOException | RuntimeException e) {
      deleteQuietly(staged, e);
      if (e instanceof IOException io) {
        throw CallStatus.INTERNAL.withDescription("cannot publish the upload: " + io.getMessage()).withCause(io)
            .toRuntimeException();
      }
      throw (RuntimeException) e;
    }
    LOG.info("dataset {}: stored an upload of {} rows as {}", first.name(), rows, target.getFileName());
    return target;
  }

  /**
   * The dataset's hive partition columns when the upload carries every one of them as a top-level
   * field (so its rows can be split by them); otherwise none, and the upload is one file.
   */
  private static List<String> partitionColumns(ServedDataset served, Schema schema) {
    if (served.dataset() == null || served.dataset().partitionSchema().getFields().isEmpty()) {
      return List.of();
    }
    List<String> names = new ArrayList<>();
    for (org.apache.arrow.vector.types.pojo.Field f : served.dataset().partitionSchema().getFields()) {
      if (schema.getFields().stream().noneMatch(u -> u.getName().equals(f.getName()))) {
        return List.of();
      }
      names.add(f.getName());
    }
    return names;
  }

  /**
   * Writes the upload split by {@code partitions} into the hidden staging directory {@code
   * .upload-<id>.d}, then, under the dataset's lock, moves each file to the same place below the
   * root, checks the dataset with them and serves it; any failure removes what this upload moved
   * or made (files, new directories, the staging directory).
   */
  private Path acceptPartitioned(FlightStream stream, Schema schema, ServedDataset first, List<String> partitions,
      String id, IdleWatchdog watchdog) {
    Path staging = first.root().resolve(STAGING_PREFIX + id + STAGING_DIR_SUFFIX);
    DatasetWriteOptions options = DatasetWriteOptions.builder()
        .partitionBy(partitions)
        .basenameTemplate("part-" + id + "-{i}.parquet")
        .writerProperties(properties)
        .build();
    List<WrittenDatasetFile> written;
    DatasetWriter writer;
    try {
      writer = DatasetWriter.open(staging, schema, stream.getDictionaryProvider(), options);
    } catch (IllegalArgumentException | UnsupportedFeatureException e) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("the upload cannot be partitioned by " + partitions + ": "
          + e.getMessage()).withCause(e).toRuntimeException();
    }
    long rows;
    try (writer) {
      rows = forEachBatch(stream, watchdog, writer::write);
      written = writer.finish();
    } catch (UnsupportedFeatureException | SchemaMismatchException | IllegalArgumentException e) {
      deleteTree(staging, e);
      throw CallStatus.INVALID_ARGUMENT.withDescription("the writer rejects the upload: " + e.getMessage())
          .withCause(e).toRuntimeException();
    } catch (RuntimeException | Error e) {
      deleteTree(staging, e);
      throw e;
    }
    List<Path> moved = new ArrayList<>();
    List<Path> madeDirs = new ArrayList<>();
    try {
      synchronized (catalog.lock(first.name())) {
        ServedDataset served = catalog.get(first.name());
        for (WrittenDatasetFile f : written) {
          Path target = served.root().resolve(staging.relativize(f.path()));
          makeDirectories(served.root(), target.getParent(), madeDirs);
          Files.move(f.path(), target, StandardCopyOption.ATOMIC_MOVE);
          moved.add(target);
        }
        checkFits(served, moved);
        publish(served, moved, madeDirs);
      }
    } catch (IOException | RuntimeException e) {
      undo(moved, madeDirs, e);
      deleteTree(staging, e);
      if (e instanceof IOException io) {
        throw CallStatus.INTERNAL.withDescription("cannot publish the upload: " + io.getMessage()).withCause(io)
            .toRuntimeException();
      }
      throw (RuntimeException) e;
    }
    deleteTree(staging, null);
    LOG.info("dataset {}: stored an upload of {} rows as {} file(s) partitioned by {}", first.name(), rows,
        moved.size(), partitions);
    return moved.isEmpty() ? first.root() : moved.get(0);
  }

  /** Creates {@code dir} and its missing parents below {@code root}, recording those it made, outermost first. */
  private static void makeDirectories(Path root, Path dir, List<Path> made) throws IOException {
    List<Path> missing = new ArrayList<>();
    for (Path d = dir; d != null && !d.equals(root) && !Files.isDirectory(d); d = d.getParent()) {
      missing.add(0, d);
    }
    for (Path d : missing) {
      Files.createDirectory(d);
      made.add(d);
    }
  }

  /** Removes the files an upload moved into place and the directories it made for them. */
  private static void undo(List<Path> moved, List<Path> madeDirs, Exception cause) {
    for (Path p : moved) {
      deleteQuietly(p, cause);
    }
    for (int i = madeDirs.size() - 1; i >= 0; i--) {
      deleteQuietly(madeDirs.get(i), cause);
    }
  }

  /** Removes a staging directory and whatever is left in it. */
  private static void deleteTree(Path dir, Throwable cause) {
    if (!Files.exists(dir)) {
      return;
    }
    try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      if (cause != null) {
        cause.addSuppressed(e);
      } else {
        LOG.warn("cannot remove the staging directory {} of an upload: {}", dir.getFileName(), e.toString());
      }
    }
  }

  /** Serves the dataset with {@code moved}, or removes them (and the directories made) when it cannot be rediscovered. */
  private void publish(ServedDataset served, List<Path> moved, List<Path> madeDirs) {
    try {
      catalog.refresh(served.name());
    } catch (RuntimeException e) {
      undo(moved, madeDirs, e);
      throw CallStatus.INTERNAL.withDescription("the upload was not stored: dataset '" + served.name()
          + "' cannot be rediscovered with it: " + FlightErrors.toFlight(e).getMessage()).withCause(e)
          .toRuntimeException();
    }
  }

  /** Serves the dataset with {@code target}, or removes {@code target} again when the dataset cannot be rediscovered. */
  private void publish(ServedDataset served, Path target) {
    try {
      catalog.refresh(served.name());
    } catch (RuntimeException e) {
      deleteQuietly(target, e);
      throw CallStatus.INTERNAL.withDescription("the upload was not stored: dataset '" + served.name()
          + "' cannot be rediscovered with it: " + FlightErrors.toFlight(e).getMessage()).withCause(e)
          .toRuntimeException();
    }
  }

  /**
   * Hands each batch of {@code stream} to {@code sink}, telling the watchdog when the upload waits
   * for the client and when it works; returns the rows seen.
   */
  private static long forEachBatch(FlightStream stream, IdleWatchdog watchdog,
      java.util.function.Consumer<org.apache.arrow.vector.VectorSchemaRoot> sink) {
    long rows = 0;
    while (true) {
      watchdog.waiting();
      boolean more = stream.next();
      watchdog.working();
      if (!more) {
        return rows;
      }
      sink.accept(stream.getRoot());
      rows += stream.getRoot().getRowCount();
    }
  }

  /** The leaves of {@code fields}: the columns the writer keeps state for. */
  private static long leafColumns(List<org.apache.arrow.vector.types.pojo.Field> fields) {
    long n = 0;
    for (org.apache.arrow.vector.types.pojo.Field f : fields) {
      n += f.getChildren().isEmpty() ? 1 : leafColumns(f.getChildren());
    }
    return n;
  }

  private long write(FlightStream stream, Schema schema, Path staged, IdleWatchdog watchdog) {
    ParquetFileWriter writer;
    try {
      writer = ParquetFileWriter.open(LocalOutputFile.of(staged), schema, properties);
    } catch (UnsupportedFeatureException | IllegalArgumentException e) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("the writer rejects the upload's schema: " + e.getMessage())
          .withCause(e).toRuntimeException();
    }
    long rows;
    try {
      rows = forEachBatch(stream, watchdog, writer::write);
      writer.close();
    } catch (UnsupportedFeatureException | SchemaMismatchException | IllegalArgumentException e) {
      writer.abort();
      throw CallStatus.INVALID_ARGUMENT.withDescription("the writer rejects the upload: " + e.getMessage())
          .withCause(e).toRuntimeException();
    } catch (RuntimeException | Error e) {
      writer.abort();
      throw e;
    }
    return rows;
  }

  /**
   * Discovers the dataset's files with the new ones (below the root, so partitioned uploads' values
   * come from their directories), so files that would break the dataset are refused.
   */
  private static void checkFits(ServedDataset served, List<Path> added) {
    if (served.dataset() == null) {
      return;
    }
    List<Path> paths = new ArrayList<>();
    for (DatasetFile f : served.dataset().files()) {
      paths.add(f.path());
    }
    paths.addAll(added);
    try {
      DatasetDiscovery.paths(paths, served.options().toBuilder().partitionBaseDir(served.root()).build());
    } catch (SchemaMismatchException | DatasetException e) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("the upload does not fit dataset '" + served.name() + "': "
          + e.getMessage()).withCause(e).toRuntimeException();
    } catch (ParquetException e) {
      // a file of the dataset itself failed (deleted, corrupted): not the upload's fault
      throw CallStatus.INTERNAL.withDescription("the upload was not stored: dataset '" + served.name()
          + "' cannot be read: " + e.getMessage()).withCause(e).toRuntimeException();
    }
  }

  private static void deleteQuietly(Path p, Exception cause) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }
}
