package org.parquetarrow.spark;

import java.io.Serializable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DecimalType;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.TimeUnit;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.schema.PrimitiveNode;
import org.parquetarrow.spark.AggregateTranslator.Agg;
import org.parquetarrow.spark.AggregateTranslator.GroupKey;
import org.parquetarrow.spark.AggregateTranslator.Spec;
import org.parquetarrow.stats.ColumnChunkStatistics;
import org.parquetarrow.stats.MinMaxStatus;

/**
 * Answers a pushed aggregation from the files' footers alone (row-group row counts, null counts
 * and min/max statistics), without reading a page, when every number it needs is exact there:
 * {@code COUNT(*)}, {@code COUNT(col)}, {@code MIN(col)}, {@code MAX(col)} of top-level
 * non-repeated columns, grouped by partition columns only, with no filter on data columns (a
 * partition filter has already left out whole files, exactly, see {@link ParquetArrowScanBuilder}).
 *
 * <p>{@code MIN}/{@code MAX} are taken only for types whose statistics are the values Spark
 * compares: booleans, signed integers, dates, microsecond timestamps, decimals (at the column's
 * own scale; on {@code FIXED_LEN_BYTE_ARRAY} only full-width, non-deprecated bounds, since a
 * truncated bound is shorter). Refused, and so scanned: strings and binary decimals (writers
 * truncate them and parquet-java writes no {@code is_min_value_exact}), {@code INT96}, unsigned
 * integers, millisecond and nanosecond timestamps, floating point, any chunk whose statistics are
 * missing, untrusted ({@link ColumnChunkStatistics#minMaxStatus()}) or flagged inexact, unless its
 * null count shows it all nulls. {@code COUNT(col)} needs each chunk's null count (a required
 * column has none).
 *
 * <p>What the footers cannot answer is scanned, not the whole query: a row group with a chunk
 * refused, or every row group of a file whose column type is refused, is left to the tasks
 * ({@link Outcome#rest()}), which aggregate it as any pushed aggregate; Spark merges their partial
 * rows with the footers' as it merges any two tasks'. Only when no row group at all is answered
 * does the scan read everything, as without footers.
 */
final class FooterAggregates {
  private FooterAggregates() {}

  /** A file's footer as the decision needs it. */
  record FileFooter(String location, Map<String, Object> partitionValues, FileMetaData metadata, ParquetSchema schema) {}

  /**
   * The partial rows (group key values, then one value per aggregate: a {@link Long} count, or a
   * {@link BigInteger} min/max, unscaled for decimals, 0/1 for booleans, or {@code null}) and the
   * row groups they were computed from.
   */
  record Answer(List<Object[]> rows, long rowGroups) implements Serializable {}

  /**
   * The row groups of a file the footers cannot answer for ({@code rowGroups} by index), to be
   * scanned and aggregated by the tasks, and why.
   */
  record Unanswered(String location, java.util.BitSet rowGroups, String why) {}

  /**
   * Either an answer, with the row groups left to scan ({@code rest}, empty when the footers
   * answer for every one), or why the footers cannot give one (then every row group is scanned).
   */
  record Outcome(Answer answer, String refusal, List<Unanswered> rest) {
    static Outcome refused(String why) {
      return new Outcome(null, why, List.of());
    }

    /** Whether the footers answer for every row group. */
    boolean complete() {
      return answer != null && rest.isEmpty();
    }
  }

  /**
   * @param spec the pushed aggregation
   * @param dataFilter whether a filter on data columns was pushed (then the footers cannot answer)
   * @param files the files the scan reads, after partition pruning
   */
  static Outcome answer(Spec spec, boolean dataFilter, List<FileFooter> files) {
    if (dataFilter) {
      return Outcome.refused("a filter on data columns");
    }
    for (GroupKey k : spec.keys()) {
      if (!k.partition()) {
        return Outcome.refused("grouped by data column " + k.name());
      }
    }
    for (Agg a : spec.aggs()) {
      switch (a.fn()) {
        case COUNT_STAR -> { }
        case COUNT, MIN, MAX -> {
          if (!(a.arg() instanceof AggValue.Column)) {
            return Outcome.refused(a.fn() + " of an expression");
          }
        }
        default -> {
          return Outcome.refused(a.fn() + " is not in the footers");
        }
      }
    }
    Map<List<Object>, Acc> groups = new LinkedHashMap<>();
    if (spec.keys().isEmpty()) {
      groups.put(List.of(), new Acc(spec.aggs())); // a global aggregate has its row even over no rows
    }
    long rowGroups = 0;
    List<Unanswered> rest = new ArrayList<>();
    for (FileFooter f : files) {
      if (f.metadata().rowGroups().stream().allMatch(g -> g.numRows() == 0)) {
        continue; // no rows: no group, as Spark's own aggregation sees none
      }
      List<Object> key = new ArrayList<>(spec.keys().size());
      for (GroupKey k : spec.keys()) {
        key.add(f.partitionValues().get(k.name()));
      }
      ColumnDescriptor[] columns = new ColumnDescriptor[spec.aggs().size()];
      String fileWhy = null;
      for (int a = 0; a < columns.length && fileWhy == null; a++) {
        Agg agg = spec.aggs().get(a);
        if (agg.arg() instanceof AggValue.Column c) {
          fileWhy = column(f, c, agg, columns, a);
        }
      }
      int n = f.metadata().rowGroups().size();
      if (fileWhy != null) {
        java.util.BitSet all = new java.util.BitSet(n);
        all.set(0, n);
        rest.add(new Unanswered(f.location(), all, fileWhy));
        continue;
      }
      java.util.BitSet scan = new java.util.BitSet(n);
      String groupWhy = null;
      Object[] part = new Object[columns.length];
      for (int g = 0; g < n; g++) {
        RowGroup group = f.metadata().rowGroups().get(g);
        // every aggregate's share of the row group first: a row group is answered whole or scanned whole
        String why = null;
        for (int a = 0; a < columns.length && why == null; a++) {
          why = part(part, a, spec.aggs().get(a), f, g, group, columns[a]);
        }
        if (why != null) {
          scan.set(g);
          groupWhy = groupWhy != null ? groupWhy : why + " in row group " + g + " of " + f.location();
          continue;
        }
        rowGroups++;
        Acc acc = groups.computeIfAbsent(key, k -> new Acc(spec.aggs()));
        for (int a = 0; a < columns.length; a++) {
          acc.merge(a, spec.aggs().get(a), part[a]);
        }
      }
      if (!scan.isEmpty()) {
        rest.add(new Unanswered(f.location(), scan, groupWhy));
      }
    }
    if (rowGroups == 0 && !rest.isEmpty()) {
      return Outcome.refused(rest.get(0).why());
    }
    List<Object[]> rows = new ArrayList<>(groups.size());
    for (Map.Entry<List<Object>, Acc> e : groups.entrySet()) {
      Object[] row = new Object[spec.keys().size() + spec.aggs().size()];
      for (int k = 0; k < spec.keys().size(); k++) {
        row[k] = e.getKey().get(k);
      }
      for (int a = 0; a < spec.aggs().size(); a++) {
        row[spec.keys().size() + a] = e.getValue().values[a];
      }
      rows.add(row);
    }
    return new Outcome(new Answer(rows, rowGroups), null, List.copyOf(rest));
  }

  /** Finds {@code c} in the file as a top-level non-repeated leaf of a type the function may use; null when it is. */
  private static String column(FileFooter f, AggValue.Column c, Agg agg, ColumnDescriptor[] out, int a) {
    ColumnDescriptor d = f.schema().findColumn(List.of(c.sql)).orElse(null);
    if (d == null || d.maxRepetitionLevel() > 0) {
      return "column " + c.sql + " is not a top-level leaf in " + f.location();
    }
    out[a] = d;
    if (agg.fn() == AggregateTranslator.Fn.COUNT) {
      return null; // only null counts are needed, exact for every type
    }
    String why = minMaxType(d.node(), agg.outType());
    return why == null ? null : agg.fn() + "(" + c.sql + "): " + why + " in " + f.location();
  }

  /** Why min/max statistics of {@code leaf} are not Spark's min/max of {@code sparkType}, or null. */
  static String minMaxType(PrimitiveNode leaf, org.apache.spark.sql.types.DataType sparkType) {
    LogicalType lt = leaf.effectiveLogicalType();
    PhysicalType p = leaf.physicalType();
    if (lt instanceof LogicalType.DecimalType dec) {
      if (!(sparkType instanceof DecimalType st) || st.scale() != dec.scale()) {
        return "a decimal read at another scale";
      }
      if (p == PhysicalType.INT32 || p == PhysicalType.INT64
          || p == PhysicalType.FIXED_LEN_BYTE_ARRAY && leaf.typeLength() != null && leaf.typeLength() <= 16) {
        return null;
      }
      return "a " + p + " decimal (its bounds may be truncated)";
    }
    return switch (p) {
      case BOOLEAN -> lt == null ? null : "an annotated boolean";
      case INT32, INT64 -> {
        if (lt == null || lt instanceof LogicalType.IntType i && i.isSigned()
            || lt instanceof LogicalType.DateType && p == PhysicalType.INT32) {
          yield null;
        }
        if (lt instanceof LogicalType.IntType) {
          yield "an unsigned integer";
        }
        if (lt instanceof LogicalType.TimestampType ts) {
          yield ts.unit() == TimeUnit.MICROS && p == PhysicalType.INT64 ? null : "a " + ts.unit() + " timestamp";
        }
        yield "a " + lt.getClass().getSimpleName();
      }
      case INT96 -> "an INT96 timestamp";
      default -> "a " + p + " column";
    };
  }

  /**
   * Aggregate {@code a}'s share of row group {@code g} into {@code out[a]}: a {@link Long} count, a
   * {@link BigInteger} bound, or {@code null} (no bound: no rows, or all null); or why the footer
   * cannot give it.
   */
  private static String part(Object[] out, int a, Agg agg, FileFooter f, int g, RowGroup group, ColumnDescriptor d) {
    long rows = group.numRows();
    out[a] = null;
    switch (agg.fn()) {
      case COUNT_STAR -> {
        out[a] = rows;
        return null;
      }
      case COUNT -> {
        Long nulls = d.maxDefinitionLevel() == 0 ? Long.valueOf(0) : nulls(ColumnChunkStatistics.of(f.metadata(), f.schema(), g, d.ordinal()));
        if (nulls == null) {
          return "no null count of " + d.dottedPath();
        }
        out[a] = rows - nulls;
        return null;
      }
      default -> {
        if (rows == 0) {
          return null;
        }
        ColumnChunkStatistics s = ColumnChunkStatistics.of(f.metadata(), f.schema(), g, d.ordinal());
        Long nulls = d.maxDefinitionLevel() == 0 ? Long.valueOf(0) : nulls(s);
        if (nulls != null && nulls == rows) {
          return null; // all nulls: no bound, none needed
        }
        if (s.minMaxStatus() != MinMaxStatus.USABLE) {
          return "statistics of " + d.dottedPath() + " " + s.minMaxStatus();
        }
        if (!exact(s, group, d)) {
          return "inexact statistics of " + d.dottedPath();
        }
        byte[] bound = (agg.fn() == AggregateTranslator.Fn.MIN ? s.minBytes() : s.maxBytes()).orElseThrow();
        BigInteger v = decode(d.node(), bound, s.fromDeprecatedFields());
        if (v == null) {
          return "a truncated or malformed bound of " + d.dottedPath();
        }
        out[a] = v;
        return null;
      }
    }
  }

  /**
   * Whether the chunk's bounds are values of it. For numbers, unless flagged otherwise. A
   * fixed-length decimal's bound is trusted without the flag parquet-java never writes: a
   * truncated bound is shorter than the type, which {@link #decode} refuses.
   */
  private static boolean exact(ColumnChunkStatistics s, RowGroup group, ColumnDescriptor d) {
    if (d.physicalType() != PhysicalType.FIXED_LEN_BYTE_ARRAY) {
      return s.isMinExact() && s.isMaxExact();
    }
    org.parquetarrow.format.Statistics raw = group.columns().get(d.ordinal()).metaData().statistics();
    return !Boolean.FALSE.equals(raw.isMinValueExact()) && !Boolean.FALSE.equals(raw.isMaxValueExact());
  }

  /** The chunk's null count, or null when unknown (a required column has none: its callers give 0). */
  private static Long nulls(ColumnChunkStatistics s) {
    return s.nullCount().isPresent() ? s.nullCount().getAsLong() : null;
  }

  /** PLAIN bytes of a bound as the integer Spark compares (unscaled decimals, 0/1 booleans); null if malformed. */
  static BigInteger decode(PrimitiveNode leaf, byte[] b, boolean deprecated) {
    switch (leaf.physicalType()) {
      case BOOLEAN -> {
        return b.length == 1 ? BigInteger.valueOf(b[0] & 1) : null;
      }
      case INT32 -> {
        return b.length == 4 ? BigInteger.valueOf((b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | b[3] << 24)
            : null;
      }
      case INT64 -> {
        if (b.length != 8) {
          return null;
        }
        long v = 0;
        for (int i = 7; i >= 0; i--) {
          v = v << 8 | (b[i] & 0xff);
        }
        return BigInteger.valueOf(v);
      }
      case FIXED_LEN_BYTE_ARRAY -> {
        // the deprecated fields of old parquet-mr compared bytes as signed: not a decimal's order
        return deprecated || leaf.typeLength() == null || b.length != leaf.typeLength() ? null : new BigInteger(b);
      }
      default -> {
        return null;
      }
    }
  }

  /** One group's values so far. */
  private static final class Acc {
    final Object[] values;

    Acc(List<Agg> aggs) {
      values = new Object[aggs.size()];
      for (int a = 0; a < values.length; a++) {
        if (aggs.get(a).fn() == AggregateTranslator.Fn.COUNT || aggs.get(a).fn() == AggregateTranslator.Fn.COUNT_STAR) {
          values[a] = 0L; // a count over no rows is 0, where min/max are null
        }
      }
    }

    /** Adds a row group's share ({@link #part}) of aggregate {@code a}. */
    void merge(int a, Agg agg, Object part) {
      switch (agg.fn()) {
        case COUNT, COUNT_STAR -> values[a] = (Long) values[a] + (Long) part;
        default -> {
          if (part != null) {
            minMax(a, (BigInteger) part, agg.fn() == AggregateTranslator.Fn.MIN);
          }
        }
      }
    }

    void minMax(int a, BigInteger v, boolean min) {
      BigInteger now = (BigInteger) values[a];
      if (now == null || (min ? v.compareTo(now) < 0 : v.compareTo(now) > 0)) {
        values[a] = v;
      }
    }
  }
}
