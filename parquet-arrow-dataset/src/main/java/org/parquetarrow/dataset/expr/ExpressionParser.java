package org.parquetarrow.dataset.expr;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the subset of SQL's {@code WHERE} syntax that filters are written in, so that the same
 * text runs unchanged in DuckDB:
 *
 * <pre>
 * filter     := or
 * or         := and ('or' and)*
 * and        := not ('and' not)*
 * not        := 'not' not | '(' filter ')' | predicate
 * predicate  := column op literal | literal op column          op: = == != &lt;&gt; &lt; &lt;= &gt; &gt;=
 *             | column                                     a boolean column alone: column = true
 *             | column ['not'] 'in' '(' item (',' item)* ')'      item: literal | null
 *             | column ['not'] 'between' literal 'and' literal
 *             | column 'is' ['not'] 'null'
 *             | column ['not'] 'like' 'prefix%'
 *             | 'starts_with' '(' column ',' string ')'
 * column     := name ('.' name)*                              name: x or "any text"
 * literal    := ['-'|'+'] number | 'string' | true | false
 *             | date 'yyyy-mm-dd' | time 'hh:mm:ss[.f]' | timestamp 'yyyy-mm-dd hh:mm:ss[.f]'
 *             | timestamptz 'yyyy-mm-dd hh:mm:ss[.f][+hh:mm | Z | Region/City]'
 * </pre>
 *
 * Nesting ({@code (…)} and {@code not}, counted together) is limited to {@value #MAX_DEPTH} levels, so
 * that a hostile filter cannot exhaust the stack of a parser, binder or evaluator; deeper filters
 * are refused with an {@link ExpressionParseException} naming the limit. Long flat {@code and} /
 * {@code or} chains are not nesting: they become one node with many terms.
 *
 * <p>Keywords are case-insensitive. Numbers without a point are INTEGER (DECIMAL when beyond 64 bits),
 * with a point DECIMAL, with an exponent DOUBLE. In strings and quoted names a doubled quote
 * stands for itself. {@code like} accepts only prefix patterns ({@code 'abc%'}, or no wildcard for
 * equality).
 *
 * <pre>{@code
 * Expression f = ExpressionParser.parse("x > 5 and \"my col\".y in ('a', 'b')");
 * }</pre>
 */
public final class ExpressionParser {
  /** Most levels of parentheses and {@code not} a filter may nest. */
  public static final int MAX_DEPTH = 256;

  private final String text;
  private final List<Token> tokens;
  private int index;
  /** Levels of parentheses and {@code not} open at the current token. */
  private int depth;

  private ExpressionParser(String text) {
    this.text = text;
    this.tokens = Lexer.tokenize(text);
  }

  /**
   * Parses {@code text}.
   *
   * @throws ExpressionParseException naming the position of the bad token and what was expected,
   *     or the nesting limit ({@value #MAX_DEPTH}) when the filter nests deeper
   */
  public static Expression parse(String text) {
    ExpressionParser p = new ExpressionParser(text);
    Expression e = p.or();
    p.expectEnd();
    return e;
  }

  private Expression or() {
    List<Expression> terms = new ArrayList<>();
    terms.add(and());
    while (peek().isKeyword("or")) {
      index++;
      terms.add(and());
    }
    return Expressions.or(terms.toArray(Expression[]::new));
  }

  private Expression and() {
    List<Expression> terms = new ArrayList<>();
    terms.add(not());
    while (peek().isKeyword("and")) {
      index++;
      terms.add(not());
    }
    return Expressions.and(terms.toArray(Expression[]::new));
  }

  private Expression not() {
    if (peek().isKeyword("not")) {
      enter();
      index++;
      Expression e = new Not(not());
      depth--;
      return e;
    }
    if (peek().kind() == Token.Kind.LPAREN) {
      enter();
      index++;
      Expression e = or();
      expect(Token.Kind.RPAREN, "')' or a logical operator (and, or)");
      depth--;
      return e;
    }
    return predicate();
  }

  /** Opens one level of nesting, refusing the level beyond {@link #MAX_DEPTH}. */
  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw error(peek(), "at most " + MAX_DEPTH + " levels of nested parentheses and 'not' (the nesting limit)");
    }
  }

  private Expression predicate() {
    Token first = peek();
    if (first.isKeyword("starts_with") && peek(1).kind() == Token.Kind.LPAREN) {
      index += 2;
      ColumnRef column = column();
      expect(Token.Kind.COMMA, "','");
      Token prefix = expect(Token.Kind.STRING, "a string prefix");
      if (prefix.text().indexOf('%') >= 0 || prefix.text().indexOf('_') >= 0) {
        // StartsWith is written back as LIKE, where these two are wildcards
        throw error(prefix, "a prefix without % or _");
      }
      expect(Token.Kind.RPAREN, "')'");
      return new StartsWith(column, prefix.text());
    }
    if (startsLiteral()) {
      Literal left = literal();
      Token op = expect(Token.Kind.OPERATOR, "a comparison operator (= != < <= > >=)");
      ColumnRef column = column();
      return new Comparison(column, operator(op).flip(), left);
    }
    ColumnRef column = column();
    Token t = peek();
    if (t.kind() == Token.Kind.EOF || t.kind() == Token.Kind.RPAREN || t.isKeyword("and") || t.isKeyword("or")) {
      // SQL's "where flag" (and pyarrow's pc.field("flag") as a filter); "not flag" is not() of this
      return new Comparison(column, CompareOp.EQ, Literal.of(true));
    }
    if (t.kind() == Token.Kind.OPERATOR) {
      index++;
      if (!startsLiteral()) {
        throw error(peek(), "a literal (comparisons between two columns are not supported)");
      }
      return new Comparison(column, operator(t), literal());
    }
    if (t.isKeyword("is")) {
      index++;
      boolean negated = acceptKeyword("not");
      expectKeyword("null", negated ? "null" : "'null' or 'not null'");
      return new NullCheck(column, !negated);
    }
    boolean negated = acceptKeyword("not");
    Token kw = peek();
    if (kw.isKeyword("in")) {
      index++;
      expect(Token.Kind.LPAREN, "'(' after in");
      List<Literal> values = new ArrayList<>();
      boolean withNull = false;
      do {
        if (acceptKeyword("null")) {
          withNull = true; // SQL keeps it: it turns a miss into unknown (see InList)
        } else {
          values.add(literal());
        }
      } while (accept(Token.Kind.COMMA));
      expect(Token.Kind.RPAREN, "',' or ')' in the in list");
      return new InList(column, values, negated, withNull);
    }
    if (kw.isKeyword("between")) {
      index++;
      Literal low = literal();
      expectKeyword("and", "'and' between the bounds of between");
      Literal high = literal();
      Expression e = new Between(column, low, high);
      return negated ? new Not(e) : e;
    }
    if (kw.isKeyword("like")) {
      index++;
      Expression e = like(column, expect(Token.Kind.STRING, "a string pattern after like"));
      return negated ? new Not(e) : e;
    }
    throw error(
        kw,
        negated
            ? "in, between or like after not"
            : "an operator (= != < <= > >=), in, between, like or is [not] null after the column");
  }

  private Expression like(ColumnRef column, Token pattern) {
    String p = pattern.text();
    int percent = p.indexOf('%');
    int underscore = p.indexOf('_');
    if (underscore >= 0 || (percent >= 0 && percent != p.length() - 1)) {
      throw error(pattern, "a prefix pattern like 'abc%' (no _ and only one trailing %)");
    }
    if (percent < 0) {
      return new Comparison(column, CompareOp.EQ, Literal.of(p));
    }
    return new StartsWith(column, p.substring(0, p.length() - 1));
  }

  private ColumnRef column() {
    List<String> path = new ArrayList<>();
    path.add(name());
    while (accept(Token.Kind.DOT)) {
      path.add(name());
    }
    return new ColumnRef(path);
  }

  private String name() {
    Token t = peek();
    if (t.kind() == Token.Kind.QUOTED_IDENT
        || (t.kind() == Token.Kind.IDENT && !Lexer.RESERVED.contains(t.text().toLowerCase()))) {
      index++;
      return t.text();
    }
    throw error(t, "a column name");
  }

  private boolean startsLiteral() {
    Token t = peek();
    return switch (t.kind()) {
      case NUMBER, STRING, MINUS, PLUS -> true;
      case IDENT -> t.isKeyword("true")
          || t.isKeyword("false")
          || t.isKeyword("null")
          || (isTemporalKeyword(t) && peek(1).kind() == Token.Kind.STRING);
      default -> false;
    };
  }

  private Literal literal() {
    Token t = peek();
    if (t.kind() == Token.Kind.MINUS || t.kind() == Token.Kind.PLUS) {
      index++;
      Token n = expect(Token.Kind.NUMBER, "a number after '" + t.text() + "'");
      return number(n, t.kind() == Token.Kind.MINUS);
    }
    if (t.kind() == Token.Kind.NUMBER) {
      index++;
      return number(t, false);
    }
    if (t.kind() == Token.Kind.STRING) {
      index++;
      return accept(Token.Kind.CAST) ? cast(t) : Literal.of(t.text());
    }
    if (t.isKeyword("true") || t.isKeyword("false")) {
      index++;
      return Literal.of(t.isKeyword("true"));
    }
    if (t.isKeyword("null")) {
      throw error(t, "a literal (compare with null using 'is null' / 'is not null')");
    }
    if (isTemporalKeyword(t) && peek(1).kind() == Token.Kind.STRING) {
      index++;
      Token s = expect(Token.Kind.STRING, "a quoted value");
      return temporal(t.text().toLowerCase(), s);
    }
    throw error(t, "a literal (number, 'string', true, false, date '...', timestamp '...')");
  }

  /**
   * {@code 'text'::TYPE}, as {@link Literal#toSql()} writes the doubles a number cannot spell
   * ({@code 'nan'::DOUBLE}, {@code 'inf'::DOUBLE}, {@code '-inf'::DOUBLE}) and binary values
   * ({@code '\x00\xFF'::BLOB}, a byte per {@code \xHH}, other characters as their UTF-8 bytes).
   */
  private Literal cast(Token s) {
    Token type = expect(Token.Kind.IDENT, "a type after '::' (DOUBLE or BLOB)");
    String name = type.text().toUpperCase(java.util.Locale.ROOT);
    switch (name) {
      case "DOUBLE", "FLOAT8", "FLOAT", "REAL" -> {
        String v = s.text().strip().toLowerCase(java.util.Locale.ROOT);
        switch (v) {
          case "nan", "+nan", "-nan" -> {
            return Literal.of(Double.NaN);
          }
          case "inf", "+inf", "infinity", "+infinity" -> {
            return Literal.of(Double.POSITIVE_INFINITY);
          }
          case "-inf", "-infinity" -> {
            return Literal.of(Double.NEGATIVE_INFINITY);
          }
          default -> {
            try {
              double d = Double.parseDouble(v);
              if (Double.isInfinite(d)) {
                throw error(s, "a double within range (or 'inf')");
              }
              return Literal.of(d);
            } catch (NumberFormatException e) {
              throw error(s, "a number, 'nan', 'inf' or '-inf' before ::" + name);
            }
          }
        }
      }
      case "BLOB", "BYTEA", "VARBINARY" -> {
        return Literal.of(blob(s));
      }
      default -> throw error(type, "DOUBLE or BLOB after '::'");
    }
  }

  private byte[] blob(Token s) {
    String v = s.text();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < v.length(); ) {
      if (v.startsWith("\\x", i) && i + 4 <= v.length()) {
        try {
          out.write(Integer.parseInt(v.substring(i + 2, i + 4), 16));
        } catch (NumberFormatException e) {
          throw error(s, "two hexadecimal digits after \\x");
        }
        i += 4;
      } else {
        int cp = v.codePointAt(i);
        out.writeBytes(new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        i += Character.charCount(cp);
      }
    }
    return out.toByteArray();
  }

  private Literal number(Token t, boolean negative) {
    String digits = negative ? "-" + t.text() : t.text();
    if (digits.indexOf('e') >= 0 || digits.indexOf('E') >= 0) {
      double d = Double.parseDouble(digits);
      if (Double.isInfinite(d)) {
        // a typo more likely than a wish for infinity, which 'inf' spells
        throw error(t, "a number within a double's range (at most about 1.8e308; 'inf' for infinity), not " + digits);
      }
      return Literal.of(d);
    }
    BigDecimal d = new BigDecimal(digits);
    if (digits.indexOf('.') >= 0) {
      return Literal.of(d);
    }
    return Literal.of(d.toBigIntegerExact());
  }

  private static boolean isTemporalKeyword(Token t) {
    return t.isKeyword("date") || t.isKeyword("time") || t.isKeyword("timestamp") || t.isKeyword("timestamptz");
  }

  /**
   * As DuckDB types them: {@code date '…'} keeps the date written (a time after it is dropped),
   * {@code timestamp '…'} the wall time written (a zone after it is dropped) and {@code
   * timestamptz '…'} the instant (UTC when no zone is written), both to whole microseconds.
   */
  private Literal temporal(String keyword, Token s) {
    String v = s.text().strip();
    try {
      return switch (keyword) {
        case "date" -> Literal.of(TimestampText.parse(v).local().toLocalDate());
        case "time" -> Literal.of(LocalTime.parse(v));
        case "timestamptz" -> Literal.of(TimestampText.micros(TimestampText.parse(v).utc()));
        default -> Literal.of(TimestampText.micros(TimestampText.parse(v).local()));
      };
    } catch (DateTimeParseException e) {
      throw error(
          s,
          switch (keyword) {
            case "date" -> "a date 'yyyy-mm-dd'";
            case "time" -> "a time 'hh:mm[:ss[.fffffffff]]'";
            default -> "a timestamp 'yyyy-mm-dd[ hh:mm[:ss[.ffffff]]][+hh:mm]'";
          });
    }
  }

  private CompareOp operator(Token t) {
    return switch (t.text()) {
      case "=" -> CompareOp.EQ;
      case "!=" -> CompareOp.NE;
      case "<" -> CompareOp.LT;
      case "<=" -> CompareOp.LE;
      case ">" -> CompareOp.GT;
      case ">=" -> CompareOp.GE;
      default -> throw error(t, "a comparison operator");
    };
  }

  private Token peek() {
    return tokens.get(index);
  }

  private Token peek(int ahead) {
    return tokens.get(Math.min(index + ahead, tokens.size() - 1));
  }

  private boolean accept(Token.Kind kind) {
    if (peek().kind() == kind) {
      index++;
      return true;
    }
    return false;
  }

  private boolean acceptKeyword(String word) {
    if (peek().isKeyword(word)) {
      index++;
      return true;
    }
    return false;
  }

  private Token expect(Token.Kind kind, String expected) {
    Token t = peek();
    if (t.kind() != kind) {
      throw error(t, expected);
    }
    index++;
    return t;
  }

  private void expectKeyword(String word, String expected) {
    if (!acceptKeyword(word)) {
      throw error(peek(), expected);
    }
  }

  private void expectEnd() {
    Token t = peek();
    if (t.kind() != Token.Kind.EOF) {
      throw error(t, "'and', 'or' or the end of the filter");
    }
  }

  private ExpressionParseException error(Token t, String expected) {
    return new ExpressionParseException(text, t.position(), t.describe(), expected);
  }
}
