package org.parquetarrow.dataset;

/**
 * How far schema unification may go when files disagree on a column's type; the two levels of
 * pyarrow's {@code unify_schemas(promote_options=...)}.
 */
public enum TypePromotion {
  /**
   * pyarrow's {@code "default"}: types must be equal, except that the null type becomes any other
   * and a nullable field absorbs a non-nullable one.
   */
  EXACT,
  /**
   * pyarrow's {@code "permissive"} (the default here): also integers to wider integers (an
   * unsigned one to a signed one wide enough), integers and decimals to floating point, integers
   * to decimals, floating point to wider, decimals to a decimal holding both, string to binary
   * and to large string, binary to large binary, timestamps and times to the finer unit, and
   * structs and lists member by member.
   */
  PERMISSIVE
}
