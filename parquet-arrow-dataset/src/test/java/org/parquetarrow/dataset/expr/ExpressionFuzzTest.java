package org.parquetarrow.dataset.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Damaged filter text fails only with {@link ExpressionParseException}, at a position inside the text. */
class ExpressionFuzzTest {
  private static final String SEED =
      "x > 5 and s in ('a', 'b') and d between date '2024-01-01' and date '2024-12-31'"
          + " and name like 'abc%' and \"a b\".c is not null or not (y <= -1.5e3)";
  private static final String ALPHABET = "()'\",.-+=<>!%_ aznot0123456789eE\\\t";

  @Test
  void mutatedTextParsesOrFailsWithAPosition() {
    Random r = new Random(7);
    int parsed = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder(SEED);
      int edits = 1 + r.nextInt(4);
      for (int e = 0; e < edits; e++) {
        int at = r.nextInt(sb.length() + 1);
        switch (r.nextInt(3)) {
          case 0 -> sb.insert(at, ALPHABET.charAt(r.nextInt(ALPHABET.length())));
          case 1 -> {
            if (at < sb.length()) {
              sb.deleteCharAt(at);
            }
          }
          default -> sb.setLength(Math.min(sb.length(), at));
        }
      }
      String text = sb.toString();
      try {
        Expression e = ExpressionParser.parse(text);
        parsed++;
        assertEquals(e, ExpressionParser.parse(e.toSql()), text);
      } catch (ExpressionParseException ex) {
        assertTrue(ex.position() >= 0 && ex.position() <= text.length(), text + " -> " + ex.position());
      } catch (IllegalArgumentException ex) {
        // A StartsWith/InList precondition would show as a plain IllegalArgumentException: not allowed.
        throw new AssertionError(text + " failed outside the parser's error type", ex);
      }
    }
    assertTrue(parsed > 100, "some mutants still parse: " + parsed);
  }
}
