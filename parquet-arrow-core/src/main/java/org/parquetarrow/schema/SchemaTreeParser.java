package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/**
 * Rebuilds the schema tree from the depth-first element list of the footer, checking every count
 * against the elements really there: a hostile footer gets a {@link CorruptFileException} naming the
 * element, never an index error or unbounded recursion.
 */
final class SchemaTreeParser {
  private final List<SchemaElement> elements;
  private int next;

  private SchemaTreeParser(List<SchemaElement> elements) {
    this.elements = elements;
  }

  static GroupNode parse(List<SchemaElement> elements) {
    if (elements == null || elements.isEmpty()) {
      throw new CorruptFileException("invalid schema: no elements (a root group is required)");
    }
    return new SchemaTreeParser(elements).root();
  }

  private GroupNode root() {
    SchemaElement e = element(0);
    if (e.numChildren() == null) {
      throw corrupt(0, e, "is the root but has no num_children");
    }
    if (e.type() != null) {
      throw corrupt(0, e, "is the root but has physical type " + e.type() + " (the root must be a group)");
    }
    if (e.numChildren() < 0) {
      throw corrupt(0, e, "declares " + e.numChildren() + " children");
    }
    checkVector(0, e);
    next = 1;
    // the root may have no children: a file with no columns
    List<SchemaNode> children = children(0, e, 1);
    if (next != elements.size()) {
      SchemaElement extra = elements.get(next);
      throw corrupt(next, extra, "follows the complete schema tree: " + (elements.size() - next)
          + " trailing element(s)");
    }
    return new GroupNode(e.name(), e.repetitionType(), e.logicalType(), e.convertedType(), e.fieldId(),
        e.vectorLength(), children);
  }

  private SchemaNode node(int depth) {
    int index = next++;
    SchemaElement e = element(index);
    if (depth > ParquetSchema.MAX_DEPTH) {
      throw corrupt(index, e, "is nested " + depth + " levels deep; the limit is " + ParquetSchema.MAX_DEPTH);
    }
    if (e.repetitionType() == null) {
      throw corrupt(index, e, "has no repetition_type");
    }
    checkVector(index, e);
    Integer numChildren = e.numChildren();
    if (numChildren != null && numChildren < 0) {
      throw corrupt(index, e, "declares " + numChildren + " children");
    }
    if (numChildren != null && numChildren > 0) {
      // a type on a group is contradictory; like other readers we let num_children decide
      List<SchemaNode> children = children(index, e, depth + 1);
      return new GroupNode(e.name(), e.repetitionType(), e.logicalType(), e.convertedType(), e.fieldId(),
          e.vectorLength(), children);
    }
    if (e.type() == null) {
      throw corrupt(index, e, numChildren == null
          ? "has neither a physical type nor children"
          : "is a group with no children");
    }
    if (e.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY && (e.typeLength() == null || e.typeLength() <= 0)) {
      throw corrupt(index, e, "is FIXED_LEN_BYTE_ARRAY but type_length is "
          + (e.typeLength() == null ? "missing" : e.typeLength()) + " (must be positive)");
    }
    return new PrimitiveNode(e.name(), e.repetitionType(), e.type(), e.typeLength(), e.logicalType(),
        e.convertedType(), e.scale(), e.precision(), e.fieldId(), e.vectorLength());
  }

  private List<SchemaNode> children(int parentIndex, SchemaElement parent, int depth) {
    int count = parent.numChildren();
    int following = elements.size() - next;
    // every child takes at least one element: checked before allocating anything sized by the count
    if (count > following) {
      throw corrupt(parentIndex, parent, "declares " + count + " children but only " + following
          + " element(s) follow");
    }
    List<SchemaNode> children = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      if (next >= elements.size()) {
        throw corrupt(parentIndex, parent, "declares " + count + " children but the schema ends after "
            + i + " of them");
      }
      children.add(node(depth));
    }
    return children;
  }

  private SchemaElement element(int index) {
    SchemaElement e = elements.get(index);
    if (e == null) {
      throw new CorruptFileException("invalid schema: element " + index + " is missing");
    }
    if (e.name() == null) {
      throw corrupt(index, e, "has no name");
    }
    return e;
  }

  private void checkVector(int index, SchemaElement e) {
    boolean vector = e.repetitionType() == Repetition.VECTOR;
    if (vector && (e.vectorLength() == null || e.vectorLength() <= 0)) {
      throw corrupt(index, e, "has VECTOR repetition but vector_length is "
          + (e.vectorLength() == null ? "missing" : e.vectorLength()) + " (must be positive)");
    }
    if (!vector && e.vectorLength() != null) {
      throw corrupt(index, e, "sets vector_length " + e.vectorLength() + " without VECTOR repetition");
    }
  }

  private static CorruptFileException corrupt(int index, SchemaElement e, String problem) {
    String name = e.name() == null ? "unnamed" : "'" + e.name() + "'";
    return new CorruptFileException("invalid schema: element " + index + " (" + name + ") " + problem);
  }
}
