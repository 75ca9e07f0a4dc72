package org.parquetarrow.flight;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.CallStatus;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The served datasets by name; a refresh swaps in a new discovery without disturbing running streams.
 *
 * <p>One dataset's failure stays that dataset's: a dataset whose first discovery fails is
 * <em>unavailable</em> (calls naming it are told why; listings leave it out) until a refresh
 * succeeds, and the others are served as usual.
 */
final class DatasetCatalog {
  private static final Logger LOG = LoggerFactory.getLogger(DatasetCatalog.class);

  /** A {@link Path} or a {@link ServedDataset.RemoteRoot} by name. */
  private final Map<String, Object> roots;
  private final DiscoveryOptions options;
  private final ParquetFlightServer.SymlinkPolicy symlinks;
  private final Map<String, ServedDataset> current = new LinkedHashMap<>();
  /** Why each dataset without a discovery yet is unavailable, by name. */
  private final Map<String, String> unavailable = new LinkedHashMap<>();
  /** One lock per dataset: refreshes and upload publishing of a dataset happen one at a time. */
  private final Map<String, Object> locks = new LinkedHashMap<>();

  DatasetCatalog(Map<String, ?> roots, DiscoveryOptions options, ParquetFlightServer.SymlinkPolicy symlinks) {
    this.roots = new LinkedHashMap<>(roots);
    this.options = options;
    this.symlinks = symlinks;
    for (String name : this.roots.keySet()) {
      locks.put(name, new Object());
      try {
        refresh(name);
      } catch (RuntimeException e) {
        String why = FlightErrors.firstLine(e.getMessage());
        synchronized (this) {
          unavailable.put(name, why);
        }
        LOG.warn("dataset {} is unavailable: {}", name, why);
      }
    }
  }

  /**
   * The current discovery of {@code name}.
   *
   * @throws org.apache.arrow.flight.FlightRuntimeException {@code NOT_FOUND} for a name not served,
   *     {@code INTERNAL} naming why for a dataset that is unavailable
   */
  synchronized ServedDataset get(String name) {
    ServedDataset d = current.get(name);
    if (d == null) {
      String why = unavailable.get(name);
      if (why != null) {
        throw CallStatus.INTERNAL.withDescription("dataset '" + name + "' is unavailable until it is repaired and"
            + " refreshed: " + why).toRuntimeException();
      }
      throw CallStatus.NOT_FOUND.withDescription("no dataset named '" + name + "' (served: " + roots.keySet() + ")")
          .toRuntimeException();
    }
    return d;
  }

  /** Whether this server serves {@code name} (available or not). */
  synchronized boolean contains(String name) {
    return roots.containsKey(name);
  }

  /** The datasets available now (an unavailable one is left out). */
  synchronized List<ServedDataset> all() {
    return new ArrayList<>(current.values());
  }

  /** Every served dataset's name, available or not. */
  synchronized List<String> names() {
    return new ArrayList<>(roots.keySet());
  }

  /** The local roots by dataset name (remote datasets left out). */
  synchronized Map<String, Path> localRoots() {
    Map<String, Path> out = new LinkedHashMap<>();
    roots.forEach((name, root) -> {
      if (root instanceof Path p) {
        out.put(name, p);
      }
    });
    return out;
  }

  /** The lock under which {@code name} is refreshed and uploads to it are published. */
  Object lock(String name) {
    Object lock = locks.get(name);
    if (lock == null) {
      get(name);
    }
    return lock;
  }

  /** Rediscovers {@code name}'s files; the old discovery stays in place if this one fails. */
  ServedDataset refresh(String name) {
    Object root;
    synchronized (this) {
      root = roots.get(name);
    }
    if (root == null) {
      get(name);
    }
    synchronized (lock(name)) {
      ServedDataset fresh = root instanceof ServedDataset.RemoteRoot remote
          ? ServedDataset.discover(name, remote, options)
          : ServedDataset.discover(name, (Path) root, options, symlinks);
      synchronized (this) {
        current.put(name, fresh);
        unavailable.remove(name);
      }
      return fresh;
    }
  }
}
