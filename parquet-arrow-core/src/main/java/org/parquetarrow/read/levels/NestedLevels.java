package org.parquetarrow.read.levels;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
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
 * <p>Both loops are O(n) with no branch per entry except the one that stores a full 64-bit
 * validity word.
 */
public final class NestedLevels {
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
    if (validity == null) {
      int slots = countSlots(def, rep, from, n, node);
      return new SlotCounts(slots, slots - countValid(def, rep, from, n, node), 0);
    }
    long base = bitmapAddress(validity, bitOffset, def, rep, from, n, node);
    long packed = rep == null
        ? slotsByDef(def, from, n, node, base, bitOffset)
        : slotsByDefRep(def, rep, from, n, node, base, bitOffset);
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

  private static SlotCounts listLoop(int[] def, int[] rep, int from, int n, LevelInfo list,
      long offsetsAddress, long start, boolean wide, boolean withValidity, long bitBase,
      long bitOffset) {
    final int ancestor = list.repeatedAncestorDefLevel();
    final int present = list.validDefLevel();
    final int element = list.elementDefLevel();
    final int own = list.repLevel();
    final int newSlot = list.slotRepLevel();
    final int shift = wide ? 3 : 2;
    long end = start; // running end of the current list = elements so far
    int slot = 0;
    long acc = 0;
    int accBits = 0;
    long pos = bitOffset;
    int valid = 0;
    for (int i = from, stop = from + n; i < stop; i++) {
      int d = def[i];
      int r = rep[i];
      int starts = Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, r);
      int isValid = starts & Branchless.atLeast(d, present);
      // Stored on every entry: while no new slot starts this is the running end of the current
      // list, overwritten later by the slot that really starts at this entry index.
      long at = offsetsAddress + ((long) slot << shift);
      if (wide) {
        MemoryUtil.putLong(at, end);
      } else {
        MemoryUtil.putInt(at, (int) end);
      }
      slot += starts;
      end += Branchless.atLeast(d, element) & Branchless.atLeast(own, r);
      acc |= (long) isValid << accBits;
      accBits += starts;
      if (accBits == 64) {
        if (withValidity) {
          Bitmaps.write(bitBase, pos, 64, acc);
        }
        valid += Long.bitCount(acc);
        pos += 64;
        acc = 0;
        accBits = 0;
      }
    }
    long at = offsetsAddress + ((long) slot << shift);
    if (wide) {
      MemoryUtil.putLong(at, end);
    } else {
      MemoryUtil.putInt(at, (int) end);
    }
    if (withValidity) {
      Bitmaps.write(bitBase, pos, accBits, acc);
    }
    valid += Long.bitCount(acc);
    return new SlotCounts(slot, slot - valid, (int) (end - start));
  }

  /**
   * Slots of a node with no list below it: every entry reaching its slot level is one. Returns
   * the slot count in the high and the valid count in the low 32 bits.
   */
  private static long slotsByDef(int[] def, int from, int n, LevelInfo node, long base,
      long bitOffset) {
    final int ancestor = node.repeatedAncestorDefLevel();
    final int present = node.validDefLevel();
    long acc = 0;
    int accBits = 0;
    long pos = bitOffset;
    int valid = 0;
    for (int i = from, stop = from + n; i < stop; i++) {
      int d = def[i];
      int slot = Branchless.atLeast(d, ancestor);
      acc |= (long) (slot & Branchless.atLeast(d, present)) << accBits;
      accBits += slot;
      if (accBits == 64) {
        Bitmaps.write(base, pos, 64, acc);
        valid += Long.bitCount(acc);
        pos += 64;
        acc = 0;
        accBits = 0;
      }
    }
    Bitmaps.write(base, pos, accBits, acc);
    valid += Long.bitCount(acc);
    long slots = pos - bitOffset + accBits;
    return slots << 32 | valid;
  }

  /** Slots of any struct or leaf node: entries that continue a list below the node are skipped. */
  private static long slotsByDefRep(int[] def, int[] rep, int from, int n, LevelInfo node,
      long base, long bitOffset) {
    final int ancestor = node.repeatedAncestorDefLevel();
    final int present = node.validDefLevel();
    final int newSlot = node.slotRepLevel();
    long acc = 0;
    int accBits = 0;
    long pos = bitOffset;
    int valid = 0;
    for (int i = from, stop = from + n; i < stop; i++) {
      int d = def[i];
      int slot = Branchless.atLeast(d, ancestor) & Branchless.atLeast(newSlot, rep[i]);
      acc |= (long) (slot & Branchless.atLeast(d, present)) << accBits;
      accBits += slot;
      if (accBits == 64) {
        Bitmaps.write(base, pos, 64, acc);
        valid += Long.bitCount(acc);
        pos += 64;
        acc = 0;
        accBits = 0;
      }
    }
    Bitmaps.write(base, pos, accBits, acc);
    valid += Long.bitCount(acc);
    long slots = pos - bitOffset + accBits;
    return slots << 32 | valid;
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

  private static int countValid(int[] def, int[] rep, int from, int n, LevelInfo node) {
    final int ancestor = node.repeatedAncestorDefLevel();
    final int present = node.validDefLevel();
    final int newSlot = node.slotRepLevel();
    int valid = 0;
    for (int i = from, stop = from + n; i < stop; i++) {
      int r = rep == null ? 0 : rep[i];
      valid += Branchless.atLeast(def[i], ancestor) & Branchless.atLeast(newSlot, r)
          & Branchless.atLeast(def[i], present);
    }
    return valid;
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
