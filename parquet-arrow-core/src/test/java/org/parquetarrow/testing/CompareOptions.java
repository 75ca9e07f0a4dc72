package org.parquetarrow.testing;

/**
 * What {@link ArrowAssertions} tolerates. The defaults are strict; each switch relaxes one thing.
 *
 * <pre>{@code
 * CompareOptions lenient = CompareOptions.strict().ignoringNestedFieldNames().withTimestampsByInstant();
 * ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(reader), lenient);
 * }</pre>
 *
 * @param maxDifferences how many differences a failure message lists (all are counted)
 * @param ignoreNestedFieldNames the names of list elements ({@code item} / {@code element} /
 *     {@code array}...) and of map entries, keys and values do not matter
 * @param timestampsByInstant timestamps of different units are equal when they denote the same
 *     instant (the time zone must still agree)
 * @param allowDictionaryMismatch a dictionary-encoded field matches a plain one of the value type
 *     in the schema comparison (data are always compared decoded)
 * @param ignoreMetadata schema and field custom metadata do not matter
 */
public record CompareOptions(
    int maxDifferences,
    boolean ignoreNestedFieldNames,
    boolean timestampsByInstant,
    boolean allowDictionaryMismatch,
    boolean ignoreMetadata) {

  public CompareOptions {
    if (maxDifferences < 1) {
      throw new IllegalArgumentException("maxDifferences must be positive: " + maxDifferences);
    }
  }

  /** Everything must match, ten differences listed. */
  public static CompareOptions strict() {
    return new CompareOptions(10, false, false, false, false);
  }

  public CompareOptions withMaxDifferences(int n) {
    return new CompareOptions(n, ignoreNestedFieldNames, timestampsByInstant, allowDictionaryMismatch, ignoreMetadata);
  }

  public CompareOptions ignoringNestedFieldNames() {
    return new CompareOptions(maxDifferences, true, timestampsByInstant, allowDictionaryMismatch, ignoreMetadata);
  }

  public CompareOptions withTimestampsByInstant() {
    return new CompareOptions(maxDifferences, ignoreNestedFieldNames, true, allowDictionaryMismatch, ignoreMetadata);
  }

  public CompareOptions allowingDictionaryMismatch() {
    return new CompareOptions(maxDifferences, ignoreNestedFieldNames, timestampsByInstant, true, ignoreMetadata);
  }

  public CompareOptions ignoringMetadata() {
    return new CompareOptions(maxDifferences, ignoreNestedFieldNames, timestampsByInstant, allowDictionaryMismatch, true);
  }
}
