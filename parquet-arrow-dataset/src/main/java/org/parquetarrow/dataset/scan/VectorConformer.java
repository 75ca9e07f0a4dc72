package org.parquetarrow.dataset.scan;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.UnsupportedFeatureException;

/**
 * Turns a column as one file decoded it into the column of the dataset's (projected, unified)
 * schema: the same type is moved without copying; a struct keeps only the projected children; a
 * column or struct field the file lacks becomes nulls; integers and floats widened by schema
 * unification are converted value by value.
 */
final class VectorConformer {
  private VectorConformer() {}

  /**
   * A new vector of {@code target} with {@code rows} rows from {@code source} (whose buffers move
   * into it), or all nulls when {@code source} is {@code null}. The caller closes both.
   */
  static FieldVector conform(FieldVector source, Field target, int rows, BufferAllocator allocator) {
    FieldVector out = target.createVector(allocator);
    try {
      if (source == null) {
        out.allocateNew();
        out.setValueCount(rows);
        return out;
      }
      ArrowType from = source.getField().getType();
      ArrowType to = target.getType();
      if (to instanceof ArrowType.Struct && from instanceof ArrowType.Struct) {
        conformStruct((StructVector) source, (StructVector) out, target, rows, allocator);
      } else if (from.equals(to)) {
        // Lists and maps move whole: their children may differ only in nullability or names.
        source.makeTransferPair(out).transfer();
      } else {
        widen(source, out, target, rows);
      }
      return out;
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }

  private static void conformStruct(StructVector src, StructVector out, Field target, int rows, BufferAllocator allocator) {
    out.allocateNew();
    for (int i = 0; i < rows; i++) {
      if (!src.isNull(i)) {
        out.setIndexDefined(i);
      }
    }
    for (Field child : target.getChildren()) {
      FieldVector from = (FieldVector) src.getChild(child.getName());
      try (FieldVector conformed = conform(from, child, rows, allocator)) {
        conformed.makeTransferPair(out.getChild(child.getName())).transfer();
      }
    }
    out.setValueCount(rows);
  }

  private static void widen(FieldVector source, FieldVector out, Field target, int rows) {
    ColumnValues values;
    try {
      values = new ColumnValues(source, null);
    } catch (UnsupportedFeatureException e) {
      throw cannot(source, target);
    }
    out.setInitialCapacity(rows);
    out.allocateNew();
    if (out instanceof BaseIntVector ints && values.longs() != null && !values.flippedUnsigned()) {
      for (int i = 0; i < rows; i++) {
        if (values.valid(i)) {
          ints.setWithPossibleTruncate(i, values.longs()[i]);
        }
      }
    } else if (out instanceof Float8Vector || out instanceof Float4Vector) {
      for (int i = 0; i < rows; i++) {
        if (!values.valid(i)) {
          continue;
        }
        double d = values.doubles != null ? values.doubles[i] : (double) values.longs()[i];
        if (values.doubles == null && !(source.getField().getType() instanceof ArrowType.Int)) {
          throw cannot(source, target);
        }
        if (out instanceof Float8Vector f8) {
          f8.set(i, d);
        } else {
          ((Float4Vector) out).set(i, (float) d);
        }
      }
    } else {
      throw cannot(source, target);
    }
    out.setValueCount(rows);
  }

  private static UnsupportedFeatureException cannot(FieldVector source, Field target) {
    return new UnsupportedFeatureException("scan", 
        "column " + target.getName() + ": reading " + source.getField().getType() + " as the dataset's "
            + target.getType() + " is not supported by the scanner");
  }
}
