package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Levels and value indices of the shredder against the Dremel rules worked out by hand, for
 * siblings under a struct and under a list (which share the work of their common path and must
 * not see each other's nulls), a slice that starts after the first row (so list offsets do not
 * start at 0), and nulls and empty lists at every level.
 */
class LevelShredderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static Field int32(String name) {
    return new Field(name, FieldType.nullable(new ArrowType.Int(32, true)), null);
  }

  /**
   * s: struct{a: list<int32>, b: int32, c: int32}, everything nullable. Rows:
   * 0 {a:[9], b:9, c:9} (left out by the slice), 1 null, 2 {a:null, b:8, c:8},
   * 3 {a:[], b:5, c:5}, 4 {a:[1, null, 3], b:null, c:4}, 5 {a:[7], b:6, c:6}.
   */
  @Test
  void structSiblingsDoNotSeeEachOthersNulls() {
    Field a = new Field("a", FieldType.nullable(new ArrowType.List()), List.of(int32("element")));
    Field s = new Field("s", FieldType.nullable(new ArrowType.Struct()), List.of(a, int32("b"), int32("c")));
    Schema schema = new Schema(List.of(s));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      StructVector sv = (StructVector) root.getVector(0);
      ListVector av = (ListVector) sv.getChildByOrdinal(0);
      IntVector bv = (IntVector) sv.getChildByOrdinal(1);
      IntVector cv = (IntVector) sv.getChildByOrdinal(2);
      IntVector ev = (IntVector) av.getDataVector();
      sv.allocateNew();
      int[][] lists = {{9}, null, null, {}, {1, Integer.MIN_VALUE, 3}, {7}};
      Integer[] b = {9, null, 8, 5, null, 6};
      int element = 0;
      for (int row = 0; row < 6; row++) {
        if (row == 1) {
          sv.setNull(row);
          bv.setNull(row);
          cv.setNull(row);
          av.setNull(row);
          continue;
        }
        sv.setIndexDefined(row);
        if (lists[row] == null) {
          av.setNull(row);
        } else {
          av.startNewValue(row);
          for (int v : lists[row]) {
            if (v == Integer.MIN_VALUE) {
              ev.setNull(element++);
            } else {
              ev.setSafe(element++, v);
            }
          }
          av.endValue(row, lists[row].length);
        }
        if (b[row] == null) {
          bv.setNull(row);
        } else {
          bv.setSafe(row, b[row]);
        }
        cv.setSafe(row, row == 4 ? 4 : b[row]);
      }
      ev.setValueCount(element);
      root.setRowCount(6);

      ShreddedColumn[] out = shred(schema, root, 1, 6);
      // s.a.element: def 0 s null, 1 a null, 2 empty list, 3 null element, 4 value; rep 1 continues a list
      assertColumn(out[0], new int[] {0, 1, 2, 4, 3, 4, 4}, new int[] {0, 0, 0, 0, 1, 1, 0}, new int[] {1, 3, 4});
      // s.b: def 0 s null, 1 b null, 2 value
      assertColumn(out[1], new int[] {0, 2, 2, 1, 2}, null, new int[] {2, 3, 5});
      assertColumn(out[2], new int[] {0, 2, 2, 2, 2}, null, new int[] {2, 3, 4, 5});
    }
  }

  /**
   * l: list<struct{x: int32, y: int32}>, everything nullable. Rows: 0 [{x:1, y:1}] (left out),
   * 1 [{x:2, y:null}, null, {x:null, y:3}], 2 null, 3 [], 4 [{x:4, y:4}].
   */
  @Test
  void siblingsUnderAListShareItsRepetitionLevels() {
    Field st = new Field("item", FieldType.nullable(new ArrowType.Struct()), List.of(int32("x"), int32("y")));
    Schema schema = new Schema(List.of(new Field("l", FieldType.nullable(new ArrowType.List()), List.of(st))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      ListVector lv = (ListVector) root.getVector(0);
      lv.allocateNew();
      StructVector sv = (StructVector) lv.getDataVector();
      IntVector xv = (IntVector) sv.getChildByOrdinal(0);
      IntVector yv = (IntVector) sv.getChildByOrdinal(1);
      Integer[][] xs = {{1}, {2, null, null}, null, {}, {4}};
      Integer[][] ys = {{1}, {null, null, 3}, null, {}, {4}};
      int e = 0;
      for (int row = 0; row < 5; row++) {
        if (xs[row] == null) {
          lv.setNull(row);
          continue;
        }
        lv.startNewValue(row);
        for (int k = 0; k < xs[row].length; k++, e++) {
          boolean nullEntry = row == 1 && k == 1;
          if (nullEntry) {
            sv.setNull(e);
          } else {
            sv.setIndexDefined(e);
          }
          set(xv, e, xs[row][k]);
          set(yv, e, ys[row][k]);
        }
        lv.endValue(row, xs[row].length);
      }
      sv.setValueCount(e);
      root.setRowCount(5);

      ShreddedColumn[] out = shred(schema, root, 1, 5);
      // l.list.item.x: def 0 l null, 1 empty, 2 null struct, 3 null x, 4 value
      int[] rep = {0, 1, 1, 0, 0, 0};
      assertColumn(out[0], new int[] {4, 2, 3, 0, 1, 4}, rep, new int[] {1, 4});
      assertColumn(out[1], new int[] {3, 2, 4, 0, 1, 4}, rep, new int[] {3, 4});
    }
  }

  /**
   * A nullable top-level leaf of 2,000 rows with nulls at random (bytes of eight valid rows, of
   * none, and mixed ones), sliced at every kind of boundary (inside a byte at both ends, on byte
   * boundaries, shorter than a byte): the levels are the validity bits and the value indices the
   * valid rows, as the test reads them from the vector.
   */
  @Test
  void flatLeavesSlicedAnywhereTakeTheirValidRows() {
    Schema schema = new Schema(List.of(int32("v")));
    Random random = new Random(20261127L);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      IntVector v = (IntVector) root.getVector(0);
      v.allocateNew();
      int rows = 2000;
      for (int i = 0; i < rows; i++) {
        // stretches with no nulls, with only nulls, and with nulls at random
        int stretch = (i / 96) % 3;
        boolean valid = stretch == 0 || (stretch == 2 && random.nextInt(4) != 0);
        set(v, i, valid ? i : null);
      }
      root.setRowCount(rows);
      int[][] slices = {{0, rows}, {3, 1997}, {8, 1600}, {5, 7}, {13, 14}, {0, 8}, {1, 1000}, {96, 192}, {192, 289}};
      for (int[] slice : slices) {
        int from = slice[0];
        int to = slice[1];
        ShreddedColumn[] out = shred(schema, root, from, to);
        int[] def = new int[to - from];
        List<Integer> valid = new ArrayList<>();
        for (int i = from; i < to; i++) {
          def[i - from] = v.isNull(i) ? 0 : 1;
          if (!v.isNull(i)) {
            valid.add(i);
          }
        }
        assertColumn(out[0], def, null, valid.stream().mapToInt(Integer::intValue).toArray());
      }
    }
  }

  /** A nullable top-level leaf, sliced: rows 0 (left out) 5, 1 null, 2 7, 3 null, 4 9; no nulls in the second. */
  @Test
  void flatLeavesTakeLevelOneWhereValid() {
    Schema schema = new Schema(List.of(int32("v"), int32("w")));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      IntVector v = (IntVector) root.getVector(0);
      IntVector w = (IntVector) root.getVector(1);
      v.allocateNew();
      w.allocateNew();
      Integer[] values = {5, null, 7, null, 9};
      for (int i = 0; i < values.length; i++) {
        set(v, i, values[i]);
        w.setSafe(i, i);
      }
      root.setRowCount(values.length);
      ShreddedColumn[] out = shred(schema, root, 1, 5);
      assertColumn(out[0], new int[] {0, 1, 0, 1}, null, new int[] {2, 4});
      assertColumn(out[1], new int[] {1, 1, 1, 1}, null, new int[] {1, 2, 3, 4});
    }
  }

  /**
   * One shredder for several pieces, as the file writer keeps it: each flat leaf reuses its arrays,
   * so a shorter piece after a longer one, and a piece without nulls after one with nulls, must
   * see nothing of the piece before. v nullable (nulls in both pieces), w nullable (nulls only in
   * the first), r required. Rows 0..5: v 5, null, 7, null, 9, null; w null, 1, null, 3, 4, 5;
   * rows 6..8: v null, 11, 12; w 6, 7, 8.
   */
  @Test
  void aKeptShredderLeavesNothingOfThePieceBefore() {
    Field r = new Field("r", FieldType.notNullable(new ArrowType.Int(32, true)), null);
    Schema schema = new Schema(List.of(int32("v"), int32("w"), r));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      IntVector v = (IntVector) root.getVector(0);
      IntVector w = (IntVector) root.getVector(1);
      IntVector rv = (IntVector) root.getVector(2);
      Integer[] vs = {5, null, 7, null, 9, null, null, 11, 12};
      Integer[] ws = {null, 1, null, 3, 4, 5, 6, 7, 8};
      for (int i = 0; i < vs.length; i++) {
        set(v, i, vs[i]);
        set(w, i, ws[i]);
        rv.setSafe(i, i);
      }
      root.setRowCount(vs.length);
      List<FieldMapping> fields = ArrowSchemaConverter.toParquet(schema).mapping().fields();
      LevelShredder shredder = new LevelShredder(null);
      ShreddedColumn[] first = new ShreddedColumn[3];
      for (int i = 0; i < 3; i++) {
        shredder.shred(fields.get(i), root.getVector(i), 0, 6, first, 0);
      }
      assertColumn(first[0], new int[] {1, 0, 1, 0, 1, 0}, null, new int[] {0, 2, 4});
      assertColumn(first[1], new int[] {0, 1, 0, 1, 1, 1}, null, new int[] {1, 3, 4, 5});
      assertRequired(first[2], new int[] {0, 1, 2, 3, 4, 5});
      // the second piece: w without nulls now takes the general path over the kept arrays
      w.getValidityBuffer().setByte(0, 0xff);
      w.getValidityBuffer().setByte(1, 0xff);
      ShreddedColumn[] second = new ShreddedColumn[3];
      for (int i = 0; i < 3; i++) {
        shredder.shred(fields.get(i), root.getVector(i), 6, 9, second, 0);
      }
      assertColumn(second[0], new int[] {0, 1, 1}, null, new int[] {7, 8});
      assertColumn(second[1], new int[] {1, 1, 1}, null, new int[] {6, 7, 8});
      assertRequired(second[2], new int[] {6, 7, 8});
    }
  }

  @Test
  void aListOfNegativeLengthIsRefusedNamingTheField() {
    Schema schema = new Schema(List.of(new Field("l", FieldType.nullable(new ArrowType.List()),
        List.of(int32("element")))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      ListVector lv = (ListVector) root.getVector(0);
      lv.allocateNew();
      lv.startNewValue(0);
      lv.endValue(0, 0);
      lv.setValueCount(1);
      root.setRowCount(1);
      lv.getOffsetBuffer().setInt(4, -3);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> shred(schema, root, 0, 1));
      assertEquals("field l has a list of negative length -3 at index 0", e.getMessage());
    }
  }

  @Test
  void aListStartingBelowZeroIsRefusedNamingTheField() {
    Schema schema = new Schema(List.of(new Field("l", FieldType.nullable(new ArrowType.List()),
        List.of(int32("element")))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      ListVector lv = (ListVector) root.getVector(0);
      lv.allocateNew();
      for (int row = 0; row < 3; row++) {
        lv.startNewValue(row);
        lv.endValue(row, 0);
      }
      lv.setValueCount(3);
      root.setRowCount(3);
      // row 0 empty at -2, row 1: offsets -2 .. 1, three elements starting before the child vector
      lv.getOffsetBuffer().setInt(0, -2);
      lv.getOffsetBuffer().setInt(4, -2);
      lv.getOffsetBuffer().setInt(8, 1);
      lv.getOffsetBuffer().setInt(12, 1);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> shred(schema, root, 0, 3));
      assertEquals("field l has a list at index 1 whose elements start at -2, outside its child vector", e.getMessage());
    }
  }

  private static void set(IntVector v, int i, Integer value) {
    if (value == null) {
      v.setNull(i);
    } else {
      v.setSafe(i, value);
    }
  }

  private static ShreddedColumn[] shred(Schema schema, VectorSchemaRoot root, int from, int to) {
    List<FieldMapping> fields = ArrowSchemaConverter.toParquet(schema).mapping().fields();
    int leaves = ArrowSchemaConverter.toParquet(schema).mapping().fields().stream().mapToInt(LevelShredderTest::leaves)
        .sum();
    ShreddedColumn[] out = new ShreddedColumn[leaves];
    LevelShredder shredder = new LevelShredder(null);
    for (int i = 0; i < fields.size(); i++) {
      shredder.shred(fields.get(i), root.getVector(i), from, to, out, 0);
    }
    return out;
  }

  private static int leaves(FieldMapping f) {
    return f.isLeaf() ? 1 : f.children().stream().mapToInt(LevelShredderTest::leaves).sum();
  }

  private static void assertRequired(ShreddedColumn c, int[] valueIndices) {
    assertNull(c.definitionLevels);
    assertNull(c.repetitionLevels);
    assertEquals(valueIndices.length, c.slotCount);
    assertEquals(valueIndices.length, c.valueCount);
    assertArrayEquals(valueIndices, Arrays.copyOf(c.valueIndices, c.valueCount), "value indices");
  }

  private static void assertColumn(ShreddedColumn c, int[] def, int[] rep, int[] valueIndices) {
    assertEquals(def.length, c.slotCount);
    assertArrayEquals(def, definitionLevels(c), "def");
    if (rep == null) {
      assertNull(c.repetitionLevels);
    } else {
      assertArrayEquals(rep, Arrays.copyOf(c.repetitionLevels, c.slotCount), "rep");
    }
    assertEquals(valueIndices.length, c.valueCount);
    assertArrayEquals(valueIndices, Arrays.copyOf(c.valueIndices, c.valueCount), "value indices");
  }

  /** The column's definition levels, read bit by bit from its bitmap when it gives them as bits. */
  private static int[] definitionLevels(ShreddedColumn c) {
    if (!c.definitionBits) {
      return Arrays.copyOf(c.definitionLevels, c.slotCount);
    }
    int[] levels = new int[c.slotCount];
    for (int i = 0; i < c.slotCount; i++) {
      long bit = c.definitionBitsFrom + i;
      levels[i] = (MemoryUtil.getByte(c.definitionBitsAddress + (bit >>> 3)) >> (bit & 7)) & 1;
    }
    return levels;
  }
}
