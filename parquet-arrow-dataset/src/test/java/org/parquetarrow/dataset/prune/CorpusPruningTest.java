package org.parquetarrow.dataset.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.testing.CorpusPruning;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * Pruning on corpus files, with the expected row groups and pages worked out from the golden
 * rows: a page must be kept exactly when its golden rows could satisfy the filter by their
 * min/max (the files' integer statistics are exact).
 */
class CorpusPruningTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();

  private CorpusPruning corpus(String file) {
    return new CorpusPruning(TestData.parquetTesting().resolve(file), allocator.allocator());
  }

  /** Row ranges of the pages of leaf column {@code column} in row group 0, from its offset index. */
  private static List<long[]> pages(CorpusPruning c, int column) throws IOException {
    try (LocalInputFile in = LocalInputFile.open(c.path)) {
      OffsetIndex oi = OffsetIndexReader.read(in, c.metadata.rowGroups().get(0).columns().get(column));
      List<long[]> out = new ArrayList<>();
      List<PageLocation> locs = oi.pageLocations();
      long rows = c.metadata.rowGroups().get(0).numRows();
      for (int i = 0; i < locs.size(); i++) {
        out.add(new long[] {locs.get(i).firstRowIndex(), i + 1 < locs.size() ? locs.get(i + 1).firstRowIndex() : rows});
      }
      return out;
    }
  }

  /** The pages whose golden values satisfy {@code keep}, as a selection. */
  private static RowSelection expectedPages(List<long[]> pages, List<Object> values, Predicate<List<Object>> keep) {
    RowSelection.Builder b = RowSelection.builder();
    for (long[] p : pages) {
      if (keep.test(values.subList((int) p[0], (int) p[1]))) {
        b.add(p[0], p[1]);
      }
    }
    return b.build();
  }

  private static long min(List<Object> page) {
    return page.stream().filter(Objects::nonNull).mapToLong(v -> (Long) v).min().orElse(Long.MAX_VALUE);
  }

  private static long max(List<Object> page) {
    return page.stream().filter(Objects::nonNull).mapToLong(v -> (Long) v).max().orElse(Long.MIN_VALUE);
  }

  @Test
  void tinyPagesPointAndRangeLookupsSelectTheRightPages() throws IOException {
    CorpusPruning c = corpus("data/alltypes_tiny_pages.parquet");
    List<Object> ids = c.column("id");
    List<long[]> pages = pages(c, 0);
    assertTrue(pages.size() > 100, "tiny pages");

    CorpusPruning.Outcome point = c.prune("id = 4242");
    RowSelection expected = expectedPages(pages, ids, p -> min(p) <= 4242 && 4242 <= max(p));
    assertEquals(1, point.scans().size());
    assertEquals(expected, point.scans().get(0).rows());
    assertTrue(expected.rowCount() < 100, "a point lookup keeps a page or so, not " + expected.rowCount());
    assertEquals(pages.size(), point.metrics().pages());
    assertEquals(pages.size() - expected.rangeCount(), point.metrics().pagesSkipped(), "pages in one range each when ids ascend");

    CorpusPruning.Outcome range = c.prune("id between 1000 and 1999 or id >= 7000");
    RowSelection expectedRange = expectedPages(pages, ids, p -> (min(p) <= 1999 && max(p) >= 1000) || max(p) >= 7000);
    assertEquals(expectedRange, range.scans().get(0).rows());

    CorpusPruning.Outcome none = c.prune("id > 100000");
    assertEquals(List.of(), none.scans());
    assertEquals(1, none.metrics().rowGroupsPrunedByStatistics());
  }

  @Test
  void intersectionAcrossColumnsWithDifferentPageBoundaries() throws IOException {
    CorpusPruning c = corpus("data/alltypes_tiny_pages.parquet");
    // id is leaf 0, int_col leaf 4 (id, bool_col, tinyint_col, smallint_col, int_col, ...).
    List<long[]> idPages = pages(c, 0);
    List<long[]> intPages = pages(c, 4);
    RowSelection byId = expectedPages(idPages, c.column("id"), p -> max(p) >= 3000 && min(p) <= 3500);
    RowSelection byInt = expectedPages(intPages, c.column("int_col"), p -> min(p) <= 0 && 0 <= max(p));
    CorpusPruning.Outcome o = c.prune("id between 3000 and 3500 and int_col = 0");
    assertEquals(byId.intersect(byInt), o.scans().get(0).rows());
  }

  @Test
  void allNullPageOnlyForIsNull() throws IOException {
    CorpusPruning c = corpus("data/int32_with_null_pages.parquet");
    List<long[]> pages = pages(c, 0);
    List<Object> values = c.column("int32_field");
    RowSelection withNulls = expectedPages(pages, values, p -> p.contains(null));
    RowSelection withValues = expectedPages(pages, values, p -> p.stream().anyMatch(Objects::nonNull));
    assertEquals(withNulls, c.prune("int32_field is null").scans().get(0).rows());
    assertEquals(withValues, c.prune("int32_field is not null").scans().get(0).rows());
    assertTrue(withValues.rowCount() < c.rows, "the all-null page is skipped for is not null");
  }

  @Test
  void bloomFilterRulesOutAbsentValuesInsideTheStatisticsRange() {
    for (String file : List.of("data/data_index_bloom_encoding_stats.parquet", "data/data_index_bloom_encoding_with_length.parquet")) {
      CorpusPruning c = corpus(file);
      List<String> values = c.column("String").stream().filter(Objects::nonNull)
          .map(v -> new String((byte[]) v, StandardCharsets.UTF_8)).sorted().distinct().toList();
      String lo = values.get(0);
      String hi = values.get(values.size() - 1);
      String absent = lo + "\u0001";
      assertTrue(!values.contains(absent) && absent.compareTo(lo) > 0 && absent.compareTo(hi) < 0, "absent value inside [min, max]");
      String filter = "\"String\" = '" + absent.replace("'", "''") + "'";
      CorpusPruning.Outcome pruned = c.prune(filter);
      assertEquals(List.of(), pruned.scans(), file);
      assertEquals(1, pruned.metrics().rowGroupsPrunedByBloomFilter(), file);
      assertEquals(0, pruned.metrics().rowGroupsPrunedByStatistics(), file);
      assertTrue(pruned.metrics().bytesRead() > 32, "the bitset was read");

      CorpusPruning.Outcome noBloom = c.prune(ExpressionParser.parse(filter), PruningOptions.builder().bloomFilters(false).pageIndex(false).build());
      assertEquals(1, noBloom.scans().size(), "statistics alone cannot rule it out");

      String present = values.get(values.size() / 2);
      CorpusPruning.Outcome kept = c.prune("\"String\" in ('" + absent + "', '" + present.replace("'", "''") + "')");
      assertEquals(1, kept.scans().size(), file);
      CorpusPruning.Outcome bothAbsent = c.prune("\"String\" in ('" + absent + "', '" + lo + "\u0002')");
      assertEquals(List.of(), bothAbsent.scans(), file);
    }
  }

  @Test
  void legacyStatisticsOfOldParquetMr() {
    // parquet-mr 1.8.1 wrote only the deprecated signed min/max: usable for INT32 b; for the
    // string a (unsigned order) only because its min equals its max ('abc'), where order does
    // not matter (Arrow C++ HasCorrectStatistics). Unequal ones are covered in ColumnStatisticsTest.
    CorpusPruning c = corpus("data/datapage_v2.snappy.parquet");
    long maxB = c.column("b").stream().mapToLong(v -> (Long) v).max().orElseThrow();
    assertEquals(List.of(), c.prune("b > " + maxB).scans());
    assertEquals(1, c.prune("b = " + maxB).scans().size());
    List<String> a = c.column("a").stream().filter(Objects::nonNull).map(v -> new String((byte[]) v, StandardCharsets.UTF_8)).distinct().toList();
    assertEquals(List.of("abc"), a);
    assertEquals(List.of(), c.prune("a = 'abd'").scans());
    assertEquals(1, c.prune("a = 'abc'").scans().size());
  }

  @Test
  void dictionaryRulesOutValuesInsideTheStatisticsRange() {
    // string_col holds single digits, dictionary-encoded: "05" lies between "0" and "9" (so
    // statistics keep the row group) but is no dictionary entry.
    CorpusPruning c = corpus("data/alltypes_tiny_pages.parquet");
    List<String> values = c.column("string_col").stream().map(v -> new String((byte[]) v, StandardCharsets.UTF_8)).distinct().sorted().toList();
    assertEquals(List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"), values);
    PruningOptions noPageIndex = PruningOptions.builder().pageIndex(false).build();
    CorpusPruning.Outcome pruned = c.prune(ExpressionParser.parse("string_col in ('05', '77')"), noPageIndex);
    assertEquals(List.of(), pruned.scans());
    assertEquals(1, pruned.metrics().rowGroupsPrunedByDictionary());
    assertEquals(0, pruned.metrics().rowGroupsPrunedByStatistics());
    assertEquals(1, c.prune(ExpressionParser.parse("string_col in ('05', '77')"), noPageIndex.toBuilder().dictionaries(false).build()).scans().size());
    assertEquals(1, c.prune(ExpressionParser.parse("string_col in ('05', '7')"), noPageIndex).scans().size());
    assertEquals(List.of(), c.prune(ExpressionParser.parse("string_col like '1%' and string_col != '1'"), noPageIndex).scans());
    assertEquals(List.of(), c.prune(ExpressionParser.parse("not (string_col between '0' and '9')"), noPageIndex).scans());
  }

  @Test
  void nanAsMaximumIsNotTrusted() {
    CorpusPruning c = corpus("data/nan_in_stats.parquet");
    // Rows are 1.0 and NaN; the NaN row matches x > 1.5 in DuckDB's order (NaN above all).
    CorpusPruning.Outcome o = c.prune("x > 1.5");
    assertEquals(1, o.matchingRows().size());
    assertEquals(1, o.scans().size());
  }

  @Test
  void sortedRowGroupsByStatistics() {
    CorpusPruning c = corpus("data/sort_columns.parquet");
    long rows0 = c.metadata.rowGroups().get(0).numRows();
    List<Object> a = c.column("a");
    long min0 = min(a.subList(0, (int) rows0));
    long max0 = max(a.subList(0, (int) rows0));
    long min1 = min(a.subList((int) rows0, a.size()));
    long max1 = max(a.subList((int) rows0, a.size()));
    for (long v : new long[] {min0, max0, min1, max1}) {
      List<Integer> expected = new ArrayList<>();
      if (min0 <= v && v <= max0) {
        expected.add(0);
      }
      if (min1 <= v && v <= max1) {
        expected.add(1);
      }
      assertEquals(expected, c.prune("a = " + v).keptRowGroups(), "a = " + v);
    }
    assertEquals(Arrays.asList(), c.prune("a > " + Math.max(max0, max1)).keptRowGroups());
  }
}
