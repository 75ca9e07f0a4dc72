package org.parquetarrow.bench.peers;

import java.util.List;

/** The names the table gives parquet-arrow and its peers, in column order. */
final class Peers {
  static final String OURS = "parquet-arrow";
  static final String ARROW_CPP = "Arrow C++";
  static final String PARQUET_JAVA = "parquet-java";
  static final String DUCKDB = "DuckDB";

  /** Every peer, ours first. */
  static final List<String> ALL = List.of(OURS, ARROW_CPP, PARQUET_JAVA, DUCKDB);

  /** Rows per batch for every Arrow reader and exporter. */
  static final int BATCH_SIZE = 65_536;

  private Peers() {}
}
