package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The filter's per-entry results kept from one batch's dictionary to the next ({@link
 * DictionaryResults}): reused only for a dictionary with the very same entries. Each batch here is
 * new vectors (as the reader gives), its dictionary either the same entries again, the same ones
 * in another order (two row groups' dictionaries), with an entry appended (a writer's fallback to
 * plain pages) or with a null entry; expected rows are worked out by hand from the values.
 */
class DictionaryResultsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final FieldType INDEX = new FieldType(true, new ArrowType.Int(32, true),
      new DictionaryEncoding(0, false, new ArrowType.Int(32, true)));

  @Test
  void aDictionaryChangingEveryBatchIsNoLongerCopiedAfterAFewMissesButStillAnswered() {
    Schema values = new Schema(List.of(Field.nullable("d", new ArrowType.Int(32, true))));
    FilterEvaluator range = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("d >= 20 and d < 40"), values));
    DictionaryResults kept = new DictionaryResults();
    int[] rows = {0, 1, 2};
    for (int batch = 0; batch < 40; batch++) {
      // entries batch, batch + 10, batch + 20: rows in [20, 40) worked out by hand
      Integer[] entries = {batch, batch + 10, batch + 20};
      List<Integer> expected = new ArrayList<>();
      for (int r = 0; r < 3; r++) {
        if (entries[r] >= 20 && entries[r] < 40) {
          expected.add(r);
        }
      }
      assertEquals(expected, ints(range, kept, entries, rows), "batch " + batch);
    }
    assertEquals(0, kept.hits());
    assertEquals(40, kept.misses());
    // four copies before giving up, then one try at the 16th and 32nd miss in a row
    assertEquals(DictionaryResults.GIVE_UP_AFTER + 2, kept.copies());
    // a dictionary that settles is kept again at the next try, and then hit
    for (int batch = 0; batch < 2 * DictionaryResults.RETRY_EVERY; batch++) {
      assertEquals(List.of(1, 2), ints(range, kept, new Integer[] {5, 25, 35}, rows));
    }
    // misses 41 to 48 in a row (the 48th a try that keeps it), then hits
    assertEquals(2 * DictionaryResults.RETRY_EVERY - (48 - 40), kept.hits());
  }

  @Test
  void int32ResultsAreReusedOnlyForTheSameEntries() {
    Schema values = new Schema(List.of(Field.nullable("d", new ArrowType.Int(32, true))));
    FilterEvaluator range = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("d >= 20 and d < 40"), values));
    FilterEvaluator equal = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("d = 10"), values));
    FilterEvaluator in = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("d in (10, 30)"), values));
    DictionaryResults kept = new DictionaryResults();
    int[] rows = {0, 1, 2, 1, 0};

    assertEquals(List.of(1, 2, 3), ints(range, kept, new Integer[] {10, 20, 30}, rows));
    assertEquals(List.of(0, 4), ints(equal, kept, new Integer[] {10, 20, 30}, rows));
    assertEquals(List.of(0, 2, 4), ints(in, kept, new Integer[] {10, 20, 30}, rows));
    assertEquals(0, kept.hits());
    assertEquals(3, kept.misses());

    // the next batch: new vectors, the same entries
    assertEquals(List.of(1, 2, 3), ints(range, kept, new Integer[] {10, 20, 30}, rows));
    assertEquals(List.of(0, 4), ints(equal, kept, new Integer[] {10, 20, 30}, rows));
    assertEquals(List.of(0, 2, 4), ints(in, kept, new Integer[] {10, 20, 30}, rows));
    assertEquals(3, kept.hits());

    // another row group: as many entries, in another order
    assertEquals(List.of(0, 1, 3, 4), ints(range, kept, new Integer[] {30, 20, 10}, rows));
    assertEquals(List.of(2), ints(equal, kept, new Integer[] {30, 20, 10}, rows));
    assertEquals(List.of(0, 2, 4), ints(in, kept, new Integer[] {30, 20, 10}, rows));
    assertEquals(3, kept.hits());
    // one entry changed
    assertEquals(List.of(1, 3), ints(range, kept, new Integer[] {45, 20, 10}, rows));
    // a plain page's value appended after the chunk's dictionary
    assertEquals(List.of(1, 2, 3, 4), ints(range, kept, new Integer[] {30, 20, 10, 35}, new int[] {2, 1, 3, 1, 0}));
    // an entry null: its rows unknown, not false
    assertEquals(List.of(1, 3), ints(range, kept, new Integer[] {30, 20, null, 35}, new int[] {2, 1, 2, 1, 2}));
    TriBits unknown = evaluate(range, kept, new Integer[] {30, 20, null, 35}, new int[] {2, 1});
    assertEquals(false, unknown.isFalse(0));
    assertEquals(false, unknown.isTrue(0));
    assertEquals(4, kept.hits());
    assertEquals(List.of(1, 2, 3, 4), ints(range, kept, new Integer[] {30, 20, null, 35}, new int[] {2, 1, 3, 1, 0}));
    assertEquals(5, kept.hits());
  }

  @Test
  void stringResultsAreReusedOnlyForTheSameEntries() {
    Schema values = new Schema(List.of(Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    FilterEvaluator eq = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("s = 'red'"), values));
    FilterEvaluator like = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("s like 'gr%'"), values));
    DictionaryResults kept = new DictionaryResults();
    int[] rows = {0, 1, 2, 0};
    assertEquals(List.of(0, 3), strings(eq, kept, new String[] {"red", "green", "grey"}, rows));
    assertEquals(List.of(1, 2), strings(like, kept, new String[] {"red", "green", "grey"}, rows));
    assertEquals(List.of(0, 3), strings(eq, kept, new String[] {"red", "green", "grey"}, rows));
    assertEquals(1, kept.hits());
    // same offsets, other bytes; then other lengths
    assertEquals(List.of(), strings(eq, kept, new String[] {"rex", "green", "grey"}, rows));
    assertEquals(List.of(1, 2), strings(like, kept, new String[] {"rex", "green", "grey"}, rows));
    assertEquals(List.of(2), strings(eq, kept, new String[] {"grey", "blue", "red"}, rows));
    assertEquals(List.of(0, 3), strings(like, kept, new String[] {"grey", "blue", "red"}, rows));
    assertEquals(1, kept.hits());
  }

  @Test
  void doubleResultsTellNegativeZeroAndNaNApart() {
    Schema values = new Schema(List.of(Field.nullable("g", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    // DuckDB's order: -0.0 = 0.0, NaN equal to itself and above every number
    FilterEvaluator zero = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("g = 0"), values));
    FilterEvaluator above = new FilterEvaluator(ExpressionBinder.bind(ExpressionParser.parse("g > 1"), values));
    DictionaryResults kept = new DictionaryResults();
    int[] rows = {0, 1, 2, 2, 1};
    assertEquals(List.of(1, 4), doubles(zero, kept, new double[] {Double.NaN, -0.0, 1.5}, rows));
    assertEquals(List.of(0, 2, 3), doubles(above, kept, new double[] {Double.NaN, -0.0, 1.5}, rows));
    assertEquals(List.of(1, 4), doubles(zero, kept, new double[] {Double.NaN, -0.0, 1.5}, rows));
    assertEquals(1, kept.hits());
    // 0.0 where -0.0 was: the same answer, from other bytes
    assertEquals(List.of(0), doubles(zero, kept, new double[] {0.0, Double.NaN, 0.5}, rows));
    assertEquals(List.of(1, 4), doubles(above, kept, new double[] {0.0, Double.NaN, 0.5}, rows));
    assertEquals(1, kept.hits());
  }

  private List<Integer> ints(FilterEvaluator f, DictionaryResults kept, Integer[] dictionary, int[] rows) {
    return trueRows(evaluate(f, kept, dictionary, rows), rows.length);
  }

  private TriBits evaluate(FilterEvaluator f, DictionaryResults kept, Integer[] dictionary, int[] rows) {
    BufferAllocator a = memory.allocator();
    try (IntVector values = new IntVector("d", a)) {
      values.allocateNew(dictionary.length);
      for (int i = 0; i < dictionary.length; i++) {
        if (dictionary[i] != null) {
          values.set(i, dictionary[i]);
        } else {
          values.set(i, 0); // the bytes under a null entry the same in every batch
          values.setNull(i);
        }
      }
      values.setValueCount(dictionary.length);
      return evaluate(f, kept, "d", values, rows);
    }
  }

  private List<Integer> strings(FilterEvaluator f, DictionaryResults kept, String[] dictionary, int[] rows) {
    try (VarCharVector values = new VarCharVector("s", memory.allocator())) {
      values.allocateNew();
      for (int i = 0; i < dictionary.length; i++) {
        values.setSafe(i, dictionary[i].getBytes(StandardCharsets.UTF_8));
      }
      values.setValueCount(dictionary.length);
      return trueRows(evaluate(f, kept, "s", values, rows), rows.length);
    }
  }

  private List<Integer> doubles(FilterEvaluator f, DictionaryResults kept, double[] dictionary, int[] rows) {
    try (Float8Vector values = new Float8Vector("g", memory.allocator())) {
      values.allocateNew(dictionary.length);
      for (int i = 0; i < dictionary.length; i++) {
        values.set(i, dictionary[i]);
      }
      values.setValueCount(dictionary.length);
      return trueRows(evaluate(f, kept, "g", values, rows), rows.length);
    }
  }

  /** {@code f} on a batch of {@code rows} (indices into {@code values}), each time new vectors. */
  private TriBits evaluate(FilterEvaluator f, DictionaryResults kept, String name, FieldVector values, int[] rows) {
    try (IntVector indices = new IntVector(new Field(name, INDEX, null), memory.allocator())) {
      indices.allocateNew(rows.length);
      for (int i = 0; i < rows.length; i++) {
        indices.set(i, rows[i]);
      }
      indices.setValueCount(rows.length);
      VectorSchemaRoot root = new VectorSchemaRoot(List.of(indices.getField()), new ArrayList<>(List.of(indices)), rows.length);
      // the same batch evaluated without kept results answers the same
      TriBits fresh = f.evaluate(root, Map.of(0L, values));
      TriBits out = f.evaluate(root, Map.of(0L, values), kept);
      for (int i = 0; i < rows.length; i++) {
        assertEquals(fresh.isTrue(i), out.isTrue(i), "row " + i);
        assertEquals(fresh.isFalse(i), out.isFalse(i), "row " + i);
      }
      return out;
    }
  }

  private static List<Integer> trueRows(TriBits bits, int rows) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      if (bits.isTrue(i)) {
        out.add(i);
      }
    }
    return out;
  }
}
