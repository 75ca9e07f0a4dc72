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

  private final DatasetCatalog catalog;
  private final WriterProperties properties;

  UploadWriter(DatasetCatalog catalog, WriterProperties properties) {
    this.catalog = catalog;
    this.properties = properties;
  }

  /** Writes {@code stream} into the dataset its descriptor names and returns the new file's path. */
  Path accept(FlightStream stream) {
    FlightQuery query = FlightQuery.fromDescriptor(stream.getDescriptor());
    ServedDataset served = catalog.get(query.dataset());
    if (!served.isDirectory()) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("dataset '" + served.name() + "' is the single file "
          + served.rootName() + "; uploads need a local directory").toRuntimeException();
    }
    String id = UUID.randomUUID().toString();
    Path staged = served.root().resolve(".upload-" + id + ".parquet");
    Path target = served.root().resolve("part-" + id + ".parquet");
    long rows = write(stream, staged);
    try {
      checkFits(served, staged);
      Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      deleteQuietly(staged, e);
      if (e instanceof IOException io) {
        throw CallStatus.INTERNAL.withDescription("cannot publish the upload: " + io.getMessage()).withCause(io)
            .toRuntimeException();
      }
      throw (RuntimeException) e;
    }
    catalog.refresh(served.name());
    LOG.info("dataset {}: stored an upload of {} rows as {}", served.name(), rows, target);
    return target;
  }

  private long write(FlightStream stream, Path staged) {
    Schema schema = stream.getSchema();
    ParquetFileWriter writer;
    try {
      writer = ParquetFileWriter.open(LocalOutputFile.of(staged), schema, properties);
    } catch (UnsupportedFeatureException | IllegalArgumentException e) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("the writer rejects the upload's schema: " + e.getMessage())
          .withCause(e).toRuntimeException();
    }
    long rows = 0;
    try {
      while (stream.next()) {
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
    } catch (ParquetException e) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("the upload does not fit dataset '" + served.name() + "': "
          + e.getMessage()).withCause(e).toRuntimeException();
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
