package org.parquetarrow.read.levels;

import org.apache.arrow.memory.ArrowBuf;

/**
 * One node of an {@link AssembledPath}: its slot and null counts, its validity bitmap (bit
 * {@code i} for slot {@code i}) and, for a list, its {@code slotCount + 1} offsets starting at 0.
 * The buffers belong to the enclosing {@link AssembledPath}; retain them to keep them past its
 * {@code close()}.
 *
 * @param offsets {@code null} unless the node is a list
 */
public record AssembledNode(LevelInfo info, SlotCounts counts, ArrowBuf validity, ArrowBuf offsets) {

  public int slotCount() {
    return counts.slotCount();
  }

  public int nullCount() {
    return counts.nullCount();
  }
}
