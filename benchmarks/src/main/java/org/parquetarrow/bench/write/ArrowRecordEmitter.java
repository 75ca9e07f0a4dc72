package org.parquetarrow.bench.write;

import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Emits one row of an Arrow batch into parquet-java's {@link RecordConsumer}, following the
 * Parquet schema: primitives (INT32, INT64 including INT64 decimals, FLOAT, DOUBLE, BOOLEAN,
 * BYTE_ARRAY), structs, and the standard three-level lists and maps. A null value is a field
 * left out; an empty list or map is its group without the repeated field.
 *
 * <pre>{@code
 * ArrowRecordEmitter e = ArrowRecordEmitter.of(schema, batch);
 * consumer.startMessage(); e.write(row, consumer); consumer.endMessage();
 * }</pre>
 */
final class ArrowRecordEmitter {
  /** Writes the field for Arrow index {@code i} (nothing when null). */
  private interface FieldEmitter {
    void emit(int i, RecordConsumer out);
  }

  private final FieldEmitter[] fields;

  private ArrowRecordEmitter(FieldEmitter[] fields) {
    this.fields = fields;
  }

  static ArrowRecordEmitter of(MessageType schema, VectorSchemaRoot batch) {
    List<Type> types = schema.getFields();
    FieldEmitter[] fields = new FieldEmitter[types.size()];
    for (int k = 0; k < fields.length; k++) {
      fields[k] = field(types.get(k), k, batch.getVector(k));
    }
    return new ArrowRecordEmitter(fields);
  }

  void write(int row, RecordConsumer out) {
    for (FieldEmitter f : fields) {
      f.emit(row, out);
    }
  }

  private static FieldEmitter field(Type type, int index, FieldVector vector) {
    String name = type.getName();
    if (type.isPrimitive()) {
      FieldEmitter value = value(type.asPrimitiveType(), vector);
      return (i, out) -> {
        if (!vector.isNull(i)) {
          out.startField(name, index);
          value.emit(i, out);
          out.endField(name, index);
        }
      };
    }
    GroupType group = type.asGroupType();
    LogicalTypeAnnotation logical = group.getLogicalTypeAnnotation();
    if (logical instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
        || logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation) {
      return repeated(group, index, (ListVector) vector,
          logical instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation);
    }
    StructVector struct = (StructVector) vector;
    FieldEmitter[] children = new FieldEmitter[group.getFieldCount()];
    for (int c = 0; c < children.length; c++) {
      children[c] = field(group.getType(c), c, (FieldVector) struct.getChildByOrdinal(c));
    }
    return (i, out) -> {
      if (!struct.isNull(i)) {
        out.startField(name, index);
        out.startGroup();
        for (FieldEmitter c : children) {
          c.emit(i, out);
        }
        out.endGroup();
        out.endField(name, index);
      }
    };
  }

  /** A LIST (repeated group holding {@code element}) or MAP (repeated {@code key_value}): an Arrow list of its entries. */
  private static FieldEmitter repeated(GroupType outer, int index, ListVector list, boolean map) {
    String name = outer.getName();
    GroupType repeatedGroup = outer.getType(0).asGroupType();
    String repeatedName = repeatedGroup.getName();
    FieldVector data = list.getDataVector();
    FieldEmitter[] members = new FieldEmitter[repeatedGroup.getFieldCount()];
    if (!map) {
      members[0] = field(repeatedGroup.getType(0), 0, data);
    } else {
      StructVector entries = (StructVector) data;
      for (int c = 0; c < members.length; c++) {
        members[c] = field(repeatedGroup.getType(c), c, (FieldVector) entries.getChildByOrdinal(c));
      }
    }
    return (i, out) -> {
      if (list.isNull(i)) {
        return;
      }
      out.startField(name, index);
      out.startGroup();
      int start = list.getElementStartIndex(i);
      int end = list.getElementEndIndex(i);
      if (end > start) {
        out.startField(repeatedName, 0);
        for (int k = start; k < end; k++) {
          out.startGroup();
          for (FieldEmitter m : members) {
            m.emit(k, out);
          }
          out.endGroup();
        }
        out.endField(repeatedName, 0);
      }
      out.endGroup();
      out.endField(name, index);
    };
  }

  /** The value of a non-null primitive. */
  private static FieldEmitter value(PrimitiveType type, FieldVector vector) {
    switch (type.getPrimitiveTypeName()) {
      case BOOLEAN: {
        BitVector v = (BitVector) vector;
        return (i, out) -> out.addBoolean(v.get(i) != 0);
      }
      case INT32: {
        BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
        return (i, out) -> out.addInteger(v.getDataBuffer().getInt(4L * i));
      }
      case INT64: {
        BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
        // decimals are 16 bytes wide in Arrow; their low 64 bits hold an INT64 decimal's value
        long width = v.getTypeWidth();
        return (i, out) -> out.addLong(v.getDataBuffer().getLong(width * i));
      }
      case FLOAT: {
        Float4Vector v = (Float4Vector) vector;
        return (i, out) -> out.addFloat(v.get(i));
      }
      case DOUBLE: {
        Float8Vector v = (Float8Vector) vector;
        return (i, out) -> out.addDouble(v.get(i));
      }
      case BINARY: {
        BaseVariableWidthVector v = (BaseVariableWidthVector) vector;
        return (i, out) -> out.addBinary(Binary.fromConstantByteArray(v.get(i)));
      }
      default:
        throw new IllegalArgumentException("no emitter for " + type);
    }
  }
}
