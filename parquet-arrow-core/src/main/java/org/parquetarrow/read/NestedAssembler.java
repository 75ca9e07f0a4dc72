package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.Allocations;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.read.levels.DefinitionLevels;
import org.parquetarrow.read.levels.LevelInfo;
import org.parquetarrow.read.levels.NestedLevels;
import org.parquetarrow.read.levels.SlotCounts;
import org.parquetarrow.schema.FieldMapping;

/**
 * A top-level struct, list or map field: the one assembly tree of the reader. Each node of the
 * field builds its Arrow structure from the levels of one leaf below it: list offsets and
 * validity, struct validity, leaf validity with the dense values spread to their slots ({@link
 * NestedLevels}). Where that leaf does not repeat (a struct outside any list) every level entry is
 * one slot and the node's validity is {@code def >= validDefLevel} ({@link DefinitionLevels}).
 * Repeated leaves read whole records (level entries and dense values); the others read rows.
 */
final class NestedAssembler implements FieldAssembler {
  private final Node root;
  private final List<LeafReader> leaves = new ArrayList<>();
  private final BufferAllocator allocator;
  /**
   * Whether no list or map lies under the field: its null-type leaves are then never read (only
   * their length matters), as for a top-level null field.
   */
  private final boolean flat;
  private int rows;

  NestedAssembler(FieldMapping field, BufferAllocator allocator) {
    this.allocator = allocator;
    this.flat = !repeats(field);
    try {
      this.root = node(field, 0, 0);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /** Whether {@code field} has a list or map at or below it. */
  static boolean repeats(FieldMapping field) {
    if (field.kind().isRepeated()) {
      return true;
    }
    for (FieldMapping c : field.children()) {
      if (repeats(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The node of {@code f}, whose parent's slots are present from {@code parentDef} and whose
   * nearest list has an element from {@code ancestorDef}.
   */
  private Node node(FieldMapping f, int parentDef, int ancestorDef) {
    Field out = ReadFields.memoryField(f);
    boolean nullable = f.definitionLevel() > parentDef;
    switch (f.kind()) {
      case PRIMITIVE: {
        LevelInfo info = new LevelInfo(LevelInfo.Kind.LEAF, f.definitionLevel(), f.repetitionLevel(), ancestorDef, nullable);
        if (f.definitionLevel() != f.column().maxDefinitionLevel()
            || f.repetitionLevel() != f.column().maxRepetitionLevel()) {
          throw new CorruptFileException("levels of " + f.column().dottedPath() + " do not match its schema path");
        }
        LeafAssembler leaf = LeafAssembler.of(f, out, allocator, true);
        leaves.add(leaf.reader());
        return new LeafNode(info, out, leaf);
      }
      case NULL: {
        if (flat) {
          return new NullNode(null, out, null);
        }
        LevelInfo info = new LevelInfo(LevelInfo.Kind.LEAF, f.definitionLevel(), f.repetitionLevel(), ancestorDef, nullable);
        // the column's levels give the null slots; its values (there should be none) are read and dropped
        LeafReader reader = LeafReaders.create(f, LeafReaders.physicalStorage(f.column()), allocator, true);
        leaves.add(reader);
        return new NullNode(info, out, reader);
      }
      case STRUCT: {
        LevelInfo info = new LevelInfo(LevelInfo.Kind.STRUCT, f.definitionLevel(), f.repetitionLevel(), ancestorDef, nullable);
        List<Node> children = new ArrayList<>();
        for (FieldMapping c : f.children()) {
          children.add(node(c, f.definitionLevel(), ancestorDef));
        }
        return new StructNode(info, out, children);
      }
      case LIST:
      case LARGE_LIST:
      case FIXED_SIZE_LIST:
      case LIST_VIEW:
      case LARGE_LIST_VIEW:
      case MAP: {
        if (f.elementsDefinitionLevel() != f.definitionLevel() + 1) {
          throw new CorruptFileException("list " + f.name() + " has elements from definition level "
              + f.elementsDefinitionLevel() + ", not " + (f.definitionLevel() + 1));
        }
        LevelInfo info = new LevelInfo(LevelInfo.Kind.LIST, f.definitionLevel(), f.repetitionLevel(), ancestorDef, nullable);
        Node child = node(f.children().get(0), f.elementsDefinitionLevel(), f.elementsDefinitionLevel());
        boolean large = f.kind() == FieldMapping.Kind.LARGE_LIST || f.kind() == FieldMapping.Kind.LARGE_LIST_VIEW;
        return new ListNode(info, out, child, large ? OffsetWidth.INT64 : OffsetWidth.INT32, f.kind());
      }
      default:
        throw new UnsupportedFeatureException(
            "reading " + f.kind() + " below a list",
            "field " + f.name() + " is a " + f.kind() + ", which this reader does not assemble inside lists or maps");
    }
  }

  @Override
  public List<LeafReader> leaves() {
    return leaves;
  }

  @Override
  public void startBatch(int rows) {
    this.rows = rows;
    for (LeafReader leaf : leaves) {
      leaf.startBatch(rows);
    }
  }

  @Override
  public void startOwnBatch(int rows) {
    this.rows = rows;
  }

  @Override
  public void truncateBatch(int rows) {
    this.rows = rows;
    for (LeafReader leaf : leaves) {
      leaf.truncateBatch(rows);
    }
  }

  @Override
  public FieldVector finishBatch() {
    LeafReader s = root.source();
    // a record is one slot of the root: a repeated leaf's record splitter counted the records it
    // read (entries with repetition level 0, the root's slot test), so they need no recount; a
    // leaf without repetition has one entry per row
    if (s != null && s.repeated()) {
      return root.build(s.rowsRead(), s);
    }
    return root.build(rows, null);
  }

  @Override
  public void close() {
    for (LeafReader leaf : leaves) {
      leaf.close();
    }
  }

  private ArrowBuf zeroed(long bytes) {
    return Allocations.zeroed(allocator, Math.max(1, bytes), 8 * bytes, "validity bits");
  }

  /**
   * A zeroed validity bitmap for {@code slots} slots that also holds one bit per level entry of
   * {@code source}, so that {@link NestedLevels} never recounts the slots to check its range.
   */
  private ArrowBuf validityFor(int slots, LeafReader source) {
    return zeroed(Bitmaps.bytesFor(Math.max(slots, source.entryCount())));
  }

  /** Whether every slot of {@code info} is valid, whatever the levels say beyond its slots. */
  private static boolean allValid(LevelInfo info) {
    return info.validDefLevel() == info.repeatedAncestorDefLevel();
  }

  /** Whether {@code leaf}'s slots are the elements of {@code list} (none of its own repeats). */
  private static boolean isRightBelow(LevelInfo leaf, LevelInfo list) {
    return leaf.repeatedAncestorDefLevel() == list.elementDefLevel() && leaf.repLevel() == list.repLevel();
  }

  private static CorruptFileException slotMismatch(Field field, int expected, int found) {
    return new CorruptFileException("the levels of " + field.getName() + " give it " + found
        + " slots where its parent has " + expected);
  }

  /** One Arrow node of the field. */
  private abstract static class Node {
    final LevelInfo info;

    Node(LevelInfo info) {
      this.info = info;
    }

    /**
     * A leaf below this node, whose levels describe the node; {@code null} when no leaf below it
     * is read (only unread null-type leaves).
     */
    abstract LeafReader source();

    /** The node's slots in the batch, counted from the levels of {@link #source()}. */
    final int countSlots() {
      LeafReader s = source();
      return NestedLevels.countSlots(s.levels(), s.repetitionLevels(), 0, s.entryCount(), info);
    }

    /**
     * Builds the node's vector of {@code slots} slots: the count its parent found (one slot per
     * parent slot below a struct, per element below a list), so that no node counts its own.
     *
     * @param countedBy the leaf whose levels gave {@code slots}, or {@code null}: every node
     *     between two lists (or the root and a list) counts its slots by the same test on a level
     *     entry as the elements of the list above it, so a node whose own source is that leaf
     *     need not check the count again
     * @throws CorruptFileException if the node's levels give it another count
     */
    abstract FieldVector build(int slots, LeafReader countedBy);
  }

  private final class LeafNode extends Node {
    private final Field field;
    private final LeafAssembler leaf;

    LeafNode(LevelInfo info, Field field, LeafAssembler leaf) {
      super(info);
      this.field = field;
      this.leaf = leaf;
    }

    @Override
    LeafReader source() {
      return leaf.reader();
    }

    @Override
    FieldVector build(int slots, LeafReader countedBy) {
      LeafReader r = leaf.reader();
      if (!r.repeated()) {
        return leaf.finishBatch();
      }
      int n = r.entryCount();
      try (ArrowBuf validity = validityFor(slots, r)) {
        int nulls;
        if (allValid(info)) {
          // every slot holds a value: its slots are its dense values (entries at the maximum
          // definition level, which is this leaf's slot test too), already counted as read
          int found = countedBy == r ? slots : r.valueCount();
          if (found != slots) {
            throw slotMismatch(field, slots, found);
          }
          Bitmaps.setRange(validity, 0, slots, true);
          nulls = 0;
        } else {
          SlotCounts c = NestedLevels.slots(r.levels(), r.repetitionLevels(), 0, n, info, validity, 0);
          if (c.slotCount() != slots) {
            throw slotMismatch(field, slots, c.slotCount());
          }
          nulls = c.nullCount();
        }
        return leaf.adapt(r.finishBatch(validity, slots, nulls));
      }
    }

    /**
     * Whether a list right above this leaf, or above a struct with no nulls of its own holding
     * it (a map's key-value entries), can work out its validity from this leaf's levels in the
     * list's own pass ({@link NestedLevels#listOffsetsWithLeaf}): each of the list's elements is
     * then one slot of this leaf.
     */
    boolean validityFromList(OffsetWidth width) {
      return leaf.reader().repeated() && !allValid(info) && width == OffsetWidth.INT32;
    }

    /** {@link #build} with the validity the list above made, its {@code slots} already checked. */
    FieldVector build(ArrowBuf validity, int slots, int nulls) {
      return leaf.adapt(leaf.reader().finishBatch(validity, slots, nulls));
    }
  }

  private final class NullNode extends Node {
    private final Field field;
    private final LeafReader reader;

    NullNode(LevelInfo info, Field field, LeafReader reader) {
      super(info);
      this.field = field;
      this.reader = reader;
    }

    @Override
    LeafReader source() {
      return reader;
    }

    @Override
    FieldVector build(int slots, LeafReader countedBy) {
      if (reader != null) {
        int found = countSlots();
        reader.releaseBatch();
        if (found != slots) {
          throw slotMismatch(field, slots, found);
        }
      }
      NullVector v = new NullVector(field);
      v.setValueCount(slots);
      return v;
    }
  }

  private final class StructNode extends Node {
    private final Field field;
    private final List<Node> children;

    StructNode(LevelInfo info, Field field, List<Node> children) {
      super(info);
      this.field = field;
      this.children = children;
    }

    @Override
    LeafReader source() {
      for (Node c : children) {
        LeafReader s = c.source();
        if (s != null) {
          return s;
        }
      }
      return null;
    }

    @Override
    FieldVector build(int slots, LeafReader countedBy) {
      return build(slots, countedBy, null, null, 0);
    }

    /**
     * The child a list right above can give its validity in the list's own pass (see {@link
     * LeafNode#validityFromList(OffsetWidth)}): a nullable repeated leaf child, when this struct
     * has a slot for each of the list's elements (no nulls of its own); else {@code null}.
     */
    LeafNode leafForList(LevelInfo list, OffsetWidth width) {
      if (!allValid(info)) {
        return null;
      }
      for (Node c : children) {
        if (c instanceof LeafNode leaf && leaf.validityFromList(width) && isRightBelow(leaf.info, list)) {
          return leaf;
        }
      }
      return null;
    }

    /**
     * {@link #build(int, LeafReader)}, where child {@code preset} (if not {@code null}) has its
     * validity {@code presetValidity} and {@code presetNulls} nulls from the list above.
     */
    FieldVector build(int slots, LeafReader countedBy, LeafNode preset, ArrowBuf presetValidity, int presetNulls) {
      LeafReader s = source();
      LeafReader childrenCountedBy = countedBy;
      List<FieldVector> built = new ArrayList<>(children.size());
      StructVector struct = null;
      try (ArrowBuf validity = s == null ? zeroed(Bitmaps.bytesFor(slots)) : validityFor(slots, s)) {
        int nulls = 0;
        if (s != null && !s.repeated()) {
          // one level entry per slot
          nulls = slots - DefinitionLevels.toValidity(s.levels(), 0, slots, info.validDefLevel(), validity, 0);
        } else if (s == null || allValid(info)) {
          // the children check the slot count against their own levels
          Bitmaps.setRange(validity, 0, slots, true);
        } else {
          SlotCounts c = NestedLevels.slots(s.levels(), s.repetitionLevels(), 0, s.entryCount(), info, validity, 0);
          if (c.slotCount() != slots) {
            throw slotMismatch(field, slots, c.slotCount());
          }
          nulls = c.nullCount();
          childrenCountedBy = s;
        }
        for (Node child : children) {
          built.add(child == preset
              ? preset.build(presetValidity, slots, presetNulls)
              : child.build(slots, childrenCountedBy));
        }
        struct = (StructVector) field.createVector(allocator);
        struct.loadFieldBuffers(new ArrowFieldNode(slots, nulls), List.of(validity));
        for (int i = 0; i < built.size(); i++) {
          built.get(i).makeTransferPair(struct.getChildByOrdinal(i)).transfer();
        }
        struct.setValueCount(slots);
        StructVector done = struct;
        struct = null;
        return done;
      } finally {
        built.forEach(FieldVector::close);
        if (struct != null) {
          struct.close();
        }
      }
    }
  }

  private final class ListNode extends Node {
    private final Field field;
    private final Node child;
    private final OffsetWidth width;
    private final FieldMapping.Kind kind;

    ListNode(LevelInfo info, Field field, Node child, OffsetWidth width, FieldMapping.Kind kind) {
      super(info);
      this.field = field;
      this.child = child;
      this.width = width;
      this.kind = kind;
    }

    @Override
    LeafReader source() {
      return child.source();
    }

    /**
     * The leaf whose validity this list can work out in its own pass over the levels, the leaf's
     * levels standing for the list's: its element leaf, or a leaf of its element struct (a map's
     * value); {@code null} when there is none.
     */
    private LeafNode leafWithList() {
      if (child instanceof LeafNode leaf) {
        return leaf.validityFromList(width) && isRightBelow(leaf.info, info) ? leaf : null;
      }
      return child instanceof StructNode struct ? struct.leafForList(info, width) : null;
    }

    @Override
    FieldVector build(int slots, LeafReader countedBy) {
      LeafNode withLeaf = leafWithList();
      LeafReader s = withLeaf != null ? withLeaf.leaf.reader() : source();
      int n = s.entryCount();
      int entryBytes = width == OffsetWidth.INT64 ? 8 : 4;
      FieldVector elements = null;
      FieldVector list = null;
      // room for an offset per level entry, so that NestedLevels need not count the slots first;
      // it writes every entry up to the last slot's end, so only the first needs a value
      try (ArrowBuf validity = validityFor(slots, s);
          ArrowBuf offsets = Allocations.buffer(
              allocator, (Math.max(slots, n) + 1L) * entryBytes, Math.max(slots, n) + 1L, "list offsets")) {
        offsets.setZero(0, entryBytes);
        SlotCounts c;
        if (withLeaf != null) {
          // the leaf's validity in the same pass over the levels as the offsets
          try (ArrowBuf leafValidity = validityFor(0, s)) {
            c = NestedLevels.listOffsetsWithLeaf(s.levels(), s.repetitionLevels(), 0, n, info,
                offsets, 0, validity, 0, withLeaf.info, leafValidity, 0);
            if (c.slotCount() != slots) {
              throw slotMismatch(field, slots, c.slotCount());
            }
            int leafNulls = c.elementCount()
                - (int) Bitmaps.countSetBits(leafValidity, 0, c.elementCount());
            elements = child == withLeaf
                ? withLeaf.build(leafValidity, c.elementCount(), leafNulls)
                // the struct's other children check their counts against the leaf's
                : ((StructNode) child).build(c.elementCount(), s, withLeaf, leafValidity, leafNulls);
          }
        } else {
          c = NestedLevels.listOffsets(
              s.levels(), s.repetitionLevels(), 0, n, info, offsets, 0, width, validity, 0);
          if (c.slotCount() != slots) {
            throw slotMismatch(field, slots, c.slotCount());
          }
          elements = child.build(c.elementCount(), s);
        }
        if (elements.getValueCount() != c.elementCount()) {
          throw new CorruptFileException("list " + field.getName() + " holds " + c.elementCount()
              + " elements, its leaves give " + elements.getValueCount());
        }
        list = field.createVector(allocator);
        ArrowFieldNode node = new ArrowFieldNode(slots, c.nullCount());
        if (kind == FieldMapping.Kind.FIXED_SIZE_LIST) {
          elements = padNullSlots(offsets, validity, slots, elements);
          list.loadFieldBuffers(node, List.of(validity));
        } else if (kind == FieldMapping.Kind.LIST_VIEW || kind == FieldMapping.Kind.LARGE_LIST_VIEW) {
          try (ArrowBuf sizes = ListViews.sizesFromOffsets(offsets, slots, width, allocator)) {
            list.loadFieldBuffers(node, List.of(validity, offsets, sizes));
          }
        } else {
          list.loadFieldBuffers(node, List.of(validity, offsets));
        }
        elements.makeTransferPair(list.getChildrenFromFields().get(0)).transfer();
        list.setValueCount(slots);
        FieldVector done = list;
        list = null;
        return done;
      } finally {
        if (elements != null) {
          elements.close();
        }
        if (list != null) {
          list.close();
        }
      }
    }

    /**
     * Arrow gives every fixed-size-list slot {@code size} children, null slots included, but
     * Parquet stores a null list as a definition level with no elements (arrow-rs and our writer
     * write them so). Null slots stored empty get {@code size} null children
     * here; any other slot must hold exactly {@code size} elements.
     *
     * @return {@code elements}, or a padded copy of it (then {@code elements} is closed)
     */
    private FieldVector padNullSlots(ArrowBuf offsets, ArrowBuf validity, int slots, FieldVector elements) {
      int size = ((ArrowType.FixedSizeList) field.getType()).getListSize();
      boolean padding = false;
      for (int i = 0; i < slots; i++) {
        int length = offsets.getInt(4L * (i + 1)) - offsets.getInt(4L * i);
        if (length == size) {
          continue;
        }
        if (length != 0 || BitVectorHelper.get(validity, i) != 0) {
          throw new CorruptFileException("fixed-size list " + field.getName() + " of size " + size
              + " has a slot of " + length + " elements, at slot " + i + " of the batch");
        }
        padding = true;
      }
      if (!padding) {
        return elements;
      }
      FieldVector padded = elements.getField().createVector(allocator);
      try {
        if (elements instanceof BaseFixedWidthVector fixed && !(elements instanceof BitVector)) {
          copyPaddedFixedWidth(offsets, slots, size, fixed, (BaseFixedWidthVector) padded);
        } else if (!(elements instanceof NullVector)) {
          copyPadded(offsets, slots, size, elements, padded);
        }
        padded.setValueCount(Math.multiplyExact(slots, size));
      } catch (RuntimeException e) {
        padded.close();
        throw e;
      }
      elements.close();
      return padded;
    }

    /**
     * {@link #copyPadded} for fixed-width values (the common case: vectors of floats), a slot's
     * values in one bulk copy; padded positions stay zero and null as allocated.
     */
    private static void copyPaddedFixedWidth(ArrowBuf offsets, int slots, int size, BaseFixedWidthVector from,
        BaseFixedWidthVector to) {
      long width = from.getTypeWidth();
      Allocations.run(() -> to.allocateNew(Math.multiplyExact(slots, size)), to.getAllocator(),
          (long) slots * size * width, (long) slots * size, "fixed-size list values");
      ArrowBuf data = from.getDataBuffer();
      ArrowBuf valid = from.getValidityBuffer();
      ArrowBuf toData = to.getDataBuffer();
      ArrowBuf toValid = to.getValidityBuffer();
      int target = 0;
      for (int i = 0; i < slots; i++) {
        int start = offsets.getInt(4L * i);
        if (offsets.getInt(4L * (i + 1)) - start == size) {
          toData.setBytes(target * width, data, start * width, size * width);
          for (int k = 0; k < size; k++) {
            if (BitVectorHelper.get(valid, start + k) != 0) {
              BitVectorHelper.setBit(toValid, target + k);
            }
          }
        }
        target += size;
      }
    }

    /** Copies each full slot's elements, and {@code size} nulls for each empty (null) slot. */
    private void copyPadded(ArrowBuf offsets, int slots, int size, FieldVector from, FieldVector to) {
      // the copies grow the vector as they go: one refusal check around all of them
      Allocations.run(() -> {
        try (FieldVector nullValue = from.getField().createVector(allocator)) {
          // one slot, never set: null for every vector kind, whose copy copyFromSafe knows how to make
          nullValue.allocateNew();
          nullValue.setValueCount(1);
          to.setInitialCapacity(Math.multiplyExact(slots, size));
          to.allocateNew();
          int target = 0;
          for (int i = 0; i < slots; i++) {
            int start = offsets.getInt(4L * i);
            boolean full = offsets.getInt(4L * (i + 1)) - start == size;
            for (int k = 0; k < size; k++) {
              if (full) {
                to.copyFromSafe(start + k, target++, from);
              } else {
                to.copyFromSafe(0, target++, nullValue);
              }
            }
          }
        }
      }, allocator, -1, (long) slots * size, "fixed-size list values");
    }
  }
}
