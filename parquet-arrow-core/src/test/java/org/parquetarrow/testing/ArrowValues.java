package org.parquetarrow.testing;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Fills Arrow vectors from plain Java values, so tests can state expected data as literals and
 * generators can describe rows without touching buffers.
 *
 * <p>The value model, by Arrow type: {@code null} for a null slot; {@link Boolean} for bool;
 * any {@link Number} for integers (unsigned ones as the same bits in a {@code long}), dates,
 * times, timestamps and durations (the raw count of the type's unit); {@link Float} / {@link
 * Double} for float32/64 and a {@link Short} holding the IEEE half-precision bits for float16;
 * {@link BigDecimal} for decimals (scale must match the type); {@link String} for utf8 (any
 * layout); {@code byte[]} for binary and fixed-size binary; {@link List} for list, large list and
 * fixed-size list; {@link Struct} for struct; a {@link List} of {@link Entry} for map.
 *
 * <pre>{@code
 * Schema schema = new Schema(List.of(Field.nullable("a", new ArrowType.Int(32, true))));
 * try (VectorSchemaRoot root = ArrowValues.root(allocator, schema, List.of(Arrays.asList(1, null, 3)))) {
 *   ...
 * }
 * }</pre>
 */
public final class ArrowValues {
  private ArrowValues() {}

  /** The value of one struct slot: one value per child field, in field order. */
  public record Struct(List<Object> fields) {
    public Struct {
      fields = java.util.Collections.unmodifiableList(new ArrayList<>(fields));
    }

    public static Struct of(Object... fields) {
      return new Struct(Arrays.asList(fields));
    }
  }

  /** One key/value pair of a map slot (maps keep their entries in order, duplicates allowed). */
  public record Entry(Object key, Object value) {
    public Entry {
      Objects.requireNonNull(key, "map keys are never null");
    }
  }

  /**
   * A new root of {@code schema} holding {@code columns} (one list of values per field, all of
   * the same length). The caller closes the root.
   */
  public static VectorSchemaRoot root(
      BufferAllocator allocator, Schema schema, List<? extends List<?>> columns) {
    if (columns.size() != schema.getFields().size()) {
      throw new IllegalArgumentException(
          columns.size() + " columns for " + schema.getFields().size() + " fields");
    }
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      int rows = columns.isEmpty() ? 0 : columns.get(0).size();
      for (int c = 0; c < columns.size(); c++) {
        List<?> values = columns.get(c);
        if (values.size() != rows) {
          throw new IllegalArgumentException(
              "column " + c + " has " + values.size() + " values, column 0 has " + rows);
        }
        FieldVector vector = root.getVector(c);
        vector.allocateNew();
        for (int i = 0; i < rows; i++) {
          set(vector, i, values.get(i));
        }
      }
      root.setRowCount(rows);
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  /**
   * Writes {@code value} into slot {@code index} of {@code vector} (growing it as needed). Slots
   * must be written in increasing order for list-like vectors; the caller sets the value count.
   */
  public static void set(FieldVector vector, int index, Object value) {
    if (vector instanceof NullVector) {
      if (value != null) {
        throw new IllegalArgumentException("null-typed vector " + vector.getName() + " got " + value);
      }
      return;
    }
    if (value == null) {
      setNull(vector, index);
      return;
    }
    if (vector instanceof BitVector bits) {
      bits.setSafe(index, (Boolean) value ? 1 : 0);
    } else if (vector instanceof Float2Vector half) {
      half.setSafe(index, (Short) value);
    } else if (vector instanceof Float4Vector f) {
      f.setSafe(index, (Float) value);
    } else if (vector instanceof Float8Vector d) {
      d.setSafe(index, (Double) value);
    } else if (vector instanceof DecimalVector dec) {
      dec.setSafe(index, (BigDecimal) value);
    } else if (vector instanceof Decimal256Vector dec) {
      dec.setSafe(index, (BigDecimal) value);
    } else if (vector instanceof FixedSizeBinaryVector fixed) {
      fixed.setSafe(index, (byte[]) value);
    } else if (vector instanceof BaseFixedWidthVector fixedWidth) {
      setRawNumber(fixedWidth, index, (Number) value);
    } else if (vector instanceof VariableWidthFieldVector bytes) {
      bytes.setSafe(index, value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) value);
    } else if (vector instanceof StructVector struct) {
      setStruct(struct, index, (Struct) value);
    } else if (vector instanceof ListVector list) {
      // MapVector is a ListVector of entry structs
      List<?> elements = elementsOf(list, value);
      int offset = list.startNewValue(index);
      FieldVector data = list.getDataVector();
      for (int k = 0; k < elements.size(); k++) {
        set(data, offset + k, elements.get(k));
      }
      list.endValue(index, elements.size());
    } else if (vector instanceof LargeListVector list) {
      List<?> elements = (List<?>) value;
      long offset = list.startNewValue(index);
      FieldVector data = list.getDataVector();
      for (int k = 0; k < elements.size(); k++) {
        set(data, Math.toIntExact(offset + k), elements.get(k));
      }
      list.endValue(index, elements.size());
    } else if (vector instanceof FixedSizeListVector list) {
      List<?> elements = (List<?>) value;
      if (elements.size() != list.getListSize()) {
        throw new IllegalArgumentException(
            vector.getName() + ": " + elements.size() + " elements for size " + list.getListSize());
      }
      int offset = list.startNewValue(index);
      for (int k = 0; k < elements.size(); k++) {
        set(list.getDataVector(), offset + k, elements.get(k));
      }
    } else {
      throw new IllegalArgumentException(
          "no value writer for " + vector.getClass().getSimpleName() + " (" + vector.getName() + ")");
    }
  }

  private static List<?> elementsOf(ListVector list, Object value) {
    List<?> elements = (List<?>) value;
    if (list instanceof org.apache.arrow.vector.complex.MapVector) {
      List<Object> structs = new ArrayList<>(elements.size());
      for (Object e : elements) {
        Entry entry = (Entry) e;
        structs.add(Struct.of(entry.key(), entry.value()));
      }
      return structs;
    }
    return elements;
  }

  private static void setStruct(StructVector struct, int index, Struct value) {
    List<FieldVector> children = struct.getChildrenFromFields();
    if (value.fields().size() != children.size()) {
      throw new IllegalArgumentException(
          struct.getName() + ": " + value.fields().size() + " values for " + children.size() + " fields");
    }
    struct.setIndexDefined(index);
    for (int c = 0; c < children.size(); c++) {
      set(children.get(c), index, value.fields().get(c));
    }
  }

  private static void setNull(FieldVector vector, int index) {
    // setNull grows the vector and, for lists, carries the offsets forward over the null slot
    vector.setNull(index);
    if (vector instanceof StructVector struct) {
      for (FieldVector child : struct.getChildrenFromFields()) {
        fillUnderNull(child, index);
      }
    } else if (vector instanceof FixedSizeListVector list) {
      int size = list.getListSize();
      for (int k = 0; k < size; k++) {
        fillUnderNull(list.getDataVector(), index * size + k);
      }
    }
  }

  /**
   * Fills a child slot that sits under a null parent: null if the child may be null, else a zero
   * value, since writers (Arrow C++'s Parquet writer, DuckDB's import) refuse nulls in a
   * non-nullable child even where the parent hides them.
   */
  private static void fillUnderNull(FieldVector child, int index) {
    if (child.getField().isNullable()) {
      setNull(child, index);
    } else {
      set(child, index, zero(child.getField()));
    }
  }

  /** The zero value of a field's type (empty for strings, lists and maps). */
  static Object zero(Field field) {
    ArrowType t = field.getType();
    switch (t.getTypeID()) {
      case Bool:
        return false;
      case Int:
        return ((ArrowType.Int) t).getBitWidth() == 64 ? (Object) 0L : (Object) 0;
      case FloatingPoint:
        return switch (((ArrowType.FloatingPoint) t).getPrecision()) {
          case HALF -> (short) 0;
          case SINGLE -> 0.0f;
          case DOUBLE -> 0.0;
        };
      case Decimal:
        return BigDecimal.ZERO.setScale(((ArrowType.Decimal) t).getScale());
      case Date:
      case Time:
      case Timestamp:
      case Duration:
        return 0L;
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return "";
      case Binary:
      case LargeBinary:
      case BinaryView:
        return new byte[0];
      case FixedSizeBinary:
        return new byte[((ArrowType.FixedSizeBinary) t).getByteWidth()];
      case List:
      case LargeList:
      case Map:
        return List.of();
      case FixedSizeList: {
        List<Object> zeros = new ArrayList<>();
        for (int k = 0; k < ((ArrowType.FixedSizeList) t).getListSize(); k++) {
          zeros.add(field.getChildren().get(0).isNullable() ? null : zero(field.getChildren().get(0)));
        }
        return zeros;
      }
      case Struct: {
        List<Object> children = new ArrayList<>();
        for (Field c : field.getChildren()) {
          children.add(c.isNullable() ? null : zero(c));
        }
        return new Struct(children);
      }
      default:
        throw new IllegalArgumentException("no zero value for " + t);
    }
  }

  private static void setRawNumber(BaseFixedWidthVector vector, int index, Number value) {
    while (index >= vector.getValueCapacity()) {
      vector.reAlloc();
    }
    int width = vector.getTypeWidth();
    long at = (long) index * width;
    switch (width) {
      case 1 -> vector.getDataBuffer().setByte(at, value.byteValue());
      case 2 -> vector.getDataBuffer().setShort(at, value.shortValue());
      case 4 -> vector.getDataBuffer().setInt(at, value.intValue());
      case 8 -> vector.getDataBuffer().setLong(at, value.longValue());
      default -> throw new IllegalArgumentException(
          vector.getName() + ": a number cannot fill a " + width + "-byte slot");
    }
    BitVectorHelper.setBit(vector.getValidityBuffer(), index);
  }
}
