package org.parquetarrow.flight;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.CallStatus;
import org.parquetarrow.dataset.DiscoveryOptions;

/** The served datasets by name; a refresh swaps in a new discovery without disturbing running streams. */
final class DatasetCatalog {
  /** A {@link Path} or a {@link ServedDataset.RemoteRoot} by name. */
  private final Map<String, Object> roots;
  private final DiscoveryOptions options;
  private final Map<String, ServedDataset> current = new LinkedHashMap<>();

  DatasetCatalog(Map<String, ?> roots, DiscoveryOptions options) {
    this.roots = new LinkedHashMap<>(roots);
    this.options = options;
    for (String name : this.roots.keySet()) {
      refresh(name);
    }
  }

  /**
   * The current discovery of {@code name}.
   *
   * @throws org.apache.arrow.flight.FlightRuntimeException {@code NOT_FOUND} for a name not served
   */
  synchronized ServedDataset get(String name) {
    ServedDataset d = current.get(name);
    if (d == null) {
      throw CallStatus.NOT_FOUND.withDescription("no dataset named '" + name + "' (served: " + current.keySet() + ")")
          .toRuntimeException();
    }
    return d;
  }

  synchronized boolean contains(String name) {
    return current.containsKey(name);
  }

  synchronized List<ServedDataset> all() {
    return new ArrayList<>(current.values());
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
    ServedDataset fresh = root instanceof ServedDataset.RemoteRoot remote
        ? ServedDataset.discover(name, remote, options)
        : ServedDataset.discover(name, (Path) root, options);
    synchronized (this) {
      current.put(name, fresh);
    }
    return fresh;
  }

  List<ServedDataset> refreshAll() {
    List<ServedDataset> out = new ArrayList<>();
    for (String name : new ArrayList<>(roots.keySet())) {
      out.add(refresh(name));
    }
    return out;
  }
}
