package org.parquetarrow.dataset.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code column in (v1, v2, ...)}, or {@code not in} when {@code negated}. A {@code null} in the
 * list ({@code withNull}) follows SQL: {@code x in (1, null)} is true where {@code x = 1} and
 * unknown (never false) elsewhere, so {@code x not in (1, null)} is never true.
 *
 * @param column the column
 * @param values the non-null literals; may be empty only when {@code withNull}
 * @param negated whether this is {@code not in}
 * @param withNull whether the list also holds {@code null}
 */
public record InList(ColumnRef column, List<Literal> values, boolean negated, boolean withNull) implements Expression {
  public InList {
    values = List.copyOf(values);
    if (values.isEmpty() && !withNull) {
      throw new IllegalArgumentException("in () needs at least one value");
    }
  }

  /** A list without {@code null}. */
  public InList(ColumnRef column, List<Literal> values, boolean negated) {
    this(column, values, negated, false);
  }

  @Override
  public String toSql() {
    List<String> items = new ArrayList<>();
    values.forEach(v -> items.add(v.toSql()));
    if (withNull) {
      items.add("null");
    }
    return column.toSql() + (negated ? " not in (" : " in (") + String.join(", ", items) + ")";
  }
}
