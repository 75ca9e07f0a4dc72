package org.parquetarrow.spark;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.parquetarrow.dataset.FooterCache;
import org.parquetarrow.io.Storage;

/**
 * One {@link Storage} per scheme and settings in this JVM, and one cache of footers ({@link
 * #FOOTERS}), shared by the driver's discovery and every task of an executor, as Hadoop caches its
 * file systems: an S3 client holds a connection pool and credentials, which a task per file should
 * not build again. Closed when the JVM ends.
 */
final class SharedStorages {
  private static final Map<Key, Storage> OPEN = new ConcurrentHashMap<>();

  /**
   * Parsed footers shared by the driver's discoveries (one per query planned) and the tasks of this
   * JVM (each opens the files the driver planned): a file whose location, length and version (its
   * modification time, an ETag) are unchanged is not read again. At most 1024 files, the least
   * recently used leaving first.
   */
  static final FooterCache FOOTERS = new FooterCache(1024);

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.values().forEach(Storage::close),
        "parquet-arrow-storage-close"));
  }

  private SharedStorages() {}

  /** The storage serving {@code location}'s scheme with {@code settings}. */
  static Storage forLocation(String location, StorageSettings settings) {
    if (Storage.isLocal(location)) {
      return Storage.forLocation(location, settings.toOptions());
    }
    String scheme = location.substring(0, location.indexOf("://")).toLowerCase(java.util.Locale.ROOT);
    // s3 and s3a share one client; http and https one connection pool
    String family = scheme.startsWith("s3") ? "s3" : scheme.startsWith("http") ? "http" : scheme;
    return OPEN.computeIfAbsent(new Key(family, settings), k -> Storage.forLocation(location, settings.toOptions()));
  }

  private record Key(String family, StorageSettings settings) {}
}
