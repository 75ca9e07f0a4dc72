package org.parquetarrow.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageEntry;

/**
 * What a task builds before it reads, kept in this JVM across tasks and queries: the one-file
 * {@link Dataset} of a planned file (its footer's schema mapping, partition schema and schema
 * unification: about a millisecond a task, which a point query's few-millisecond tasks felt) and
 * the parsed pushed filter. Both are immutable. A dataset is keyed by the file's location, length
 * and version (as the driver listed them: a rewritten file is another key) and the read's
 * settings; a file without a known length and version is discovered afresh every time, as {@link
 * SharedStorages#FOOTERS} does. At most {@value #MAX_DATASETS} datasets and {@value #MAX_FILTERS}
 * filters, the least recently used leaving first.
 */
final class TaskSetup {
  static final int MAX_DATASETS = 256;
  static final int MAX_FILTERS = 64;

  private record Key(String path, long fileSize, String version, ReadConfig config) {}

  private static final Map<Key, Dataset> DATASETS = lru(MAX_DATASETS);
  private static final Map<String, Expression> FILTERS = lru(MAX_FILTERS);

  private TaskSetup() {}

  /** The one-file dataset of {@code f} (the whole file; the caller narrows it to the slice's row groups). */
  static Dataset dataset(FileSlice f, ReadConfig config) {
    boolean cacheable = f.fileSize() >= 0 && f.version() != null;
    Key key = cacheable ? new Key(f.path(), f.fileSize(), f.version(), config) : null;
    if (cacheable) {
      synchronized (DATASETS) {
        Dataset ds = DATASETS.get(key);
        if (ds != null) {
          return ds;
        }
      }
    }
    Storage storage = SharedStorages.forLocation(f.path(), config.storage());
    Dataset ds = DatasetDiscovery.entries(List.of(new StorageEntry(f.path(), f.fileSize(), f.version())), null, storage,
        config.discovery());
    if (cacheable) {
      synchronized (DATASETS) {
        DATASETS.put(key, ds);
      }
    }
    return ds;
  }

  /** {@code sql} parsed (once per JVM while it stays among the recent filters). */
  static Expression filter(String sql) {
    synchronized (FILTERS) {
      Expression e = FILTERS.get(sql);
      if (e != null) {
        return e;
      }
    }
    Expression e = ExpressionParser.parse(sql);
    synchronized (FILTERS) {
      FILTERS.put(sql, e);
    }
    return e;
  }

  private static <K, V> Map<K, V> lru(int max) {
    return new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > max;
      }
    };
  }
}
