package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * How one Arrow field is assembled from the Parquet columns under it: the node of the reader's tree
 * (compare arrow-rs's {@code ParquetField}). Immutable.
 *
 * <p>Levels, for a reader walking the definition ({@code d}) and repetition ({@code r}) levels of
 * the leaves under this field, given that the parent is present at that position:
 * <ul>
 *   <li>{@link #definitionLevel()}: {@code d >= definitionLevel()} means this field is non-null. A
 *       required field has its parent's level; a nullable one, one more. When {@link #nullable()}
 *       is false but the level is above the parent's (an OPTIONAL map key, as Presto and Hive
 *       write them), a value below it is a null Arrow forbids: corrupt data.
 *   <li>For the list kinds and maps, {@link #elementsDefinitionLevel()}: {@code d >=} it means the
 *       list holds an element at this position ({@code definitionLevel() <= d <} it: an empty
 *       list); and {@link #repetitionLevel()} is the level of its repeated node:
 *       {@code r == repetitionLevel()} continues this list, a lower {@code r} starts a new one.
 *   <li>For other kinds, {@link #repetitionLevel()} is that of the nearest enclosing list (0 at the
 *       top) and {@link #elementsDefinitionLevel()} is -1.
 * </ul>
 *
 * <p>For leaves, {@link #storageType()} is the Arrow type the Parquet column decodes to; when
 * {@link #field()}'s type differs (restored from {@code ARROW:schema}, or a dictionary column) the
 * reader converts: dictionary-encode (binary/utf8 values), widen the offsets (large binary/utf8),
 * build views (binary/utf8 view), relabel (duration from int64, a time zone, an extension type,
 * uint32 from int64), rescale (timestamp seconds from milliseconds, time32 seconds from milliseconds,
 * date64 from date32 days), or widen decimals (decimal256 from decimal128 of the same precision and
 * scale).
 *
 * <pre>{@code
 * FieldMapping tags = mapping.fields().get(2);        // tags: list<element: utf8>
 * if (tags.kind() == FieldMapping.Kind.LIST) {
 *   FieldMapping element = tags.children().get(0);
 *   ColumnDescriptor column = element.column();     // the leaf holding the strings
 * }
 * }</pre>
 */
public final class FieldMapping {

  /** The shape of Arrow data a field produces. */
  public enum Kind {
    /** A leaf column read into a scalar Arrow vector (possibly dictionary or extension typed). */
    PRIMITIVE,
    /** A leaf column of the Arrow null type (Parquet UNKNOWN): only its length matters. */
    NULL,
    STRUCT,
    LIST,
    LARGE_LIST,
    /** A list whose every entry must have the Arrow type's fixed size. */
    FIXED_SIZE_LIST,
    LIST_VIEW,
    LARGE_LIST_VIEW,
    /** A map: one child, the non-null {@code entries} struct of key and value. */
    MAP;

    /** Whether this kind is a list of its single child (not a map). */
    public boolean isList() {
      return this == LIST || this == LARGE_LIST || this == FIXED_SIZE_LIST || this == LIST_VIEW
          || this == LARGE_LIST_VIEW;
    }

    /** Whether this kind repeats its child: the lists and the map. */
    public boolean isRepeated() {
      return isList() || this == MAP;
    }
  }

  private final String name;
  private final FieldType fieldType;
  private final Kind kind;
  private final SchemaNode parquetNode;
  private final int definitionLevel;
  private final int repetitionLevel;
  private final int elementsDefinitionLevel;
  private final ColumnDescriptor column;
  private final ArrowType storageType;
  private final List<FieldMapping> children;
  private final Field field;
  private final int[] leafColumns;

  private FieldMapping(String name, FieldType fieldType, Kind kind, SchemaNode parquetNode, int definitionLevel,
      int repetitionLevel, int elementsDefinitionLevel, ColumnDescriptor column, ArrowType storageType,
      List<FieldMapping> children) {
    this.name = Objects.requireNonNull(name, "name");
    this.fieldType = Objects.requireNonNull(fieldType, "fieldType");
    this.kind = kind;
    this.parquetNode = parquetNode;
    this.definitionLevel = definitionLevel;
    this.repetitionLevel = repetitionLevel;
    this.elementsDefinitionLevel = elementsDefinitionLevel;
    this.column = column;
    this.storageType = storageType;
    this.children = List.copyOf(children);
    List<Field> childFields = new ArrayList<>(this.children.size());
    int leaves = 0;
    for (FieldMapping c : this.children) {
      childFields.add(c.field);
      leaves += c.leafColumns.length;
    }
    this.field = new Field(name, fieldType, childFields);
    if (column != null) {
      this.leafColumns = new int[] {column.ordinal()};
    } else {
      this.leafColumns = new int[leaves];
      int at = 0;
      for (FieldMapping c : this.children) {
        System.arraycopy(c.leafColumns, 0, leafColumns, at, c.leafColumns.length);
        at += c.leafColumns.length;
      }
    }
  }

  static FieldMapping leaf(String name, FieldType fieldType, Kind kind, ColumnDescriptor column,
      int definitionLevel, int repetitionLevel) {
    return new FieldMapping(name, fieldType, kind, column.node(), definitionLevel, repetitionLevel, -1, column,
        fieldType.getType(), List.of());
  }

  static FieldMapping struct(String name, FieldType fieldType, SchemaNode node, int definitionLevel,
      int repetitionLevel, List<FieldMapping> children) {
    return new FieldMapping(name, fieldType, Kind.STRUCT, node, definitionLevel, repetitionLevel, -1, null, null,
        children);
  }

  static FieldMapping repeated(String name, FieldType fieldType, Kind kind, SchemaNode node, int definitionLevel,
      int repetitionLevel, int elementsDefinitionLevel, FieldMapping child) {
    return new FieldMapping(name, fieldType, kind, node, definitionLevel, repetitionLevel, elementsDefinitionLevel,
        null, null, List.of(child));
  }

  /** The Arrow field, children included. */
  public Field field() {
    return field;
  }

  public String name() {
    return name;
  }

  /** Arrow nullability of the field. */
  public boolean nullable() {
    return fieldType.isNullable();
  }

  /** The Arrow type (for a dictionary field, the value type; see {@link Field#getDictionary()}). */
  public ArrowType type() {
    return fieldType.getType();
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The Parquet node this field comes from: the leaf for leaves, the group for structs, the
   * LIST/MAP-annotated group for lists and maps, the repeated node itself for lists written without
   * annotation, and the repeated key-value group for a map's entries.
   */
  public SchemaNode parquetNode() {
    return parquetNode;
  }

  public int definitionLevel() {
    return definitionLevel;
  }

  public int repetitionLevel() {
    return repetitionLevel;
  }

  /** For lists and maps the level at which an element exists; -1 for other kinds. */
  public int elementsDefinitionLevel() {
    return elementsDefinitionLevel;
  }

  /** The column of a leaf ({@link Kind#PRIMITIVE} or {@link Kind#NULL}); {@code null} otherwise. */
  public ColumnDescriptor column() {
    return column;
  }

  /** For leaves the Arrow type the column decodes to before any conversion; {@code null} otherwise. */
  public ArrowType storageType() {
    return storageType;
  }

  public boolean isLeaf() {
    return column != null;
  }

  /**
   * Whether this field is a VARIANT-annotated group, mapped as the struct of its stored fields
   * ({@code metadata}, {@code value}, {@code typed_value}); the reader rebuilds such structs into
   * variants unless told to keep them (see {@code org.parquetarrow.variant.VariantUnshredder}).
   */
  public boolean isVariant() {
    return kind == Kind.STRUCT && parquetNode instanceof GroupNode g
        && g.effectiveLogicalType() instanceof org.parquetarrow.format.LogicalType.VariantType;
  }

  public List<FieldMapping> children() {
    return children;
  }

  /** Ordinals of the leaf columns under this field, ascending. */
  public int[] leafColumns() {
    return leafColumns.clone();
  }

  int leafCount() {
    return leafColumns.length;
  }

  int leafColumn(int i) {
    return leafColumns[i];
  }

  FieldType fieldType() {
    return fieldType;
  }

  FieldMapping withFieldType(FieldType newType) {
    return new FieldMapping(name, newType, kind, parquetNode, definitionLevel, repetitionLevel,
        elementsDefinitionLevel, column, storageType, children);
  }

  FieldMapping withKind(Kind newKind, ArrowType newType) {
    FieldType ft = new FieldType(fieldType.isNullable(), newType, fieldType.getDictionary(), fieldType.getMetadata());
    return new FieldMapping(name, ft, newKind, parquetNode, definitionLevel, repetitionLevel,
        elementsDefinitionLevel, column, storageType, children);
  }

  FieldMapping withType(ArrowType newType) {
    return withFieldType(new FieldType(fieldType.isNullable(), newType, fieldType.getDictionary(),
        fieldType.getMetadata()));
  }

  FieldMapping withMetadata(Map<String, String> metadata) {
    return withFieldType(new FieldType(fieldType.isNullable(), fieldType.getType(), fieldType.getDictionary(),
        metadata.isEmpty() ? null : metadata));
  }

  FieldMapping withName(String newName) {
    return newName.equals(name) ? this : new FieldMapping(newName, fieldType, kind, parquetNode, definitionLevel,
        repetitionLevel, elementsDefinitionLevel, column, storageType, children);
  }

  FieldMapping withChildren(List<FieldMapping> newChildren) {
    return new FieldMapping(name, fieldType, kind, parquetNode, definitionLevel, repetitionLevel,
        elementsDefinitionLevel, column, storageType, newChildren);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    sb.append(kind).append(' ').append(name).append(": ").append(fieldType.getType())
        .append(" (def ").append(definitionLevel).append(", rep ").append(repetitionLevel);
    if (elementsDefinitionLevel >= 0) {
      sb.append(", elements def ").append(elementsDefinitionLevel);
    }
    if (column != null) {
      sb.append(", column ").append(column.ordinal());
    }
    sb.append(')');
    if (!children.isEmpty()) {
      sb.append(' ').append(children);
    }
    return sb.toString();
  }
}
