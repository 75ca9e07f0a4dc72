package org.parquetarrow.dataset.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.Expressions;
import org.parquetarrow.dataset.testing.CorpusPruning;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * For corpus files with statistics, page indexes and bloom filters: a battery of filters on every
 * column, with literals taken from the file's own golden values (smallest, largest, middle, and
 * values just outside), must never prune a row group or page that holds a matching row. The
 * counts prove pruning also happens.
 */
class CorpusSoundnessTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "data/alltypes_tiny_pages.parquet",
        "data/data_index_bloom_encoding_stats.parquet",
        "data/data_index_bloom_encoding_with_length.parquet",
        "data/binary_truncated_min_max.parquet",
        "data/floating_orders_nan_count.parquet",
        "data/nan_in_stats.parquet",
        "data/int32_with_null_pages.parquet",
        "data/sort_columns.parquet",
        "data/alltypes_plain.parquet",
        "data/datapage_v2.snappy.parquet",
      })
  void noMatchingRowIsPruned(String file) {
    CorpusPruning c = new CorpusPruning(TestData.parquetTesting().resolve(file), allocator.allocator());
    int filters = 0;
    long skipped = 0;
    for (String name : c.evaluableColumns()) {
      ColumnRef ref = new ColumnRef(Arrays.asList(name.split("\\.")));
      ArrowType type = ExpressionBinder.resolve(ref, c.mapping.arrowSchema()).getType();
      List<Object> literals = literals(c.column(name), type);
      for (Expression f : filters(ref, literals, type)) {
        CorpusPruning.Outcome o = c.prune(f, PruningOptions.ALL);
        filters++;
        skipped += o.metrics().rowGroupsPrunedByStatistics() + o.metrics().rowGroupsPrunedByBloomFilter()
            + o.metrics().rowGroupsPrunedByPageIndex() + o.metrics().pagesSkipped();
      }
    }
    assertTrue(filters > 0, "no filter could be made for " + file);
    if (file.contains("alltypes_plain")) {
      // Impala 1.3 wrote no statistics and no page index: nothing may be pruned.
      assertEquals(0, skipped, file);
    } else if (!file.contains("nan_in_stats")) {
      assertTrue(skipped > 0, "nothing was ever pruned in " + file);
    }
  }

  /** Filters over one column with the given literals (already in the column's Java form). */
  static List<Expression> filters(ColumnRef ref, List<Object> literals, ArrowType type) {
    List<Expression> out = new ArrayList<>();
    out.add(ref.isNull());
    out.add(ref.isNotNull());
    for (Object v : literals) {
      for (CompareOp op : CompareOp.values()) {
        out.add(ref.compare(op, v));
        out.add(ref.compare(op, v).not());
      }
    }
    for (int i = 0; i + 1 < literals.size(); i++) {
      out.add(ref.in(literals.get(i), literals.get(i + 1)));
      out.add(ref.between(literals.get(i), literals.get(i + 1)));
      out.add(ref.between(literals.get(i), literals.get(i + 1)).not());
      out.add(Expressions.or(ref.eq(literals.get(i)), ref.isNull()));
    }
    if (type instanceof ArrowType.Utf8) {
      for (Object v : literals) {
        String s = (String) v;
        for (int len = 0; len <= Math.min(3, s.length()); len++) {
          String prefix = s.substring(0, s.offsetByCodePoints(0, Math.min(len, s.codePointCount(0, s.length()))));
          if (prefix.indexOf('%') < 0 && prefix.indexOf('_') < 0) {
            out.add(ref.startsWith(prefix));
            out.add(ref.startsWith(prefix).not());
          }
        }
      }
    }
    return out;
  }

  /** Smallest, largest, middle golden values and neighbours outside, as Java literal values. */
  static List<Object> literals(List<Object> values, ArrowType type) {
    List<Object> distinct = new ArrayList<>(values.stream().filter(Objects::nonNull)
        .filter(v -> !(v instanceof Double d && d.isNaN())).distinct().toList());
    if (distinct.isEmpty()) {
      return List.of();
    }
    distinct.sort(CorpusSoundnessTest::compareValues);
    List<Object> picks = new ArrayList<>();
    picks.add(distinct.get(0));
    picks.add(distinct.get(distinct.size() / 2));
    picks.add(distinct.get(distinct.size() - 1));
    List<Object> out = new ArrayList<>();
    for (Object v : new TreeSet<>(CorpusSoundnessTest::compareValues) {{ addAll(picks); }}) {
      Object lit = literal(v, type);
      if (lit != null) {
        out.add(lit);
      }
    }
    Object below = neighbour(distinct.get(0), -1, type);
    Object above = neighbour(distinct.get(distinct.size() - 1), 1, type);
    if (below != null) {
      out.add(0, below);
    }
    if (above != null) {
      out.add(above);
    }
    return out;
  }

  private static int compareValues(Object a, Object b) {
    if (a instanceof byte[] x) {
      return Arrays.compareUnsigned(x, (byte[]) b);
    }
    @SuppressWarnings("unchecked")
    Comparable<Object> c = (Comparable<Object>) a;
    return c.compareTo(b);
  }

  private static Object neighbour(Object v, int direction, ArrowType type) {
    if (v instanceof Long l) {
      return literal(l + direction, type);
    }
    if (v instanceof Double d) {
      return direction < 0 ? d - 1 : d + 1;
    }
    if (v instanceof BigDecimal d) {
      return d.add(BigDecimal.valueOf(direction));
    }
    if (v instanceof byte[] b && direction > 0 && type instanceof ArrowType.Utf8) {
      String s = utf8(b);
      return s == null ? null : s + "~";
    }
    return null;
  }

  private static Object literal(Object v, ArrowType type) {
    if (type instanceof ArrowType.Date && v instanceof Long days) {
      return LocalDate.ofEpochDay(days);
    }
    if (type instanceof ArrowType.Timestamp ts && v instanceof Long t) {
      long perSecond = switch (ts.getUnit()) {
        case SECOND -> 1;
        case MILLISECOND -> 1000;
        case MICROSECOND -> 1_000_000;
        case NANOSECOND -> 1_000_000_000;
      };
      return LocalDateTime.ofEpochSecond(Math.floorDiv(t, perSecond),
          (int) (Math.floorMod(t, perSecond) * (1_000_000_000 / perSecond)), ZoneOffset.UTC);
    }
    if (v instanceof byte[] b && type instanceof ArrowType.Utf8) {
      return utf8(b);
    }
    return v;
  }

  private static String utf8(byte[] b) {
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  @org.junit.jupiter.api.Test
  void literalsComeFromTheData() {
    assertFalse(literals(List.of(3L, 1L, 2L), new ArrowType.Int(32, true)).isEmpty());
  }
}
