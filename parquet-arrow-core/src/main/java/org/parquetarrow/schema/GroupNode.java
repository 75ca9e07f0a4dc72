package org.parquetarrow.schema;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.Repetition;

/**
 * A group (inner node): a struct, or the outer levels of a LIST or MAP.
 *
 * <pre>{@code
 * GroupNode point = GroupNode.of("point", Repetition.OPTIONAL,
 *     PrimitiveNode.of("x", Repetition.REQUIRED, PhysicalType.DOUBLE),
 *     PrimitiveNode.of("y", Repetition.REQUIRED, PhysicalType.DOUBLE));
 * }</pre>
 *
 * @param children the fields of this group, in order; never {@code null}
 */
public record GroupNode(
    String name,
    Repetition repetition,
    LogicalType logicalType,
    ConvertedType convertedType,
    Integer fieldId,
    Integer vectorLength,
    List<SchemaNode> children) implements SchemaNode {

  public GroupNode {
    Objects.requireNonNull(name, "name");
    children = List.copyOf(children);
  }

  /** A group without annotations. */
  public static GroupNode of(String name, Repetition repetition, SchemaNode... children) {
    return new GroupNode(name, repetition, null, null, null, null, Arrays.asList(children));
  }

  /** A group with these children and this node's other properties. */
  public GroupNode withChildren(List<SchemaNode> newChildren) {
    return new GroupNode(name, repetition, logicalType, convertedType, fieldId, vectorLength, newChildren);
  }

  /** This group annotated with {@code type}, with the legacy converted type writers must add. */
  public GroupNode withLogicalType(LogicalType type) {
    return new GroupNode(name, repetition, type, LogicalTypes.toConvertedType(type), fieldId, vectorLength,
        children);
  }

  /** This group with only the legacy converted type (as old writers wrote it). */
  public GroupNode withConvertedType(ConvertedType type) {
    return new GroupNode(name, repetition, logicalType, type, fieldId, vectorLength, children);
  }

  public GroupNode withFieldId(Integer id) {
    return new GroupNode(name, repetition, logicalType, convertedType, id, vectorLength, children);
  }

  /** The first child with this name. */
  public Optional<SchemaNode> child(String childName) {
    for (SchemaNode c : children) {
      if (c.name().equals(childName)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  @Override
  public LogicalType effectiveLogicalType() {
    return logicalType != null ? logicalType : LogicalTypes.fromConvertedType(convertedType, null, null);
  }
}
