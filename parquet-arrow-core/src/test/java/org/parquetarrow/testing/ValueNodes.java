package org.parquetarrow.testing;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.complex.AbstractStructVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The comparison tree for one column pair: built once from the two fields, then applied to every
 * row. Each node knows its column path, so a difference deep in a nested value is reported where
 * it is, with the list indices that lead to it.
 */
final class ValueNodes {
  private ValueNodes() {}

  /** Mutable state of one comparison run: the current row and list indices, and the report. */
  static final class Context {
    final DifferenceReport report;
    long row;
    private int[] indices = new int[16];
    private int depth;

    Context(DifferenceReport report) {
      this.report = report;
    }

    void push(int index) {
      if (depth == indices.length) {
        indices = Arrays.copyOf(indices, depth * 2);
      }
      indices[depth++] = index;
    }

    void pop() {
      depth--;
    }
  }

  /** Collects the first N differences and counts them all. */
  static final class DifferenceReport {
    final int keep;
    final List<Difference> kept = new ArrayList<>();
    long count;

    DifferenceReport(int keep) {
      this.keep = keep;
    }

    void add(Node node, Context ctx, String expected, String actual) {
      count++;
      if (kept.size() < keep) {
        kept.add(new Difference(ctx.row, node.column, node.position(ctx), expected, actual));
      }
    }

    boolean full() {
      return kept.size() >= keep;
    }
  }

  /** Turns a slot of a dictionary-encoded or extension vector into the slot holding its value. */
  interface Decoder {
    ValueVector vector(ValueVector v);

    int index(ValueVector v, int i);
  }

  abstract static class Node {
    final String column;
    /** Position segments: field names, and {@code null} where a list index goes. */
    final String[] segments;

    Decoder expectedDecoder;
    Decoder actualDecoder;

    Node(String column, String[] segments) {
      this.column = column;
      this.segments = segments;
    }

    void compare(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      boolean eNull = e.isNull(ei);
      if (!eNull && expectedDecoder != null) {
        ei = expectedDecoder.index(e, ei);
        e = expectedDecoder.vector(e);
        eNull = e.isNull(ei);
      }
      boolean aNull = a.isNull(ai);
      if (!aNull && actualDecoder != null) {
        ai = actualDecoder.index(a, ai);
        a = actualDecoder.vector(a);
        aNull = a.isNull(ai);
      }
      if (eNull || aNull) {
        if (eNull != aNull) {
          report(e, ei, eNull, a, ai, aNull, ctx);
        }
        return;
      }
      if (!equalValues(e, ei, a, ai, ctx)) {
        report(e, ei, false, a, ai, false, ctx);
      }
    }

    private void report(ValueVector e, int ei, boolean eNull, ValueVector a, int ai, boolean aNull, Context ctx) {
      if (ctx.report.full()) {
        ctx.report.count++;
        return;
      }
      ctx.report.add(this, ctx, eNull ? "null" : Renderer.render(e, ei), aNull ? "null" : Renderer.render(a, ai));
    }

    /** True when the non-null slots hold equal values; nested nodes report their children. */
    abstract boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx);

    String position(Context ctx) {
      StringBuilder b = new StringBuilder();
      int k = 0;
      for (String s : segments) {
        if (s == null) {
          b.append('[').append(ctx.indices[k++]).append(']');
        } else {
          if (b.length() > 0) {
            b.append('.');
          }
          b.append(s);
        }
      }
      return b.toString();
    }
  }

  static final class BitNode extends Node {
    BitNode(String column, String[] segments) {
      super(column, segments);
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      return ((BitVector) e).get(ei) == ((BitVector) a).get(ai);
    }
  }

  /** Same type, fixed width: the value is its bytes (ints, dates, times, decimals, intervals...). */
  static final class FixedBytesNode extends Node {
    FixedBytesNode(String column, String[] segments) {
      super(column, segments);
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      BaseFixedWidthVector ev = (BaseFixedWidthVector) e;
      BaseFixedWidthVector av = (BaseFixedWidthVector) a;
      long w = ev.getTypeWidth();
      return ByteFunctionHelpers.equal(
              ev.getDataBuffer(), ei * w, ei * w + w, av.getDataBuffer(), ai * w, ai * w + w)
          == 1;
    }
  }

  /** Floats: every NaN equals every NaN, but -0.0 and +0.0 differ (compared as canonical bits). */
  static final class FloatNode extends Node {
    FloatNode(String column, String[] segments) {
      super(column, segments);
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      return canonicalBits(e, ei) == canonicalBits(a, ai);
    }

    private static long canonicalBits(ValueVector v, int i) {
      if (v instanceof Float8Vector d) {
        return Double.doubleToLongBits(d.get(i));
      }
      if (v instanceof Float4Vector f) {
        return Float.floatToIntBits(f.get(i));
      }
      int half = ((Float2Vector) v).get(i) & 0xFFFF;
      boolean nan = (half & 0x7C00) == 0x7C00 && (half & 0x03FF) != 0;
      return nan ? 0x7E00 : half;
    }
  }

  /** Timestamps of possibly different units, equal when they denote the same instant. */
  static final class InstantNode extends Node {
    private final long expectedNanos;
    private final long actualNanos;

    InstantNode(String column, String[] segments, TimeUnit expected, TimeUnit actual) {
      super(column, segments);
      this.expectedNanos = nanosPer(expected);
      this.actualNanos = nanosPer(actual);
    }

    private static long nanosPer(TimeUnit unit) {
      return switch (unit) {
        case SECOND -> 1_000_000_000L;
        case MILLISECOND -> 1_000_000L;
        case MICROSECOND -> 1_000L;
        case NANOSECOND -> 1L;
      };
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      long ev = ((TimeStampVector) e).get(ei);
      long av = ((TimeStampVector) a).get(ai);
      try {
        return Math.multiplyExact(ev, expectedNanos) == Math.multiplyExact(av, actualNanos);
      } catch (ArithmeticException overflow) {
        return BigInteger.valueOf(ev).multiply(BigInteger.valueOf(expectedNanos))
            .equals(BigInteger.valueOf(av).multiply(BigInteger.valueOf(actualNanos)));
      }
    }
  }

  /** Strings and binaries in any layout (offsets 32/64 bit, views). */
  static final class BytesNode extends Node {
    BytesNode(String column, String[] segments) {
      super(column, segments);
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      return Arrays.equals(((VariableWidthFieldVector) e).get(ei), ((VariableWidthFieldVector) a).get(ai));
    }
  }

  static final class StructNode extends Node {
    private final Node[] children;

    StructNode(String column, String[] segments, Node[] children) {
      super(column, segments);
      this.children = children;
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      AbstractStructVector es = (AbstractStructVector) e;
      AbstractStructVector as = (AbstractStructVector) a;
      for (int c = 0; c < children.length; c++) {
        children[c].compare(es.getChildByOrdinal(c), ei, as.getChildByOrdinal(c), ai, ctx);
      }
      return true;
    }
  }

  /** Any list layout (list, large list, list view, fixed-size list) and maps. */
  static final class ListNode extends Node {
    private final Node element;

    ListNode(String column, String[] segments, Node element) {
      super(column, segments);
      this.element = element;
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      int eStart = start(e, ei);
      int eLength = end(e, ei) - eStart;
      int aStart = start(a, ai);
      int aLength = end(a, ai) - aStart;
      if (eLength != aLength) {
        return false;
      }
      ValueVector eData = data(e);
      ValueVector aData = data(a);
      for (int k = 0; k < eLength; k++) {
        ctx.push(k);
        element.compare(eData, eStart + k, aData, aStart + k, ctx);
        ctx.pop();
      }
      return true;
    }

    static int start(ValueVector v, int i) {
      if (v instanceof ListVector l) {
        return l.getElementStartIndex(i);
      }
      if (v instanceof LargeListVector l) {
        return Math.toIntExact(l.getElementStartIndex(i));
      }
      if (v instanceof FixedSizeListVector l) {
        return i * l.getListSize();
      }
      if (v instanceof ListViewVector l) {
        return l.getOffsetBuffer().getInt((long) i * Integer.BYTES);
      }
      return Math.toIntExact(((LargeListViewVector) v).getOffsetBuffer().getLong((long) i * Long.BYTES));
    }

    static int end(ValueVector v, int i) {
      if (v instanceof ListVector l) {
        return l.getElementEndIndex(i);
      }
      if (v instanceof LargeListVector l) {
        return Math.toIntExact(l.getElementEndIndex(i));
      }
      if (v instanceof FixedSizeListVector l) {
        return (i + 1) * l.getListSize();
      }
      if (v instanceof ListViewVector l) {
        return start(v, i) + l.getSizeBuffer().getInt((long) i * Integer.BYTES);
      }
      return start(v, i)
          + Math.toIntExact(((LargeListViewVector) v).getSizeBuffer().getLong((long) i * Long.BYTES));
    }

    static ValueVector data(ValueVector v) {
      if (v instanceof ListVector l) {
        return l.getDataVector();
      }
      if (v instanceof LargeListVector l) {
        return l.getDataVector();
      }
      if (v instanceof FixedSizeListVector l) {
        return l.getDataVector();
      }
      if (v instanceof ListViewVector l) {
        return l.getDataVector();
      }
      return ((LargeListViewVector) v).getDataVector();
    }
  }

  /** Types without a dedicated node (unions, run-end encoded...): compared through getObject. */
  static final class ObjectNode extends Node {
    ObjectNode(String column, String[] segments) {
      super(column, segments);
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      return Objects.deepEquals(e.getObject(ei), a.getObject(ai));
    }
  }

  /** The two columns hold different kinds of values: said once, at the first row compared. */
  static final class MismatchNode extends Node {
    private final String expectedType;
    private final String actualType;
    private boolean reported;

    MismatchNode(String column, String[] segments, ArrowType expected, ArrowType actual) {
      super(column, segments);
      this.expectedType = expected.toString();
      this.actualType = actual.toString();
    }

    @Override
    void compare(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      if (!reported) {
        reported = true;
        ctx.report.add(this, ctx, "values of type " + expectedType, "values of type " + actualType);
      }
    }

    @Override
    boolean equalValues(ValueVector e, int ei, ValueVector a, int ai, Context ctx) {
      return true;
    }
  }

  /** Builds comparison trees for field pairs under the given options. */
  static final class Builder {
    private final CompareOptions options;
    private final DictionaryProvider expectedDictionaries;
    private final DictionaryProvider actualDictionaries;

    Builder(CompareOptions options, DictionaryProvider expectedDictionaries, DictionaryProvider actualDictionaries) {
      this.options = options;
      this.expectedDictionaries = expectedDictionaries;
      this.actualDictionaries = actualDictionaries;
    }

    Node build(Field expected, Field actual) {
      return build(expected, actual, expected.getName(), new String[] {expected.getName()});
    }

    private Node build(Field expectedField, Field actualField, String column, String[] segments) {
      Resolved e = resolve(expectedField, expectedDictionaries);
      Resolved a = resolve(actualField, actualDictionaries);
      Node node = buildResolved(e, a, column, segments);
      node.expectedDecoder = e.decoder;
      node.actualDecoder = a.decoder;
      return node;
    }

    private Node buildResolved(Resolved e, Resolved a, String column, String[] segments) {
      ArrowType et = e.type;
      ArrowType at = a.type;
      Family ef = Family.of(et);
      if (ef != Family.of(at)) {
        return new MismatchNode(column, segments, et, at);
      }
      switch (ef) {
        case STRING:
        case BINARY:
          return new BytesNode(column, segments);
        case LIST:
        case MAP: {
          Field ec = e.children.get(0);
          Field ac = a.children.get(0);
          String childColumn = ef == Family.MAP ? column + "." + ec.getName() : column + ".list." + ec.getName();
          String[] childSegments = Arrays.copyOf(segments, segments.length + 1);
          return new ListNode(column, segments, build(ec, ac, childColumn, childSegments));
        }
        case STRUCT: {
          if (e.children.size() != a.children.size()) {
            return new MismatchNode(column, segments, et, at);
          }
          Node[] children = new Node[e.children.size()];
          for (int c = 0; c < children.length; c++) {
            Field ec = e.children.get(c);
            String[] childSegments = Arrays.copyOf(segments, segments.length + 1);
            childSegments[segments.length] = ec.getName();
            children[c] = build(ec, a.children.get(c), column + "." + ec.getName(), childSegments);
          }
          return new StructNode(column, segments, children);
        }
        default:
          break;
      }
      if (!et.equals(at)) {
        return timestampsByInstant(et, at)
            ? new InstantNode(column, segments, ((ArrowType.Timestamp) et).getUnit(), ((ArrowType.Timestamp) at).getUnit())
            : new MismatchNode(column, segments, et, at);
      }
      switch (et.getTypeID()) {
        case Bool:
          return new BitNode(column, segments);
        case FloatingPoint:
          return new FloatNode(column, segments);
        case Int:
        case Date:
        case Time:
        case Timestamp:
        case Duration:
        case Interval:
        case Decimal:
        case FixedSizeBinary:
          return new FixedBytesNode(column, segments);
        default:
          return new ObjectNode(column, segments);
      }
    }

    private boolean timestampsByInstant(ArrowType et, ArrowType at) {
      return options.timestampsByInstant()
          && et instanceof ArrowType.Timestamp e
          && at instanceof ArrowType.Timestamp a
          && Objects.equals(e.getTimezone(), a.getTimezone());
    }

    /** The value type of a field: through its dictionary, and an extension's storage. */
    private record Resolved(ArrowType type, List<Field> children, Decoder decoder) {}

    private static Resolved resolve(Field field, DictionaryProvider dictionaries) {
      DictionaryEncoding encoding = field.getDictionary();
      if (encoding != null) {
        Dictionary dictionary = dictionaries.lookup(encoding.getId());
        if (dictionary == null) {
          throw new IllegalStateException(
              "field " + field.getName() + " is dictionary-encoded (id " + encoding.getId() + ") but no dictionary was given");
        }
        Field values = dictionary.getVector().getField();
        long id = encoding.getId();
        Decoder decoder = new Decoder() {
          @Override
          public ValueVector vector(ValueVector v) {
            return dictionaries.lookup(id).getVector();
          }

          @Override
          public int index(ValueVector v, int i) {
            return Math.toIntExact(((BaseIntVector) v).getValueAsLong(i));
          }
        };
        return new Resolved(values.getType(), values.getChildren(), decoder);
      }
      if (field.getType() instanceof ArrowType.ExtensionType ext) {
        Decoder decoder = new Decoder() {
          @Override
          public ValueVector vector(ValueVector v) {
            return ((ExtensionTypeVector<?>) v).getUnderlyingVector();
          }

          @Override
          public int index(ValueVector v, int i) {
            return i;
          }
        };
        return new Resolved(ext.storageType(), field.getChildren(), decoder);
      }
      return new Resolved(field.getType(), field.getChildren(), null);
    }
  }

  /** Kinds of value whose layouts compare with each other. */
  enum Family {
    STRING, BINARY, LIST, MAP, STRUCT, OTHER;

    static Family of(ArrowType t) {
      ArrowTypeID id = t.getTypeID();
      return switch (id) {
        case Utf8, LargeUtf8, Utf8View -> STRING;
        case Binary, LargeBinary, BinaryView -> BINARY;
        case List, LargeList, FixedSizeList, ListView, LargeListView -> LIST;
        case Map -> MAP;
        case Struct -> STRUCT;
        default -> OTHER;
      };
    }
  }
}
