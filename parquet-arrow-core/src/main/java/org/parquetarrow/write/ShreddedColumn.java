package org.parquetarrow.write;

import org.apache.arrow.vector.ValueVector;

/**
 * One leaf column of a batch, shredded: a definition and repetition level per slot (a slot is a
 * leaf value or a null/empty list above it) and, for each slot that holds a value, the index of
 * that value in {@link #values()}, in order. Levels are {@code null} when their maximum is 0.
 */
final class ShreddedColumn {
  final int slotCount;
  final int[] definitionLevels;
  final int[] repetitionLevels;
  final int valueCount;
  /** Indices into {@link #values} of the non-null leaf values, in slot order. */
  final int[] valueIndices;
  private final ValueVector values;

  ShreddedColumn(int slotCount, int[] definitionLevels, int[] repetitionLevels, int valueCount, int[] valueIndices,
      ValueVector values) {
    this.slotCount = slotCount;
    this.definitionLevels = definitionLevels;
    this.repetitionLevels = repetitionLevels;
    this.valueCount = valueCount;
    this.valueIndices = valueIndices;
    this.values = values;
  }

  /** The vector holding the leaf values (the dictionary's values for a dictionary-encoded field). */
  ValueVector values() {
    return values;
  }
}
