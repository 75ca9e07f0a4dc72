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
  private final Map<String, Path> roots;
  private final DiscoveryOptions options;
  private final Map<String, ServedDataset> current = new LinkedHashMap<>();

  DatasetCatalog(Map<String, Path> roots, DiscoveryOptions options) {
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
    Path root;
    synchronized (this) {
      root = roots.get(name);
    }
    if (root == null) {
      get(name);
    }
    ServedDataset fresh = ServedDataset.discover(name, root, options);
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
