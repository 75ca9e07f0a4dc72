package org.parquetarrow.write;

import org.apache.arrow.vector.ValueVector;

/**
 * One leaf column of a batch, shredded: a definition and repetition level per slot (a slot is a
 * leaf value or a null/empty list above it) and, for each slot that holds a value, the index of
 * that value in {@link #values()}, in order. Levels are {@code null} when their maximum is 0, and
 * the definition levels of a nullable top-level leaf are its validity bits instead (see {@link
 * #definitionBits}).
 */
final class ShreddedColumn {
  final int slotCount;
  final int[] definitionLevels;
  final int[] repetitionLevels;
  final int valueCount;
  /** Indices into {@link #values} of the non-null leaf values, in slot order. */
  final int[] valueIndices;
  /**
   * Whether the definition levels (of a column whose maximum is 1, with no repetition) are the bits
   * {@code [definitionBitsFrom, definitionBitsFrom + slotCount)} of the bitmap at {@link
   * #definitionBitsAddress} (checked to hold them) rather than {@link #definitionLevels}: a
   * nullable top-level leaf's validity, encoded without an array of levels between.
   */
  final boolean definitionBits;
  final long definitionBitsAddress;
  final long definitionBitsFrom;
  private final ValueVector values;

  ShreddedColumn(int slotCount, int[] definitionLevels, int[] repetitionLevels, int valueCount, int[] valueIndices,
      ValueVector values) {
    this.slotCount = slotCount;
    this.definitionLevels = definitionLevels;
    this.repetitionLevels = repetitionLevels;
    this.valueCount = valueCount;
    this.valueIndices = valueIndices;
    this.values = values;
    this.definitionBits = false;
    this.definitionBitsAddress = 0;
    this.definitionBitsFrom = 0;
  }

  /** A column whose definition levels (maximum 1, no repetition) are bits of a bitmap: see {@link #definitionBits}. */
  ShreddedColumn(int slotCount, long definitionBitsAddress, long definitionBitsFrom, int valueCount,
      int[] valueIndices, ValueVector values) {
    this.slotCount = slotCount;
    this.definitionLevels = null;
    this.repetitionLevels = null;
    this.valueCount = valueCount;
    this.valueIndices = valueIndices;
    this.values = values;
    this.definitionBits = true;
    this.definitionBitsAddress = definitionBitsAddress;
    this.definitionBitsFrom = definitionBitsFrom;
  }

  /** The vector holding the leaf values (the dictionary's values for a dictionary-encoded field). */
  ValueVector values() {
    return values;
  }
}
