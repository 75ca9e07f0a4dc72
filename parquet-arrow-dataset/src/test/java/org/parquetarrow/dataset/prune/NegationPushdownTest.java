package org.parquetarrow.dataset.prune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.parquetarrow.dataset.expr.Expressions.col;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.expr.Literal;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.Or;

class NegationPushdownTest {
  @Test
  void pushesNotToTheLeaves() {
    assertEquals(col("x").le(5), NegationPushdown.apply(ExpressionParser.parse("not x > 5")));
    assertEquals(
        new Or(List.of(col("x").ne(1), col("y").isNotNull())),
        NegationPushdown.apply(ExpressionParser.parse("not (x = 1 and y is null)")));
    assertEquals(col("x").notIn(1, 2), NegationPushdown.apply(ExpressionParser.parse("not x in (1, 2)")));
    assertEquals(
        new Or(List.of(new Comparison(col("x"), CompareOp.LT, Literal.of(1)), new Comparison(col("x"), CompareOp.GT, Literal.of(2)))),
        NegationPushdown.apply(ExpressionParser.parse("x not between 1 and 2")));
    assertEquals(new Not(col("s").startsWith("a")), NegationPushdown.apply(ExpressionParser.parse("not not not s like 'a%'")));
    assertEquals(
        new And(List.of(col("x").ge(1), col("x").le(2))),
        NegationPushdown.apply(ExpressionParser.parse("not not x between 1 and 2")));
  }

  @Test
  void threeValuedLogic() {
    // and: any NEVER wins; or: any ALWAYS wins; not: NEVER only from ALWAYS (unknown rows stay unknown).
    assertEquals(Truth.NEVER, Truth.MAYBE.and(Truth.NEVER));
    assertEquals(Truth.MAYBE, Truth.MAYBE.and(Truth.ALWAYS));
    assertEquals(Truth.ALWAYS, Truth.MAYBE.or(Truth.ALWAYS));
    assertEquals(Truth.NEVER, Truth.NEVER.or(Truth.NEVER));
    assertEquals(Truth.NEVER, Truth.ALWAYS.not());
    assertEquals(Truth.MAYBE, Truth.NEVER.not());
  }
}
