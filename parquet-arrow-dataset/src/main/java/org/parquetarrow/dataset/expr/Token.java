package org.parquetarrow.dataset.expr;

/** One lexical token of a filter's text. */
record Token(Kind kind, String text, int position) {

  enum Kind {
    IDENT,
    QUOTED_IDENT,
    NUMBER,
    STRING,
    OPERATOR,
    LPAREN,
    RPAREN,
    COMMA,
    DOT,
    MINUS,
    PLUS,
    /** {@code ::}, a cast of the string literal before it (DuckDB's and PostgreSQL's syntax). */
    CAST,
    EOF
  }

  /** Whether this is the unquoted keyword {@code word} (case-insensitive). */
  boolean isKeyword(String word) {
    return kind == Kind.IDENT && text.equalsIgnoreCase(word);
  }

  /** How the token reads in an error message. */
  String describe() {
    return switch (kind) {
      case EOF -> "end of input";
      case STRING -> "string '" + text + "'";
      case QUOTED_IDENT -> "identifier \"" + text + "\"";
      default -> "'" + text + "'";
    };
  }
}
