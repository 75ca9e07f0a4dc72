package org.parquetarrow.dataset.expr;

import java.util.List;
import java.util.stream.Collectors;

/**
 * True when any term is true.
 *
 * @param terms at least two filters
 */
public record Or(List<Expression> terms) implements Expression {
  public Or {
    terms = List.copyOf(terms);
  }

  @Override
  public String toSql() {
    return terms.stream().map(Expression::toSql).collect(Collectors.joining(" or "));
  }
}
