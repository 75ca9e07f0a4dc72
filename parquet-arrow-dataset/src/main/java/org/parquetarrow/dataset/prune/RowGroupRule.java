package org.parquetarrow.dataset.prune;

import org.parquetarrow.dataset.expr.Expression;

/**
 * A pruning step that rules out a whole row group or not (bloom filters, dictionaries), and
 * tells what showed it.
 */
interface RowGroupRule {
  /** Whether no row of the row group can make {@code filter} true. */
  boolean ruledOut(Expression filter);

  /** What showed it, for the plan explanation; meaningful after {@link #ruledOut} said so. */
  String evidence();
}
