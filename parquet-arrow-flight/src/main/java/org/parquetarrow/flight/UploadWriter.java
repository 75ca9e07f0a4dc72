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
 */
final class UploadWriter {
  private static final Logger LOG = LoggerFactory.getLogger(UploadWriter.class);

  /** Names of staging files: hidden, so discovery ignores them (see also stale-staging cleanup). */
  static final String STAGING_PREFIX = ".upload-";

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
    Path staged = first.root().resolve(STAGING_PREFIX + id + ".parquet");
    Path target = first.root().resolve("part-" + id + ".parquet");
    long rows = write(stream, schema, staged, watchdog);
    try {
      synchronized (catalog.lock(first.name())) {
        // the discovery now, which holds every upload published while this one was sent
        ServedDataset served = catalog.get(first.name());
        checkFits(served, staged);
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
    long rows = 0;
    try {
      while (true) {
        watchdog.waiting();
        boolean more = stream.next();
        watchdog.working();
        if (!more) {
          break;
        }
        writer.write(stream.getRoot());
        rows += stream.getRoot().getRowCount();
      }
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

  /** Discovers the dataset's files with the staged one, so a file that would break the dataset is refused. */
  private static void checkFits(ServedDataset served, Path staged) {
    if (served.dataset() == null) {
      return;
    }
    List<Path> paths = new ArrayList<>();
    for (DatasetFile f : served.dataset().files()) {
      paths.add(f.path());
    }
    paths.add(staged);
    try {
      DatasetDiscovery.paths(paths, served.options().withPartitionBaseDir(served.root()));
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
