package org.parquetarrow.dataset.expr;

import java.util.Objects;

/**
 * Whether a string or binary column starts with {@code prefix} (compared as UTF-8 bytes). Written
 * {@code column like 'prefix%'} in text.
 *
 * @param column the column
 * @param prefix the prefix, neither {@code %} nor {@code _} inside
 */
public record StartsWith(ColumnRef column, String prefix) implements Expression {
  public StartsWith {
    Objects.requireNonNull(prefix, "prefix");
    if (prefix.indexOf('%') >= 0 || prefix.indexOf('_') >= 0) {
      throw new IllegalArgumentException(
          "a starts_with prefix cannot hold % or _ (they are LIKE wildcards): " + prefix);
    }
  }

  @Override
  public String toSql() {
    return column.toSql() + " like " + Literal.quote(prefix + "%");
  }
}
