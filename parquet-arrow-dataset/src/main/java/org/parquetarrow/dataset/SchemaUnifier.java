package org.parquetarrow.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Unifies the Arrow schemas of many files into one, field by field by name, in the order fields
 * first appear: a field missing from some files is kept (those files read it as nulls, so it
 * becomes nullable), fields of different types are promoted as {@link TypePromotion} allows, and
 * anything else is an error naming the column, both types and both files.
 *
 * <pre>{@code
 * SchemaUnifier u = new SchemaUnifier(TypePromotion.PERMISSIVE);
 * u.add("a.parquet", schemaA);
 * u.add("b.parquet", schemaB);
 * Schema unified = u.result();
 * }</pre>
 */
public final class SchemaUnifier {
  private final TypePromotion promotion;
  private final Map<String, Entry> fields = new LinkedHashMap<>();
  private int sources;

  /** A field so far, and the file whose type it currently has (for messages). */
  private record Entry(Field field, String source, int seenIn) {}

  public SchemaUnifier(TypePromotion promotion) {
    this.promotion = promotion;
  }

  /**
   * Adds the schema of {@code source} (a file name, for messages).
   *
   * @throws DatasetException if a field's type cannot be unified with earlier files'
   */
  public SchemaUnifier add(String source, Schema schema) {
    sources++;
    for (Field f : schema.getFields()) {
      Entry e = fields.get(f.getName());
      if (e == null) {
        // Absent from every earlier file: those read it as nulls.
        Field added = sources > 1 ? nullable(f) : f;
        fields.put(f.getName(), new Entry(added, source, 1));
      } else {
        Field merged = merge(e.field(), f, f.getName(), e.source(), source);
        String owner = merged.getType().equals(e.field().getType()) ? e.source() : source;
        fields.put(f.getName(), new Entry(merged, owner, e.seenIn() + 1));
      }
    }
    // a set, not a scan per field: a file of 100,000 columns must not cost 10^10 comparisons
    java.util.Set<String> inThisFile = new java.util.HashSet<>();
    for (Field f : schema.getFields()) {
      inThisFile.add(f.getName());
    }
    for (Map.Entry<String, Entry> e : fields.entrySet()) {
      boolean inThis = inThisFile.contains(e.getKey());
      if (!inThis && !e.getValue().field().isNullable()) {
        e.setValue(new Entry(nullable(e.getValue().field()), e.getValue().source(), e.getValue().seenIn()));
      }
    }
    return this;
  }

  /** The unified schema of every schema added. */
  public Schema result() {
    List<Field> out = new ArrayList<>();
    for (Entry e : fields.values()) {
      out.add(e.field());
    }
    return new Schema(out);
  }

  private static Field nullable(Field f) {
    return new Field(f.getName(), new FieldType(true, f.getType(), f.getDictionary(), f.getMetadata()), f.getChildren());
  }

  private Field merge(Field a, Field b, String path, String sourceA, String sourceB) {
    boolean nullable = a.isNullable() || b.isNullable();
    ArrowType ta = a.getType();
    ArrowType tb = b.getType();
    if (ta instanceof ArrowType.Struct && tb instanceof ArrowType.Struct) {
      Map<String, Field> children = new LinkedHashMap<>();
      for (Field c : a.getChildren()) {
        children.put(c.getName(), c);
      }
      for (Field c : b.getChildren()) {
        Field prior = children.get(c.getName());
        children.put(c.getName(), prior == null ? nullable(c) : merge(prior, c, path + "." + c.getName(), sourceA, sourceB));
      }
      List<Field> merged = new ArrayList<>();
      for (Field c : children.values()) {
        boolean inB = b.getChildren().stream().anyMatch(x -> x.getName().equals(c.getName()));
        merged.add(inB ? c : nullable(c));
      }
      return new Field(a.getName(), new FieldType(nullable, ta, null, a.getMetadata()), merged);
    }
    if (ta.equals(tb) && a.getChildren().isEmpty() && b.getChildren().isEmpty()) {
      return new Field(a.getName(), new FieldType(nullable, ta, a.getDictionary(), a.getMetadata()), null);
    }
    if (ta instanceof ArrowType.Null || tb instanceof ArrowType.Null) {
      Field other = ta instanceof ArrowType.Null ? b : a;
      return new Field(a.getName(), new FieldType(true, other.getType(), other.getDictionary(), other.getMetadata()), other.getChildren());
    }
    if (promotion == TypePromotion.PERMISSIVE
        && ta.getClass() == tb.getClass()
        && (ta instanceof ArrowType.List || ta instanceof ArrowType.LargeList)) {
      Field element = merge(a.getChildren().get(0), b.getChildren().get(0), path + ".element", sourceA, sourceB);
      return new Field(a.getName(), new FieldType(nullable, ta, null, a.getMetadata()), List.of(element));
    }
    if (ta.equals(tb) && a.getChildren().equals(b.getChildren())) {
      return new Field(a.getName(), new FieldType(nullable, ta, null, a.getMetadata()), a.getChildren());
    }
    ArrowType promoted = promotion == TypePromotion.PERMISSIVE ? TypeWidening.widen(ta, tb) : null;
    if (promoted == null) {
      throw new DatasetException(
          "column " + path + " is " + ta + " in " + sourceA + " but " + tb + " in " + sourceB
              + "; the types cannot be unified" + (promotion == TypePromotion.EXACT ? " without type promotion" : ""));
    }
    return new Field(a.getName(), new FieldType(nullable, promoted, null, a.getMetadata()), null);
  }

  /** The permissive promotions of scalar types. */
  static final class TypeWidening {
    private TypeWidening() {}

    /** The type both widen to, or {@code null}. */
    static ArrowType widen(ArrowType a, ArrowType b) {
      if (a.equals(b)) {
        return a;
      }
      ArrowType r = oneWay(a, b);
      return r != null ? r : oneWay(b, a);
    }

    private static ArrowType oneWay(ArrowType a, ArrowType b) {
      if (a instanceof ArrowType.Int x && b instanceof ArrowType.Int y) {
        if (x.getIsSigned() == y.getIsSigned()) {
          return x.getBitWidth() >= y.getBitWidth() ? x : y;
        }
        ArrowType.Int signed = x.getIsSigned() ? x : y;
        ArrowType.Int unsigned = x.getIsSigned() ? y : x;
        int width = Math.max(signed.getBitWidth(), unsigned.getBitWidth() * 2);
        return width > 64 ? null : new ArrowType.Int(width, true);
      }
      if (a instanceof ArrowType.FloatingPoint x && b instanceof ArrowType.FloatingPoint y) {
        return x.getPrecision().compareTo(y.getPrecision()) >= 0 ? x : y;
      }
      if (a instanceof ArrowType.FloatingPoint x && b instanceof ArrowType.Int y) {
        FloatingPointPrecision need = y.getBitWidth() <= 16 ? FloatingPointPrecision.SINGLE : FloatingPointPrecision.DOUBLE;
        return new ArrowType.FloatingPoint(x.getPrecision().compareTo(need) >= 0 ? x.getPrecision() : need);
      }
      if (a instanceof ArrowType.FloatingPoint x && b instanceof ArrowType.Decimal) {
        return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      }
      if (a instanceof ArrowType.Decimal x && b instanceof ArrowType.Decimal y) {
        return decimal(Math.max(x.getPrecision() - x.getScale(), y.getPrecision() - y.getScale()), Math.max(x.getScale(), y.getScale()));
      }
      if (a instanceof ArrowType.Decimal x && b instanceof ArrowType.Int y) {
        int digits = switch (y.getBitWidth()) {
          case 8 -> 3;
          case 16 -> 5;
          case 32 -> 10;
          default -> y.getIsSigned() ? 19 : 20;
        };
        return decimal(Math.max(x.getPrecision() - x.getScale(), digits), x.getScale());
      }
      if (a instanceof ArrowType.LargeUtf8 && b instanceof ArrowType.Utf8) {
        return a;
      }
      if (a instanceof ArrowType.Binary && b instanceof ArrowType.Utf8) {
        return a;
      }
      if (a instanceof ArrowType.LargeBinary
          && (b instanceof ArrowType.Binary || b instanceof ArrowType.Utf8 || b instanceof ArrowType.LargeUtf8)) {
        return a;
      }
      if (a instanceof ArrowType.Timestamp x && b instanceof ArrowType.Timestamp y
          && java.util.Objects.equals(x.getTimezone(), y.getTimezone())) {
        return x.getUnit().compareTo(y.getUnit()) >= 0 ? x : y;
      }
      if (a instanceof ArrowType.Time x && b instanceof ArrowType.Time y) {
        return x.getUnit().compareTo(y.getUnit()) >= 0 ? x : y;
      }
      if (a instanceof ArrowType.Date x && b instanceof ArrowType.Date y) {
        return x.getUnit() == org.apache.arrow.vector.types.DateUnit.MILLISECOND ? x : y;
      }
      return null;
    }

    private static ArrowType decimal(int integerDigits, int scale) {
      int precision = integerDigits + scale;
      if (precision > 76) {
        return null;
      }
      return new ArrowType.Decimal(precision, scale, precision <= 38 ? 128 : 256);
    }
  }
}
