package org.parquetarrow.read.levels;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Test fixture: one node of an {@link AssembledPath}: its slot and null counts, its validity bitmap (bit
 * {@code i} for slot {@code i}) and, for a list, its {@code slotCount + 1} offsets starting at 0.
 * The buffers belong to the enclosing {@link AssembledPath}; retain them to keep them past its
 * {@code close()}.
 *
 * <pre>{@code
 * AssembledNode list = assembled.node(0);
 * listVector.loadFieldBuffers(new ArrowFieldNode(list.slotCount(), list.nullCount()),
 *     List.of(list.validity(), list.offsets()));   // the vector takes its own references
 * }</pre>
 *
 * @param offsets {@code null} unless the node is a list
 */
record AssembledNode(LevelInfo info, SlotCounts counts, ArrowBuf validity, ArrowBuf offsets) {

  public int slotCount() {
    return counts.slotCount();
  }

  public int nullCount() {
    return counts.nullCount();
  }
}
