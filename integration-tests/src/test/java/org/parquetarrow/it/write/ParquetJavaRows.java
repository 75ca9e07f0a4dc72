package org.parquetarrow.it.write;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.parquetarrow.it.peers.Table;
import org.parquetarrow.testing.ArrowValues.Entry;
import org.parquetarrow.testing.ArrowValues.Struct;

/**
 * Rows as parquet-java's example Group reader sees them, in one comparable form: a group is the
 * list of its fields, each the list of its repetitions; a primitive is its physical value (floats
 * by their bits, binaries in hex). Expected rows are derived from a {@link Table} and the file's
 * Parquet schema, so the comparison covers the physical representation our writer chose
 * (decimals as unscaled integers or sign-extended big-endian bytes, little-endian FLOAT16,
 * unsigned ints as their bits).
 */
final class ParquetJavaRows {
  private ParquetJavaRows() {}

  /** What parquet-java must read for each row of {@code t} from a file of schema {@code schema}. */
  static List<List<Object>> expected(Table t, MessageType schema) {
    List<List<Object>> rows = new ArrayList<>(t.rowCount());
    for (int r = 0; r < t.rowCount(); r++) {
      List<Object> row = new ArrayList<>();
      for (int c = 0; c < t.fields().size(); c++) {
        row.add(field(t.fields().get(c), schema.getType(c), t.columns().get(c).get(r)));
      }
      rows.add(row);
    }
    return rows;
  }

  /** The repetitions of one field holding {@code v}: none for null, else one. */
  private static List<Object> field(Field f, Type t, Object v) {
    return v == null ? List.of() : List.of(value(f, t, v));
  }

  private static Object value(Field f, Type t, Object v) {
    if (t.isPrimitive()) {
      return primitive(t.asPrimitiveType(), v);
    }
    GroupType g = t.asGroupType();
    if (v instanceof Struct s) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < s.fields().size(); i++) {
        out.add(field(f.getChildren().get(i), g.getType(i), s.fields().get(i)));
      }
      return out;
    }
    // a list or map: one repeated group whose repetitions hold the elements or entries
    GroupType repeated = g.getType(0).asGroupType();
    List<Object> reps = new ArrayList<>();
    for (Object e : (List<?>) v) {
      if (e instanceof Entry entry) {
        Field entries = f.getChildren().get(0);
        reps.add(List.of(field(entries.getChildren().get(0), repeated.getType(0), entry.key()),
            field(entries.getChildren().get(1), repeated.getType(1), entry.value())));
      } else {
        reps.add(List.of(field(f.getChildren().get(0), repeated.getType(0), e)));
      }
    }
    return List.of(reps);
  }

  private static Object primitive(PrimitiveType t, Object v) {
    return switch (t.getPrimitiveTypeName()) {
      case BOOLEAN -> v;
      // a decimal stored as an integer is its unscaled value
      case INT32 -> v instanceof BigDecimal d ? d.unscaledValue().intValueExact() : ((Number) v).intValue();
      case INT64 -> v instanceof BigDecimal d ? d.unscaledValue().longValueExact() : ((Number) v).longValue();
      case FLOAT -> Float.floatToRawIntBits((Float) v);
      case DOUBLE -> Double.doubleToRawLongBits((Double) v);
      case INT96 -> throw new IllegalArgumentException("INT96 is not expected here: " + t);
      case BINARY -> hex(v instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) v);
      case FIXED_LEN_BYTE_ARRAY -> hex(fixed(v, t.getTypeLength()));
    };
  }

  private static byte[] fixed(Object v, int width) {
    if (v instanceof Short half) {
      return new byte[] {(byte) (short) half, (byte) (half >> 8)};
    }
    if (v instanceof BigDecimal d) {
      byte[] b = d.unscaledValue().toByteArray();
      byte[] out = new byte[width];
      byte fill = b[0] < 0 ? (byte) -1 : 0;
      for (int k = 0; k < width; k++) {
        int from = k - (width - b.length);
        out[k] = from < 0 ? fill : b[from];
      }
      return out;
    }
    return (byte[]) v;
  }

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }

  /** A row read by parquet-java, in the same form. */
  static List<Object> actual(Group g) {
    GroupType type = g.getType();
    List<Object> out = new ArrayList<>();
    for (int f = 0; f < type.getFieldCount(); f++) {
      Type ft = type.getType(f);
      List<Object> reps = new ArrayList<>();
      for (int i = 0; i < g.getFieldRepetitionCount(f); i++) {
        reps.add(ft.isPrimitive() ? primitive(ft.asPrimitiveType(), g, f, i) : actual(g.getGroup(f, i)));
      }
      out.add(reps);
    }
    return out;
  }

  private static Object primitive(PrimitiveType t, Group g, int f, int i) {
    return switch (t.getPrimitiveTypeName()) {
      case BOOLEAN -> g.getBoolean(f, i);
      case INT32 -> g.getInteger(f, i);
      case INT64 -> g.getLong(f, i);
      case FLOAT -> Float.floatToRawIntBits(g.getFloat(f, i));
      case DOUBLE -> Double.doubleToRawLongBits(g.getDouble(f, i));
      case INT96 -> hex(g.getInt96(f, i).getBytes());
      case BINARY, FIXED_LEN_BYTE_ARRAY -> hex(g.getBinary(f, i).getBytes());
    };
  }
}
