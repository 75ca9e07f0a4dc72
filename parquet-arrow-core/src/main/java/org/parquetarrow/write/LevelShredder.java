package org.parquetarrow.write;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.parquetarrow.schema.FieldMapping;

/**
 * Shreds a range of rows of one top-level Arrow vector into the levels and values of the leaf
 * columns under it (the Dremel algorithm, breadth-first per node as arrow-rs's {@code levels.rs}).
 *
 * <p>Walking from the top field to a leaf, each slot is either alive (it points at an element of
 * the current vector) or finished (a null or an empty list was met: its definition level is
 * fixed). A nullable node finishes its null elements at its parent's level; a list replaces each
 * alive slot by one slot per element (the first keeps the slot's repetition level, the others get
 * the list's), or finishes it when the list is empty. Arrays grow only at lists. Offsets are read as
 * stored, so sliced vectors and offsets that do not start at 0 work.
 *
 * <p>The walk is depth-first over the fields, so the leaves under a struct or a map share the
 * slots of their common path (worked out once). The per-slot loops take nulls, empty lists and
 * list lengths with arithmetic rather than branches: in real data they fall at random, and a
 * mispredicted branch per slot cost more than the work of the loop.
 */
final class LevelShredder {
  /** Elements after a list's first that {@link #expandOffsets} writes without looking at its length. */
  private static final int AHEAD = 4;

  private final DictionaryProvider dictionaries;

  // the slots of the node being walked: element index (-1 when finished), def and rep levels
  // (rep is null until the first list: all 0)
  private int[] index;
  private int[] def;
  private int[] rep;
  private int slots;
  /** The largest alive element index (-1: none), bounding the memory reads of the next node. */
  private int hi;
  /**
   * Whether {@link #index} and {@link #def} belong to the node being walked, which may then change
   * them in place; otherwise a sibling still needs them and they are copied first. {@link #rep} is
   * never changed in place (a list makes new arrays), so siblings share it.
   */
  private boolean owned;
  /**
   * Per leaf ordinal, the level and value-index arrays of the flat paths, kept from piece to piece:
   * fresh arrays of 64Ki ints per leaf and piece were a quarter of a STRINGS write's thread CPU,
   * nearly all of it the page faults of first touching new heap. A {@link ShreddedColumn} made
   * here is therefore valid only until the next {@link #shred} of the same leaf.
   */
  private int[][] flatLevels = new int[0][];
  private int[][] flatIndices = new int[0][];
  /**
   * The slot arrays of paths with lists (three per list level and piece, plus a leaf's start),
   * kept from piece to piece: a piece takes them in the order it walks, the same in every piece,
   * so the k-th array taken fits the k-th of the next piece. Fresh ones were 200 MB of the writing
   * thread's allocations per NESTED write (12 MB a piece), each first touch of new heap a page
   * fault. {@link #startPiece} hands them out again; without it (a shredder used on its own) the
   * arena stops reusing at {@value #ARENA_LIMIT} arrays and every array is fresh.
   */
  private int[][] arena = new int[0][];
  private int arenaNext;
  private static final int ARENA_LIMIT = 4096;

  LevelShredder(DictionaryProvider dictionaries) {
    this.dictionaries = dictionaries;
  }

  /**
   * Starts a piece of rows: the arrays of nested paths handed out before are taken again, so the
   * {@link ShreddedColumn}s of the pieces before must be used up (the file writer encodes each
   * piece's columns before it shreds the next piece).
   */
  void startPiece() {
    arenaNext = 0;
  }

  /** The slots of {@code a} in an array of the arena. */
  private int[] copy(int[] a) {
    int[] c = take(slots);
    System.arraycopy(a, 0, c, 0, slots);
    return c;
  }

  /** An array of at least {@code n} ints from the arena (content not kept: the caller writes what it reads). */
  private int[] take(int n) {
    n = Math.max(n, 1);
    if (arenaNext >= ARENA_LIMIT) {
      return new int[n];
    }
    if (arenaNext == arena.length) {
      arena = Arrays.copyOf(arena, Math.max(8, 2 * arena.length));
    }
    int[] a = arena[arenaNext];
    if (a == null || a.length < n) {
      // some room above, so that a piece a little larger than the last does not allocate again
      a = new int[(int) Math.min(Integer.MAX_VALUE - 16, n + (long) (n >>> 3))];
      arena[arenaNext] = a;
    }
    arenaNext++;
    return a;
  }

  /** Leaf {@code ordinal}'s kept array of {@code pool} with room for {@code n} ints (content not kept). */
  private static int[] kept(int[][] pool, int ordinal, int n) {
    int[] a = pool[ordinal];
    if (a == null || a.length < n) {
      a = new int[Math.max(n, 1)];
      pool[ordinal] = a;
    }
    return a;
  }

  private void ensurePools(int ordinal) {
    if (ordinal >= flatLevels.length) {
      int n = Math.max(ordinal + 1, 2 * flatLevels.length);
      flatLevels = Arrays.copyOf(flatLevels, n);
      flatIndices = Arrays.copyOf(flatIndices, n);
    }
  }

  /**
   * Shreds rows {@code [from, to)} of {@code vector}, described by {@code field}, into one
   * {@link ShreddedColumn} per leaf under it, stored at {@code out[leaf ordinal - firstLeaf]}.
   */
  void shred(FieldMapping field, ValueVector vector, int from, int to, ShreddedColumn[] out, int firstLeaf) {
    if (field.isLeaf() && field.column().maxDefinitionLevel() == 1 && field.definitionLevel() == 1
        && to > from && !(vector instanceof NullVector) && vector.getNullCount() > 0) {
      // a nullable top-level leaf with nulls (most flat columns): levels and values in one pass
      out[field.column().ordinal() - firstLeaf] = shredNullableLeaf(field, vector, from, to);
      return;
    }
    slots = to - from;
    if (field.isLeaf() && field.column().maxRepetitionLevel() == 0) {
      // a flat leaf keeps its arrays (the walk changes them in place: owned, no sibling)
      int ordinal = field.column().ordinal();
      ensurePools(ordinal);
      index = kept(flatIndices, ordinal, slots);
      def = kept(flatLevels, ordinal, slots);
      Arrays.fill(def, 0, slots, 0);
    } else {
      index = take(slots);
      def = take(slots);
      Arrays.fill(def, 0, slots, 0);
    }
    rep = null;
    for (int i = 0; i < slots; i++) {
      index[i] = from + i;
    }
    hi = slots > 0 ? to - 1 : -1;
    owned = true;
    walk(field, vector, 0, out, firstLeaf);
  }

  /**
   * Applies {@code f}'s step to the slots (its nulls, its lists), then walks its children, each
   * from this node's slots (siblings share the work of their common path).
   */
  private void walk(FieldMapping f, ValueVector v, int parentDef, ShreddedColumn[] out, int firstLeaf) {
    if (f.isLeaf() && f.definitionLevel() > parentDef && hi >= 0 && !(v instanceof NullVector)
        && v.getNullCount() > 0) {
      // a nullable leaf with nulls: its nulls, levels and values in one pass
      out[f.column().ordinal() - firstLeaf] = finishNullableLeaf(f, v, f.definitionLevel() - 1);
      return;
    }
    if (f.definitionLevel() > parentDef) {
      finishNulls(v, f.definitionLevel() - 1);
    } else if (!f.nullable() && v.getNullCount() > 0 && !(v instanceof NullVector)) {
      // a null where the schema promises none: Parquet cannot store it
      checkNoNulls(v, f);
    }
    int childDef = f.definitionLevel();
    ValueVector storage = unwrap(v);
    if (f.kind().isRepeated()) {
      expand(storage, f);
      childDef = f.elementsDefinitionLevel();
    }
    if (f.isLeaf()) {
      out[f.column().ordinal() - firstLeaf] = finishLeaf(f, v);
      return;
    }
    switch (f.kind()) {
      case STRUCT -> {
        StructVector s = (StructVector) storage;
        int[] myIndex = index;
        int[] myDef = def;
        int[] myRep = rep;
        int mySlots = slots;
        int myHi = hi;
        boolean myOwned = owned;
        int n = f.children().size();
        for (int i = 0; i < n; i++) {
          index = myIndex;
          def = myDef;
          rep = myRep;
          slots = mySlots;
          hi = myHi;
          // the last child may change the slots in place: no sibling walks after it
          owned = myOwned && i == n - 1;
          walk(f.children().get(i), s.getChildByOrdinal(i), childDef, out, firstLeaf);
        }
      }
      case LIST, LARGE_LIST, FIXED_SIZE_LIST, LIST_VIEW, LARGE_LIST_VIEW, MAP ->
          walk(f.children().get(0), ListShape.dataVector(storage), childDef, out, firstLeaf);
      default -> throw new IllegalStateException("unexpected kind " + f.kind());
    }
  }

  static ValueVector unwrap(ValueVector v) {
    while (v instanceof ExtensionTypeVector<?> e) {
      v = e.getUnderlyingVector();
    }
    return v;
  }

  /** Copies {@link #index} and {@link #def} when a sibling still needs them, before a change in place. */
  private void own() {
    if (!owned) {
      index = copy(index);
      def = copy(def);
      owned = true;
    }
  }

  private ShreddedColumn finishLeaf(FieldMapping leaf, ValueVector leafVector) {
    int maxDef = leaf.column().maxDefinitionLevel();
    int maxRep = leaf.column().maxRepetitionLevel();
    int values = 0;
    int[] levels = null;
    int[] valueIndex;
    if (maxDef == 0) {
      // nothing above the leaf can be null or empty: every slot holds a value
      valueIndex = owned ? index : copy(index);
      values = slots;
    } else {
      // alive slots hold a value; the indices are compacted in place when the slots are this leaf's
      levels = owned ? def : take(slots);
      valueIndex = owned ? index : take(slots);
      int[] idx = index;
      int[] d = def;
      // without a branch per slot: every index is stored, and the next one overwrites it unless alive
      for (int i = 0; i < slots; i++) {
        int e = idx[i];
        int alive = ~e >>> 31;
        int keep = -alive;
        levels[i] = (maxDef & keep) | (d[i] & ~keep);
        valueIndex[values] = e;
        values += alive;
      }
    }
    int[] repetition = maxRep == 0 ? null : rep != null ? rep : new int[Math.max(slots, 1)];
    return column(leaf, leafVector, slots, levels, repetition, values, valueIndex);
  }

  /**
   * {@link #finishNulls} and {@link #finishLeaf} at once for a nullable leaf with nulls and alive
   * slots: an alive slot takes the leaf's level and keeps its value when valid, the null level
   * when not; a finished slot keeps its level. No branch per slot.
   */
  private ShreddedColumn finishNullableLeaf(FieldMapping leaf, ValueVector v, int nullLevel) {
    int maxDef = leaf.column().maxDefinitionLevel();
    int maxRep = leaf.column().maxRepetitionLevel();
    ArrowBuf validity = v.getValidityBuffer();
    validity.checkBytes(0, (hi >>> 3) + 1);
    long bits = validity.memoryAddress();
    int[] idx = index;
    int[] d = def;
    int[] levels = owned ? d : take(slots);
    int[] valueIndex = owned ? idx : take(slots);
    int values = 0;
    for (int i = 0; i < slots; i++) {
      int e = idx[i];
      int at = e & ~(e >> 31); // a finished slot reads bit 0, which is there (hi >= 0)
      int valid = (MemoryUtil.getByte(bits + (at >>> 3)) >> (at & 7)) & 1;
      int alive = ~e >>> 31;
      int present = alive & valid;
      int presentMask = -present;
      int nullMask = -(alive & (valid ^ 1));
      levels[i] = (maxDef & presentMask) | (nullLevel & nullMask) | (d[i] & ~(presentMask | nullMask));
      valueIndex[values] = e;
      values += present;
    }
    int[] repetition = maxRep == 0 ? null : rep != null ? rep : new int[Math.max(slots, 1)];
    return column(leaf, v, slots, levels, repetition, values, valueIndex);
  }

  /**
   * Rows {@code [from, to)} of a nullable top-level leaf: its definition levels (1 where valid, 0
   * where null) are its validity bits, which the column writer encodes as they are; only the
   * indices of the valid rows are made here.
   */
  private ShreddedColumn shredNullableLeaf(FieldMapping leaf, ValueVector v, int from, int to) {
    int n = to - from;
    int ordinal = leaf.column().ordinal();
    ensurePools(ordinal);
    int[] valueIndex = kept(flatIndices, ordinal, n);
    ArrowBuf validity = v.getValidityBuffer();
    validity.checkBytes(0, ((to - 1) >>> 3) + 1);
    long bits = validity.memoryAddress();
    int values = 0;
    int e = from;
    // up to a byte boundary, then a byte of eight rows at a time (all valid in most bytes of a
    // column with few nulls: eight indices in a row), then the rest
    int aligned = Math.min(to, (from + 7) & ~7);
    for (; e < aligned; e++) {
      // stored every time, kept (by moving on) only when valid: no branch per value
      valueIndex[values] = e;
      values += (MemoryUtil.getByte(bits + (e >>> 3)) >> (e & 7)) & 1;
    }
    for (; e + 8 <= to; e += 8) {
      int b = MemoryUtil.getByte(bits + (e >>> 3)) & 0xff;
      if (b == 0xff) {
        for (int k = 0; k < 8; k++) {
          valueIndex[values + k] = e + k;
        }
        values += 8;
      } else {
        while (b != 0) {
          valueIndex[values++] = e + Integer.numberOfTrailingZeros(b);
          b &= b - 1;
        }
      }
    }
    for (; e < to; e++) {
      valueIndex[values] = e;
      values += (MemoryUtil.getByte(bits + (e >>> 3)) >> (e & 7)) & 1;
    }
    ValueVector leafVector = v;
    DictionaryEncoding encoding = leafVector.getField().getDictionary();
    if (encoding != null) {
      leafVector = decodeDictionary(leafVector, encoding, valueIndex, values, leaf);
    }
    return new ShreddedColumn(n, bits, from, values, valueIndex, unwrap(leafVector));
  }

  private ShreddedColumn column(FieldMapping leaf, ValueVector leafVector, int slotCount, int[] levels,
      int[] repetition, int values, int[] valueIndex) {
    DictionaryEncoding encoding = leafVector.getField().getDictionary();
    if (encoding != null) {
      leafVector = decodeDictionary(leafVector, encoding, valueIndex, values, leaf);
    }
    return new ShreddedColumn(slotCount, levels, repetition, values, valueIndex, unwrap(leafVector));
  }

  /** Replaces dictionary indices by indices into the dictionary's values. */
  private ValueVector decodeDictionary(ValueVector indices, DictionaryEncoding encoding, int[] valueIndex, int n,
      FieldMapping leaf) {
    Dictionary dictionary = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
    if (dictionary == null) {
      throw new IllegalArgumentException("field " + leaf.name() + " is dictionary encoded (id " + encoding.getId()
          + ") but no dictionary with that id was given");
    }
    BaseIntVector ids = (BaseIntVector) indices;
    int size = dictionary.getVector().getValueCount();
    for (int i = 0; i < n; i++) {
      long id = ids.getValueAsLong(valueIndex[i]);
      if (id < 0 || id >= size) {
        throw new IllegalArgumentException("field " + leaf.name() + " has dictionary index " + id
            + " outside its dictionary of " + size + " values");
      }
      valueIndex[i] = (int) id;
    }
    return dictionary.getVector();
  }

  private void finishNulls(ValueVector v, int nullLevel) {
    if (v instanceof NullVector) {
      own();
      for (int i = 0; i < slots; i++) {
        if (index[i] >= 0) {
          index[i] = -1;
          def[i] = nullLevel;
        }
      }
      hi = -1;
      return;
    }
    if (v.getNullCount() == 0 || hi < 0) {
      return;
    }
    own();
    // one range check for the largest alive slot, then validity bytes straight from memory
    ArrowBuf validity = v.getValidityBuffer();
    validity.checkBytes(0, (hi >>> 3) + 1);
    long bits = validity.memoryAddress();
    int[] idx = index;
    int[] d = def;
    // without a branch per slot (nulls fall at random): a finished slot reads bit 0, which is
    // there (hi >= 0), and keeps its index and level
    for (int i = 0; i < slots; i++) {
      int e = idx[i];
      int at = e & ~(e >> 31);
      int valid = (MemoryUtil.getByte(bits + (at >>> 3)) >> (at & 7)) & 1;
      int kill = -((~e >>> 31) & (valid ^ 1)); // all ones when an alive slot meets a null
      idx[i] = e | kill;
      d[i] = (d[i] & ~kill) | (nullLevel & kill);
    }
  }

  private void checkNoNulls(ValueVector v, FieldMapping f) {
    ArrowBuf validity = v.getValidityBuffer();
    for (int i = 0; i < slots; i++) {
      int e = index[i];
      if (e >= 0 && (validity.getByte(e >>> 3) & (1 << (e & 7))) == 0) {
        throw new IllegalArgumentException("field " + f.name() + " is not nullable but holds a null at index " + e);
      }
    }
  }

  /** Replaces each alive slot by its list's elements. */
  private void expand(ValueVector v, FieldMapping f) {
    if (v instanceof ListVector l) { // maps too
      expandOffsets(l.getOffsetBuffer(), f);
      return;
    }
    int emptyLevel = f.elementsDefinitionLevel() - 1;
    int childRep = f.repetitionLevel();
    ListShape shape = ListShape.of(v);
    long total = 0;
    for (int i = 0; i < slots; i++) {
      int e = index[i];
      total += e < 0 ? 1 : Math.max(1, checkedLength(shape.length(e), f, e));
    }
    int n = checkedSlots(total, f);
    int[] nIndex = new int[Math.max(n, 1)];
    int[] nDef = new int[Math.max(n, 1)];
    int[] nRep = new int[Math.max(n, 1)];
    int at = 0;
    int childHi = -1;
    for (int i = 0; i < slots; i++) {
      int e = index[i];
      int r = rep == null ? 0 : rep[i];
      if (e < 0) {
        nIndex[at] = -1;
        nDef[at] = def[i];
        nRep[at++] = r;
        continue;
      }
      int len = shape.length(e);
      if (len == 0) {
        nIndex[at] = -1;
        nDef[at] = emptyLevel;
        nRep[at++] = r;
        continue;
      }
      int start = checkedStart(shape.start(e), len, f, e);
      childHi = Math.max(childHi, start + len - 1);
      nIndex[at] = start;
      nRep[at++] = r;
      for (int k = 1; k < len; k++) {
        nIndex[at] = start + k;
        nRep[at++] = childRep;
      }
    }
    replaceSlots(nIndex, nDef, nRep, n, childHi);
  }

  /** {@link #expand} for 32-bit offsets (lists and maps), read from memory after one range check. */
  private void expandOffsets(ArrowBuf offsets, FieldMapping f) {
    int emptyLevel = f.elementsDefinitionLevel() - 1;
    int childRep = f.repetitionLevel();
    if (hi < 0) {
      // nothing alive: every slot stays as it is, and the offsets (maybe none) are not read
      if (rep == null) {
        rep = new int[Math.max(slots, 1)];
      }
      return;
    }
    offsets.checkBytes(0, 4L * hi + 8);
    long o = offsets.memoryAddress();
    int[] idx = index;
    long total = 0;
    int minLength = 0;
    for (int i = 0; i < slots; i++) {
      // a finished slot reads list 0 (there: hi >= 0) and counts 1 like an empty list
      int e = idx[i];
      int alive = ~e >>> 31;
      long at = o + 4L * (e & ~(e >> 31));
      int len = (MemoryUtil.getInt(at + 4) - MemoryUtil.getInt(at)) & -alive;
      minLength = Math.min(minLength, len);
      total += Math.max(1, len);
    }
    if (minLength < 0) {
      for (int i = 0; i < slots; i++) {
        int e = idx[i];
        if (e >= 0) {
          checkedLength(MemoryUtil.getInt(o + 4L * e + 4) - MemoryUtil.getInt(o + 4L * e), f, e);
        }
      }
    }
    int n = checkedSlots(total, f);
    // AHEAD slots of slack: each slot writes its first AHEAD elements whatever its length
    int[] nIndex = take(n + AHEAD);
    int[] nDef = take(n + AHEAD);
    int[] nRep = take(n + AHEAD);
    int[] d = def;
    int[] rp = rep;
    int at = 0;
    int childHi = -1;
    int outside = 0;
    // without a branch per slot (lengths, nulls and empty lists fall at random): a finished or
    // empty slot takes one slot with index -1, a list one slot per element, of which the first
    // AHEAD + 1 are written at once; what a short list writes past its end, the next slot overwrites
    for (int i = 0; i < slots; i++) {
      int e = idx[i];
      int alive = -(~e >>> 31);
      long a = o + 4L * (e & ~(e >> 31));
      int start = MemoryUtil.getInt(a);
      int len = (MemoryUtil.getInt(a + 4) - start) & alive;
      int has = -((-len) >>> 31); // all ones when the list has elements
      // negative when a list's elements start below 0 or end past 2^31 - 1 (reported below)
      outside |= (start | (Integer.MAX_VALUE - len - start)) & has;
      nIndex[at] = (start & has) | ~has;
      // an alive slot's level is set later, unless its list is empty
      nDef[at] = (emptyLevel & alive) | (d[i] & ~alive);
      nRep[at] = rp == null ? 0 : rp[i];
      for (int k = 1; k <= AHEAD; k++) {
        nIndex[at + k] = start + k;
        nRep[at + k] = childRep;
      }
      for (int k = AHEAD + 1; k < len; k++) {
        nIndex[at + k] = start + k;
        nRep[at + k] = childRep;
      }
      childHi = Math.max(childHi, ((start + len - 1) & has) | ~has);
      at += Math.max(1, len);
    }
    if (outside < 0) {
      for (int i = 0; i < slots; i++) {
        int e = idx[i];
        if (e >= 0) {
          int start = MemoryUtil.getInt(o + 4L * e);
          int len = MemoryUtil.getInt(o + 4L * e + 4) - start;
          if (len > 0) {
            checkedStart(start, len, f, e);
          }
        }
      }
    }
    replaceSlots(nIndex, nDef, nRep, n, childHi);
  }

  private void replaceSlots(int[] nIndex, int[] nDef, int[] nRep, int n, int childHi) {
    index = nIndex;
    def = nDef;
    rep = nRep;
    slots = n;
    hi = childHi;
    owned = true;
  }

  private static int checkedLength(int len, FieldMapping f, int e) {
    if (len < 0) {
      throw new IllegalArgumentException("field " + f.name() + " has a list of negative length " + len
          + " at index " + e);
    }
    return len;
  }

  private static int checkedStart(int start, int len, FieldMapping f, int e) {
    if (start < 0 || start > Integer.MAX_VALUE - len) {
      throw new IllegalArgumentException("field " + f.name() + " has a list at index " + e
          + " whose elements start at " + start + ", outside its child vector");
    }
    return start;
  }

  private static int checkedSlots(long total, FieldMapping f) {
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("field " + f.name() + " has more than 2^31 leaf slots in one batch");
    }
    return (int) total;
  }
}
