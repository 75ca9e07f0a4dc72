package org.parquetarrow.dataset.expr;

/**
 * A filter's text does not parse. The message names the position (0-based character offset), the
 * token found there and what was expected, and shows the text with a caret under the token.
 */
public final class ExpressionParseException extends IllegalArgumentException {
  private final int position;
  private final String found;
  private final String expected;

  ExpressionParseException(String text, int position, String found, String expected) {
    super(message(text, position, found, expected));
    this.position = position;
    this.found = found;
    this.expected = expected;
  }

  private static String message(String text, int position, String found, String expected) {
    return "cannot parse filter at position "
        + position
        + ": expected "
        + expected
        + ", found "
        + found
        + "\n  "
        + text.replace('\n', ' ')
        + "\n  "
        + " ".repeat(Math.max(0, position))
        + "^";
  }

  /** Character offset of the bad token in the text, from 0. */
  public int position() {
    return position;
  }

  /** The bad token as written, or {@code end of input}. */
  public String found() {
    return found;
  }

  /** What the parser expected there. */
  public String expected() {
    return expected;
  }
}
