package org.parquetarrow.dataset.prune;

/**
 * What metadata says about a filter over a set of rows (a partition, row group or page): every row
 * matches, no row matches, or it cannot tell. "Matches" means the filter is true; a row where it is
 * false or unknown (null) does not match.
 */
public enum Truth {
  ALWAYS,
  NEVER,
  MAYBE;

  /** Both hold. */
  public Truth and(Truth other) {
    if (this == NEVER || other == NEVER) {
      return NEVER;
    }
    return this == ALWAYS && other == ALWAYS ? ALWAYS : MAYBE;
  }

  /** Either holds. */
  public Truth or(Truth other) {
    if (this == ALWAYS || other == ALWAYS) {
      return ALWAYS;
    }
    return this == NEVER && other == NEVER ? NEVER : MAYBE;
  }

  /**
   * The negation. Rows where a filter is not true may be false or unknown, and the negation of
   * unknown is unknown, so NEVER negates only to MAYBE.
   */
  public Truth not() {
    return this == ALWAYS ? NEVER : MAYBE;
  }

  /** Whether the rows can be skipped. */
  public boolean canSkip() {
    return this == NEVER;
  }
}
