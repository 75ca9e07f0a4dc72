package org.parquetarrow.dataset.scan;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;

/**
 * The dataset a location string names, with the remote storage it is read through (closed with
 * this): a local file, a directory (hive partitions below it) or a glob whose fixed leading
 * directories are the root partitions count from ({@code data/year=*}{@code /*.parquet}: root
 * {@code data}); or a remote file, prefix or glob ({@code s3://bucket/events/}, {@code https://host/f.parquet}).
 */
final class OpenedDataset implements AutoCloseable {
  private final Dataset dataset;
  private final Storage storage;

  private OpenedDataset(Dataset dataset, Storage storage) {
    this.dataset = dataset;
    this.storage = storage;
  }

  Dataset dataset() {
    return dataset;
  }

  /**
   * @throws IllegalArgumentException if no storage serves the location's scheme, or a remote glob
   *     has no fixed bucket or host before it
   */
  static OpenedDataset open(String location, DiscoveryOptions discovery, StorageOptions storageOptions) {
    if (Storage.isLocal(location)) {
      return new OpenedDataset(local(location, discovery), null);
    }
    Storage storage = Storage.forLocation(location, storageOptions);
    try {
      return new OpenedDataset(remote(location, storage, discovery), storage);
    } catch (RuntimeException e) {
      storage.close();
      throw e;
    }
  }

  static OpenedDataset open(Path path, DiscoveryOptions discovery) {
    return new OpenedDataset(Files.isDirectory(path)
        ? DatasetDiscovery.directory(path, discovery) : DatasetDiscovery.file(path, discovery), null);
  }

  private static Dataset local(String location, DiscoveryOptions discovery) {
    if (!isGlob(location)) {
      return open(Path.of(location.startsWith("file:") ? URI.create(location).getPath() : location), discovery)
          .dataset();
    }
    String[] parts = location.split("/", -1);
    int fixed = 0;
    while (fixed < parts.length && !isGlob(parts[fixed])) {
      fixed++;
    }
    String rootText = String.join("/", Arrays.copyOf(parts, fixed));
    Path root = fixed == 0 ? Path.of(".") : Path.of(rootText.isEmpty() ? "/" : rootText);
    String pattern = String.join("/", Arrays.copyOfRange(parts, fixed, parts.length));
    return DatasetDiscovery.glob(root, pattern, discovery);
  }

  private static Dataset remote(String location, Storage storage, DiscoveryOptions discovery) {
    int schemeEnd = location.indexOf("://") + 3;
    int firstGlob = -1;
    for (int i = schemeEnd; i < location.length() && firstGlob < 0; i++) {
      if (isGlob(String.valueOf(location.charAt(i)))) {
        firstGlob = i;
      }
    }
    if (firstGlob < 0) {
      return DatasetDiscovery.location(location, storage, discovery);
    }
    int rootEnd = location.lastIndexOf('/', firstGlob);
    if (rootEnd < schemeEnd) {
      throw new IllegalArgumentException(location + ": a glob needs a fixed bucket or host before it");
    }
    return DatasetDiscovery.glob(location.substring(0, rootEnd + 1), location.substring(rootEnd + 1), storage, discovery);
  }

  private static boolean isGlob(String s) {
    return s.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }

  @Override
  public void close() {
    if (storage != null) {
      storage.close();
    }
  }
}
