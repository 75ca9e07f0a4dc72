package org.parquetarrow.dataset.expr;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A reference to a column by its path of field names: {@code ["a", "b", "c"]} is the field {@code
 * c} of the struct {@code b} of the struct column {@code a}. The fluent methods build predicates on
 * it.
 *
 * <pre>{@code
 * Expression e = ColumnRef.of("a", "b").between(1, 10);
 * }</pre>
 *
 * @param path the field names from the top-level column down, never empty
 */
public record ColumnRef(List<String> path) {

  public ColumnRef {
    Objects.requireNonNull(path, "path");
    if (path.isEmpty()) {
      throw new IllegalArgumentException("a column path needs at least one name");
    }
    for (String name : path) {
      Objects.requireNonNull(name, "column name");
    }
    path = List.copyOf(path);
  }

  /** The column at {@code names} (no splitting on dots: a name may contain one). */
  public static ColumnRef of(String... names) {
    return new ColumnRef(Arrays.asList(names));
  }

  /** The dotted path, for messages and maps: {@code a.b.c}. */
  public String dottedPath() {
    return String.join(".", path);
  }

  /** The path in SQL, every name double-quoted when it is not a plain identifier. */
  public String toSql() {
    StringBuilder sb = new StringBuilder();
    for (String name : path) {
      if (sb.length() > 0) {
        sb.append('.');
      }
      sb.append(Lexer.isPlainIdentifier(name) ? name : '"' + name.replace("\"", "\"\"") + '"');
    }
    return sb.toString();
  }

  public Comparison eq(Object value) {
    return compare(CompareOp.EQ, value);
  }

  public Comparison ne(Object value) {
    return compare(CompareOp.NE, value);
  }

  public Comparison lt(Object value) {
    return compare(CompareOp.LT, value);
  }

  public Comparison le(Object value) {
    return compare(CompareOp.LE, value);
  }

  public Comparison gt(Object value) {
    return compare(CompareOp.GT, value);
  }

  public Comparison ge(Object value) {
    return compare(CompareOp.GE, value);
  }

  /** {@code this op value}; a Java value becomes a literal through {@link Literal#of(Object)}. */
  public Comparison compare(CompareOp op, Object value) {
    return new Comparison(this, op, Literal.of(value));
  }

  /** {@code this in (values...)}. */
  public InList in(Object... values) {
    return new InList(this, Arrays.stream(values).map(Literal::of).toList(), false);
  }

  /** {@code this not in (values...)}. */
  public InList notIn(Object... values) {
    return new InList(this, Arrays.stream(values).map(Literal::of).toList(), true);
  }

  /** {@code this between low and high} (both ends included). */
  public Between between(Object low, Object high) {
    return new Between(this, Literal.of(low), Literal.of(high));
  }

  public NullCheck isNull() {
    return new NullCheck(this, true);
  }

  public NullCheck isNotNull() {
    return new NullCheck(this, false);
  }

  /** {@code starts_with(this, prefix)}, written {@code this like 'prefix%'} in SQL. */
  public StartsWith startsWith(String prefix) {
    return new StartsWith(this, prefix);
  }

  @Override
  public String toString() {
    return dottedPath();
  }
}
