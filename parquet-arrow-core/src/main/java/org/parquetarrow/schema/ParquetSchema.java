package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/**
 * The schema of a Parquet file as a tree, with a {@link ColumnDescriptor} for every leaf.
 *
 * <p>Built from the footer's flattened, depth-first {@code List<SchemaElement>} (validated: a
 * malformed list raises {@link CorruptFileException} naming the element), or from a tree built in
 * code. {@link #toElements()} gives the flat list back.
 *
 * <pre>{@code
 * ParquetSchema schema = ParquetSchema.fromElements(footer.metadata().schema());
 * for (ColumnDescriptor c : schema.columns()) {
 *   log.info("{} max def {}", c.dottedPath(), c.maxDefinitionLevel());
 * }
 * ColumnDescriptor id = schema.findColumn(List.of("user", "id")).orElseThrow();
 * }</pre>
 *
 * <p>VECTOR repetition (a draft addition to the format: a fixed number of slots per parent) is
 * accepted here and, following the draft, adds neither a definition nor a repetition level.
 */
public final class ParquetSchema {

  /** Deepest nesting accepted (root children are at depth 1). */
  public static final int MAX_DEPTH = 128;

  private final GroupNode root;
  private final List<ColumnDescriptor> columns;
  private final Map<List<String>, ColumnDescriptor> byPath;
  private final Map<String, ColumnDescriptor> byDottedPath;

  private ParquetSchema(GroupNode root) {
    this.root = root;
    List<ColumnDescriptor> cols = new ArrayList<>();
    collect(root.children(), new ArrayList<>(), 0, 0, cols);
    this.columns = Collections.unmodifiableList(cols);
    Map<List<String>, ColumnDescriptor> paths = new HashMap<>();
    Map<String, ColumnDescriptor> dotted = new HashMap<>();
    for (ColumnDescriptor c : cols) {
      // duplicate sibling names are legal in the format; lookups return the first column
      paths.putIfAbsent(c.path(), c);
      dotted.putIfAbsent(c.dottedPath(), c);
    }
    this.byPath = paths;
    this.byDottedPath = dotted;
  }

  /**
   * Rebuilds and validates the tree from the footer's element list.
   *
   * @throws CorruptFileException when the list does not describe a valid tree
   */
  public static ParquetSchema fromElements(List<SchemaElement> elements) {
    return new ParquetSchema(SchemaTreeParser.parse(elements));
  }

  /**
   * A schema for a tree built in code, validated by the same rules as a file's.
   *
   * @throws CorruptFileException when the tree breaks a rule (the message names the element as it
   *     would be written)
   */
  public static ParquetSchema of(GroupNode root) {
    return fromElements(flatten(root));
  }

  public GroupNode root() {
    return root;
  }

  /** Every leaf column, in ordinal (depth-first) order. */
  public List<ColumnDescriptor> columns() {
    return columns;
  }

  public int columnCount() {
    return columns.size();
  }

  /** The column with this ordinal. */
  public ColumnDescriptor column(int ordinal) {
    return columns.get(ordinal);
  }

  /** The leaf at exactly this path of names (root excluded). */
  public Optional<ColumnDescriptor> findColumn(List<String> path) {
    return Optional.ofNullable(byPath.get(path));
  }

  /**
   * The leaf at this dotted path. Names that contain dots make dotted paths ambiguous; use
   * {@link #findColumn(List)} for those.
   */
  public Optional<ColumnDescriptor> findColumn(String dottedPath) {
    return Optional.ofNullable(byDottedPath.get(dottedPath));
  }

  /** The flattened depth-first element list, as the footer stores it. */
  public List<SchemaElement> toElements() {
    return flatten(root);
  }

  private static List<SchemaElement> flatten(GroupNode root) {
    List<SchemaElement> out = new ArrayList<>();
    out.add(new SchemaElement(null, null, root.repetition(), root.name(), root.children().size(),
        root.convertedType(), null, null, root.fieldId(), root.logicalType(), root.vectorLength()));
    for (SchemaNode child : root.children()) {
      flatten(child, 1, out);
    }
    return out;
  }

  private static void flatten(SchemaNode node, int depth, List<SchemaElement> out) {
    if (depth > MAX_DEPTH) {
      throw new CorruptFileException("invalid schema: node '" + node.name() + "' is nested deeper than "
          + MAX_DEPTH + " levels");
    }
    if (node instanceof GroupNode g) {
      out.add(new SchemaElement(null, null, g.repetition(), g.name(), g.children().size(), g.convertedType(),
          null, null, g.fieldId(), g.logicalType(), g.vectorLength()));
      for (SchemaNode child : g.children()) {
        flatten(child, depth + 1, out);
      }
    } else if (node instanceof PrimitiveNode p) {
      out.add(new SchemaElement(p.physicalType(), p.typeLength(), p.repetition(), p.name(), null,
          p.convertedType(), p.scale(), p.precision(), p.fieldId(), p.logicalType(), p.vectorLength()));
    }
  }

  private static void collect(List<SchemaNode> nodes, List<String> path, int def, int rep,
      List<ColumnDescriptor> out) {
    for (SchemaNode node : nodes) {
      int d = def;
      int r = rep;
      if (node.repetition() == Repetition.OPTIONAL) {
        d++;
      } else if (node.repetition() == Repetition.REPEATED) {
        d++;
        r++;
      }
      path.add(node.name());
      if (node instanceof GroupNode g) {
        collect(g.children(), path, d, r, out);
      } else if (node instanceof PrimitiveNode p) {
        out.add(new ColumnDescriptor(out.size(), path, p, d, r));
      }
      path.remove(path.size() - 1);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ParquetSchema s && root.equals(s.root);
  }

  @Override
  public int hashCode() {
    return root.hashCode();
  }

  /** The schema in the textual form parquet tools print, e.g. {@code message m { optional int32 a; }}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("message ").append(root.name()).append(" {\n");
    for (SchemaNode child : root.children()) {
      print(child, 1, sb);
    }
    return sb.append("}").toString();
  }

  private static void print(SchemaNode node, int indent, StringBuilder sb) {
    sb.append("  ".repeat(indent)).append(node.repetition().name().toLowerCase()).append(' ');
    if (node instanceof PrimitiveNode p) {
      sb.append(p.physicalType().name().toLowerCase());
      if (p.typeLength() != null) {
        sb.append('(').append(p.typeLength()).append(')');
      }
    } else {
      sb.append("group");
    }
    sb.append(' ').append(node.name());
    if (node.vectorLength() != null) {
      sb.append(" [").append(node.vectorLength()).append(']');
    }
    LogicalType t = node.logicalType();
    if (t != null) {
      sb.append(" (").append(LogicalTypes.describe(t)).append(')');
    } else if (node.convertedType() != null) {
      sb.append(" (").append(node.convertedType()).append(')');
    }
    if (node.fieldId() != null) {
      sb.append(" = ").append(node.fieldId());
    }
    if (node instanceof GroupNode g) {
      sb.append(" {\n");
      for (SchemaNode child : g.children()) {
        print(child, indent + 1, sb);
      }
      sb.append("  ".repeat(indent)).append("}\n");
    } else {
      sb.append(";\n");
    }
  }
}
