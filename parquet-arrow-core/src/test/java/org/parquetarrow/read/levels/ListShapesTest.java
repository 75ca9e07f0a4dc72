package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Each way Parquet spells a list, maps, and structs and lists inside each other, with null lists,
 * empty lists and null elements at every level. Levels are written out by hand from the records
 * in the comments (spec, "Nested Encoding": each optional field adds a definition level, each
 * repeated field a definition and a repetition level); so are the expected Arrow layouts.
 */
class ListShapesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /**
   * optional group a (LIST) { repeated group list { optional int32 element; } }
   * records: null, [], [null], [1, null, 2], [5]
   */
  @Test
  void threeLevelList() {
    LevelPath path = LevelPath.builder().list(true).leaf(true);
    int[] def = {0, 1, 2, 3, 2, 3, 3};
    int[] rep = {0, 0, 0, 0, 1, 1, 0};
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.list(a.node(0), "01111", 0, 0, 0, 1, 4, 5);
      Expect.slots(a.node(1), "01011");
      assertEquals(3, a.leafValueCount());
    }
  }

  /** optional group a (LIST) { repeated int32 element; }  records: null, [], [7, 8] */
  @Test
  void twoLevelList() {
    LevelPath path = LevelPath.builder().list(true).leaf(false);
    assertEquals(2, path.maxDefLevel());
    int[] def = {0, 1, 2, 2};
    int[] rep = {0, 0, 0, 1};
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.list(a.node(0), "011", 0, 0, 0, 2);
      Expect.slots(a.node(1), "11");
    }
  }

  /** repeated int32 x;  records: [], [1, 2, 3], [4]; a bare repeated field is never null */
  @Test
  void oneLevelRepeatedField() {
    LevelPath path = LevelPath.builder().list(false).leaf(false);
    assertEquals(1, path.maxDefLevel());
    int[] def = {0, 1, 1, 1, 1};
    int[] rep = {0, 0, 1, 1, 0};
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.list(a.node(0), "111", 0, 0, 3, 4);
      Expect.slots(a.node(1), "1111");
    }
  }

  /**
   * optional group s { repeated group items { required int32 a; optional int32 b; } }, column b.
   * records: s = null; s = {items: []}; s = {items: [{a: 1, b: null}, {a: 2, b: 5}]}
   */
  @Test
  void repeatedGroupInsideOptionalStruct() {
    LevelPath path = LevelPath.builder().struct(true).list(false).struct(false).leaf(true);
    int[] def = {0, 1, 2, 3};
    int[] rep = {0, 0, 0, 1};
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.slots(a.node(0), "011");
      // the list under a null struct has a slot of its own, empty; a bare repeated field makes a
      // non-nullable list, which is never null
      Expect.list(a.node(1), "111", 0, 0, 0, 2);
      Expect.slots(a.node(2), "11");
      Expect.slots(a.node(3), "01");
    }
  }

  /**
   * optional list of optional lists of optional int32 (all 3-level). Definition levels: 0 outer
   * null, 1 outer empty, 2 inner null, 3 inner empty, 4 element null, 5 value.
   * records: null, [], [null], [[]], [[null, 1], null, [], [2]]
   */
  @Test
  void listOfListsWithNullsAtEveryLevel() {
    LevelPath path = LevelPath.builder().list(true).list(true).leaf(true);
    assertEquals(5, path.maxDefLevel());
    assertEquals(2, path.maxRepLevel());
    int[] def = {0, 1, 2, 3, 4, 5, 2, 3, 5};
    int[] rep = {0, 0, 0, 0, 0, 2, 1, 1, 1};
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.list(a.node(0), "01111", 0, 0, 0, 1, 2, 6);
      Expect.list(a.node(1), "011011", 0, 0, 0, 2, 2, 2, 3);
      Expect.slots(a.node(2), "011");
    }
  }

  /**
   * optional group m (MAP) { repeated group key_value { required binary key; optional int32 value; } }
   * records: null, {}, {a: 1, b: null}, {c: 3}
   */
  @Test
  void mapKeysAndValues() {
    int[] rep = {0, 0, 0, 1, 0};
    LevelPath key = LevelPath.builder().map(true).leaf(false);
    try (AssembledPath a = assemble(key, new int[] {0, 1, 2, 2, 2}, rep)) {
      Expect.list(a.node(0), "0111", 0, 0, 0, 2, 3);
      Expect.slots(a.node(1), "111");                      // the key_value entries
      Expect.slots(a.node(2), "111");
    }
    LevelPath value = LevelPath.builder().map(true).leaf(true);
    try (AssembledPath a = assemble(value, new int[] {0, 1, 3, 2, 3}, rep)) {
      Expect.list(a.node(0), "0111", 0, 0, 0, 2, 3);
      Expect.slots(a.node(1), "111");
      Expect.slots(a.node(2), "101");
    }
  }

  /**
   * optional group outer { optional group items (LIST) { repeated group list {
   *     optional group element { optional int32 x; } } } }
   * records: outer null; {items: null}; {items: []}; {items: [null, {x: null}, {x: 7}]}
   */
  @Test
  void structInsideListInsideStruct() {
    LevelPath path = LevelPath.builder().struct(true).list(true).struct(true).leaf(true);
    int[] def = {0, 1, 2, 3, 4, 5};
    int[] rep = {0, 0, 0, 0, 1, 1};
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.slots(a.node(0), "0111");
      Expect.list(a.node(1), "0011", 0, 0, 0, 0, 3);
      Expect.slots(a.node(2), "011");
      Expect.slots(a.node(3), "001");
    }
  }

  /**
   * Arrow C++'s level_conversion.h example: list(struct(f0: int)), all optional, levels 0..4
   * for [null, [], [null], [{f0: null}], [{f0: 1}]]: the struct has 3 slots (null, valid,
   * valid) and so has the int (n/a, null, 1).
   */
  @Test
  void listOfStructsAsArrowCppDocumentsIt() {
    LevelPath path = LevelPath.builder().list(true).struct(true).leaf(true);
    assertEquals(new LevelInfo(LevelInfo.Kind.STRUCT, 3, 1, 2, true), path.node(1));
    assertEquals(new LevelInfo(LevelInfo.Kind.LEAF, 4, 1, 2, true), path.node(2));
    int[] def = {0, 1, 2, 3, 4};
    int[] rep = {0, 0, 0, 0, 0};
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.list(a.node(0), "01111", 0, 0, 0, 1, 2, 3);
      Expect.slots(a.node(1), "011");
      Expect.slots(a.node(2), "001");
    }
  }

  @Test
  void structOverListAndLeafUsesRepetitionLevels() {
    // optional group s { optional group l (LIST) { repeated group list { optional int32 e; } } }
    // records: {l: [1, 2, 3]}, {l: null}; s's slots come from rep == 0 entries only
    LevelPath path = LevelPath.builder().struct(true).list(true).leaf(true);
    int[] def = {3, 3, 3, 1};
    int[] rep = {0, 1, 1, 0};
    ArrowBuf bits = Buffers.zeroed(memory.allocator(), 1);
    try (bits) {
      SlotCounts s = NestedLevels.slots(def, rep, 0, 4, path.node(0), bits, 0);
      assertEquals(new SlotCounts(2, 0, 0), s);
      assertEquals("11", Buffers.bits(bits, 0, 2));
      SlotCounts counted = NestedLevels.slots(def, rep, 0, 4, path.node(0), null, 0);
      assertEquals(s, counted);
    }
  }

  /** Two batches appended: offsets continue from the first batch's end, bits from any offset. */
  @Test
  void appendsAtAnyEntryAndBitOffset() {
    LevelPath path = LevelPath.builder().list(true).leaf(true);
    LevelInfo list = path.node(0);
    ArrowBuf offsets = Buffers.zeroed(memory.allocator(), 4 * 16);
    ArrowBuf validity = Buffers.filled(memory.allocator(), 4, 0xff);
    try (offsets; validity) {
      offsets.setInt(4 * 3, 100); // three slots already there, ending at element 100
      Buffers.setBits(validity, 0, "000");
      // records: [1, 2], null, []
      SlotCounts first = NestedLevels.listOffsets(new int[] {3, 3, 0, 1}, new int[] {0, 1, 0, 0},
          0, 4, list, offsets, 3, OffsetWidth.INT32, validity, 3);
      assertEquals(new SlotCounts(3, 1, 2), first);
      // records: [null, null, null]; levels taken from the middle of a larger array
      SlotCounts second = NestedLevels.listOffsets(new int[] {9, 2, 2, 2, 9},
          new int[] {9, 0, 1, 1, 9}, 1, 3, list, offsets, 6, OffsetWidth.INT32, validity, 6);
      assertEquals(new SlotCounts(1, 0, 3), second);
      assertArrayEquals(new int[] {100, 102, 102, 102, 105}, Buffers.int32(offsets, 3, 5));
      // bits 0..2 as before, 3..6 written, the rest of the byte and the next left alone
      assertEquals("000" + "1011" + "1" + "11111111", Buffers.bits(validity, 0, 16));
    }
  }

  @Test
  void largeListOffsets() {
    LevelInfo list = LevelPath.builder().list(false).leaf(false).node(0);
    ArrowBuf offsets = Buffers.zeroed(memory.allocator(), 8 * 4);
    try (offsets) {
      long start = 3_000_000_000L;
      offsets.setLong(0, start);
      // records: [a, b, c], [], [d]
      SlotCounts c = NestedLevels.listOffsets(new int[] {1, 1, 1, 0, 1}, new int[] {0, 1, 1, 0, 0},
          0, 5, list, offsets, 0, OffsetWidth.INT64, null, 0);
      assertEquals(new SlotCounts(3, 0, 4), c);
      assertArrayEquals(new long[] {start, start + 3, start + 3, start + 4},
          Buffers.int64(offsets, 0, 4));
    }
  }

  @Test
  void thirtyTwoBitOffsetsRefuseToOverflow() {
    LevelInfo list = LevelPath.builder().list(false).leaf(false).node(0);
    ArrowBuf offsets = Buffers.zeroed(memory.allocator(), 4 * 8);
    try (offsets) {
      offsets.setInt(0, Integer.MAX_VALUE - 2);
      int[] def = {1, 1, 1};
      int[] rep = {0, 1, 1};
      assertThrows(UnsupportedFeatureException.class, () -> NestedLevels.listOffsets(def, rep, 0, 3,
          list, offsets, 0, OffsetWidth.INT32, null, 0));
      // two elements still fit exactly
      SlotCounts c = NestedLevels.listOffsets(def, rep, 0, 2, list, offsets, 0, OffsetWidth.INT32,
          null, 0);
      assertEquals(Integer.MAX_VALUE, offsets.getInt(4));
      assertEquals(2, c.elementCount());
    }
  }

  @Test
  void exactlySizedBuffersAreEnough() {
    // 6 level entries make 2 list slots: 3 offsets and one bitmap byte suffice
    LevelInfo list = LevelPath.builder().list(true).leaf(false).node(0);
    int[] def = {2, 2, 2, 2, 2, 2};
    int[] rep = {0, 1, 1, 0, 1, 1};
    ArrowBuf offsets = Buffers.zeroed(memory.allocator(), 12);
    ArrowBuf validity = Buffers.zeroed(memory.allocator(), 1);
    try (offsets; validity) {
      // slices have exactly the capacity asked for, whatever the allocator rounded to
      ArrowBuf small = offsets.slice(0, 12);
      SlotCounts c = NestedLevels.listOffsets(def, rep, 0, 6, list, small, 0, OffsetWidth.INT32,
          validity, 0);
      assertEquals(new SlotCounts(2, 0, 6), c);
      assertArrayEquals(new int[] {0, 3, 6}, Buffers.int32(offsets, 0, 3));
      ArrowBuf tooSmall = offsets.slice(0, 8);
      assertThrows(IndexOutOfBoundsException.class, () -> NestedLevels.listOffsets(def, rep, 0, 6,
          list, tooSmall, 0, OffsetWidth.INT32, validity, 0));
    }
  }

  private AssembledPath assemble(LevelPath path, int[] def, int[] rep) {
    return PathAssembler.assemble(memory.allocator(), path, def, rep, 0, def.length, OffsetWidth.INT32);
  }
}
