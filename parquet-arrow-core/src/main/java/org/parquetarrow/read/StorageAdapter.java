package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.encoding.Allocations;

/**
 * Turns a leaf's vector of its Parquet storage type into the field's Arrow type when the two
 * differ (the writer's stored Arrow schema asked for another type): a relabel when the bytes are
 * the same, otherwise a rescale, widening or narrowing in one pass.
 */
enum StorageAdapter {
  /** The storage type is the field's type. */
  NONE,
  /** Same layout, another type: time zone, duration from int64, an extension type. */
  RELABEL,
  /** Seconds from milliseconds (timestamp, time32), in place. */
  DIVIDE_BY_1000,
  /** date64 milliseconds from date32 days. */
  DAYS_TO_MILLIS,
  /** uint32 from int64. */
  NARROW_64_TO_32,
  /** decimal256 from decimal128. */
  WIDEN_DECIMAL,
  /** utf8 view / binary view from utf8 / binary. */
  TO_VIEW;

  private static final long MILLIS_PER_DAY = 86_400_000L;

  /**
   * The adapter from {@code storage} to {@code target}.
   *
   * @throws UnsupportedFeatureException when the conversion is not supported
   */
  static StorageAdapter between(ArrowType storage, ArrowType target, String column) {
    if (storage.equals(target)) {
      return NONE;
    }
    ArrowType t = target instanceof ArrowType.ExtensionType ext ? ext.storageType() : target;
    if (storage.equals(t)) {
      return RELABEL;
    }
    if (storage instanceof ArrowType.Timestamp s && t instanceof ArrowType.Timestamp tt) {
      if (s.getUnit() == tt.getUnit()) {
        return RELABEL;
      }
      if (s.getUnit() == TimeUnit.MILLISECOND && tt.getUnit() == TimeUnit.SECOND) {
        return DIVIDE_BY_1000;
      }
    }
    if (storage instanceof ArrowType.Time s && t instanceof ArrowType.Time tt
        && s.getUnit() == TimeUnit.MILLISECOND && tt.getUnit() == TimeUnit.SECOND) {
      return DIVIDE_BY_1000;
    }
    if (storage instanceof ArrowType.Int s && s.getBitWidth() == 64 && s.getIsSigned()) {
      if (t instanceof ArrowType.Duration) {
        return RELABEL;
      }
      if (t instanceof ArrowType.Int tt && tt.getBitWidth() == 32 && !tt.getIsSigned()) {
        return NARROW_64_TO_32;
      }
    }
    if (storage instanceof ArrowType.Date s && s.getUnit() == DateUnit.DAY
        && t instanceof ArrowType.Date tt && tt.getUnit() == DateUnit.MILLISECOND) {
      return DAYS_TO_MILLIS;
    }
    if (storage instanceof ArrowType.Decimal s && t instanceof ArrowType.Decimal tt
        && s.getBitWidth() == 128 && tt.getBitWidth() == 256
        && s.getPrecision() == tt.getPrecision() && s.getScale() == tt.getScale()) {
      return WIDEN_DECIMAL;
    }
    if ((storage instanceof ArrowType.Utf8 && t instanceof ArrowType.Utf8View)
        || (storage instanceof ArrowType.Binary && t instanceof ArrowType.BinaryView)) {
      return TO_VIEW;
    }
    throw new UnsupportedFeatureException(
        "reading " + storage + " as " + target,
        "column " + column + " is stored as " + storage + "; reading it as " + target
            + " is not supported");
  }

  /** The vector of {@code target}'s type holding {@code stored}'s values; closes {@code stored}. */
  FieldVector adapt(FieldVector stored, Field target, BufferAllocator allocator) {
    if (this == NONE) {
      return stored;
    }
    FieldVector out = null;
    try (stored) {
      int rows = stored.getValueCount();
      ArrowFieldNode node = new ArrowFieldNode(rows, stored.getNullCount());
      List<ArrowBuf> buffers = stored.getFieldBuffers();
      out = target.createVector(allocator);
      switch (this) {
        case RELABEL -> out.loadFieldBuffers(node, buffers);
        case TO_VIEW -> {
          // the views' data buffers grow as values are copied: one refusal check around the copy
          FieldVector views = out;
          Allocations.run(() -> toView((BaseVariableWidthVector) stored, (BaseVariableWidthViewVector) views),
              allocator, -1, rows, "string views");
        }
        case DIVIDE_BY_1000 -> {
          divide(buffers.get(1), rows, stored.getField().getType() instanceof ArrowType.Time ? 4 : 8);
          out.loadFieldBuffers(node, buffers);
        }
        default -> {
          try (ArrowBuf data = convert(buffers.get(1), rows, allocator)) {
            out.loadFieldBuffers(node, List.of(buffers.get(0), data));
          }
        }
      }
      FieldVector done = out;
      out = null;
      return done;
    } finally {
      if (out != null) {
        out.close();
      }
    }
  }

  /**
   * Views of the stored values: each value is copied once into the view vector (short values
   * live in the view itself, longer ones in its data buffers).
   */
  private static void toView(BaseVariableWidthVector in, BaseVariableWidthViewVector out) {
    int rows = in.getValueCount();
    out.allocateNew(rows);
    byte[] scratch = new byte[64];
    ArrowBuf data = in.getDataBuffer();
    for (int i = 0; i < rows; i++) {
      if (in.isNull(i)) {
        out.setNull(i);
        continue;
      }
      int length = in.getValueLength(i);
      if (scratch.length < length) {
        scratch = new byte[Math.max(length, 2 * scratch.length)];
      }
      data.getBytes(in.getStartOffset(i), scratch, 0, length);
      out.setSafe(i, scratch, 0, length);
    }
    out.setValueCount(rows);
  }

  private static void divide(ArrowBuf data, int rows, int width) {
    long a = data.memoryAddress();
    for (int i = 0; i < rows; i++) {
      if (width == 4) {
        MemoryUtil.putInt(a + 4L * i, MemoryUtil.getInt(a + 4L * i) / 1000);
      } else {
        MemoryUtil.putLong(a + 8L * i, Math.floorDiv(MemoryUtil.getLong(a + 8L * i), 1000L));
      }
    }
  }

  private ArrowBuf convert(ArrowBuf in, int rows, BufferAllocator allocator) {
    int width = switch (this) {
      case NARROW_64_TO_32 -> 4;
      case DAYS_TO_MILLIS -> 8;
      default -> 32;
    };
    ArrowBuf out = Allocations.buffer(allocator, Math.max(1L, (long) rows * width), rows, "converted values");
    long s = in.memoryAddress();
    long d = out.memoryAddress();
    for (int i = 0; i < rows; i++) {
      switch (this) {
        case NARROW_64_TO_32 -> MemoryUtil.putInt(d + 4L * i, (int) MemoryUtil.getLong(s + 8L * i));
        case DAYS_TO_MILLIS -> MemoryUtil.putLong(d + 8L * i, MemoryUtil.getInt(s + 4L * i) * MILLIS_PER_DAY);
        default -> {
          long low = MemoryUtil.getLong(s + 16L * i);
          long high = MemoryUtil.getLong(s + 16L * i + 8);
          long sign = high >> 63;
          MemoryUtil.putLong(d + 32L * i, low);
          MemoryUtil.putLong(d + 32L * i + 8, high);
          MemoryUtil.putLong(d + 32L * i + 16, sign);
          MemoryUtil.putLong(d + 32L * i + 24, sign);
        }
      }
    }
    return out;
  }
}
