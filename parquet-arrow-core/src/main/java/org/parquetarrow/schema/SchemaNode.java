package org.parquetarrow.schema;

import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.Repetition;

/**
 * One node of a Parquet schema tree: a {@link GroupNode} (nested fields) or a {@link PrimitiveNode}
 * (a leaf, stored as one column). Nodes are immutable values; the tree is held by a
 * {@link ParquetSchema}.
 *
 * <pre>{@code
 * if (node instanceof GroupNode g) {
 *   int fields = g.children().size();
 * } else if (node instanceof PrimitiveNode p) {
 *   PhysicalType type = p.physicalType();
 * }
 * boolean isList = node.effectiveLogicalType() instanceof LogicalType.ListType;
 * }</pre>
 */
public sealed interface SchemaNode permits GroupNode, PrimitiveNode {

  /** The field name. */
  String name();

  /**
   * The repetition; {@code null} only for a root group that does not declare one (the format says
   * the root has none, some writers still write {@code REQUIRED}).
   */
  Repetition repetition();

  /** The logical type annotation as stored, or {@code null} when the element has none. */
  LogicalType logicalType();

  /** The legacy converted type as stored, or {@code null}. */
  ConvertedType convertedType();

  /** The field id, or {@code null} when absent. */
  Integer fieldId();

  /** For {@link Repetition#VECTOR} nodes the fixed number of slots, otherwise {@code null}. */
  Integer vectorLength();

  /**
   * The logical type to interpret this node with: the stored {@link #logicalType()} when present,
   * otherwise the one the legacy {@link #convertedType()} stands for (see
   * {@link LogicalTypes#fromConvertedType}); {@code null} when neither says anything.
   */
  LogicalType effectiveLogicalType();

  default boolean isRepeated() {
    return repetition() == Repetition.REPEATED;
  }

  default boolean isOptional() {
    return repetition() == Repetition.OPTIONAL;
  }
}
