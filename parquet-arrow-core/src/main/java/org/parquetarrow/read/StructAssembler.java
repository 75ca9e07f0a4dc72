package org.parquetarrow.read;

import org.parquetarrow.encoding.Bitmaps;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.read.levels.DefinitionLevels;

/**
 * A struct outside any list: its validity comes from the definition levels of its first leaf (a
 * row is valid when the level reaches {@code validFrom}: the struct's own level when Parquet
 * declares it optional, 0 when required), its children from their assemblers.
 */
final class StructAssembler implements FieldAssembler {
  private final Field field;
  private final int validFrom;
  private final List<FieldAssembler> children;
  private final LeafReader levelSource;
  private final BufferAllocator allocator;
  private int rows;

  StructAssembler(Field field, int validFrom, List<FieldAssembler> children, BufferAllocator allocator) {
    this.field = field;
    this.validFrom = validFrom;
    this.children = List.copyOf(children);
    this.allocator = allocator;
    LeafReader first = null;
    for (FieldAssembler c : children) {
      if (!c.leaves().isEmpty()) {
        first = c.leaves().get(0);
        break;
      }
    }
    this.levelSource = first;
  }

  @Override
  public List<LeafReader> leaves() {
    List<LeafReader> all = new ArrayList<>();
    for (FieldAssembler c : children) {
      all.addAll(c.leaves());
    }
    return all;
  }

  @Override
  public void startBatch(int rows) {
    this.rows = rows;
    for (FieldAssembler c : children) {
      c.startBatch(rows);
    }
  }

  @Override
  public void truncateBatch(int rows) {
    this.rows = rows;
    for (FieldAssembler c : children) {
      c.truncateBatch(rows);
    }
  }

  @Override
  public FieldVector finishBatch() {
    List<FieldVector> built = new ArrayList<>(children.size());
    StructVector struct = null;
    try (ArrowBuf validity = allocator.buffer(Math.max(1, Bitmaps.bytesFor(rows)))) {
      for (FieldAssembler c : children) {
        built.add(c.finishBatch());
      }
      int nulls = fillValidity(validity);
      struct = (StructVector) field.createVector(allocator);
      struct.loadFieldBuffers(new ArrowFieldNode(rows, nulls), List.of(validity));
      for (int i = 0; i < built.size(); i++) {
        built.get(i).makeTransferPair(struct.getChildByOrdinal(i)).transfer();
      }
      struct.setValueCount(rows);
      StructVector done = struct;
      struct = null;
      return done;
    } finally {
      for (FieldVector v : built) {
        v.close();
      }
      if (struct != null) {
        struct.close();
      }
    }
  }

  /** Sets a bit where the struct is present; returns the null count. */
  private int fillValidity(ArrowBuf validity) {
    validity.setZero(0, validity.capacity());
    int[] levels = levelSource == null ? null : levelSource.levels();
    if (levels == null) {
      Bitmaps.setRange(validity, 0, rows, true);
      return 0;
    }
    return rows - DefinitionLevels.toValidity(levels, 0, rows, validFrom, validity, 0);
  }

  @Override
  public void close() {
    for (FieldAssembler c : children) {
      c.close();
    }
  }
}
