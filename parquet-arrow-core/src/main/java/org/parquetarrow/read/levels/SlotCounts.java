package org.parquetarrow.read.levels;

/**
 * What one batch of level entries made of one node: the slots it appended (its Arrow length
 * grows by {@code slotCount}), how many of them are null, and for a list the elements those slots
 * hold (the length its child grows by; 0 for other nodes).
 *
 * <pre>{@code
 * SlotCounts c = NestedLevels.listOffsets(def, rep, 0, n, list, offsets, done, INT32, bits, done);
 * done += c.slotCount();            // where the next batch appends
 * childSlots += c.elementCount();   // equals what the element node reports for the same levels
 * }</pre>
 */
public record SlotCounts(int slotCount, int nullCount, int elementCount) {

  /** Slots that are not null. */
  public int validCount() {
    return slotCount - nullCount;
  }
}
