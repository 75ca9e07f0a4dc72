package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.parquetarrow.read.levels.LevelInfo.Kind;

/** Assertions on assembled nodes against hand-written validity strings and offsets. */
final class Expect {
  private Expect() {}

  /** A struct or leaf node: its validity, one character per slot ('1' valid, '0' null). */
  static void slots(AssembledNode node, String validity) {
    assertEquals(validity.length(), node.slotCount(), "slot count of " + node.info());
    assertEquals(validity, Buffers.bits(node.validity(), 0, validity.length()),
        "validity of " + node.info());
    assertEquals(zeros(validity), node.nullCount(), "null count of " + node.info());
    assertEquals(0, node.counts().elementCount());
    assertNull(node.offsets());
  }

  /** A list node with 32-bit offsets: validity per slot and the slotCount + 1 offsets. */
  static void list(AssembledNode node, String validity, int... offsets) {
    assertEquals(Kind.LIST, node.info().kind());
    assertEquals(validity.length(), node.slotCount(), "slot count of " + node.info());
    assertEquals(validity.length() + 1, offsets.length, "test bug: offsets need slots + 1 entries");
    assertEquals(validity, Buffers.bits(node.validity(), 0, validity.length()),
        "validity of " + node.info());
    assertEquals(zeros(validity), node.nullCount(), "null count of " + node.info());
    assertArrayEquals(offsets, Buffers.int32(node.offsets(), 0, offsets.length),
        "offsets of " + node.info());
    assertEquals(offsets[offsets.length - 1] - offsets[0], node.counts().elementCount());
  }

  private static int zeros(String bits) {
    return (int) bits.chars().filter(c -> c == '0').count();
  }
}
