package org.parquetarrow.read;

import org.apache.arrow.vector.FieldVector;

/**
 * A test of a dictionary-encoded column's values, answered once per dictionary entry and then per
 * row while the row's dictionary index is decoded ({@link ReadOptions.Builder#dictionaryRowFilter}):
 * a run of equal indices is one look-up, and no index vector is made. The column comes out as a
 * nullable {@code Bool} vector instead of its values: true where the row's value passes, false
 * where it does not, null where the value is null.
 *
 * <p>The reader calls {@link #matchingEntries} once per column chunk with the chunk's dictionary,
 * and for the values of any page a writer wrote plain (a fallback mid-chunk) with those values; it
 * may call it from any of the read's threads.
 *
 * <pre>{@code
 * // rows of l_shipdate in 1994 (days since the epoch)
 * DictionaryRowFilter in1994 = entries -> {
 *   DateDayVector d = (DateDayVector) entries;
 *   long[] bits = new long[(d.getValueCount() + 63) >>> 6];
 *   for (int i = 0; i < d.getValueCount(); i++) {
 *     if (d.get(i) >= 8766 && d.get(i) < 9131) {
 *       bits[i >>> 6] |= 1L << i;
 *     }
 *   }
 *   return bits;
 * };
 * ReadOptions.builder(allocator).dictionaryColumns("l_shipdate")
 *     .dictionaryLeaves(ArrowReadOptions.DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH)
 *     .dictionaryRowFilter("l_shipdate", in1994).build();
 * }</pre>
 */
@FunctionalInterface
public interface DictionaryRowFilter {
  /**
   * Which of {@code entries} pass: bit {@code i} (LSB first, {@code long} words) set when entry
   * {@code i} does. The vector is the reader's, valid only during the call, with no null entry.
   *
   * @return at least {@code (entries.getValueCount() + 63) / 64} words
   */
  long[] matchingEntries(FieldVector entries);
}
