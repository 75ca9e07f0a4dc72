package org.parquetarrow.bench.peer;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.column.ColumnReader;

/**
 * A leaf under one repeated level: a list element, or a map key or value. Rows end where the
 * next value's repetition level is 0. The first leaf under a list or map (its "owner") also writes
 * the list's offsets and validity and, for a map, the entry struct's validity.
 */
final class RepeatedCopier extends LeafCopier {
  private final ListVector list; // ListVector or MapVector
  private final int listDef;     // definition level at which the list is present (maybe empty)
  private final boolean owner;
  private final StructVector entries; // map entries, or null for a plain list
  private int elements;

  RepeatedCopier(FieldVector leaf, ValueKind kind, int maxDef, ListVector list, int listDef,
      boolean owner, StructVector entries) {
    super(leaf, kind, maxDef);
    this.list = list;
    this.listDef = listDef;
    this.owner = owner;
    this.entries = entries;
  }

  @Override
  void fill(int rows) {
    ColumnReader r = reader;
    ArrowBuf offsets = list.getOffsetBuffer();
    int e = 0;
    for (int row = 0; row < rows; row++) {
      if (owner) {
        offsets.setInt(4L * row, e);
      }
      int def = r.getCurrentDefinitionLevel();
      if (def < listDef) { // null list: one level entry, no elements
        r.consume();
        remaining--;
        continue;
      }
      if (owner) {
        list.setNotNull(row);
      }
      if (def == listDef) { // empty list
        r.consume();
        remaining--;
        continue;
      }
      do {
        ensureCapacity(e);
        if (owner && entries != null) {
          entries.setIndexDefined(e);
        }
        if (r.getCurrentDefinitionLevel() == maxDef) {
          writeCurrent(e);
        }
        e++;
        r.consume();
        remaining--;
      } while (remaining > 0 && r.getCurrentRepetitionLevel() > 0);
    }
    if (owner) {
      list.getOffsetBuffer().setInt(4L * rows, e);
    }
    elements = e;
  }

  private void ensureCapacity(int index) {
    if (owner && entries != null) {
      while (index >= entries.getValueCapacity()) {
        entries.reAlloc();
      }
    }
    while (index >= leaf.getValueCapacity()) {
      leaf.reAlloc();
    }
  }

  @Override
  void finish(int rows) {
    leaf.setValueCount(elements);
    if (owner) {
      list.setLastSet(rows - 1);
      list.setValueCount(rows);
    }
  }
}
