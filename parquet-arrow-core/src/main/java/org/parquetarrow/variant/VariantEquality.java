package org.parquetarrow.variant;

import java.util.Arrays;

/**
 * Semantic equality of variants: objects are equal when they have the same field names with equal
 * values, arrays element by element, integers and decimals by numeric value, floats and doubles
 * bit for bit (so {@code -0.0 != 0.0} and NaN equals itself), every other type by kind and value.
 */
final class VariantEquality {
  private VariantEquality() {}

  static boolean equal(Variant a, Variant b) {
    VariantKind ka = a.kind();
    VariantKind kb = b.kind();
    if (ka.isExactNumeric() && kb.isExactNumeric()) {
      return a.getDecimal().compareTo(b.getDecimal()) == 0;
    }
    if (ka != kb) {
      return false;
    }
    return switch (ka) {
      case NULL -> true;
      case BOOLEAN -> a.getBoolean() == b.getBoolean();
      case FLOAT -> Float.floatToIntBits(a.getFloat()) == Float.floatToIntBits(b.getFloat());
      case DOUBLE -> Double.doubleToLongBits(a.getDouble()) == Double.doubleToLongBits(b.getDouble());
      case STRING -> a.getString().equals(b.getString());
      case BINARY -> Arrays.equals(a.getBinary(), b.getBinary());
      case UUID -> a.getUuid().equals(b.getUuid());
      case OBJECT -> objects(a, b);
      case ARRAY -> arrays(a, b);
      default -> a.getLong() == b.getLong();
    };
  }

  private static boolean objects(Variant a, Variant b) {
    int n = a.size();
    if (n != b.size()) {
      return false;
    }
    // both are in name order, so equal objects pair up field by field
    for (int i = 0; i < n; i++) {
      if (!a.fieldName(i).equals(b.fieldName(i)) || !equal(a.fieldValue(i), b.fieldValue(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean arrays(Variant a, Variant b) {
    int n = a.size();
    if (n != b.size()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (!equal(a.element(i), b.element(i))) {
        return false;
      }
    }
    return true;
  }

  static int hash(Variant v) {
    VariantKind k = v.kind();
    if (k.isExactNumeric()) {
      return v.getDecimal().stripTrailingZeros().hashCode();
    }
    return switch (k) {
      case NULL -> 0;
      case BOOLEAN -> Boolean.hashCode(v.getBoolean());
      case FLOAT -> Float.hashCode(v.getFloat());
      case DOUBLE -> Double.hashCode(v.getDouble());
      case STRING -> v.getString().hashCode();
      case BINARY -> Arrays.hashCode(v.getBinary());
      case UUID -> v.getUuid().hashCode();
      case OBJECT -> {
        int h = 1;
        for (int i = 0; i < v.size(); i++) {
          h = 31 * h + v.fieldName(i).hashCode() * 17 + hash(v.fieldValue(i));
        }
        yield h;
      }
      case ARRAY -> {
        int h = 2;
        for (int i = 0; i < v.size(); i++) {
          h = 31 * h + hash(v.element(i));
        }
        yield h;
      }
      default -> 31 * k.hashCode() + Long.hashCode(v.getLong());
    };
  }
}
