package org.parquetarrow.variant;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Rebuilds one variant value per row from a batch's shredded vectors, following the
 * {@code construct_variant} algorithm of {@code VariantShredding.md}: a non-null
 * {@code typed_value} wins (and must not meet a non-null {@code value}, except that an object may
 * merge the fields of a {@code value} object), a lone {@code value} is copied as stored, and a
 * missing variant is a Variant null where a value is required.
 */
final class ShreddedRows {
  private final Node root;
  private final VarBinaryVector metadata;
  private final VariantEncoder out = new VariantEncoder();
  private int row;
  private VariantMetadata parsed;

  ShreddedRows(ShreddingPlan plan, StructVector variant, VarBinaryVector metadata) {
    this.root = new Node(plan, variant);
    this.metadata = metadata;
  }

  /** Rebuilds row {@code row} into {@link #buffer()}. */
  void row(int row) {
    this.row = row;
    out.reset();
    if (!write(root, row)) {
      out.primitive(VariantEncoder.NULL);
    }
  }

  byte[] buffer() {
    return out.buffer();
  }

  int length() {
    return out.position();
  }

  /** The metadata of the current row, parsed once for runs of rows sharing the same bytes. */
  private VariantMetadata metadata() {
    long start = metadata.getStartOffset(row);
    int length = (int) (metadata.getEndOffset(row) - start);
    byte[] bytes = new byte[length];
    metadata.getDataBuffer().getBytes(start, bytes, 0, length);
    if (parsed == null || !parsed.sameBytes(bytes, 0, length)) {
      parsed = VariantMetadata.parse(bytes);
    }
    return parsed;
  }

  /** Writes the value of {@code node} at {@code index}; false when it is missing. */
  private boolean write(Node node, int index) {
    boolean hasValue = node.value != null && !node.value.isNull(index);
    boolean hasTyped = node.typed != null && !node.typed.isNull(index);
    if (!hasTyped) {
      if (!hasValue) {
        return false;
      }
      long start = node.value.getStartOffset(index);
      out.copy(node.value.getDataBuffer(), start, (int) (node.value.getEndOffset(index) - start));
      return true;
    }
    switch (node.plan.shape) {
      case OBJECT -> object(node, index, hasValue);
      case ARRAY -> {
        conflict(node, hasValue);
        array(node, index);
      }
      default -> {
        conflict(node, hasValue);
        primitive(node, index);
      }
    }
    return true;
  }

  private static void conflict(Node node, boolean hasValue) {
    if (hasValue) {
      throw new VariantFormatException("Invalid variant, conflicting value and typed_value at " + node.plan.path);
    }
  }

  private void primitive(Node node, int index) {
    ShreddedType t = node.plan.primitive;
    switch (t) {
      case BOOLEAN -> out.primitive(((BitVector) node.typed).get(index) != 0 ? VariantEncoder.TRUE
          : VariantEncoder.FALSE);
      case BINARY, STRING -> {
        BaseVariableWidthVector v = (BaseVariableWidthVector) node.typed;
        long start = v.getStartOffset(index);
        out.bytes(t == ShreddedType.STRING, v.getDataBuffer(), start, (int) (v.getEndOffset(index) - start));
      }
      case DECIMAL4, DECIMAL8, DECIMAL16 -> {
        ArrowBuf data = node.fixed.getDataBuffer();
        // Arrow's decimal128 is little-endian two's complement, as Variant's: keep the low bytes
        out.decimal(t.variantId, node.plan.scale, data, (long) index * 16, t.size);
      }
      default -> out.primitive(t.variantId, node.fixed.getDataBuffer(), (long) index * t.size, t.size);
    }
  }

  private void array(Node node, int index) {
    ListVector list = (ListVector) node.typed;
    int first = list.getElementStartIndex(index);
    int count = list.getElementEndIndex(index) - first;
    int start = out.position();
    int[] starts = new int[count];
    for (int i = 0; i < count; i++) {
      starts[i] = out.position() - start;
      if (node.element.group.isNull(first + i) || !write(node.element, first + i)) {
        // array elements cannot be missing: the spec stores a null element as Variant null
        out.primitive(VariantEncoder.NULL);
      }
    }
    out.finishArray(start, starts, count);
  }

  private void object(Node node, int index, boolean hasValue) {
    ShreddingPlan plan = node.plan;
    VariantMetadata dictionary = metadata();
    Variant residual = null;
    int residualCount = 0;
    if (hasValue) {
      long start = node.value.getStartOffset(index);
      int length = (int) (node.value.getEndOffset(index) - start);
      byte[] bytes = new byte[length];
      node.value.getDataBuffer().getBytes(start, bytes, 0, length);
      residual = Variant.of(dictionary, bytes, 0, length);
      if (residual.kind() != VariantKind.OBJECT) {
        String json = residual.toJson();
        throw new VariantFormatException("Invalid variant, non-object value with shredded fields at " + plan.path
            + ": value is " + (json.length() > 80 ? json.substring(0, 80) + "…" : json));
      }
      residualCount = residual.size();
    }
    int capacity = plan.names.length + residualCount;
    int[] ids = new int[capacity];
    int[] starts = new int[capacity];
    String[] names = new String[capacity];
    int n = 0;
    int start = out.position();
    for (int f = 0; f < plan.names.length; f++) {
      Node field = node.fields[f];
      int at = out.position();
      if (field.group.isNull(index) || !write(field, index)) {
        continue; // a missing field is left out of the object
      }
      int id = dictionary.find(plan.names[f]);
      if (id < 0) {
        throw new VariantFormatException("shredded field '" + plan.names[f] + "' is not in the variant metadata, at "
            + plan.path);
      }
      ids[n] = id;
      starts[n] = at - start;
      names[n++] = plan.names[f];
    }
    for (int i = 0; i < residualCount; i++) {
      String name = residual.fieldName(i);
      for (String shredded : plan.names) {
        if (shredded.equals(name)) {
          throw new VariantFormatException("Invalid variant, field '" + name
              + "' is both shredded and in the value of a partially shredded object at " + plan.path);
        }
      }
      byte[] encoded = residual.fieldValue(i).valueBytes();
      ids[n] = dictionary.find(name);
      starts[n] = out.position() - start;
      names[n++] = name;
      out.copy(encoded, 0, encoded.length);
    }
    sortByName(names, ids, starts, n);
    out.finishObject(start, ids, starts, n);
  }

  /** Insertion sort of the fields by name (objects are small); equal names are invalid. */
  private static void sortByName(String[] names, int[] ids, int[] starts, int n) {
    for (int i = 1; i < n; i++) {
      String name = names[i];
      int id = ids[i];
      int start = starts[i];
      int j = i - 1;
      while (j >= 0 && VariantMetadata.compareNames(names[j], name) > 0) {
        names[j + 1] = names[j];
        ids[j + 1] = ids[j];
        starts[j + 1] = starts[j];
        j--;
      }
      if (j >= 0 && names[j].equals(name)) {
        throw new VariantFormatException("Invalid variant, field '" + name + "' appears twice in an object");
      }
      names[j + 1] = name;
      ids[j + 1] = id;
      starts[j + 1] = start;
    }
  }

  /** A plan bound to the vectors of one batch. */
  private static final class Node {
    final ShreddingPlan plan;
    final StructVector group;
    final VarBinaryVector value;
    final FieldVector typed;
    final BaseFixedWidthVector fixed;
    final Node[] fields;
    final Node element;

    Node(ShreddingPlan plan, StructVector group) {
      this.plan = plan;
      this.group = group;
      this.value = plan.hasValue ? (VarBinaryVector) group.getChild(ShreddingPlan.VALUE) : null;
      FieldVector t = plan.shape == ShreddingPlan.Shape.NONE ? null : group.getChild(ShreddingPlan.TYPED_VALUE);
      if (t instanceof ExtensionTypeVector<?> e) {
        t = e.getUnderlyingVector();
      }
      this.typed = t;
      this.fixed = t instanceof BaseFixedWidthVector f ? f : null;
      if (plan.shape == ShreddingPlan.Shape.OBJECT) {
        StructVector object = (StructVector) t;
        fields = new Node[plan.names.length];
        for (int i = 0; i < fields.length; i++) {
          fields[i] = new Node(plan.fields[i], (StructVector) object.getChild(plan.names[i]));
        }
      } else {
        fields = null;
      }
      element = plan.shape == ShreddingPlan.Shape.ARRAY
          ? new Node(plan.element, (StructVector) ((ListVector) t).getDataVector()) : null;
    }
  }
}
