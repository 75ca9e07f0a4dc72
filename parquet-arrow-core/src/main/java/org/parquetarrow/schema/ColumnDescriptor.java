package org.parquetarrow.schema;

import java.util.List;
import java.util.Objects;
import org.parquetarrow.format.PhysicalType;

/**
 * One leaf column of a {@link ParquetSchema}: where it sits and the levels its pages carry.
 *
 * <pre>{@code
 * ColumnDescriptor c = schema.findColumn("a.list.element").orElseThrow();
 * int maxDef = c.maxDefinitionLevel(); // width of the definition levels in its pages
 * }</pre>
 */
public final class ColumnDescriptor {
  private final int ordinal;
  private final List<String> path;
  private final String dottedPath;
  private final PrimitiveNode node;
  private final int maxDefinitionLevel;
  private final int maxRepetitionLevel;

  public ColumnDescriptor(int ordinal, List<String> path, PrimitiveNode node, int maxDefinitionLevel,
      int maxRepetitionLevel) {
    this.ordinal = ordinal;
    this.path = List.copyOf(path);
    this.dottedPath = String.join(".", this.path);
    this.node = Objects.requireNonNull(node, "node");
    this.maxDefinitionLevel = maxDefinitionLevel;
    this.maxRepetitionLevel = maxRepetitionLevel;
  }

  /** Position among the leaves, depth-first: the index of this column's chunk in every row group. */
  public int ordinal() {
    return ordinal;
  }

  /** Names from the root's child down to the leaf (the root's own name is not part of it). */
  public List<String> path() {
    return path;
  }

  /** The path joined with dots, as {@code ColumnMetaData.path_in_schema} reads in tools. */
  public String dottedPath() {
    return dottedPath;
  }

  public PrimitiveNode node() {
    return node;
  }

  public PhysicalType physicalType() {
    return node.physicalType();
  }

  /** Number of non-required nodes on the path (the leaf included). */
  public int maxDefinitionLevel() {
    return maxDefinitionLevel;
  }

  /** Number of repeated nodes on the path (the leaf included). */
  public int maxRepetitionLevel() {
    return maxRepetitionLevel;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnDescriptor c
        && ordinal == c.ordinal && path.equals(c.path) && node.equals(c.node)
        && maxDefinitionLevel == c.maxDefinitionLevel && maxRepetitionLevel == c.maxRepetitionLevel;
  }

  @Override
  public int hashCode() {
    return Objects.hash(ordinal, path, node, maxDefinitionLevel, maxRepetitionLevel);
  }

  @Override
  public String toString() {
    return "column " + ordinal + " " + dottedPath + " (" + node.physicalType() + ", max def " + maxDefinitionLevel
        + ", max rep " + maxRepetitionLevel + ")";
  }
}
