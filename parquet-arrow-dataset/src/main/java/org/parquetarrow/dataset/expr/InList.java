package org.parquetarrow.dataset.expr;

import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code column in (v1, v2, ...)}, or {@code not in} when {@code negated}.
 *
 * @param column the column
 * @param values at least one literal
 * @param negated whether this is {@code not in}
 */
public record InList(ColumnRef column, List<Literal> values, boolean negated) implements Expression {
  public InList {
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("in () needs at least one value");
    }
  }

  @Override
  public String toSql() {
    return column.toSql()
        + (negated ? " not in (" : " in (")
        + values.stream().map(Literal::toSql).collect(Collectors.joining(", "))
        + ")";
  }
}
