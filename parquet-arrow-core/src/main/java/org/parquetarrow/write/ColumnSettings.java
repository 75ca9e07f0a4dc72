package org.parquetarrow.write;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.parquetarrow.format.SortingColumn;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.GroupNode;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.schema.SchemaNode;

/**
 * The per-column settings of {@link WriterProperties} resolved against one schema at open. A key
 * may name a node by its Parquet path ({@code tags.list.element}, {@code attrs.key_value.key}) or a
 * field by its Arrow path ({@code tags.item}, {@code attrs.key}, {@code attrs.value},
 * {@code user.age}); a key that names neither is refused with the valid names, since a typo would
 * otherwise leave its column with the defaults silently. Where a name is both (a struct field
 * named like a Parquet list's repeated group), the Parquet path is meant.
 */
final class ColumnSettings {
  /** The most names an error message lists. */
  private static final int MAX_LISTED = 200;

  private final ColumnProperties defaults;
  /** The overrides by the Parquet path they resolve to. */
  private final Map<String, ColumnProperties> byParquetPath;

  private ColumnSettings(ColumnProperties defaults, Map<String, ColumnProperties> byParquetPath) {
    this.defaults = defaults;
    this.byParquetPath = byParquetPath;
  }

  /**
   * @throws IllegalArgumentException for a key that names no column or field of the schema, or two
   *     keys that name the same node, and for a sorting column beyond the leaf columns
   */
  static ColumnSettings resolve(WriterProperties properties, SchemaMapping mapping, int leafColumns) {
    Map<String, String> names = names(mapping);
    Map<String, ColumnProperties> byParquetPath = new HashMap<>();
    Map<String, String> keyOf = new HashMap<>();
    for (Map.Entry<String, ColumnProperties> e : properties.columnOverrides().entrySet()) {
      String key = e.getKey();
      String parquetPath = names.get(key);
      if (parquetPath == null) {
        throw new IllegalArgumentException("the column setting for '" + key + "' names no column or field of the "
            + "schema; valid names (Parquet and Arrow paths): " + listed(names.keySet()));
      }
      String other = keyOf.put(parquetPath, key);
      if (other != null) {
        throw new IllegalArgumentException("the column settings for '" + other + "' and '" + key + "' name the same "
            + "node " + parquetPath + ": keep one");
      }
      byParquetPath.put(parquetPath, e.getValue());
    }
    for (SortingColumn s : properties.sortingColumns()) {
      if (s.columnIdx() < 0 || s.columnIdx() >= leafColumns) {
        throw new IllegalArgumentException("sorting column " + s.columnIdx() + " is not a leaf column ordinal of the "
            + "schema (0 to " + (leafColumns - 1) + ")");
      }
    }
    return new ColumnSettings(properties.columnDefaults(), byParquetPath);
  }

  /** The settings of one leaf column: the override of the longest path above it, else the defaults. */
  ColumnProperties of(ColumnDescriptor column) {
    List<String> path = column.path();
    for (int n = path.size(); n > 0; n--) {
      ColumnProperties p = byParquetPath.get(String.join(".", path.subList(0, n)));
      if (p != null) {
        return p;
      }
    }
    return defaults;
  }

  /** Every name a key may use, in schema order, with the Parquet path each means. */
  private static Map<String, String> names(SchemaMapping mapping) {
    Map<String, String> parquet = new LinkedHashMap<>();
    Map<String, String> arrow = new LinkedHashMap<>();
    for (FieldMapping f : mapping.fields()) {
      String name = f.name();
      walk(f, name, List.of(name), parquet, arrow);
    }
    Map<String, String> all = new LinkedHashMap<>(parquet);
    arrow.forEach(all::putIfAbsent);
    return all;
  }

  private static void walk(FieldMapping f, String arrowPath, List<String> parquetPath, Map<String, String> parquet,
      Map<String, String> arrow) {
    String dotted = String.join(".", parquetPath);
    parquet.put(dotted, dotted);
    arrow.put(arrowPath, dotted);
    if (f.isLeaf() || !(f.parquetNode() instanceof GroupNode group)) {
      return;
    }
    for (FieldMapping child : f.children()) {
      List<String> between = pathBetween(group, child.parquetNode());
      if (between == null) {
        continue; // not a node below this one (cannot happen for a schema the writer made)
      }
      List<String> childPath = new ArrayList<>(parquetPath);
      for (int i = 0; i < between.size(); i++) {
        childPath.add(between.get(i));
        if (i < between.size() - 1) {
          // the repeated group of a list (tags.list) holds no Arrow field of its own
          String intermediate = String.join(".", childPath);
          parquet.put(intermediate, intermediate);
        }
      }
      String childArrowPath = arrowPath + "." + child.name();
      if (f.kind() == FieldMapping.Kind.MAP) {
        // attrs.entries.key as Arrow Java names it, and attrs.key as pyarrow users write it
        walk(child, childArrowPath, childPath, parquet, arrow);
        for (FieldMapping kv : child.children()) {
          List<String> kvPath = pathBetween((GroupNode) child.parquetNode(), kv.parquetNode());
          if (kvPath != null) {
            List<String> full = new ArrayList<>(childPath);
            full.addAll(kvPath);
            arrow.putIfAbsent(arrowPath + "." + kv.name(), String.join(".", full));
          }
        }
      } else {
        walk(child, childArrowPath, childPath, parquet, arrow);
      }
    }
  }

  /** The names from {@code from} (excluded) down to {@code to} (included), or {@code null}. */
  private static List<String> pathBetween(GroupNode from, SchemaNode to) {
    for (SchemaNode c : from.children()) {
      if (c.equals(to)) {
        return new ArrayList<>(List.of(c.name()));
      }
    }
    for (SchemaNode c : from.children()) {
      if (c instanceof GroupNode g) {
        List<String> below = pathBetween(g, to);
        if (below != null) {
          below.add(0, c.name());
          return below;
        }
      }
    }
    return null;
  }

  private static String listed(java.util.Collection<String> names) {
    if (names.size() <= MAX_LISTED) {
      return String.join(", ", names);
    }
    return String.join(", ", new ArrayList<>(names).subList(0, MAX_LISTED)) + " (and " + (names.size() - MAX_LISTED)
        + " more)";
  }
}
