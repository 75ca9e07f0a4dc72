package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schema of a Parquet file together with the {@link FieldMapping} tree a reader follows
 * to fill it. Immutable; {@link #project} gives the mapping for a subset of the leaf columns.
 *
 * <p>Dictionary fields are described in the IPC ("message") form: the field's type is the value
 * type and {@link Field#getDictionary()} holds the index type; ids are numbered from 0 in
 * depth-first order.
 *
 * <pre>{@code
 * SchemaMapping mapping = ArrowSchemaConverter.toArrow(footer.metadata());
 * Schema arrow = mapping.arrowSchema();
 * SchemaMapping some = mapping.project(List.of(List.of("user", "id"), List.of("tags", "list", "element")));
 * }</pre>
 */
public final class SchemaMapping {
  private final ParquetSchema parquetSchema;
  private final List<FieldMapping> fields;
  private final List<Field> arrowFields;
  /** The schema's custom metadata, {@code null} when there is none. */
  private final Map<String, String> metadata;
  /**
   * Made on first use: loading Arrow's {@code Schema} class sets up its JSON support (Jackson,
   * about 570 classes), which a caller that only lists the fields (the CLI's {@code schema}, in a
   * fresh JVM) need not pay. A race makes equal schemas, each immutable.
   */
  private volatile Schema arrowSchema;
  private final int[] leafColumns;

  SchemaMapping(ParquetSchema parquetSchema, List<FieldMapping> fields, Map<String, String> metadata) {
    this.parquetSchema = parquetSchema;
    long[] nextDictionary = {0};
    List<FieldMapping> numbered = new ArrayList<>(fields.size());
    for (FieldMapping f : fields) {
      numbered.add(numberDictionaries(f, nextDictionary));
    }
    this.fields = List.copyOf(numbered);
    List<Field> arrowFields = new ArrayList<>(fields.size());
    int leaves = 0;
    for (FieldMapping f : this.fields) {
      arrowFields.add(f.field());
      leaves += f.leafCount();
    }
    this.arrowFields = List.copyOf(arrowFields);
    this.metadata = metadata == null || metadata.isEmpty() ? null
        : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    this.leafColumns = new int[leaves];
    int at = 0;
    for (FieldMapping f : this.fields) {
      for (int i = 0; i < f.leafCount(); i++) {
        leafColumns[at++] = f.leafColumn(i);
      }
    }
  }

  /** The Arrow schema, with the file's metadata (or the stored Arrow schema's, see the converter). */
  public Schema arrowSchema() {
    Schema s = arrowSchema;
    if (s == null) {
      s = new Schema(arrowFields, metadata);
      arrowSchema = s;
    }
    return s;
  }

  /** One mapping per top-level Arrow field, in order. */
  public List<FieldMapping> fields() {
    return fields;
  }

  public ParquetSchema parquetSchema() {
    return parquetSchema;
  }

  /**
   * Ordinals of the leaf columns this mapping reads, field by field (ascending unless {@link
   * #select} reordered the fields).
   */
  public int[] leafColumns() {
    return leafColumns.clone();
  }

  /**
   * The mapping restricted to the given leaf columns. A field stays when at least one of its leaves
   * is selected, with only the children that lead to selected leaves: projecting one leaf of a
   * struct keeps the struct with that child alone. A map keeps its whole key (Arrow map keys cannot
   * be partial) and its value restricted to the selected leaves, or whole when only key leaves are
   * selected. A struct that carried an extension type and lost children falls back to its storage.
   *
   * @throws IllegalArgumentException for an ordinal that is not a column of the schema
   */
  public SchemaMapping project(int... columnOrdinals) {
    BitSet selected = new BitSet(parquetSchema.columnCount());
    for (int ordinal : columnOrdinals) {
      if (ordinal < 0 || ordinal >= parquetSchema.columnCount()) {
        throw new IllegalArgumentException("no column " + ordinal + " (the schema has "
            + parquetSchema.columnCount() + ")");
      }
      selected.set(ordinal);
    }
    List<FieldMapping> kept = new ArrayList<>();
    for (FieldMapping f : fields) {
      FieldMapping p = project(f, selected);
      if (p != null) {
        kept.add(p);
      }
    }
    return new SchemaMapping(parquetSchema, kept, metadata);
  }

  /**
   * The mapping restricted to the named columns, as pyarrow projects: top-level fields in the order
   * of their first mention (a field named twice comes once, as Arrow C++'s {@code
   * SchemaManifest::GetFieldIndices} orders the roots of the columns asked for); within a field, the
   * selected children in the file's order, as Arrow C++ assembles them. Each name is a top-level field, or a dotted
   * path to a nested field (which keeps everything under it) in Arrow form ({@code address.city},
   * {@code tags.item}, {@code attrs.key}, {@code attrs.value}) or Parquet form ({@code
   * tags.list.element}, {@code attrs.key_value.key}, a legacy list's stored names). Paths are
   * matched segment by segment against the field tree, a whole name before a dotted split, so a
   * top-level field named {@code a.b} is found as {@code a.b}.
   *
   * <pre>{@code
   * SchemaMapping some = mapping.select(List.of("tags.item", "id")); // fields tags, id
   * }</pre>
   *
   * @throws UnknownColumnException for a name that matches no field, listing the valid names
   */
  public SchemaMapping select(List<String> namesOrPaths) {
    ColumnResolver resolver = new ColumnResolver(this);
    BitSet selected = new BitSet(parquetSchema.columnCount());
    LinkedHashSet<Integer> order = new LinkedHashSet<>();
    for (String name : namesOrPaths) {
      ColumnResolver.Match m = resolver.resolve(name, "no column");
      order.add(m.field());
      for (int leaf : m.leaves()) {
        selected.set(leaf);
      }
    }
    List<FieldMapping> kept = new ArrayList<>(order.size());
    for (int field : order) {
      kept.add(project(fields.get(field), selected));
    }
    return new SchemaMapping(parquetSchema, kept, metadata);
  }

  /**
   * Ordinals of the leaf columns a name or path covers, matched as by {@link #select}.
   *
   * @param what how the message introduces the name, e.g. {@code "no dictionary column"}
   * @throws UnknownColumnException for a name that matches no field, listing the valid names
   */
  public int[] resolveColumns(String nameOrPath, String what) {
    return new ColumnResolver(this).resolve(nameOrPath, what).leaves();
  }

  /**
   * The mapping restricted to the leaves at these paths (names from the root's child down).
   *
   * @throws IllegalArgumentException for a path that is not a leaf column
   */
  public SchemaMapping project(Collection<List<String>> columnPaths) {
    int[] ordinals = new int[columnPaths.size()];
    int i = 0;
    for (List<String> path : columnPaths) {
      ordinals[i++] = parquetSchema.findColumn(path)
          .orElseThrow(() -> new IllegalArgumentException("no leaf column at " + path))
          .ordinal();
    }
    return project(ordinals);
  }

  private static FieldMapping project(FieldMapping f, BitSet selected) {
    if (f.isLeaf()) {
      return selected.get(f.column().ordinal()) ? f : null;
    }
    boolean any = false;
    boolean all = true;
    for (int i = 0; i < f.leafCount(); i++) {
      boolean s = selected.get(f.leafColumn(i));
      any |= s;
      all &= s;
    }
    if (!any) {
      return null;
    }
    if (all) {
      return f;
    }
    List<FieldMapping> children = new ArrayList<>();
    if (f.kind() == FieldMapping.Kind.MAP) {
      FieldMapping entries = f.children().get(0);
      FieldMapping key = entries.children().get(0);
      FieldMapping value = entries.children().get(1);
      FieldMapping projectedValue = project(value, selected);
      FieldMapping newEntries = entries.withChildren(List.of(key, projectedValue == null ? value : projectedValue));
      children.add(dropExtensionIfChanged(entries, newEntries));
    } else {
      for (FieldMapping c : f.children()) {
        FieldMapping p = project(c, selected);
        if (p != null) {
          children.add(p);
        }
      }
    }
    return dropExtensionIfChanged(f, f.withChildren(children));
  }

  private static FieldMapping dropExtensionIfChanged(FieldMapping before, FieldMapping after) {
    if (after.type() instanceof ArrowType.ExtensionType ext
        && !StoredSchemaApplier.sameType(ext.storageType(), before.field().getChildren(), after.field())) {
      return after.withType(ext.storageType());
    }
    return after;
  }

  private static FieldMapping numberDictionaries(FieldMapping f, long[] next) {
    FieldMapping m = f;
    if (!f.children().isEmpty()) {
      List<FieldMapping> children = new ArrayList<>(f.children().size());
      boolean changed = false;
      for (FieldMapping c : f.children()) {
        FieldMapping n = numberDictionaries(c, next);
        changed |= n != c;
        children.add(n);
      }
      if (changed) {
        m = f.withChildren(children);
      }
    }
    DictionaryEncoding d = m.field().getDictionary();
    if (d != null) {
      long id = next[0]++;
      if (d.getId() != id) {
        FieldType ft = m.fieldType();
        m = m.withFieldType(new FieldType(ft.isNullable(), ft.getType(),
            new DictionaryEncoding(id, d.isOrdered(), d.getIndexType()), ft.getMetadata()));
      }
    }
    return m;
  }

  @Override
  public String toString() {
    return "SchemaMapping" + fields;
  }
}
