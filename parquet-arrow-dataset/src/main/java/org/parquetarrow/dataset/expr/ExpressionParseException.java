package org.parquetarrow.dataset.expr;

/**
 * A filter's text does not parse. The message names the position (0-based character offset), the
 * token found there and what was expected, and shows the text around the token (at most 60
 * characters either side) with a caret under it.
 */
public final class ExpressionParseException extends IllegalArgumentException {
  /** Characters of the filter shown before and after the bad token. */
  private static final int SHOWN_BEFORE = 60;
  private static final int SHOWN_AFTER = 60;

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
    // a window around the bad token keeps the message short however long the filter is
    int from = Math.max(0, position - SHOWN_BEFORE);
    int to = Math.min(text.length(), Math.max(position, from) + SHOWN_AFTER);
    String before = from > 0 ? "…" : "";
    String after = to < text.length() ? "…" : "";
    return "cannot parse filter at position "
        + position
        + ": expected "
        + expected
        + ", found "
        + shorten(found)
        + "\n  "
        + before
        + text.substring(from, to).replace('\n', ' ')
        + after
        + "\n  "
        + " ".repeat(before.length() + Math.max(0, position - from))
        + "^";
  }

  private static String shorten(String found) {
    return found.length() <= SHOWN_AFTER ? found : found.substring(0, SHOWN_AFTER) + "…";
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
