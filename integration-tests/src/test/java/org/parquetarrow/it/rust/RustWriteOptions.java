package org.parquetarrow.it.rust;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * arrow-rs writer properties for one file, named as parquet-wasm's enums name them. Per-column
 * settings reach top-level columns only: parquet-wasm turns the column name into a one-part
 * {@code ColumnPath}.
 *
 * <pre>{@code
 * RustWriteOptions o = RustWriteOptions.small().compression("ZSTD").writerVersion("V2").dictionary(false);
 * }</pre>
 */
record RustWriteOptions(Map<String, Object> json) {

  /**
   * Statistics and page index on, and small pages and row groups so that 300 rows span several of
   * each (arrow-rs checks the page size after every write batch of {@code writeBatchSize} rows).
   */
  static RustWriteOptions small() {
    return new RustWriteOptions(Map.of())
        .with("statistics", "Page")
        .with("maxRowGroupSize", 120)
        .with("dataPageSizeLimit", 200)
        .with("writeBatchSize", 10);
  }

  RustWriteOptions compression(String codec) {
    return with("compression", codec);
  }

  RustWriteOptions writerVersion(String v) {
    return with("writerVersion", v);
  }

  RustWriteOptions dictionary(boolean on) {
    return with("dictionary", on);
  }

  RustWriteOptions dictionaryPageSizeLimit(int bytes) {
    return with("dictionaryPageSizeLimit", bytes);
  }

  /** Every column's non-dictionary encoding. */
  RustWriteOptions encoding(String e) {
    return with("encoding", e);
  }

  /** {@code column} encoded with {@code e}, dictionary off so that {@code e} is the primary encoding. */
  @SuppressWarnings("unchecked")
  RustWriteOptions columnEncoding(String column, String e) {
    Map<String, Object> enc = new LinkedHashMap<>((Map<String, Object>) json.getOrDefault("columnEncoding", Map.of()));
    Map<String, Object> dict = new LinkedHashMap<>((Map<String, Object>) json.getOrDefault("columnDictionary", Map.of()));
    enc.put(column, e);
    dict.put(column, false);
    return with("columnEncoding", enc).with("columnDictionary", dict);
  }

  String codec() {
    return (String) json.getOrDefault("compression", "UNCOMPRESSED");
  }

  boolean dictionaryEnabled() {
    return (Boolean) json.getOrDefault("dictionary", true);
  }

  boolean v2() {
    return "V2".equals(json.get("writerVersion"));
  }

  private RustWriteOptions with(String key, Object value) {
    Map<String, Object> m = new LinkedHashMap<>(json);
    m.put(key, value);
    return new RustWriteOptions(m);
  }
}
