package org.parquetarrow.dataset.expr;

/** A comparison operator between a column and a literal. */
public enum CompareOp {
  EQ("="),
  NE("!="),
  LT("<"),
  LE("<="),
  GT(">"),
  GE(">=");

  private final String symbol;

  CompareOp(String symbol) {
    this.symbol = symbol;
  }

  /** The SQL spelling. */
  public String symbol() {
    return symbol;
  }

  /** The operator true exactly when this one is false (for non-null operands). */
  public CompareOp negate() {
    return switch (this) {
      case EQ -> NE;
      case NE -> EQ;
      case LT -> GE;
      case LE -> GT;
      case GT -> LE;
      case GE -> LT;
    };
  }

  /** The operator with its operands swapped: {@code 5 < x} is {@code x > 5}. */
  public CompareOp flip() {
    return switch (this) {
      case EQ, NE -> this;
      case LT -> GT;
      case LE -> GE;
      case GT -> LT;
      case GE -> LE;
    };
  }
}
