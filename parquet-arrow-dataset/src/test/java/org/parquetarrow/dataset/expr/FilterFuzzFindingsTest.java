package org.parquetarrow.dataset.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Inputs the filter fuzz target (fuzz-tests, FilterFuzzTest) found, answered as parse errors. */
class FilterFuzzFindingsTest {
  /**
   * A starts_with prefix holding a LIKE wildcard was refused by StartsWith's own argument check, an
   * IllegalArgumentException without a position, instead of a parse error pointing at the string.
   */
  @Test
  void aWildcardInAStartsWithPrefixIsAParseErrorAtTheString() {
    ExpressionParseException e = assertThrows(ExpressionParseException.class,
        () -> ExpressionParser.parse("starts_with(s, 'pr%e')"));
    assertEquals(15, e.position());
    assertEquals("a prefix without % or _", e.expected());
    assertTrue(e.getMessage().contains("position 15"), e.getMessage());

    e = assertThrows(ExpressionParseException.class, () -> ExpressionParser.parse("starts_with(s, 'a_b') or x = 1"));
    assertEquals(15, e.position());
  }

  @Test
  void aPrefixWithoutWildcardsStillParses() {
    assertEquals(new StartsWith(new ColumnRef(java.util.List.of("s")), "pre"),
        ExpressionParser.parse("starts_with(s, 'pre')"));
  }
}
