package org.parquetarrow.testing;

import java.util.List;

/**
 * The outcome of comparing two Arrow data sets: schema differences, the first data differences
 * and their total count, and the row counts.
 *
 * @param schemaDifferences one line per schema difference (empty when schemas were not compared)
 * @param differences the first {@link CompareOptions#maxDifferences()} data differences, by row
 * @param differenceCount all data differences found
 * @param expectedRows rows on the expected side
 * @param actualRows rows on the actual side
 */
public record Comparison(
    List<String> schemaDifferences,
    List<Difference> differences,
    long differenceCount,
    long expectedRows,
    long actualRows) {

  public boolean same() {
    return schemaDifferences.isEmpty() && differenceCount == 0;
  }

  /** A multi-line description fit for an assertion message. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    if (!schemaDifferences.isEmpty()) {
      b.append(schemaDifferences.size()).append(" schema difference(s):\n");
      for (String s : schemaDifferences) {
        b.append("  ").append(s).append('\n');
      }
    }
    if (differenceCount > 0) {
      b.append(differenceCount).append(" data difference(s)");
      if (differences.size() < differenceCount) {
        b.append(" (first ").append(differences.size()).append(" shown)");
      }
      b.append(" over ").append(expectedRows).append(" expected / ").append(actualRows).append(" actual rows:\n");
      for (Difference d : differences) {
        b.append("  ").append(d).append('\n');
      }
    }
    return b.length() == 0 ? "same schema and data (" + expectedRows + " rows)" : b.toString();
  }
}
