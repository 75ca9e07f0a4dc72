package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;

/**
 * Walks a {@link ParquetSchema} and builds the {@link FieldMapping} of every top-level field: the
 * Arrow type inferred from Parquet alone, with the levels the reader needs. Nested types follow the
 * rules of {@code LogicalTypes.md} (including every backward-compatibility rule for LIST and MAP)
 * and the names Arrow C++ gives ({@code NodeToSchemaField} in {@code parquet/arrow/schema.cc}).
 */
final class FieldMappingBuilder {
  static final String FIELD_ID_KEY = "PARQUET:field_id";
  static final String MAP_ENTRIES = "entries";

  /** Placeholder id; {@link SchemaMapping} numbers dictionaries once the tree is final. */
  static final long UNNUMBERED_DICTIONARY = -1;

  private final ParquetSchema schema;
  private final PrimitiveTypeMapper types;
  private final ArrowReadOptions options;
  private int nextColumn;
  private final List<String> path = new ArrayList<>();

  FieldMappingBuilder(ParquetSchema schema, ArrowReadOptions options) {
    this.schema = schema;
    this.options = options;
    this.types = new PrimitiveTypeMapper(options);
  }

  List<FieldMapping> build() {
    List<FieldMapping> fields = new ArrayList<>(schema.root().children().size());
    for (SchemaNode child : schema.root().children()) {
      fields.add(node(child, 0, 0));
    }
    return fields;
  }

  /** A field at a position where the parent is present at definition level {@code def}. */
  private FieldMapping node(SchemaNode node, int def, int rep) {
    path.add(node.name());
    try {
      if (node.repetition() == Repetition.VECTOR) {
        throw new UnsupportedFeatureException("VECTOR repetition",
            "'" + node.name() + "' uses VECTOR repetition (a draft of the format), which is not supported yet ["
                + "column " + String.join(".", path) + "]");
      }
      if (node instanceof GroupNode g) {
        return group(g, def, rep);
      }
      PrimitiveNode p = (PrimitiveNode) node;
      if (p.isRepeated()) {
        // a repeated field outside LIST/MAP: a required list of required elements
        FieldMapping element = leaf(p, p.name(), false, def + 1, rep + 1);
        return list(p.name(), false, fieldIdMetadata(p), p, def, rep + 1, def + 1, element);
      }
      int d = p.isOptional() ? def + 1 : def;
      return leaf(p, p.name(), p.isOptional(), d, rep);
    } finally {
      path.remove(path.size() - 1);
    }
  }

  private FieldMapping group(GroupNode g, int def, int rep) {
    LogicalType logical = g.effectiveLogicalType();
    if (logical instanceof LogicalType.ListType) {
      return annotatedList(g, def, rep);
    } else if (logical instanceof LogicalType.MapType) {
      return map(g, def, rep);
    } else if (logical instanceof LogicalType.VectorType) {
      throw new UnsupportedFeatureException("VECTOR logical type",
          "'" + g.name() + "' is annotated VECTOR (a draft of the format), which is not supported yet [column "
              + String.join(".", path) + "]");
    } else if (logical != null && !(logical instanceof LogicalType.VariantType)
        && !(logical instanceof LogicalType.Unrecognized)) {
      throw corrupt((g.logicalType() == null ? "converted type " + g.convertedType()
          : "logical type " + LogicalTypes.describe(logical)) + " cannot annotate a group");
    }
    // VARIANT groups are read as the struct of their binary (and shredded) fields
    if (g.isRepeated()) {
      // a repeated group outside LIST/MAP: a required list of required structs
      FieldMapping element = struct(g, g.name(), false, def + 1, rep + 1);
      return list(g.name(), false, fieldIdMetadata(g), g, def, rep + 1, def + 1, element);
    }
    int d = g.isOptional() ? def + 1 : def;
    return struct(g, g.name(), g.isOptional(), d, rep);
  }

  private FieldMapping annotatedList(GroupNode g, int def, int rep) {
    if (g.isRepeated()) {
      throw corrupt("a LIST-annotated group must not be repeated (outside another two-level list)");
    }
    int listDef = g.isOptional() ? def + 1 : def;
    return listOf(g, g.isOptional(), listDef, rep);
  }

  /**
   * The list a LIST-annotated group {@code g} stands for; {@code listDef} is the level at which the
   * list is non-null. Applies the element rules of LogicalTypes.md in their order.
   */
  private FieldMapping listOf(GroupNode g, boolean nullable, int listDef, int rep) {
    if (g.children().size() != 1) {
      throw corrupt("a LIST-annotated group must have exactly one child, has " + g.children().size());
    }
    SchemaNode repeated = g.children().get(0);
    if (!repeated.isRepeated()) {
      throw corrupt("the child '" + repeated.name() + "' of a LIST-annotated group must be repeated, is "
          + repeated.repetition());
    }
    int elementsDef = listDef + 1;
    int elementRep = rep + 1;
    FieldMapping element;
    path.add(repeated.name());
    try {
      element = listElement(g, repeated, elementsDef, elementRep);
    } finally {
      path.remove(path.size() - 1);
    }
    return list(g.name(), nullable, fieldIdMetadata(g), g, listDef, elementRep, elementsDef, element);
  }

  private FieldMapping listElement(GroupNode list, SchemaNode repeated, int def, int rep) {
    if (repeated instanceof PrimitiveNode p) {
      // rule 1: the repeated primitive is the element, required
      return leaf(p, p.name(), false, def, rep);
    }
    GroupNode r = (GroupNode) repeated;
    if (r.children().size() > 1) {
      // rule 2: a repeated group of several fields is a struct element, required
      return struct(r, r.name(), false, def, rep);
    }
    SchemaNode only = r.children().get(0);
    if (only.isRepeated()) {
      // rule 3: the repeated group is itself the element, required
      if (r.effectiveLogicalType() instanceof LogicalType.ListType) {
        // a two-level list inside a two-level list
        return listOf(r, false, def, rep);
      }
      return struct(r, r.name(), false, def, rep);
    }
    if (r.name().equals("array") || r.name().equals(list.name() + "_tuple")) {
      // rule 4: a one-field struct element, required
      return struct(r, r.name(), false, def, rep);
    }
    // rule 5, the standard three-level list: the single field is the element, with its repetition
    return node(only, def, rep);
  }

  private FieldMapping map(GroupNode g, int def, int rep) {
    if (g.isRepeated()) {
      throw corrupt("a MAP-annotated group must not be repeated");
    }
    if (g.children().size() != 1) {
      throw corrupt("a MAP-annotated group must have exactly one child, has " + g.children().size());
    }
    SchemaNode kv = g.children().get(0);
    if (!kv.isRepeated()) {
      throw corrupt("the key-value child '" + kv.name() + "' of a MAP-annotated group must be repeated, is "
          + kv.repetition());
    }
    if (!(kv instanceof GroupNode keyValue)) {
      throw corrupt("the key-value child '" + kv.name() + "' of a MAP-annotated group must be a group");
    }
    if (keyValue.children().size() > 2) {
      throw corrupt("the key-value group '" + kv.name() + "' of a map must have a key and at most a value, has "
          + keyValue.children().size() + " fields");
    }
    SchemaNode key = keyValue.children().get(0);
    int mapDef = g.isOptional() ? def + 1 : def;
    if (keyValue.children().size() == 1 && !key.isRepeated()) {
      // a map without values: Arrow has no set type, so Arrow C++ reads it as a list of keys
      return listOf(g, g.isOptional(), mapDef, rep);
    }
    int entriesDef = mapDef + 1;
    int entriesRep = rep + 1;
    path.add(kv.name());
    try {
      if (key.isRepeated()) {
        throw corrupt("the map key '" + key.name() + "' must not be repeated");
      }
      FieldMapping keyMapping = node(key, entriesDef, entriesRep);
      if (keyMapping.nullable()) {
        // Presto, Trino and Hive write OPTIONAL keys; Arrow keys are never null (a null key is bad data)
        keyMapping = keyMapping.withFieldType(new FieldType(false, keyMapping.type(),
            keyMapping.fieldType().getDictionary(), keyMapping.fieldType().getMetadata()));
      }
      FieldMapping valueMapping = node(keyValue.children().get(1), entriesDef, entriesRep);
      FieldMapping entries = FieldMapping.struct(MAP_ENTRIES,
          new FieldType(false, ArrowType.Struct.INSTANCE, null, fieldIdMetadata(keyValue)), keyValue, entriesDef,
          entriesRep, List.of(keyMapping, valueMapping));
      FieldType mapType = new FieldType(g.isOptional(), new ArrowType.Map(false), null, fieldIdMetadata(g));
      return FieldMapping.repeated(g.name(), mapType, FieldMapping.Kind.MAP, g, mapDef, entriesRep, entriesDef,
          entries);
    } finally {
      path.remove(path.size() - 1);
    }
  }

  private FieldMapping struct(GroupNode g, String name, boolean nullable, int def, int rep) {
    List<FieldMapping> children = new ArrayList<>(g.children().size());
    for (SchemaNode child : g.children()) {
      children.add(node(child, def, rep));
    }
    FieldType type = new FieldType(nullable, ArrowType.Struct.INSTANCE, null, fieldIdMetadata(g));
    return FieldMapping.struct(name, type, g, def, rep, children);
  }

  private static FieldMapping list(String name, boolean nullable, Map<String, String> metadata, SchemaNode node,
      int def, int rep, int elementsDef, FieldMapping element) {
    FieldType type = new FieldType(nullable, ArrowType.List.INSTANCE, null, metadata);
    return FieldMapping.repeated(name, type, FieldMapping.Kind.LIST, node, def, rep, elementsDef, element);
  }

  private FieldMapping leaf(PrimitiveNode p, String name, boolean nullable, int def, int rep) {
    ColumnDescriptor column = schema.column(nextColumn++);
    if (column.node() != p) {
      throw new IllegalStateException("leaf order out of step at " + column);
    }
    PrimitiveTypeMapper.LeafType leafType = types.map(column);
    Map<String, String> metadata = new LinkedHashMap<>(leafType.metadata());
    if (p.fieldId() != null) {
      metadata.put(FIELD_ID_KEY, Integer.toString(p.fieldId()));
    }
    DictionaryEncoding dictionary = null;
    ArrowType type = leafType.type();
    if (options.dictionaryColumns().contains(column.dottedPath())
        && (type instanceof ArrowType.Utf8 || type instanceof ArrowType.Binary
            || (options.dictionaryLeaves() == ArrowReadOptions.DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH
                && fixedWidthDictionary(column.physicalType(), type)))) {
      dictionary = new DictionaryEncoding(UNNUMBERED_DICTIONARY, false, new ArrowType.Int(32, true));
    }
    FieldType fieldType = new FieldType(nullable, type, dictionary, metadata.isEmpty() ? null : metadata);
    FieldMapping.Kind kind = type instanceof ArrowType.Null ? FieldMapping.Kind.NULL : FieldMapping.Kind.PRIMITIVE;
    return FieldMapping.leaf(name, fieldType, kind, column, def, rep);
  }

  /**
   * Whether a leaf of {@code physical} type read as {@code type} can come out as a dictionary of
   * fixed-width values: the pages' indices into the chunk's dictionary, its values decoded and
   * converted as a plain read converts them.
   */
  private static boolean fixedWidthDictionary(PhysicalType physical, ArrowType type) {
    boolean stored = physical == PhysicalType.INT32 || physical == PhysicalType.INT64 || physical == PhysicalType.FLOAT
        || physical == PhysicalType.DOUBLE || physical == PhysicalType.FIXED_LEN_BYTE_ARRAY;
    return stored && (type instanceof ArrowType.Int || type instanceof ArrowType.FloatingPoint
        || type instanceof ArrowType.Date || type instanceof ArrowType.Time || type instanceof ArrowType.Timestamp
        || type instanceof ArrowType.Duration || type instanceof ArrowType.Decimal
        || type instanceof ArrowType.FixedSizeBinary);
  }

  private static Map<String, String> fieldIdMetadata(SchemaNode node) {
    return node.fieldId() == null ? null : Map.of(FIELD_ID_KEY, Integer.toString(node.fieldId()));
  }

  private CorruptFileException corrupt(String problem) {
    return new CorruptFileException(problem, ErrorLocation.UNKNOWN.withColumn(String.join(".", path)), null);
  }
}
