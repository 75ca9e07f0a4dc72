package org.parquetarrow.format;

/**
 * Column chunk or page statistics. Every field may be {@code null}. Values are PLAIN-encoded
 * (byte arrays without their length prefix); {@link #max()} / {@link #min()} are the deprecated
 * signed-order fields, {@link #maxValue()} / {@link #minValue()} follow the column's
 * {@link ColumnOrder}.
 */
public record Statistics(
    byte[] max,
    byte[] min,
    Long nullCount,
    Long distinctCount,
    byte[] maxValue,
    byte[] minValue,
    Boolean isMaxValueExact,
    Boolean isMinValueExact,
    Long nanCount) {

  public static final Statistics EMPTY = new Statistics(null, null, null, null, null, null, null, null, null);

  @Override
  public boolean equals(Object o) {
    return o instanceof Statistics s
        && Bytes.eq(max, s.max) && Bytes.eq(min, s.min)
        && java.util.Objects.equals(nullCount, s.nullCount)
        && java.util.Objects.equals(distinctCount, s.distinctCount)
        && Bytes.eq(maxValue, s.maxValue) && Bytes.eq(minValue, s.minValue)
        && java.util.Objects.equals(isMaxValueExact, s.isMaxValueExact)
        && java.util.Objects.equals(isMinValueExact, s.isMinValueExact)
        && java.util.Objects.equals(nanCount, s.nanCount);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(Bytes.hash(max), Bytes.hash(min), nullCount, distinctCount,
        Bytes.hash(maxValue), Bytes.hash(minValue), isMaxValueExact, isMinValueExact, nanCount);
  }

  @Override
  public String toString() {
    return "Statistics[max=" + Bytes.str(max) + ", min=" + Bytes.str(min) + ", nullCount=" + nullCount
        + ", distinctCount=" + distinctCount + ", maxValue=" + Bytes.str(maxValue)
        + ", minValue=" + Bytes.str(minValue) + ", isMaxValueExact=" + isMaxValueExact
        + ", isMinValueExact=" + isMinValueExact + ", nanCount=" + nanCount + "]";
  }
}
