package org.parquetarrow.dataset.expr;

import java.util.List;
import java.util.stream.Collectors;

/**
 * True when every term is true.
 *
 * @param terms at least two filters
 */
public record And(List<Expression> terms) implements Expression {
  public And {
    terms = List.copyOf(terms);
  }

  @Override
  public String toSql() {
    return terms.stream().map(t -> t instanceof Or ? "(" + t.toSql() + ")" : t.toSql())
        .collect(Collectors.joining(" and "));
  }
}
