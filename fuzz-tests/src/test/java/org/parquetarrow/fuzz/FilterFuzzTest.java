package org.parquetarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.ExpressionParseException;
import org.parquetarrow.dataset.expr.ExpressionParser;

/**
 * Target (d): the filter parser and binder (dataset module). The input is the filter's text; one
 * that parses must read back the same from the text it is written back as ({@code toSql}), and is
 * bound against a schema of every literal kind the binder knows. The documented
 * errors are {@link ExpressionParseException} and {@link ExpressionBindException}.
 * Deeply nested input (parentheses, {@code not}, and/or) must end in the parser's nesting bound,
 * never in a {@link StackOverflowError}: the regression inputs {@code deep-*} hold such filters.
 */
class FilterFuzzTest {
  private static final Schema SCHEMA = new Schema(List.of(
      field("i", new ArrowType.Int(32, true)),
      field("l", new ArrowType.Int(64, true)),
      field("u8", new ArrowType.Int(8, false)),
      field("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      field("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      field("s", ArrowType.Utf8.INSTANCE),
      field("b", ArrowType.Binary.INSTANCE),
      field("ok", ArrowType.Bool.INSTANCE),
      field("dec", new ArrowType.Decimal(9, 2, 128)),
      field("day", new ArrowType.Date(DateUnit.DAY)),
      field("t", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
      field("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      field("tz", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "UTC")),
      new Field("st", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
          field("x", new ArrowType.Int(16, true)), field("name", ArrowType.Utf8.INSTANCE)))));

  @FuzzTest
  void parseAndBind(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    try {
      Expression e = ExpressionParser.parse(text);
      // what parses is written back as text that parses to the same filter
      Expression again = ExpressionParser.parse(e.toSql());
      if (!again.equals(e)) {
        throw new AssertionError(text + " parses to " + e + ", written back as " + e.toSql() + " it parses to " + again);
      }
      ExpressionBinder.bind(e, SCHEMA);
    } catch (ExpressionParseException | ExpressionBindException expected) {
      // the documented errors
    }
  }

  private static Field field(String name, ArrowType type) {
    return new Field(name, FieldType.nullable(type), null);
  }
}
