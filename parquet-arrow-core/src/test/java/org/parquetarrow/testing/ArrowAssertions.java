package org.parquetarrow.testing;

import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Value-by-value comparison of Arrow data for tests: expected and actual may be cut into batches
 * differently (rows are matched by global index), dictionary-encoded columns compare by their
 * decoded values, and a failure lists the first differences with row, column path and both
 * values.
 *
 * <p>What counts as equal: floats by canonical bits (every NaN equals every NaN, -0.0 differs
 * from +0.0); fixed-width values (ints signed or not, dates, times, timestamps, durations,
 * intervals, decimals, fixed-size binary) by their bytes when the types are equal; strings and
 * binaries by bytes whatever the layout (32/64-bit offsets, views); lists of any layout
 * (list, large list, list view, fixed-size list) element by element; structs child by child (by
 * position); maps entry by entry, in order. Nulls are compared at every level. Unions and other
 * rare types fall back to {@code getObject} equality. Values of different kinds (int32 vs int64,
 * utf8 vs binary, ms vs us timestamps unless {@link CompareOptions#timestampsByInstant()}) are a
 * difference reported once per column.
 *
 * <pre>{@code
 * try (VectorSchemaRoot expected = ...; ArrowReader actual = ...) {
 *   ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
 * }
 * }</pre>
 */
public final class ArrowAssertions {
  private ArrowAssertions() {}

  /** Compares schemas and data without failing; see {@link Comparison#describe()}. */
  public static Comparison compare(Batches expected, Batches actual, CompareOptions options) {
    List<String> schema = SchemaComparison.differences(
        expected.schema(), expected.dictionaries(), actual.schema(), actual.dictionaries(), options);
    return DataComparison.run(expected, actual, options, schema);
  }

  /** Compares only the data (columns matched by position), not the schemas. */
  public static Comparison compareData(Batches expected, Batches actual, CompareOptions options) {
    return DataComparison.run(expected, actual, options, List.of());
  }

  /** Compares only the schemas (names, types, nullability, children, metadata). */
  public static List<String> schemaDifferences(Schema expected, Schema actual, CompareOptions options) {
    return SchemaComparison.differences(expected, null, actual, null, options);
  }

  public static void assertSameSchema(Schema expected, Schema actual) {
    assertSameSchema(expected, actual, CompareOptions.strict());
  }

  public static void assertSameSchema(Schema expected, Schema actual, CompareOptions options) {
    List<String> d = schemaDifferences(expected, actual, options);
    if (!d.isEmpty()) {
      throw new AssertionError(d.size() + " schema difference(s):\n  " + String.join("\n  ", d)
          + "\nexpected: " + expected + "\nactual:   " + actual);
    }
  }

  public static void assertSameData(List<VectorSchemaRoot> expected, List<VectorSchemaRoot> actual) {
    assertSameData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
  }

  public static void assertSameData(List<VectorSchemaRoot> expected, ArrowReader actual) {
    assertSameData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
  }

  public static void assertSameData(List<VectorSchemaRoot> expected, ArrowReader actual, CompareOptions options) {
    assertSameData(Batches.of(expected), Batches.of(actual), options);
  }

  /** Fails unless the data are equal (schemas are not compared, columns match by position). */
  public static void assertSameData(Batches expected, Batches actual, CompareOptions options) {
    fail(compareData(expected, actual, options));
  }

  /** Fails unless both the schemas (seen through dictionaries) and the data are equal. */
  public static void assertSameSchemaAndData(Batches expected, Batches actual, CompareOptions options) {
    fail(compare(expected, actual, options));
  }

  private static void fail(Comparison c) {
    if (!c.same()) {
      throw new AssertionError(c.describe());
    }
  }
}
