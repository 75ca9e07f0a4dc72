/**
 * Row filters: the expression model ({@link org.parquetarrow.dataset.expr.Expression} and its
 * records), a fluent Java builder ({@link org.parquetarrow.dataset.expr.Expressions}, {@link
 * org.parquetarrow.dataset.expr.ColumnRef}), a parser for the SQL {@code WHERE} subset that runs
 * unchanged in DuckDB ({@link org.parquetarrow.dataset.expr.ExpressionParser}, errors with the
 * position of the bad token), and binding to an Arrow schema with literal coercion ({@link
 * org.parquetarrow.dataset.expr.ExpressionBinder}).
 *
 * <pre>{@code
 * Expression f = ExpressionParser.parse("year = 2024 and name like 'abc%' and a.b between 1 and 9");
 * Expression bound = ExpressionBinder.bind(f, dataset.schema());   // type-checked, literals coerced
 * }</pre>
 */
package org.parquetarrow.dataset.expr;
