package org.parquetarrow.dataset;

import java.util.LinkedHashMap;
import java.util.Map;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.metadata.ParquetFooter;

/**
 * Parsed footers of files found by discovery, kept across discoveries so that discovering the
 * same dataset again (a server answering many queries, a notebook re-running a cell) reads no
 * footer that has not changed: on an object store every footer is a request. Keyed by location,
 * length and version (ETag or modification time): a file rewritten since is read again. Holds at
 * most {@code maxFiles} footers, the least recently used leaving first. Thread-safe. Files with
 * an unknown version (an HTTP URL before it is opened) and encrypted datasets (see {@link
 * DiscoveryOptions.Builder#decryption}) are not cached.
 *
 * <pre>{@code
 * FooterCache cache = new FooterCache(10_000);
 * DiscoveryOptions o = DiscoveryOptions.builder().footerCache(cache).build();
 * Dataset first = DatasetDiscovery.location("s3://bucket/trips/", s3, o);   // lists, reads footers
 * Dataset again = DatasetDiscovery.location("s3://bucket/trips/", s3, o);   // lists only
 * }</pre>
 */
public final class FooterCache {
  private record Key(String location, long length, String version) {}

  private final int maxFiles;
  private final LinkedHashMap<Key, ParquetFooter> footers;
  private long hits;
  private long misses;

  /** @throws IllegalArgumentException if {@code maxFiles} is not positive */
  public FooterCache(int maxFiles) {
    if (maxFiles < 1) {
      throw new IllegalArgumentException("maxFiles must be positive, not " + maxFiles);
    }
    this.maxFiles = maxFiles;
    this.footers = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Key, ParquetFooter> eldest) {
        return size() > FooterCache.this.maxFiles;
      }
    };
  }

  /** Whether {@code entry} has what a key needs: a known length and version. */
  static boolean cacheable(StorageEntry entry) {
    return entry.size() >= 0 && entry.version() != null;
  }

  synchronized ParquetFooter get(StorageEntry entry) {
    ParquetFooter f = cacheable(entry) ? footers.get(key(entry)) : null;
    if (f == null) {
      misses++;
    } else {
      hits++;
    }
    return f;
  }

  synchronized void put(StorageEntry entry, ParquetFooter footer) {
    if (cacheable(entry)) {
      footers.put(key(entry), footer);
    }
  }

  private static Key key(StorageEntry e) {
    return new Key(e.location(), e.size(), e.version());
  }

  /** Footers held now. */
  public synchronized int size() {
    return footers.size();
  }

  /** Lookups answered from the cache. */
  public synchronized long hits() {
    return hits;
  }

  /** Lookups that had to read the footer. */
  public synchronized long misses() {
    return misses;
  }

  public synchronized void clear() {
    footers.clear();
  }
}
