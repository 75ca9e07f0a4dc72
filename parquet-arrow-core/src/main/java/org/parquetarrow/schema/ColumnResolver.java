package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Finds what a column name or dotted path means in a {@link SchemaMapping}: a node of the Arrow
 * field tree, walked segment by segment, or else a prefix of a Parquet column path. Names may
 * themselves hold dots: at each level a child whose whole name is the rest of the path wins, then
 * children whose name (longest first) is followed by a dot.
 *
 * <p>Arrow-side steps: struct children by name; a list's element by its name, {@code item}
 * (Arrow's) or {@code element} (Parquet's), whatever the file stored; a map's {@code key} and
 * {@code value} directly or through its entries ({@code entries} or Parquet's {@code key_value}).
 */
final class ColumnResolver {
  private record Step(String name, FieldMapping node) {}

  /** What a name resolved to: the top-level field holding it and the leaf columns under it. */
  record Match(int field, int[] leaves) {}

  private final SchemaMapping mapping;

  ColumnResolver(SchemaMapping mapping) {
    this.mapping = mapping;
  }

  /**
   * The columns {@code nameOrPath} names.
   *
   * @throws UnknownColumnException listing the valid names when it names none
   */
  Match resolve(String nameOrPath, String what) {
    List<FieldMapping> top = mapping.fields();
    List<Step> steps = new ArrayList<>(top.size());
    top.forEach(f -> steps.add(new Step(f.name(), f)));
    FieldMapping node = walk(steps, nameOrPath);
    int[] leaves = node != null ? node.leafColumns() : parquetPrefix(nameOrPath);
    int field = leaves.length == 0 ? -1 : topFieldOf(leaves[0]);
    if (field < 0) {
      throw new UnknownColumnException(what, nameOrPath, validNames());
    }
    return new Match(field, leaves);
  }

  /** Top-level names, then the dotted Arrow paths of the leaves under each nested field. */
  List<String> validNames() {
    List<String> out = new ArrayList<>();
    for (FieldMapping f : mapping.fields()) {
      out.add(f.name());
      if (!f.isLeaf()) {
        leafPaths(f, f.name(), out);
      }
    }
    return List.copyOf(new LinkedHashSet<>(out));
  }

  private static void leafPaths(FieldMapping f, String path, List<String> out) {
    if (f.isLeaf() || f.children().isEmpty()) {
      out.add(path);
      return;
    }
    List<FieldMapping> children = f.kind() == FieldMapping.Kind.MAP ? f.children().get(0).children() : f.children();
    for (FieldMapping c : children) {
      leafPaths(c, path + "." + c.name(), out);
    }
  }

  /** The node {@code rest} leads to from {@code steps}, or {@code null}. */
  private static FieldMapping walk(List<Step> steps, String rest) {
    for (Step s : steps) {
      if (s.name().equals(rest)) {
        return s.node();
      }
    }
    List<Step> prefixes = new ArrayList<>();
    for (Step s : steps) {
      if (rest.startsWith(s.name() + ".")) {
        prefixes.add(s);
      }
    }
    prefixes.sort(Comparator.comparingInt((Step s) -> s.name().length()).reversed());
    for (Step s : prefixes) {
      FieldMapping found = walk(steps(s.node()), rest.substring(s.name().length() + 1));
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The names one step below {@code f} answers to. */
  private static List<Step> steps(FieldMapping f) {
    List<Step> out = new ArrayList<>();
    if (f.kind().isList()) {
      FieldMapping element = f.children().get(0);
      for (String alias : new LinkedHashSet<>(List.of(element.name(), "item", "element"))) {
        out.add(new Step(alias, element));
      }
    } else if (f.kind() == FieldMapping.Kind.MAP) {
      FieldMapping entries = f.children().get(0);
      for (String alias : new LinkedHashSet<>(List.of(entries.name(), "key_value"))) {
        out.add(new Step(alias, entries));
      }
      entries.children().forEach(c -> out.add(new Step(c.name(), c)));
    } else {
      f.children().forEach(c -> out.add(new Step(c.name(), c)));
    }
    return out;
  }

  /**
   * The columns whose Parquet path starts with the segments of {@code path} ({@code
   * tags.list.element}, {@code attrs.key_value}, a legacy list's stored names); none if no path
   * does.
   */
  private int[] parquetPrefix(String path) {
    List<Integer> leaves = new ArrayList<>();
    for (ColumnDescriptor c : mapping.parquetSchema().columns()) {
      List<String> segments = c.path();
      for (int k = 1; k <= segments.size(); k++) {
        if (String.join(".", segments.subList(0, k)).equals(path)) {
          leaves.add(c.ordinal());
          break;
        }
      }
    }
    return leaves.stream().mapToInt(Integer::intValue).toArray();
  }

  private int topFieldOf(int leaf) {
    List<FieldMapping> fields = mapping.fields();
    for (int i = 0; i < fields.size(); i++) {
      for (int c : fields.get(i).leafColumns()) {
        if (c == leaf) {
          return i;
        }
      }
    }
    return -1;
  }
}
