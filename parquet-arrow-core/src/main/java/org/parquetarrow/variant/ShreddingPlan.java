package org.parquetarrow.variant;

import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.PrimitiveNode;

/**
 * The shape of one {@code value} / {@code typed_value} pair of a shredded variant, checked once
 * per file against {@code VariantShredding.md}: the binary {@code value}, if present, and what
 * {@code typed_value} holds (a primitive of an allowed type, an object of named field groups, or
 * a list of element groups). Immutable.
 */
final class ShreddingPlan {
  static final String VALUE = "value";
  static final String TYPED_VALUE = "typed_value";

  enum Shape { NONE, PRIMITIVE, OBJECT, ARRAY }

  final String path;
  final boolean hasValue;
  final Shape shape;
  final ShreddedType primitive;
  final int scale;
  final String[] names;
  final ShreddingPlan[] fields;
  final ShreddingPlan element;

  private ShreddingPlan(String path, boolean hasValue, Shape shape, ShreddedType primitive, int scale,
      String[] names, ShreddingPlan[] fields, ShreddingPlan element) {
    this.path = path;
    this.hasValue = hasValue;
    this.shape = shape;
    this.primitive = primitive;
    this.scale = scale;
    this.names = names;
    this.fields = fields;
    this.element = element;
  }

  /** The plan of the group {@code group} (the variant itself, an object field or an array element). */
  static ShreddingPlan of(FieldMapping group, String path) {
    FieldMapping value = child(group, VALUE);
    FieldMapping typed = child(group, TYPED_VALUE);
    if (value != null && value.field().getDictionary() != null) {
      throw dictionary(path + "." + VALUE);
    }
    if (value != null && !(value.isLeaf() && value.type() instanceof ArrowType.Binary)) {
      throw invalid("the 'value' of a shredded variant must be a binary column", path);
    }
    if (typed == null) {
      if (value == null) {
        throw invalid("a shredded variant group needs a 'value' or a 'typed_value'", path);
      }
      return new ShreddingPlan(path, true, Shape.NONE, null, 0, null, null, null);
    }
    String typedPath = path + "." + TYPED_VALUE;
    if (typed.isLeaf()) {
      PrimitiveNode p = (PrimitiveNode) typed.parquetNode();
      ShreddedType t = ShreddedType.of(p);
      if (t == null) {
        throw invalid("Unsupported shredded value type: " + describe(p), typedPath);
      }
      if (!t.matches(typed.type()) || typed.field().getDictionary() != null) {
        throw new UnsupportedFeatureException("shredded variant type", "the shredded column is read as "
            + typed.field() + ", which cannot be rebuilt into a variant; read with VariantShredding.KEEP [column "
            + typedPath + "]");
      }
      int scale = p.effectiveLogicalType() instanceof LogicalType.DecimalType d ? d.scale() : 0;
      return new ShreddingPlan(path, value != null, Shape.PRIMITIVE, t, scale, null, null, null);
    }
    if (typed.kind() == FieldMapping.Kind.LIST) {
      FieldMapping e = typed.children().get(0);
      if (e.kind() != FieldMapping.Kind.STRUCT) {
        throw invalid("the element of a shredded array must be a group of 'value' and 'typed_value'",
            typedPath);
      }
      return new ShreddingPlan(path, value != null, Shape.ARRAY, null, 0, null, null,
          of(e, typedPath + "." + e.name()));
    }
    if (typed.kind() == FieldMapping.Kind.STRUCT && !typed.children().isEmpty()) {
      List<FieldMapping> children = typed.children();
      String[] names = new String[children.size()];
      ShreddingPlan[] fields = new ShreddingPlan[children.size()];
      for (int i = 0; i < names.length; i++) {
        FieldMapping f = children.get(i);
        if (f.kind() != FieldMapping.Kind.STRUCT) {
          throw invalid("shredded object field '" + f.name() + "' must be a group of 'value' and 'typed_value'",
              typedPath);
        }
        names[i] = f.name();
        fields[i] = of(f, typedPath + "." + f.name());
      }
      return new ShreddingPlan(path, value != null, Shape.OBJECT, null, 0, names, fields, null);
    }
    throw invalid("Unsupported shredded value type: " + typed.kind() + " " + typed.type(), typedPath);
  }

  static FieldMapping child(FieldMapping group, String name) {
    for (FieldMapping c : group.children()) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }

  private static String describe(PrimitiveNode p) {
    LogicalType logical = p.effectiveLogicalType();
    String physical = p.physicalType() + (p.typeLength() != null && p.typeLength() > 0
        && p.physicalType() == org.parquetarrow.format.PhysicalType.FIXED_LEN_BYTE_ARRAY
        ? "(" + p.typeLength() + ")" : "");
    return logical == null ? physical : physical + " " + logical;
  }

  static UnsupportedFeatureException dictionary(String path) {
    return new UnsupportedFeatureException("dictionary columns in a VARIANT", "the variant column " + path
        + " is read as a dictionary, which cannot be rebuilt into variants; leave it out of dictionaryColumns"
        + " or read with VariantShredding.KEEP [column " + path + "]");
  }

  private static VariantFormatException invalid(String problem, String path) {
    return new VariantFormatException(problem, ErrorLocation.UNKNOWN.withColumn(path), null);
  }
}
