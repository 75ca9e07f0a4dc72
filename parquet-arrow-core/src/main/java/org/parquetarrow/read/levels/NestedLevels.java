package org.parquetarrow.read.levels;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.encoding.Bitmaps;
import org.parquetarrow.read.levels.LevelInfo.Kind;

/**
 * Arrow structure from the definition and repetition levels of one leaf column, one node of its
 * {@link LevelPath} at a time: list offsets and validity ({@link #listOffsets}), struct and leaf
 * validity and length ({@link #slots}). The levels are those of whole records and should have
 * passed {@link LevelPath#check}; a node shared by several leaves (a struct with two fields, a list
 * of structs) is computed once, from the levels of any leaf below it.
 *
 * <p>Each call appends: validity bits from {@code bitOffset}, offsets from entry {@code
 * firstEntry}, whose existing value is the start of the first new slot. A node gets at most one
 * slot per level entry, so buffers sized for {@code n} slots always suffice; smaller ones are
 * accepted when they hold the exact count (found by an extra counting pass).
 *
 * <pre>{@code
 * // optional group a (LIST) { repeated group list { optional int32 element; } }
 * // records: null, [], [null], [1, null, 2]
 * LevelPath path = LevelPath.builder().list(true).leaf(true);
 * int[] def = {0, 1, 2, 3, 2, 3};
 * int[] rep = {0, 0, 0, 0, 1, 1};
 * path.check(def, rep, 0, 6);
 * SlotCounts list = NestedLevels.listOffsets(def, rep, 0, 6, path.node(0),
 *     offsets, 0, OffsetWidth.INT32, listValidity, 0);     // offsets 0,0,0,1,4; validity 0111
 * SlotCounts leaf = NestedLevels.slots(def, rep, 0, 6, path.leaf(), leafValidity, 0);
 *                                                         // 4 slots, validity 0101
 * }</pre>
 *
 * <p>Both are O(n) with no branch per entry, 64 entries at a time: each entry that makes a slot
 * puts its validity bit at the running slot position (so the bits come out packed) and, for a
 * list, stores the elements so far as the offset of the next slot; one bitmap append follows per
 * 64 entries. Slots of a node with a list below it still come from bit masks and a bit squeeze.
 */
public final class NestedLevels {
  /** Level entries turned into one 64-bit mask at a time. */
  private static final int CHUNK = 64;

  private NestedLevels() {}

  /**
   * Appends the slots of a struct or leaf node: {@code validity} bit {@code bitOffset + k} for its
   * {@code k}-th new slot, set when the slot is not null.
   *
   * @param rep repetition levels; may be {@code null} when no list lies below {@code node} on the
   *     path (its {@code repLevel} is the path's maximum), as entries then never continue a list
   *     inside the node's slot
   * @param validity where the bits go; {@code null} to only count
   */
  public static SlotCounts slots(int[] def, int[] rep, int from, int n, LevelInfo node,
      ArrowBuf validity, long bitOffset) {
    if (node.kind() == Kind.LIST) {
      throw new IllegalArgumentException("use listOffsets for a list");
    }
    checkLevels(def, rep, from, n);
    if (node.kind() == Kind.LEAF) {
      // nothing lies below a leaf: no entry continues a list inside its slot
      rep = null;
    }
    long base = validity == null ? 0 : bitmapAddress(validity, bitOffset, def, rep, from, n, node);
    long packed = slotLoop(def, rep, from, n, node, base, validity != null, bitOffset);
    int slots = (int) (packed >>> 32);
    return new SlotCounts(slots, slots - (int) packed, 0);
  }

  /**
   * Appends the slots of a list node: offsets entries {@code firstEntry + 1 ..} (each slot's end;
   * entry {@code firstEntry} already holds the start of the first), and {@code validity} bits
   * from {@code bitOffset}. A null list and an empty list both have no elements; only the
   * validity tells them apart.
   *
   * @param offsets 32- or 64-bit offsets as {@code width} says, in the platform's (little-endian)
   *     order as Arrow keeps them
   * @param validity where the bits go; {@code null} to skip them
   * @throws UnsupportedFeatureException if 32-bit offsets would pass {@code Integer.MAX_VALUE}
   */
  public static SlotCounts listOffsets(int[] def, int[] rep, int from, int n, LevelInfo list,
      ArrowBuf offsets, long firstEntry, OffsetWidth width, ArrowBuf validity, long bitOffset) {
    if (list.kind() != Kind.LIST) {
      throw new IllegalArgumentException("not a list: " + list);
    }
    Objects.requireNonNull(rep, "a list needs repetition levels");
    Objects.requireNonNull(width, "width");
    checkLevels(def, rep, from, n);
    boolean wide = width == OffsetWidth.INT64;
    int entryBytes = wide ? 8 : 4;
    if (firstEntry < 0) {
      throw new IndexOutOfBoundsException("offsets entry " + firstEntry);
    }
    offsets.checkBytes(firstEntry * entryBytes, (firstEntry + 1) * entryBytes);
    long startAddress = offsets.memoryAddress() + firstEntry * entryBytes;
    long start = wide ? MemoryUtil.getLong(startAddress) : MemoryUtil.getInt(startAddress);
    if (start < 0) {
      throw new IllegalArgumentException("offsets entry " + firstEntry + " holds " + start);
    }
    long maxEnd = wide ? Long.MAX_VALUE : Integer.MAX_VALUE;
    int slotBound = n;
    if (start > maxEnd - n || !fits(offsets, (firstEntry + 1L + n) * entryBytes)) {
      slotBound = countSlots(def, rep, from, n, list);
      if (start > maxEnd - countElements(def, rep, from, n, list)) {
        throw new UnsupportedFeatureException("list over 2^31 - 1 elements",
            "a list column holds more than " + Integer.MAX_VALUE
                + " elements in one batch; read it as a large list (64-bit offsets)");
      }
      offsets.checkBytes(firstEntry * entryBytes, (firstEntry + 1L + slotBound) * entryBytes);
    }
    long bitBase = 0;
    if (validity != null) {
      bitBase = bitmapAddress(validity, bitOffset, def, rep, from, n, list);
    }
    return listLoop(def, rep, from, n, list, startAddress, start, wide, validity != null,
        bitBase, bitOffset);
  }

  /**
   * {@link #listOffsets} of a list whose elements are {@code leaf} itself (no struct or list in
   * between), together with the leaf's validity ({@link #slots}), in one pass over the levels: a
   * leaf slot is exactly a list element, so the leaf's bits come from the same test. 32-bit
   * offsets; both bitmaps are required.
   *
   * @return the list's counts; the leaf has {@code elementCount()} slots, valid where its bits are
   *     set
   * @throws IllegalArgumentException if {@code leaf} is not the leaf right below {@code list}
   */
  public static SlotCounts listOffsetsWithLeaf(int[] def, int[] rep, int from, int n,
      LevelInfo list, ArrowBuf offsets, long firstEntry, ArrowBuf validity, long bitOffset,
      LevelInfo leaf, ArrowBuf leafValidity, long leafBitOffset) {
    if (list.kind() != Kind.LIST || leaf.kind() != Kind.LEAF
        || leaf.repeatedAncestorDefLevel() != list.elementDefLevel()
        || leaf.repLevel() != list.repLevel()) {
      throw new IllegalArgumentException(leaf + " is not the leaf right below " + list);
    }
    Objects.requireNonNull(rep, "a list needs repetition levels");
    Objects.requireNonNull(validity, "validity");
    Objects.requireNonNull(leafValidity, "leafValidity");
    checkLevels(def, rep, from, n);
    if (firstEntry < 0) {
      throw new IndexOutOfBoundsException("offsets entry " + firstEntry);
    }
    offsets.checkBytes(firstEntry * 4, (firstEntry + 1) * 4);
    long startAddress = offsets.memoryAddress() + firstEntry * 4;
    int start = MemoryUtil.getInt(startAddress);
    if (start < 0) {
      throw new IllegalArgumentException("offsets entry " + firstEntry + " holds " + start);
    }
    if (start > Integer.MAX_VALUE - n || !fits(offsets, (firstEntry + 1L + n) * 4)) {
      // the rare cases the general path handles (exact counts, the 2^31 limit): two passes
      SlotCounts c = listOffsets(def, rep, from, n, list, offsets, firstEntry, OffsetWidth.INT32,
          validity, bitOffset);
      slots(def, rep, from, n, leaf, leafValidity, leafBitOffset);
      return c;
    }
    long bitBase = bitmapAddress(validity, bitOffset, def, rep, from, n, list);
    long leafBase = bitmapAddress(leafValidity, leafBitOffset, def, null, from, n, leaf);
    final int present = list.validDefLevel();
    final int element = list.elementDefLevel();
    final int own = list.repLevel();
    final int newSlot = list.slotRepLevel();
    final int ancestor = list.repeatedAncestorDefLevel();
    final int leafPresent = leaf.validDefLevel();
    BitSink bits = new BitSink(bitBase, true, bitOffset);
    BitSink leafBits = new BitSink(leafBase, true, leafBitOffset);
    int e = start;
    int slot = 0;
    int valid = 0;
    for (int i = from, stop = from + n, len; i < stop; i += len) {
      len = Math.min(CHUNK, stop - i);
      long packed = 0;
      int slots = 0;
      long leafPacked = 0;
      int elements = 0;
      // as in listLoop; an entry that adds an element is also the leaf's next slot
      if (len == CHUNK && ancestor == 0) {
        // a top-level list or map: every record start is a slot; a constant trip count lets the
        // JIT unroll the common case
        for (int t = 0; t < CHUNK; t++) {
          int d = def[i + t];
          int r = rep[i + t];
          int s = Branchless.atLeast(newSlot, r);
          MemoryUtil.putInt(startAddress + ((long) slot << 2), e + elements);
          packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
          slots += s;
          slot += s;
          int x = Branchless.atLeast(d, element) & Branchless.atLeast(own, r);
          leafPacked |= (long) (Branchless.atLeast(d, leafPresent) & x) << elements;
          elements += x;
        }
      } else {
        for (int t = 0; t < len; t++) {
          int d = def[i + t];
          int r = rep[i + t];
          int s = Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, r);
          MemoryUtil.putInt(startAddress + ((long) slot << 2), e + elements);
          packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
          slots += s;
          slot += s;
          int x = Branchless.atLeast(d, element) & Branchless.atLeast(own, r);
          leafPacked |= (long) (Branchless.atLeast(d, leafPresent) & x) << elements;
          elements += x;
        }
      }
      e += elements;
      bits.append(packed, slots);
      leafBits.append(leafPacked, elements);
      valid += Long.bitCount(packed);
    }
    MemoryUtil.putInt(startAddress + ((long) slot << 2), e);
    bits.finish();
    leafBits.finish();
    return new SlotCounts(slot, slot - valid, e - start);
  }

  /**
   * One pass, 64 entries at a time, with no branch on the levels: every entry stores the
   * elements so far as the offset of the next slot to start, and moves on to the slot after it
   * only if it starts that slot, so the last store to each entry is the slot's start and the
   * stray ones land on entries the next slot (or the final end) overwrites. A valid slot's bit
   * goes to the chunk's running slot position, so the bits come out packed.
   */
  private static SlotCounts listLoop(int[] def, int[] rep, int from, int n, LevelInfo list,
      long offsetsAddress, long start, boolean wide, boolean withValidity, long bitBase,
      long bitOffset) {
    final int ancestor = list.repeatedAncestorDefLevel();
    final int present = list.validDefLevel();
    final int element = list.elementDefLevel();
    final int own = list.repLevel();
    final int newSlot = list.slotRepLevel();
    BitSink bits = new BitSink(bitBase, withValidity, bitOffset);
    long end = start; // elements so far, the end of the current list
    int slot = 0;
    int valid = 0;
    for (int i = from, stop = from + n, len; i < stop; i += len) {
      len = Math.min(CHUNK, stop - i);
      // at entry t at most t slots of the chunk precede it, so the shift stays below 64
      long packed = 0;
      int slots = 0;
      if (wide) {
        for (int t = 0; t < len; t++) {
          int d = def[i + t];
          int r = rep[i + t];
          int s = Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, r);
          MemoryUtil.putLong(offsetsAddress + ((long) slot << 3), end);
          packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
          slots += s;
          slot += s;
          end += Branchless.atLeast(d, element) & Branchless.atLeast(own, r);
        }
      } else {
        // the element count fits an int here: listOffsets checked start + n against 2^31 - 1
        int e = (int) end;
        if (len == CHUNK && ancestor == 0) { // a top-level list: every record start is a slot
          for (int t = 0; t < CHUNK; t++) {
            int d = def[i + t];
            int r = rep[i + t];
            int s = Branchless.atLeast(newSlot, r);
            MemoryUtil.putInt(offsetsAddress + ((long) slot << 2), e);
            packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
            slots += s;
            slot += s;
            e += Branchless.atLeast(d, element) & Branchless.atLeast(own, r);
          }
        } else if (len == CHUNK) { // a constant trip count lets the JIT unroll the common case
          for (int t = 0; t < CHUNK; t++) {
            int d = def[i + t];
            int r = rep[i + t];
            int s = Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, r);
            MemoryUtil.putInt(offsetsAddress + ((long) slot << 2), e);
            packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
            slots += s;
            slot += s;
            e += Branchless.atLeast(d, element) & Branchless.atLeast(own, r);
          }
        } else {
          for (int t = 0; t < len; t++) {
            int d = def[i + t];
            int r = rep[i + t];
            int s = Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, r);
            MemoryUtil.putInt(offsetsAddress + ((long) slot << 2), e);
            packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
            slots += s;
            slot += s;
            e += Branchless.atLeast(d, element) & Branchless.atLeast(own, r);
          }
        }
        end = e;
      }
      bits.append(packed, slots);
      valid += Long.bitCount(packed);
    }
    putOffset(offsetsAddress + ((long) slot << (wide ? 3 : 2)), end, wide);
    bits.finish();
    return new SlotCounts(slot, slot - valid, (int) (end - start));
  }

  private static void putOffset(long address, long value, boolean wide) {
    if (wide) {
      MemoryUtil.putLong(address, value);
    } else {
      MemoryUtil.putInt(address, (int) value);
    }
  }

  /**
   * Slots of a struct or leaf node, 64 entries at a time. Without repetition levels (no list below
   * the node) each entry that makes a slot puts its validity bit at the chunk's running slot
   * position, so the bits come out packed. With them, a slot mask and a validity mask come from
   * fixed shifts and the valid bits of the slots are squeezed out of the latter. Returns the slot
   * count in the high and the valid count in the low 32 bits.
   */
  private static long slotLoop(int[] def, int[] rep, int from, int n, LevelInfo node,
      long bitBase, boolean withValidity, long bitOffset) {
    final int ancestor = node.repeatedAncestorDefLevel();
    final int present = node.validDefLevel();
    final int newSlot = node.slotRepLevel();
    BitSink bits = new BitSink(bitBase, withValidity, bitOffset);
    long valid = 0;
    for (int i = from, stop = from + n, len; i < stop; i += len) {
      len = Math.min(CHUNK, stop - i);
      if (rep == null) {
        // at entry t at most t slots of the chunk precede it, so the shift stays below 64
        long packed = 0;
        int slots = 0;
        if (len == CHUNK) { // a constant trip count lets the JIT unroll the common case
          for (int t = 0; t < CHUNK; t++) {
            int d = def[i + t];
            int s = Branchless.atLeast(d, ancestor);
            packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
            slots += s;
          }
        } else {
          for (int t = 0; t < len; t++) {
            int d = def[i + t];
            int s = Branchless.atLeast(d, ancestor);
            packed |= (long) (Branchless.atLeast(d, present) & s) << slots;
            slots += s;
          }
        }
        bits.append(packed, slots);
        valid += Long.bitCount(packed);
        continue;
      }
      // both masks in one pass over the levels
      long slots = 0;
      long validSlots = 0;
      if (len == CHUNK) {
        for (int t = 0; t < CHUNK; t++) {
          int d = def[i + t];
          slots |= (long) (Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, rep[i + t])) << t;
          validSlots |= (long) Branchless.atLeast(d, present) << t;
        }
      } else {
        for (int t = 0; t < len; t++) {
          int d = def[i + t];
          slots |= (long) (Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, rep[i + t])) << t;
          validSlots |= (long) Branchless.atLeast(d, present) << t;
        }
      }
      validSlots &= slots;
      bits.append(Bitmaps.compress(validSlots, slots), Long.bitCount(slots));
      valid += Long.bitCount(validSlots);
    }
    return bits.finish() << 32 | valid;
  }

  /** The number of slots the entries give {@code node} (a list's slots, not its elements). */
  public static int countSlots(int[] def, int[] rep, int from, int n, LevelInfo node) {
    checkLevels(def, rep, from, n);
    final int ancestor = node.repeatedAncestorDefLevel();
    final int newSlot = node.slotRepLevel();
    int slots = 0;
    if (rep == null) {
      for (int i = from, stop = from + n; i < stop; i++) {
        slots += Branchless.atLeast(def[i], ancestor);
      }
    } else {
      for (int i = from, stop = from + n; i < stop; i++) {
        slots += Branchless.atLeast(def[i], ancestor) & Branchless.atLeast(newSlot, rep[i]);
      }
    }
    return slots;
  }

  private static int countElements(int[] def, int[] rep, int from, int n, LevelInfo list) {
    final int element = list.elementDefLevel();
    final int own = list.repLevel();
    int elements = 0;
    for (int i = from, stop = from + n; i < stop; i++) {
      elements += Branchless.atLeast(def[i], element) & Branchless.atLeast(own, rep[i]);
    }
    return elements;
  }

  private static void checkLevels(int[] def, int[] rep, int from, int n) {
    Objects.checkFromIndexSize(from, n, def.length);
    if (rep != null) {
      Objects.checkFromIndexSize(from, n, rep.length);
    }
  }

  /** The bitmap's address, checked for {@code n} bits or, failing that, for the exact slot count. */
  private static long bitmapAddress(ArrowBuf validity, long bitOffset, int[] def, int[] rep,
      int from, int n, LevelInfo node) {
    if (bitOffset >= 0 && fits(validity, (bitOffset + n + 7) >>> 3)) {
      return validity.memoryAddress();
    }
    return Bitmaps.checkedAddress(validity, bitOffset, countSlots(def, rep, from, n, node));
  }

  private static boolean fits(ArrowBuf buf, long bytes) {
    return bytes <= buf.capacity();
  }
}
