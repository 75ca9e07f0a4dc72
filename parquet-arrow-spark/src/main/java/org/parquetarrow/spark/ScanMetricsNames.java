package org.parquetarrow.spark;

import java.util.List;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;

/**
 * Our scan's counters as Spark SQL metrics (summed over tasks, shown on the scan node of the SQL
 * plan). Spark instantiates each by its class name, hence one small class per counter.
 */
public final class ScanMetricsNames {
  private ScanMetricsNames() {}

  /** The {@code ScanMetrics.toMap()} keys reported, with their plan descriptions. */
  static final List<String[]> KEYS = List.of(
      new String[] {"row_groups", "row groups considered"},
      new String[] {"row_groups_read", "row groups read"},
      new String[] {"row_groups_pruned_by_statistics", "row groups pruned by statistics"},
      new String[] {"row_groups_pruned_by_dictionary", "row groups pruned by dictionary"},
      new String[] {"row_groups_pruned_by_bloom_filter", "row groups pruned by bloom filter"},
      new String[] {"row_groups_pruned_by_page_index", "row groups pruned by page index"},
      new String[] {"pages_skipped", "pages skipped by page index"},
      new String[] {"bytes_read", "bytes read by parquet-arrow"},
      new String[] {"rows_read", "rows decoded by parquet-arrow"},
      new String[] {"rows_out", "rows out of parquet-arrow"},
      new String[] {"row_groups_late_materialized", "row groups read filter columns first"},
      new String[] {"rows_materialized", "rows decoded in every column"},
      new String[] {"row_groups_answered_by_footer", "row groups aggregated from footer statistics"},
      new String[] {"values_answered_from_indices", "filter values answered from dictionary indices"});

  static CustomMetric[] all() {
    return new CustomMetric[] {new RowGroups(), new RowGroupsRead(), new PrunedByStatistics(), new PrunedByDictionary(),
        new PrunedByBloomFilter(), new PrunedByPageIndex(), new PagesSkipped(), new BytesRead(), new RowsRead(),
        new RowsOut(), new RowGroupsLateMaterialized(), new RowsMaterialized(), new RowGroupsAnsweredByFooter(),
        new ValuesAnsweredFromIndices()};
  }

  /** A sum metric named by the {@code KEYS} entry at {@code index}. */
  abstract static class Sum extends CustomSumMetric {
    private final int index;

    Sum(int index) {
      this.index = index;
    }

    @Override
    public String name() {
      return KEYS.get(index)[0];
    }

    @Override
    public String description() {
      return KEYS.get(index)[1];
    }
  }

  public static final class RowGroups extends Sum {
    public RowGroups() {
      super(0);
    }
  }

  public static final class RowGroupsRead extends Sum {
    public RowGroupsRead() {
      super(1);
    }
  }

  public static final class PrunedByStatistics extends Sum {
    public PrunedByStatistics() {
      super(2);
    }
  }

  public static final class PrunedByDictionary extends Sum {
    public PrunedByDictionary() {
      super(3);
    }
  }

  public static final class PrunedByBloomFilter extends Sum {
    public PrunedByBloomFilter() {
      super(4);
    }
  }

  public static final class PrunedByPageIndex extends Sum {
    public PrunedByPageIndex() {
      super(5);
    }
  }

  public static final class PagesSkipped extends Sum {
    public PagesSkipped() {
      super(6);
    }
  }

  public static final class BytesRead extends Sum {
    public BytesRead() {
      super(7);
    }
  }

  public static final class RowsRead extends Sum {
    public RowsRead() {
      super(8);
    }
  }

  public static final class RowsOut extends Sum {
    public RowsOut() {
      super(9);
    }
  }

  public static final class RowGroupsLateMaterialized extends Sum {
    public RowGroupsLateMaterialized() {
      super(10);
    }
  }

  public static final class RowsMaterialized extends Sum {
    public RowsMaterialized() {
      super(11);
    }
  }

  public static final class RowGroupsAnsweredByFooter extends Sum {
    public RowGroupsAnsweredByFooter() {
      super(12);
    }
  }

  public static final class ValuesAnsweredFromIndices extends Sum {
    public ValuesAnsweredFromIndices() {
      super(13);
    }
  }
}
