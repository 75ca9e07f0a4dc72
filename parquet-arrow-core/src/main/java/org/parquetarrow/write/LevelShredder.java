package org.parquetarrow.write;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.parquetarrow.schema.FieldMapping;

/**
 * Shreds a range of rows of one top-level Arrow vector into the levels and values of the leaf
 * columns under it (the Dremel algorithm, breadth-first per leaf as arrow-rs's {@code levels.rs}).
 *
 * <p>Walking from the top field to a leaf, each slot is either alive (it points at an element of
 * the current vector) or finished (a null or an empty list was met: its definition level is
 * fixed). A nullable node finishes its null elements at its parent's level; a list replaces each
 * alive slot by one slot per element (the first keeps the slot's repetition level, the others get
 * the list's), or finishes it when the list is empty. Arrays grow only at lists. Offsets are read as
 * stored, so sliced vectors and offsets that do not start at 0 work.
 */
final class LevelShredder {
  private final DictionaryProvider dictionaries;

  // the slots of the leaf being shredded: element index (-1 when finished), def and rep levels
  private int[] index;
  private int[] def;
  private int[] rep;
  private int slots;

  LevelShredder(DictionaryProvider dictionaries) {
    this.dictionaries = dictionaries;
  }

  /**
   * Shreds rows {@code [from, to)} of {@code vector}, described by {@code field}, into one
   * {@link ShreddedColumn} per leaf under it, stored at {@code out[leaf ordinal - firstLeaf]}.
   */
  void shred(FieldMapping field, ValueVector vector, int from, int to, ShreddedColumn[] out, int firstLeaf) {
    walk(field, vector, from, to, List.of(), out, firstLeaf);
  }

  private void walk(FieldMapping f, ValueVector v, int from, int to, List<Step> path, ShreddedColumn[] out,
      int firstLeaf) {
    List<Step> here = append(path, new Step(f, v));
    if (f.isLeaf()) {
      out[f.column().ordinal() - firstLeaf] = shredLeaf(here, from, to);
      return;
    }
    ValueVector storage = unwrap(v);
    switch (f.kind()) {
      case STRUCT -> {
        StructVector s = (StructVector) storage;
        for (int i = 0; i < f.children().size(); i++) {
          walk(f.children().get(i), s.getChildByOrdinal(i), from, to, here, out, firstLeaf);
        }
      }
      case LIST, LARGE_LIST, FIXED_SIZE_LIST, LIST_VIEW, LARGE_LIST_VIEW, MAP ->
          walk(f.children().get(0), dataVector(storage), from, to, here, out, firstLeaf);
      default -> throw new IllegalStateException("unexpected kind " + f.kind());
    }
  }

  private static List<Step> append(List<Step> path, Step s) {
    Step[] a = path.toArray(new Step[path.size() + 1]);
    a[path.size()] = s;
    return List.of(a);
  }

  private static ValueVector dataVector(ValueVector v) {
    if (v instanceof ListVector l) {
      return l.getDataVector();
    } else if (v instanceof LargeListVector l) {
      return l.getDataVector();
    } else if (v instanceof FixedSizeListVector l) {
      return l.getDataVector();
    } else if (v instanceof ListViewVector l) {
      return l.getDataVector();
    } else if (v instanceof LargeListViewVector l) {
      return l.getDataVector();
    }
    throw new IllegalArgumentException("vector " + v.getName() + " is not a list: " + v.getClass().getSimpleName());
  }

  static ValueVector unwrap(ValueVector v) {
    while (v instanceof ExtensionTypeVector<?> e) {
      v = e.getUnderlyingVector();
    }
    return v;
  }

  private ShreddedColumn shredLeaf(List<Step> path, int from, int to) {
    slots = to - from;
    index = new int[Math.max(slots, 1)];
    def = new int[Math.max(slots, 1)];
    rep = new int[Math.max(slots, 1)];
    for (int i = 0; i < slots; i++) {
      index[i] = from + i;
    }
    int parentDef = 0;
    for (int s = 0; s < path.size(); s++) {
      Step step = path.get(s);
      FieldMapping f = step.field;
      ValueVector v = step.vector;
      if (f.definitionLevel() > parentDef) {
        finishNulls(v, f, f.definitionLevel() - 1);
      } else if (!f.nullable() && v.getNullCount() > 0 && !(v instanceof NullVector)) {
        // a null where the schema promises none: Parquet cannot store it
        checkNoNulls(v, f);
      }
      parentDef = f.definitionLevel();
      if (f.kind().isRepeated()) {
        expand(unwrap(v), f);
        parentDef = f.elementsDefinitionLevel();
      }
    }
    FieldMapping leaf = path.get(path.size() - 1).field;
    int maxDef = leaf.column().maxDefinitionLevel();
    int maxRep = leaf.column().maxRepetitionLevel();
    int values = 0;
    int[] valueIndex = new int[Math.max(slots, 1)];
    for (int i = 0; i < slots; i++) {
      if (index[i] >= 0) {
        def[i] = maxDef;
        valueIndex[values++] = index[i];
      }
    }
    ValueVector leafVector = path.get(path.size() - 1).vector;
    DictionaryEncoding encoding = leafVector.getField().getDictionary();
    if (encoding != null) {
      leafVector = decodeDictionary(leafVector, encoding, valueIndex, values, leaf);
    }
    return new ShreddedColumn(slots, maxDef == 0 ? null : def, maxRep == 0 ? null : rep, values, valueIndex,
        unwrap(leafVector));
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

  private void finishNulls(ValueVector v, FieldMapping f, int nullLevel) {
    if (v instanceof NullVector) {
      for (int i = 0; i < slots; i++) {
        if (index[i] >= 0) {
          index[i] = -1;
          def[i] = nullLevel;
        }
      }
      return;
    }
    if (v.getNullCount() == 0) {
      return;
    }
    // one range check over the alive slots, then validity bytes straight from memory
    long bits = validityAddress(v);
    for (int i = 0; i < slots; i++) {
      int e = index[i];
      if (e >= 0 && (MemoryUtil.getByte(bits + (e >>> 3)) & (1 << (e & 7))) == 0) {
        index[i] = -1;
        def[i] = nullLevel;
      }
    }
  }

  /** The address of {@code v}'s validity bitmap, checked to hold the bits of every alive slot. */
  private long validityAddress(ValueVector v) {
    ArrowBuf validity = v.getValidityBuffer();
    int hi = -1;
    for (int i = 0; i < slots; i++) {
      hi = Math.max(hi, index[i]);
    }
    if (hi >= 0) {
      validity.checkBytes(0, (hi >>> 3) + 1);
    }
    return validity.memoryAddress();
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
    int emptyLevel = f.elementsDefinitionLevel() - 1;
    int childRep = f.repetitionLevel();
    ListShape shape = ListShape.of(v);
    long total = 0;
    for (int i = 0; i < slots; i++) {
      int e = index[i];
      total += e < 0 ? 1 : Math.max(1, shape.length(e));
    }
    if (total > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("field " + f.name() + " has more than 2^31 leaf slots in one batch");
    }
    int n = (int) total;
    int[] nIndex = new int[Math.max(n, 1)];
    int[] nDef = new int[Math.max(n, 1)];
    int[] nRep = new int[Math.max(n, 1)];
    int at = 0;
    for (int i = 0; i < slots; i++) {
      int e = index[i];
      if (e < 0) {
        nIndex[at] = -1;
        nDef[at] = def[i];
        nRep[at++] = rep[i];
        continue;
      }
      int len = shape.length(e);
      if (len == 0) {
        nIndex[at] = -1;
        nDef[at] = emptyLevel;
        nRep[at++] = rep[i];
        continue;
      }
      int start = shape.start(e);
      nIndex[at] = start;
      nRep[at++] = rep[i];
      for (int k = 1; k < len; k++) {
        nIndex[at] = start + k;
        nRep[at++] = childRep;
      }
    }
    index = nIndex;
    def = nDef;
    rep = nRep;
    slots = n;
  }

  private record Step(FieldMapping field, ValueVector vector) {}

  /** Where each list's elements are in its child vector, for every Arrow list layout. */
  private abstract static class ListShape {
    abstract int start(int i);

    abstract int length(int i);

    static ListShape of(ValueVector v) {
      if (v instanceof ListVector l) { // maps too
        ArrowBuf o = l.getOffsetBuffer();
        return new ListShape() {
          int start(int i) {
            return o.getInt(4L * i);
          }

          int length(int i) {
            return o.getInt(4L * i + 4) - o.getInt(4L * i);
          }
        };
      } else if (v instanceof LargeListVector l) {
        ArrowBuf o = l.getOffsetBuffer();
        return new ListShape() {
          int start(int i) {
            return Math.toIntExact(o.getLong(8L * i));
          }

          int length(int i) {
            return Math.toIntExact(o.getLong(8L * i + 8) - o.getLong(8L * i));
          }
        };
      } else if (v instanceof FixedSizeListVector l) {
        int size = l.getListSize();
        return new ListShape() {
          int start(int i) {
            return i * size;
          }

          int length(int i) {
            return size;
          }
        };
      } else if (v instanceof ListViewVector l) {
        ArrowBuf o = l.getOffsetBuffer();
        ArrowBuf s = l.getSizeBuffer();
        return new ListShape() {
          int start(int i) {
            return o.getInt(4L * i);
          }

          int length(int i) {
            return s.getInt(4L * i);
          }
        };
      } else if (v instanceof LargeListViewVector l) {
        ArrowBuf o = l.getOffsetBuffer();
        ArrowBuf s = l.getSizeBuffer();
        return new ListShape() {
          int start(int i) {
            return Math.toIntExact(o.getLong(8L * i));
          }

          int length(int i) {
            return Math.toIntExact(s.getLong(8L * i));
          }
        };
      }
      throw new IllegalArgumentException("vector " + v.getName() + " is not a list: " + v.getClass().getSimpleName());
    }
  }
}
