package org.parquetarrow.bench.peer;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;

/**
 * A leaf with no repeated ancestor: one value (or null) per row, at the row's index. A struct
 * ancestor is valid on rows whose definition level reaches it.
 *
 * <p>The loops are written once per value kind so the only per-value calls are parquet-java's own
 * reader methods; Arrow buffers are written directly.
 */
final class FlatCopier extends LeafCopier {
  private final StructVector parent; // or null
  private final int parentDef;

  FlatCopier(FieldVector leaf, ValueKind kind, int maxDef, StructVector parent, int parentDef) {
    super(leaf, kind, maxDef);
    this.parent = parent;
    this.parentDef = parentDef;
  }

  @Override
  void fill(int rows) {
    ColumnReader r = reader;
    int max = maxDef;
    ArrowBuf validity = leaf.getValidityBuffer();
    ArrowBuf data = kind == ValueKind.BINARY ? null : leaf.getDataBuffer();
    if (parent != null) {
      fillUnderStruct(rows);
      return;
    }
    switch (kind) {
      case INT32 -> {
        for (int i = 0; i < rows; i++) {
          if (r.getCurrentDefinitionLevel() == max) {
            data.setInt(4L * i, r.getInteger());
            BitVectorHelper.setBit(validity, i);
          }
          r.consume();
        }
      }
      case INT64 -> {
        for (int i = 0; i < rows; i++) {
          if (r.getCurrentDefinitionLevel() == max) {
            data.setLong(8L * i, r.getLong());
            BitVectorHelper.setBit(validity, i);
          }
          r.consume();
        }
      }
      case DECIMAL_INT64 -> {
        for (int i = 0; i < rows; i++) {
          if (r.getCurrentDefinitionLevel() == max) {
            long v = r.getLong();
            data.setLong(16L * i, v);
            data.setLong(16L * i + 8, v >> 63);
            BitVectorHelper.setBit(validity, i);
          }
          r.consume();
        }
      }
      case FLOAT -> {
        for (int i = 0; i < rows; i++) {
          if (r.getCurrentDefinitionLevel() == max) {
            data.setFloat(4L * i, r.getFloat());
            BitVectorHelper.setBit(validity, i);
          }
          r.consume();
        }
      }
      case DOUBLE -> {
        for (int i = 0; i < rows; i++) {
          if (r.getCurrentDefinitionLevel() == max) {
            data.setDouble(8L * i, r.getDouble());
            BitVectorHelper.setBit(validity, i);
          }
          r.consume();
        }
      }
      case BOOLEAN -> {
        for (int i = 0; i < rows; i++) {
          if (r.getCurrentDefinitionLevel() == max) {
            if (r.getBoolean()) {
              BitVectorHelper.setBit(data, i);
            }
            BitVectorHelper.setBit(validity, i);
          }
          r.consume();
        }
      }
      case BINARY -> {
        BaseVariableWidthVector strings = (BaseVariableWidthVector) leaf;
        for (int i = 0; i < rows; i++) {
          if (r.getCurrentDefinitionLevel() == max) {
            Binary b = r.getBinary();
            ByteBuffer bytes = b.toByteBuffer();
            strings.setSafe(i, bytes, bytes.position(), b.length());
          }
          r.consume();
        }
      }
    }
    remaining -= rows;
  }

  /** A struct member: the struct is valid on rows whose level reaches it (each member marks it). */
  private void fillUnderStruct(int rows) {
    ColumnReader r = reader;
    for (int i = 0; i < rows; i++) {
      int def = r.getCurrentDefinitionLevel();
      if (def >= parentDef) {
        parent.setIndexDefined(i);
        if (def == maxDef) {
          writeCurrent(i);
        }
      }
      r.consume();
    }
    remaining -= rows;
  }

  @Override
  void finish(int rows) {
    leaf.setValueCount(rows);
    if (parent != null) {
      parent.setValueCount(rows);
    }
  }
}
