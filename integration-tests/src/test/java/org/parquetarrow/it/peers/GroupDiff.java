package org.parquetarrow.it.peers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Type-aware comparison of parquet-java example Groups (values by their bytes and bits, never
 * by their string rendering, which would hide differences in binary values and NaN payloads).
 */
final class GroupDiff {
  private GroupDiff() {}

  /** The first {@code max} differences between two row lists; empty when equal. */
  static List<String> differences(List<Group> expected, List<Group> actual, int max) {
    List<String> out = new ArrayList<>();
    if (expected.size() != actual.size()) {
      out.add("expected " + expected.size() + " rows but read " + actual.size());
    }
    for (int r = 0; r < Math.min(expected.size(), actual.size()) && out.size() < max; r++) {
      group("row " + r, expected.get(r), actual.get(r), out, max);
    }
    return out;
  }

  private static void group(String path, Group e, Group a, List<String> out, int max) {
    GroupType type = e.getType();
    for (int f = 0; f < type.getFieldCount() && out.size() < max; f++) {
      Type field = type.getType(f);
      String p = path + "." + field.getName();
      int n = e.getFieldRepetitionCount(f);
      int m = a.getFieldRepetitionCount(f);
      if (n != m) {
        out.add(p + ": " + n + " values written, " + m + " read");
        continue;
      }
      for (int i = 0; i < n; i++) {
        String pi = n > 1 ? p + "[" + i + "]" : p;
        if (field.isPrimitive()) {
          if (!primitiveEqual(field.asPrimitiveType(), e, a, f, i)) {
            out.add(pi + ": wrote " + e.getValueToString(f, i) + ", read " + a.getValueToString(f, i));
          }
        } else {
          group(pi, e.getGroup(f, i), a.getGroup(f, i), out, max);
        }
      }
    }
  }

  private static boolean primitiveEqual(PrimitiveType t, Group e, Group a, int f, int i) {
    return switch (t.getPrimitiveTypeName()) {
      case BOOLEAN -> e.getBoolean(f, i) == a.getBoolean(f, i);
      case INT32 -> e.getInteger(f, i) == a.getInteger(f, i);
      case INT64 -> e.getLong(f, i) == a.getLong(f, i);
      case FLOAT -> Float.floatToIntBits(e.getFloat(f, i)) == Float.floatToIntBits(a.getFloat(f, i));
      case DOUBLE -> Double.doubleToLongBits(e.getDouble(f, i)) == Double.doubleToLongBits(a.getDouble(f, i));
      case INT96 -> Arrays.equals(e.getInt96(f, i).getBytes(), a.getInt96(f, i).getBytes());
      case BINARY, FIXED_LEN_BYTE_ARRAY -> Arrays.equals(e.getBinary(f, i).getBytes(), a.getBinary(f, i).getBytes());
    };
  }
}
