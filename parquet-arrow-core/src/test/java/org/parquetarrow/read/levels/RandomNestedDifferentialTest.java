package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.read.levels.LevelInfo.Kind;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Random nested values along random paths, shredded to levels by a textbook Dremel shredder
 * written here, then assembled by the code under test and compared with the Arrow layout derived
 * directly from the values (slots, validity, offsets, dense leaf values).
 */
class RandomNestedDifferentialTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** The value model: a struct on the path has one child (the next node), a list is a List. */
  private record Struct(Object child) {}

  /** The shape of the path as the model sees it: kinds and nullability only, no levels. */
  private record Shape(Kind[] kinds, boolean[] nullable) {
    int size() {
      return kinds.length;
    }
  }

  /** A shredded column: levels plus the dense leaf values. */
  private static final class Column {
    final IntList def = new IntList();
    final IntList rep = new IntList();
    final IntList values = new IntList();
  }

  /** The Arrow layout of every node, made from the values. */
  private static final class Layout {
    final List<StringBuilder> validity = new ArrayList<>();
    final List<List<Long>> offsets = new ArrayList<>();
    final IntList leafSlots = new IntList(); // leaf slot values, 0 for null
  }

  @Test
  void randomPathsAndRecords() {
    Random random = new Random(20240605);
    for (int round = 0; round < 600; round++) {
      Shape shape = randomShape(random);
      LevelPath path = build(shape);
      List<Object> records = new ArrayList<>();
      int count = random.nextInt(40);
      for (int i = 0; i < count; i++) {
        records.add(randomValue(shape, 0, random));
      }
      Column column = shred(shape, records);
      Layout expected = layout(shape, records);
      int[] def = column.def.toArray();
      int[] rep = path.maxRepLevel() == 0 ? null : column.rep.toArray();
      path.check(def, rep, 0, def.length);
      compareAssembly(shape, path, def, rep, expected, column, "round " + round + " " + path);
      compareListWithLeaf(path, def, rep, random, "round " + round + " " + path);
      compareAppending(shape, path, column, records, random, "round " + round + " " + path);
    }
  }

  /**
   * Where the leaf sits right below a list, the one-pass offsets and leaf validity against
   * {@link NestedLevels#listOffsets} and {@link NestedLevels#slots} (checked above against the
   * model): the levels in two parts at a random cut, the second appended after the first, at
   * offsets and bit positions that do not start a byte.
   */
  private void compareListWithLeaf(LevelPath path, int[] def, int[] rep, Random random, String what) {
    int k = path.size() - 2;
    if (k < 0 || path.node(k).kind() != Kind.LIST) {
      return;
    }
    LevelInfo list = path.node(k);
    LevelInfo leaf = path.leaf();
    int n = def.length;
    int cut = n == 0 ? 0 : random.nextInt(n + 1);
    int[][] parts = {{0, cut}, {cut, n - cut}};
    long[] firstEntry = {3, 3};
    long[] bitAt = {5, 5};
    long[] leafBitAt = {7, 7};
    try (ArrowBuf offsets = memory.allocator().buffer(4L * (n + 8));
        ArrowBuf validity = memory.allocator().buffer(n / 8 + 8);
        ArrowBuf leafValidity = memory.allocator().buffer(n / 8 + 8);
        ArrowBuf offsets2 = memory.allocator().buffer(4L * (n + 8));
        ArrowBuf validity2 = memory.allocator().buffer(n / 8 + 8);
        ArrowBuf leafValidity2 = memory.allocator().buffer(n / 8 + 8)) {
      for (ArrowBuf b : List.of(offsets, validity, leafValidity, offsets2, validity2, leafValidity2)) {
        b.setZero(0, b.capacity());
      }
      offsets.setInt(12, 11);
      offsets2.setInt(12, 11);
      for (int[] part : parts) {
        SlotCounts fused = NestedLevels.listOffsetsWithLeaf(def, rep, part[0], part[1], list,
            offsets, firstEntry[0], validity, bitAt[0], leaf, leafValidity, leafBitAt[0]);
        SlotCounts two = NestedLevels.listOffsets(def, rep, part[0], part[1], list, offsets2,
            firstEntry[1], OffsetWidth.INT32, validity2, bitAt[1]);
        SlotCounts leafCounts = NestedLevels.slots(def, rep, part[0], part[1], leaf, leafValidity2,
            leafBitAt[1]);
        assertEquals(two, fused, what);
        assertEquals(leafCounts.slotCount(), fused.elementCount(), what);
        firstEntry[0] += fused.slotCount();
        firstEntry[1] += two.slotCount();
        bitAt[0] += fused.slotCount();
        bitAt[1] += two.slotCount();
        leafBitAt[0] += fused.elementCount();
        leafBitAt[1] += leafCounts.slotCount();
      }
      int slots = (int) firstEntry[1] - 3;
      int elements = (int) leafBitAt[1] - 7;
      for (int i = 0; i <= slots + 3; i++) {
        assertEquals(offsets2.getInt(4L * i), offsets.getInt(4L * i), what + " offset " + i);
      }
      assertEquals(Buffers.bits(validity2, 0, slots + 5), Buffers.bits(validity, 0, slots + 5), what);
      assertEquals(Buffers.bits(leafValidity2, 0, elements + 7),
          Buffers.bits(leafValidity, 0, elements + 7), what);
    }
  }

  /** Whole batch through PathAssembler, both offset widths, plus the leaf values spread. */
  private void compareAssembly(Shape shape, LevelPath path, int[] def, int[] rep, Layout expected,
      Column column, String what) {
    for (OffsetWidth width : OffsetWidth.values()) {
      try (AssembledPath a = PathAssembler.assemble(memory.allocator(), path, def, rep, 0,
          def.length, width)) {
        for (int k = 0; k < shape.size(); k++) {
          AssembledNode node = a.node(k);
          String bits = expected.validity.get(k).toString();
          assertEquals(bits, Buffers.bits(node.validity(), 0, node.slotCount()), what + " node " + k);
          assertEquals(bits.length(), node.slotCount(), what + " node " + k);
          assertEquals(zeros(bits), node.nullCount(), what + " node " + k);
          if (shape.kinds()[k] == Kind.LIST) {
            long[] want = expected.offsets.get(k).stream().mapToLong(Long::longValue).toArray();
            long[] got = width == OffsetWidth.INT64
                ? Buffers.int64(node.offsets(), 0, want.length)
                : Arrays.stream(Buffers.int32(node.offsets(), 0, want.length)).asLongStream().toArray();
            assertArrayEquals(want, got, what + " offsets of node " + k);
            assertEquals(a.node(k + 1).slotCount(), node.counts().elementCount(), what);
          }
        }
        assertEquals(column.values.size(), a.leafValueCount(), what);
        spreadLeafValues(a, column, expected, what);
      }
    }
  }

  /** Dense leaf values spread into the leaf's slots must give the model's slot values. */
  private void spreadLeafValues(AssembledPath a, Column column, Layout expected, String what) {
    AssembledNode leaf = a.leaf();
    ArrowBuf data = Buffers.filled(memory.allocator(), 4L * Math.max(1, leaf.slotCount()), 0x5a);
    try (data) {
      int[] dense = column.values.toArray();
      for (int i = 0; i < dense.length; i++) {
        data.setInt(4L * i, dense[i]);
      }
      int moved = ValueSpreader.spreadFixedWidth(data, 0, 4, leaf.validity(), 0, leaf.slotCount());
      assertEquals(dense.length, moved, what);
      assertArrayEquals(expected.leafSlots.toArray(), Buffers.int32(data, 0, leaf.slotCount()), what);
    }
  }

  /**
   * The records cut into batches with RecordSplitter over levels split into random pages; each
   * batch appended node by node into shared buffers (offsets continuing, bits at odd offsets).
   * The result must equal the whole-batch layout.
   */
  private void compareAppending(Shape shape, LevelPath path, Column column, List<Object> records,
      Random random, String what) {
    int n = column.def.size();
    int[] def = column.def.toArray();
    int[] rep = column.rep.toArray();
    // random page boundaries, not aligned to records
    List<int[]> pages = new ArrayList<>();
    for (int at = 0; at < n; ) {
      int len = 1 + random.nextInt(Math.max(1, n / 3 + 1));
      len = Math.min(len, n - at);
      pages.add(new int[] {at, len});
      at += len;
    }
    int nodes = shape.size();
    int bitStart = random.nextInt(13);
    ArrowBuf[] validity = new ArrowBuf[nodes];
    ArrowBuf[] offsets = new ArrowBuf[nodes];
    long[] slots = new long[nodes];
    try {
      for (int k = 0; k < nodes; k++) {
        validity[k] = Buffers.zeroed(memory.allocator(), (bitStart + n + 7) / 8 + 1);
        offsets[k] = Buffers.zeroed(memory.allocator(), 8L * (n + 2));
      }
      RecordSplitter split = new RecordSplitter();
      int page = 0;
      int inPage = 0;
      long recordsSeen = 0;
      while (page < pages.size()) {
        int batch = 1 + random.nextInt(5);
        split.startBatch(batch);
        int batchStart = pages.get(page)[0] + inPage;
        int batchLength = 0;
        while (!split.isFull() && page < pages.size()) {
          int[] p = pages.get(page);
          int taken = split.take(path.maxRepLevel() == 0 ? null : rep, p[0] + inPage, p[1] - inPage);
          batchLength += taken;
          inPage += taken;
          if (inPage == p[1]) {
            page++;
            inPage = 0;
          }
        }
        recordsSeen += split.recordsStarted();
        path.check(def, rep, batchStart, batchLength);
        for (int k = 0; k < nodes; k++) {
          LevelInfo node = path.node(k);
          SlotCounts c;
          if (node.kind() == Kind.LIST) {
            c = NestedLevels.listOffsets(def, rep, batchStart, batchLength, node, offsets[k],
                slots[k], OffsetWidth.INT64, validity[k], bitStart + slots[k]);
          } else {
            c = NestedLevels.slots(def, path.maxRepLevel() == 0 ? null : rep, batchStart,
                batchLength, node, validity[k], bitStart + slots[k]);
          }
          slots[k] += c.slotCount();
        }
      }
      assertEquals(records.size(), recordsSeen, what);
      Layout expected = layout(shape, records);
      for (int k = 0; k < nodes; k++) {
        String bits = expected.validity.get(k).toString();
        assertEquals(bits.length(), slots[k], what + " appended node " + k);
        assertEquals(bits, Buffers.bits(validity[k], bitStart, bits.length()), what + " appended " + k);
        assertEquals("0".repeat(bitStart), Buffers.bits(validity[k], 0, bitStart), what);
        if (shape.kinds()[k] == Kind.LIST) {
          long[] want = expected.offsets.get(k).stream().mapToLong(Long::longValue).toArray();
          assertArrayEquals(want, Buffers.int64(offsets[k], 0, want.length), what + " appended " + k);
        }
      }
    } finally {
      for (int k = 0; k < nodes; k++) {
        if (validity[k] != null) {
          validity[k].close();
        }
        if (offsets[k] != null) {
          offsets[k].close();
        }
      }
    }
  }

  // ---- the model ----

  private static Shape randomShape(Random random) {
    int inner = random.nextInt(6);
    List<Kind> kinds = new ArrayList<>();
    List<Boolean> nullable = new ArrayList<>();
    for (int i = 0; i < inner; i++) {
      switch (random.nextInt(3)) {
        case 0 -> {
          kinds.add(Kind.STRUCT);
          nullable.add(random.nextBoolean());
        }
        case 1 -> {
          kinds.add(Kind.LIST);
          nullable.add(random.nextBoolean());
        }
        default -> { // a map: a list of non-null key/value structs
          kinds.add(Kind.LIST);
          nullable.add(random.nextBoolean());
          kinds.add(Kind.STRUCT);
          nullable.add(false);
        }
      }
    }
    kinds.add(Kind.LEAF);
    nullable.add(random.nextBoolean());
    boolean[] n = new boolean[nullable.size()];
    for (int i = 0; i < n.length; i++) {
      n[i] = nullable.get(i);
    }
    return new Shape(kinds.toArray(new Kind[0]), n);
  }

  private static LevelPath build(Shape shape) {
    LevelPath.Builder b = LevelPath.builder();
    for (int k = 0; k < shape.size() - 1; k++) {
      if (shape.kinds()[k] == Kind.LIST) {
        b.list(shape.nullable()[k]);
      } else {
        b.struct(shape.nullable()[k]);
      }
    }
    return b.leaf(shape.nullable()[shape.size() - 1]);
  }

  private static Object randomValue(Shape shape, int k, Random random) {
    if (shape.nullable()[k] && random.nextInt(4) == 0) {
      return null;
    }
    switch (shape.kinds()[k]) {
      case LEAF:
        return random.nextInt(1000) + 1;
      case STRUCT:
        return new Struct(randomValue(shape, k + 1, random));
      default:
        int size = random.nextInt(5) == 0 ? 0 : random.nextInt(4);
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < size; i++) {
          list.add(randomValue(shape, k + 1, random));
        }
        return list;
    }
  }

  /** The textbook shredder: definition = defined optional/repeated fields, repetition = depth. */
  private static Column shred(Shape shape, List<Object> records) {
    Column c = new Column();
    for (Object record : records) {
      shred(shape, record, 0, 0, 0, 0, c);
    }
    return c;
  }

  private static void shred(Shape shape, Object v, int k, int d, int r, int depth, Column c) {
    if (shape.nullable()[k]) {
      if (v == null) {
        emit(c, d, r);
        return;
      }
      d++;
    }
    switch (shape.kinds()[k]) {
      case LEAF -> {
        emit(c, d, r);
        c.values.add((Integer) v);
      }
      case STRUCT -> shred(shape, ((Struct) v).child(), k + 1, d, r, depth, c);
      default -> {
        List<?> list = (List<?>) v;
        if (list.isEmpty()) {
          emit(c, d, r);
          return;
        }
        for (int i = 0; i < list.size(); i++) {
          shred(shape, list.get(i), k + 1, d + 1, i == 0 ? r : depth + 1, depth + 1, c);
        }
      }
    }
  }

  private static void emit(Column c, int d, int r) {
    c.def.add(d);
    c.rep.add(r);
  }

  /**
   * Arrow's layout straight from the values. A null struct's child slot holds no value: it is null
   * if the child is nullable or the leaf, and valid (a non-nullable struct, or an empty list) if
   * not, as Arrow C++ builds it.
   */
  private static Layout layout(Shape shape, List<Object> records) {
    Layout out = new Layout();
    List<Object> slots = new ArrayList<>(records);
    for (int k = 0; k < shape.size(); k++) {
      boolean neverNull = !shape.nullable()[k] && shape.kinds()[k] != Kind.LEAF;
      StringBuilder bits = new StringBuilder();
      for (Object s : slots) {
        bits.append(s == null && !neverNull ? '0' : '1');
      }
      out.validity.add(bits);
      List<Long> offsets = new ArrayList<>();
      List<Object> next = new ArrayList<>();
      switch (shape.kinds()[k]) {
        case LEAF -> slots.forEach(s -> out.leafSlots.add(s == null ? 0 : (Integer) s));
        case STRUCT -> slots.forEach(s -> next.add(s == null ? null : ((Struct) s).child()));
        default -> {
          long end = 0;
          offsets.add(end);
          for (Object s : slots) {
            if (s != null) {
              next.addAll((List<?>) s);
              end += ((List<?>) s).size();
            }
            offsets.add(end);
          }
        }
      }
      out.offsets.add(offsets);
      slots = next;
    }
    return out;
  }

  private static int zeros(String bits) {
    return (int) bits.chars().filter(ch -> ch == '0').count();
  }

  /** A growable int array. */
  private static final class IntList {
    private int[] a = new int[16];
    private int size;

    void add(int v) {
      if (size == a.length) {
        a = Arrays.copyOf(a, size * 2);
      }
      a[size++] = v;
    }

    int size() {
      return size;
    }

    int[] toArray() {
      return Arrays.copyOf(a, size);
    }
  }

  @Test
  void modelSanity() {
    // the shredder reproduces the paper's Links.Backward column, so the model is the textbook one
    Shape links = new Shape(new Kind[] {Kind.STRUCT, Kind.LIST, Kind.LEAF},
        new boolean[] {true, false, false});
    Column c = shred(links, List.of(new Struct(List.of()), new Struct(List.of(10, 30))));
    assertArrayEquals(new int[] {1, 2, 2}, c.def.toArray());
    assertArrayEquals(new int[] {0, 0, 1}, c.rep.toArray());
    assertTrue(build(links).equals(LevelPath.builder().struct(true).list(false).leaf(false)));
  }
}
