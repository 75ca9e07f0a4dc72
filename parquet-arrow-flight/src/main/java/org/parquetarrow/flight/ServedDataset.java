package org.parquetarrow.flight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetException;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.io.Storage;

/**
 * One discovery of a served dataset: its root (a directory or a single file), the discovered
 * {@link Dataset} ({@code null} while the directory holds no Parquet file yet), and its files by
 * relative path. Immutable; a refresh builds a new one.
 *
 * <p>A file is a split of its own when every file has the dataset's own columns and types
 * ({@link #splittable()}): then scanning the file alone yields exactly the dataset's schema. A
 * dataset whose files differ is served as one split, scanned whole, so the dataset layer can
 * unify the files' types.
 */
final class ServedDataset {
  private final String name;
  /** The local root, or {@code null} for a dataset in remote storage. */
  private final Path root;
  /** The remote root ({@code s3://bucket/prefix/} or a file), or {@code null} for a local one. */
  private final RemoteRoot remote;
  private final DiscoveryOptions options;
  private final Dataset dataset;
  private final Map<String, DatasetFile> files;
  private final boolean splittable;
  private final Map<String, Dataset> singleFile = new ConcurrentHashMap<>();

  /**
   * A dataset root in remote storage (the caller of the server keeps the storage open).
   *
   * @param location {@code s3://bucket/prefix/}, or one file
   */
  record RemoteRoot(String location, Storage storage) {}

  private ServedDataset(String name, Path root, RemoteRoot remote, DiscoveryOptions options, Dataset dataset) {
    this.name = name;
    this.root = root;
    this.remote = remote;
    this.options = options;
    this.dataset = dataset;
    Map<String, DatasetFile> byPath = new LinkedHashMap<>();
    boolean same = true;
    if (dataset != null) {
      List<Field> fileFields = new ArrayList<>(dataset.schema().getFields());
      fileFields.removeAll(dataset.partitionSchema().getFields());
      for (DatasetFile f : dataset.files()) {
        byPath.put(relative(f), f);
        same &= f.mapping().arrowSchema().getFields().equals(fileFields);
      }
    }
    this.files = Collections.unmodifiableMap(byPath);
    this.splittable = same;
  }

  /** Discovers the Parquet files under {@code root} (a directory may be empty; a file may not). */
  static ServedDataset discover(String name, Path root, DiscoveryOptions options) {
    return discover(name, root, options, ParquetFlightServer.SymlinkPolicy.FOLLOW);
  }

  /**
   * Discovers the Parquet files under {@code root}, refusing (under {@link
   * ParquetFlightServer.SymlinkPolicy#STAY_INSIDE}) a file that a symbolic link leads out of a
   * directory root.
   *
   * @throws DatasetException naming the file (relative to the root) that leads out
   */
  static ServedDataset discover(String name, Path root, DiscoveryOptions options,
      ParquetFlightServer.SymlinkPolicy symlinks) {
    Path abs = root.toAbsolutePath().normalize();
    Dataset ds;
    if (Files.isDirectory(abs)) {
      ds = hasDataFiles(abs) ? DatasetDiscovery.directory(abs, options) : null;
    } else {
      ds = DatasetDiscovery.file(abs, options);
    }
    ServedDataset served = new ServedDataset(name, abs, null, options, ds);
    if (ds != null && symlinks == ParquetFlightServer.SymlinkPolicy.STAY_INSIDE && Files.isDirectory(abs)) {
      served.checkStaysInside();
    }
    return served;
  }

  /** Refuses a file whose real location (symbolic links resolved) is outside the root's. */
  private void checkStaysInside() {
    try {
      Path realRoot = root.toRealPath();
      for (DatasetFile f : dataset.files()) {
        if (!f.path().toRealPath().startsWith(realRoot)) {
          throw new DatasetException("file " + name + "/" + relative(f.path()) + " is a symbolic link leading out of"
              + " the dataset's directory; such links are followed only when the server allows it"
              + " (serve --follow-symlinks, SymlinkPolicy.FOLLOW)");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot resolve the files of dataset " + name + ": " + e.getMessage(), e);
    }
  }

  /** Discovers the Parquet files at {@code remote} (listed; it must hold one). */
  static ServedDataset discover(String name, RemoteRoot remote, DiscoveryOptions options) {
    Dataset ds = DatasetDiscovery.location(remote.location(), remote.storage(), options);
    return new ServedDataset(name, null, remote, options, ds);
  }

  private static boolean hasDataFiles(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.anyMatch(p -> Files.isRegularFile(p) && !hidden(dir.relativize(p)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
  }

  /** The names discovery skips: hidden, {@code _}-prefixed, checksum files. */
  private static boolean hidden(Path rel) {
    for (Path part : rel) {
      String s = part.toString();
      if (s.startsWith(".") || s.startsWith("_")) {
        return true;
      }
    }
    return rel.toString().endsWith(".crc");
  }

  String name() {
    return name;
  }

  /** The local root, or {@code null} for a remote dataset. */
  Path root() {
    return root;
  }

  /** The root's last component: what clients are shown instead of a server path. */
  String rootShownToClients() {
    if (root != null) {
      return root.getFileName() == null ? name : root.getFileName().toString();
    }
    String loc = remote.location().endsWith("/")
        ? remote.location().substring(0, remote.location().length() - 1) : remote.location();
    return loc.substring(loc.lastIndexOf('/') + 1);
  }

  /** Whether uploads can land here: the root is a local directory (remote datasets are read-only). */
  boolean isDirectory() {
    return root != null && Files.isDirectory(root);
  }

  /** The discovered dataset, or {@code null} for a directory without files. */
  Dataset dataset() {
    return dataset;
  }

  DiscoveryOptions options() {
    return options;
  }

  /** The schema served, empty for a dataset without files. */
  Schema schema() {
    return dataset == null ? new Schema(List.of()) : dataset.schema();
  }

  Map<String, DatasetFile> files() {
    return files;
  }

  boolean splittable() {
    return splittable;
  }

  /** A file's path (or key) relative to the root with {@code /} separators (the file name for a file root). */
  String relative(DatasetFile file) {
    if (root != null) {
      return relative(file.path());
    }
    String loc = file.location();
    String r = remote.location();
    if (loc.equals(r) || !loc.startsWith(r)) {
      return loc.substring(loc.lastIndexOf('/') + 1);
    }
    String rel = loc.substring(r.length());
    return rel.startsWith("/") ? rel.substring(1) : rel;
  }

  /** A local file's path relative to the root with {@code /} separators (the file name for a file root). */
  String relative(Path file) {
    if (file.equals(root)) {
      return file.getFileName().toString();
    }
    StringBuilder sb = new StringBuilder();
    for (Path part : root.relativize(file)) {
      if (sb.length() > 0) {
        sb.append('/');
      }
      sb.append(part);
    }
    return sb.toString();
  }

  /**
   * The dataset of one file, with the partition values and types it has in the whole dataset;
   * built once per discovery.
   */
  Dataset singleFile(DatasetFile file) {
    if (root == null) {
      // served only when splittable: every file has the dataset's columns, so the same schema
      return singleFile.computeIfAbsent(relative(file), k -> dataset.withFiles(List.of(file)));
    }
    return singleFile.computeIfAbsent(relative(file.path()), k -> {
      DiscoveryOptions o = options;
      if (isDirectory()) {
        o = o.toBuilder().partitionBaseDir(root).build();
      }
      if (!dataset.partitionSchema().getFields().isEmpty()) {
        o = o.toBuilder().partitionSchema(dataset.partitionSchema()).build();
      }
      return DatasetDiscovery.paths(List.of(file.path()), o);
    });
  }
}
