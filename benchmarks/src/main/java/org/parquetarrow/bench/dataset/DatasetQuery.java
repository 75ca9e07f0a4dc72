package org.parquetarrow.bench.dataset;

/**
 * The queries of the dataset scan benchmark, each as SQL {@code WHERE} text (run unchanged by
 * parquet-arrow's scanner and by DuckDB) and as the same filter for Arrow C++.
 */
public enum DatasetQuery {
  /**
   * About 0.05% of the rows: a 0.1% range of the sorted key (10,000 ids of 10,000,000, inside one
   * row group of one file) and about half of those by {@code qty}.
   */
  SELECTIVE("id between 4000000 and 4009999 and qty < 50",
      SubstraitFilter.and(
          SubstraitFilter.and(SubstraitFilter.compare("gte", "id", 4_000_000), SubstraitFilter.compare("lte", "id", 4_009_999)),
          SubstraitFilter.compare("lt", "qty", 50))),
  /** 99% of the rows: nothing can be pruned and every row is tested. */
  FULL("qty >= 1", SubstraitFilter.compare("gte", "qty", 1)),
  /**
   * 1% of the rows, scattered one by one over every row group: nothing can be pruned; the other
   * four columns are needed for one row in a hundred (late materialisation's case).
   */
  SPARSE("qty = 7", SubstraitFilter.compare("equal", "qty", 7)),
  /** 10% of the rows, scattered: runs of kept rows about one in eleven rows. */
  TENTH("qty < 10", SubstraitFilter.compare("lt", "qty", 10)),
  /** Half the rows, scattered: late materialisation would skip and read every other row (it must not). */
  HALF("qty < 50", SubstraitFilter.compare("lt", "qty", 50));

  private final String where;
  private final SubstraitFilter.Node substrait;

  DatasetQuery(String where, SubstraitFilter.Node substrait) {
    this.where = where;
    this.substrait = substrait;
  }

  public String where() {
    return where;
  }

  public SubstraitFilter.Node substrait() {
    return substrait;
  }
}
