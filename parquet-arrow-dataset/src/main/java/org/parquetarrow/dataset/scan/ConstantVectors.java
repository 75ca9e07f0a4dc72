package org.parquetarrow.dataset.scan;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.UnsupportedFeatureException;

/**
 * A partition column of one batch: the file's partition value (in the canonical form of {@link
 * org.parquetarrow.dataset.expr.Literal}) on every row, or nulls.
 */
final class ConstantVectors {
  private ConstantVectors() {}

  static FieldVector of(Field field, Object value, int rows, BufferAllocator allocator) {
    FieldVector v = field.createVector(allocator);
    try {
      v.setInitialCapacity(rows);
      v.allocateNew();
      if (value != null) {
        fill(v, value, rows);
      }
      v.setValueCount(rows);
      return v;
    } catch (RuntimeException e) {
      v.close();
      throw e;
    }
  }

  private static void fill(FieldVector v, Object value, int rows) {
    if (v instanceof BaseIntVector ints && value instanceof Long l) {
      for (int i = 0; i < rows; i++) {
        ints.setWithPossibleTruncate(i, l);
      }
    } else if (v instanceof BaseFixedWidthVector fw && fw.getTypeWidth() == 8 && value instanceof Long l) {
      // Dates in milliseconds, times and timestamps: one long a row.
      for (int i = 0; i < rows; i++) {
        fw.getDataBuffer().setLong((long) i * 8, l);
        fw.setIndexDefined(i);
      }
    } else if (v instanceof BaseFixedWidthVector fw && fw.getTypeWidth() == 4 && value instanceof Long l) {
      for (int i = 0; i < rows; i++) {
        fw.getDataBuffer().setInt((long) i * 4, (int) (long) l);
        fw.setIndexDefined(i);
      }
    } else if (v instanceof Float8Vector f && value instanceof Double d) {
      for (int i = 0; i < rows; i++) {
        f.set(i, d);
      }
    } else if (v instanceof Float4Vector f && value instanceof Double d) {
      for (int i = 0; i < rows; i++) {
        f.set(i, (float) (double) d);
      }
    } else if (v instanceof DecimalVector dv && value instanceof BigDecimal d) {
      BigDecimal scaled = d.setScale(dv.getScale());
      for (int i = 0; i < rows; i++) {
        dv.setSafe(i, scaled);
      }
    } else if (v instanceof BitVector b && value instanceof Boolean flag) {
      for (int i = 0; i < rows; i++) {
        b.set(i, flag ? 1 : 0);
      }
    } else if (v instanceof VariableWidthFieldVector vw && (value instanceof String || value instanceof byte[])) {
      byte[] bytes = value instanceof byte[] b ? b : ((String) value).getBytes(StandardCharsets.UTF_8);
      for (int i = 0; i < rows; i++) {
        vw.setSafe(i, bytes);
      }
    } else {
      throw new UnsupportedFeatureException("scan", "partition column " + v.getName() + " of type " + v.getField().getType());
    }
  }
}
