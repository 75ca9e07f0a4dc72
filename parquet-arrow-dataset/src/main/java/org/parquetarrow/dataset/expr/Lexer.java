package org.parquetarrow.dataset.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Splits a filter's text into tokens: identifiers (plain or double-quoted, {@code ""} inside for a
 * quote), numbers, single-quoted strings ({@code ''} inside for a quote), operators and
 * punctuation.
 */
final class Lexer {
  /** Words that cannot be used unquoted as column names. */
  static final Set<String> RESERVED =
      Set.of("and", "or", "not", "in", "between", "is", "null", "like", "true", "false");

  private final String text;
  private int pos;

  private Lexer(String text) {
    this.text = text;
  }

  static List<Token> tokenize(String text) {
    return new Lexer(text).run();
  }

  /** Whether {@code name} can be written without double quotes. */
  static boolean isPlainIdentifier(String name) {
    if (name.isEmpty() || !isIdentStart(name.charAt(0)) || RESERVED.contains(name.toLowerCase())) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!isIdentPart(name.charAt(i))) {
        return false;
      }
    }
    return !Set.of("date", "time", "timestamp").contains(name.toLowerCase());
  }

  private List<Token> run() {
    List<Token> tokens = new ArrayList<>();
    while (true) {
      while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
        pos++;
      }
      if (pos >= text.length()) {
        tokens.add(new Token(Token.Kind.EOF, "", pos));
        return tokens;
      }
      tokens.add(next());
    }
  }

  private Token next() {
    int start = pos;
    char c = text.charAt(pos);
    if (isIdentStart(c)) {
      while (pos < text.length() && isIdentPart(text.charAt(pos))) {
        pos++;
      }
      return new Token(Token.Kind.IDENT, text.substring(start, pos), start);
    }
    if (isDigit(c) || (c == '.' && pos + 1 < text.length() && isDigit(text.charAt(pos + 1)))) {
      return number(start);
    }
    switch (c) {
      case '"':
        return quoted(start, '"', Token.Kind.QUOTED_IDENT, "a closing \" for the identifier");
      case '\'':
        return quoted(start, '\'', Token.Kind.STRING, "a closing ' for the string");
      case '(':
        pos++;
        return new Token(Token.Kind.LPAREN, "(", start);
      case ')':
        pos++;
        return new Token(Token.Kind.RPAREN, ")", start);
      case ',':
        pos++;
        return new Token(Token.Kind.COMMA, ",", start);
      case '.':
        pos++;
        return new Token(Token.Kind.DOT, ".", start);
      case '-':
        pos++;
        return new Token(Token.Kind.MINUS, "-", start);
      case '+':
        pos++;
        return new Token(Token.Kind.PLUS, "+", start);
      case '=':
        pos += pos + 1 < text.length() && text.charAt(pos + 1) == '=' ? 2 : 1;
        return new Token(Token.Kind.OPERATOR, "=", start);
      case ':':
        if (pos + 1 < text.length() && text.charAt(pos + 1) == ':') {
          pos += 2;
          return new Token(Token.Kind.CAST, "::", start);
        }
        break;
      case '!':
        if (pos + 1 < text.length() && text.charAt(pos + 1) == '=') {
          pos += 2;
          return new Token(Token.Kind.OPERATOR, "!=", start);
        }
        break;
      case '<':
        if (pos + 1 < text.length() && (text.charAt(pos + 1) == '=' || text.charAt(pos + 1) == '>')) {
          pos += 2;
          return new Token(Token.Kind.OPERATOR, text.charAt(start + 1) == '=' ? "<=" : "!=", start);
        }
        pos++;
        return new Token(Token.Kind.OPERATOR, "<", start);
      case '>':
        if (pos + 1 < text.length() && text.charAt(pos + 1) == '=') {
          pos += 2;
          return new Token(Token.Kind.OPERATOR, ">=", start);
        }
        pos++;
        return new Token(Token.Kind.OPERATOR, ">", start);
      default:
        break;
    }
    throw new ExpressionParseException(
        text, start, "'" + c + "'", "a column, a literal, an operator or a parenthesis");
  }

  private Token number(int start) {
    while (pos < text.length() && isDigit(text.charAt(pos))) {
      pos++;
    }
    if (pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      while (pos < text.length() && isDigit(text.charAt(pos))) {
        pos++;
      }
    }
    if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
      int mark = pos++;
      if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
        pos++;
      }
      int digits = pos;
      while (pos < text.length() && isDigit(text.charAt(pos))) {
        pos++;
      }
      if (pos == digits) {
        throw new ExpressionParseException(
            text, mark, "'" + text.substring(start, pos) + "'", "digits after the exponent");
      }
    }
    if (pos < text.length() && isIdentStart(text.charAt(pos))) {
      throw new ExpressionParseException(
          text, start, "'" + text.substring(start, pos + 1) + "'", "a number");
    }
    return new Token(Token.Kind.NUMBER, text.substring(start, pos), start);
  }

  private Token quoted(int start, char quote, Token.Kind kind, String expected) {
    StringBuilder sb = new StringBuilder();
    pos++;
    while (true) {
      if (pos >= text.length()) {
        throw new ExpressionParseException(text, start, "an unterminated quote", expected);
      }
      char c = text.charAt(pos++);
      if (c == quote) {
        if (pos < text.length() && text.charAt(pos) == quote) {
          sb.append(quote);
          pos++;
        } else {
          break;
        }
      } else {
        sb.append(c);
      }
    }
    if (kind == Token.Kind.QUOTED_IDENT && sb.length() == 0) {
      throw new ExpressionParseException(text, start, "\"\"", "a non-empty quoted identifier");
    }
    return new Token(kind, sb.toString(), start);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isIdentStart(char c) {
    return c == '_' || Character.isLetter(c);
  }

  private static boolean isIdentPart(char c) {
    return c == '_' || Character.isLetterOrDigit(c);
  }
}
