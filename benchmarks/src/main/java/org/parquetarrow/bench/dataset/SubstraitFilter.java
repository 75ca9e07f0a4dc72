package org.parquetarrow.bench.dataset;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A filter for Arrow C++'s dataset scanner ({@code ScanOptions.Builder.substraitFilter}): a
 * Substrait {@code ExtendedExpression} message, protobuf-encoded by hand because no Substrait
 * library is on the build's class path. Covers what the benchmark needs: comparisons of an
 * integer column with an integer literal, joined by {@code and}. Field numbers are those of
 * substrait's {@code extended_expression.proto}, {@code algebra.proto}, {@code type.proto} and
 * {@code extensions.proto} as of the 0.4x releases Arrow 18 reads (extension URIs, field 1).
 *
 * <pre>
 * ByteBuffer f = SubstraitFilter.of(schema, SubstraitFilter.and(
 *     SubstraitFilter.compare("gte", "id", 100L), SubstraitFilter.compare("lt", "qty", 50L)));
 * </pre>
 */
public final class SubstraitFilter {
  private static final String COMPARISON = "https://github.com/substrait-io/substrait/blob/main/extensions/functions_comparison.yaml";
  private static final String BOOLEAN = "https://github.com/substrait-io/substrait/blob/main/extensions/functions_boolean.yaml";
  /** Function anchors: the comparison functions, then {@code and}. */
  private static final List<String> COMPARISONS = List.of("lt", "lte", "gt", "gte", "equal");
  private static final int AND_ANCHOR = COMPARISONS.size() + 1;

  /** A node of the filter: {@code column op literal}, or {@code and} of two nodes. */
  public sealed interface Node permits Compare, And {}

  /** {@code column op value}; op one of lt, lte, gt, gte, equal. */
  public record Compare(String op, String column, long value) implements Node {}

  public record And(Node left, Node right) implements Node {}

  private SubstraitFilter() {}

  public static Node compare(String op, String column, long value) {
    if (!COMPARISONS.contains(op)) {
      throw new IllegalArgumentException("comparison " + op);
    }
    return new Compare(op, column, value);
  }

  public static Node and(Node left, Node right) {
    return new And(left, right);
  }

  /** The encoded {@code ExtendedExpression} of {@code filter} over {@code schema}, in a direct buffer. */
  public static ByteBuffer of(Schema schema, Node filter) {
    Proto msg = new Proto();
    msg.message(7, new Proto().varint(1, 0).varint(2, 44)); // version 0.44
    msg.message(1, new Proto().varint(1, 1).string(2, COMPARISON));
    msg.message(1, new Proto().varint(1, 2).string(2, BOOLEAN));
    for (int i = 0; i < COMPARISONS.size(); i++) {
      msg.message(2, new Proto().message(3, new Proto().varint(1, 1).varint(2, i + 1).string(3, COMPARISONS.get(i))));
    }
    msg.message(2, new Proto().message(3, new Proto().varint(1, 2).varint(2, AND_ANCHOR).string(3, "and")));
    msg.message(3, new Proto().message(1, expression(schema, filter)).string(3, "filter"));
    Proto struct = new Proto();
    Proto names = new Proto();
    for (Field f : schema.getFields()) {
      names.string(1, f.getName());
      struct.message(1, type(f));
    }
    struct.varint(3, 2); // the row struct itself is required
    names.message(2, struct);
    msg.message(4, names);
    byte[] bytes = msg.bytes();
    ByteBuffer out = ByteBuffer.allocateDirect(bytes.length);
    out.put(bytes).flip();
    return out;
  }

  private static Proto expression(Schema schema, Node n) {
    Proto fn = new Proto();
    Proto out = new Proto();
    if (n instanceof And a) {
      fn.varint(1, AND_ANCHOR);
      fn.message(4, new Proto().message(3, expression(schema, a.left())));
      fn.message(4, new Proto().message(3, expression(schema, a.right())));
    } else {
      Compare c = (Compare) n;
      int index = indexOf(schema, c.column());
      ArrowType.Int t = (ArrowType.Int) schema.getFields().get(index).getType();
      fn.varint(1, COMPARISONS.indexOf(c.op()) + 1);
      Proto field = new Proto()
          .message(1, new Proto().message(2, new Proto().varint(1, index))) // direct_reference.struct_field
          .message(4, new Proto()); // root_reference
      fn.message(4, new Proto().message(3, new Proto().message(2, field)));
      Proto literal = t.getBitWidth() == 64 ? new Proto().varint(7, c.value()) : new Proto().varint(5, c.value());
      fn.message(4, new Proto().message(3, new Proto().message(1, literal)));
    }
    fn.message(3, new Proto().message(1, new Proto().varint(2, 1))); // output: nullable boolean
    return out.message(3, fn);
  }

  private static Proto type(Field f) {
    int nullability = f.isNullable() ? 1 : 2;
    Proto inner = new Proto().varint(2, nullability);
    ArrowType t = f.getType();
    int kind;
    if (t instanceof ArrowType.Int i) {
      kind = switch (i.getBitWidth()) {
        case 8 -> 2;
        case 16 -> 3;
        case 32 -> 5;
        default -> 7;
      };
    } else if (t instanceof ArrowType.FloatingPoint fp) {
      kind = fp.getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE ? 10 : 11;
    } else if (t instanceof ArrowType.Utf8) {
      kind = 12;
    } else if (t instanceof ArrowType.Binary) {
      kind = 13;
    } else if (t instanceof ArrowType.Bool) {
      kind = 1;
    } else {
      throw new IllegalArgumentException("no Substrait type here for " + t);
    }
    return new Proto().message(kind, inner);
  }

  private static int indexOf(Schema schema, String column) {
    for (int i = 0; i < schema.getFields().size(); i++) {
      if (schema.getFields().get(i).getName().equals(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no column " + column);
  }

  /** Protobuf wire format: varints (wire type 0) and length-delimited fields (wire type 2). */
  private static final class Proto {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Proto varint(int field, long value) {
      raw((long) field << 3);
      raw(value);
      return this;
    }

    Proto string(int field, String s) {
      return bytes(field, s.getBytes(StandardCharsets.UTF_8));
    }

    Proto message(int field, Proto m) {
      return bytes(field, m.bytes());
    }

    Proto bytes(int field, byte[] b) {
      raw(((long) field << 3) | 2);
      raw(b.length);
      out.writeBytes(b);
      return this;
    }

    byte[] bytes() {
      return out.toByteArray();
    }

    private void raw(long v) {
      while ((v & ~0x7FL) != 0) {
        out.write((int) ((v & 0x7F) | 0x80));
        v >>>= 7;
      }
      out.write((int) v);
    }
  }
}
