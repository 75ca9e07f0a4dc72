package org.parquetarrow.stats;

import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.WriterVersion;

/**
 * Whether a writer's min/max statistics can be trusted, keyed on {@code created_by} the way
 * parquet-java ({@code CorruptStatistics.shouldIgnoreStatistics}) and Arrow C++ ({@code
 * ApplicationVersion::HasCorrectStatistics}) do; a file is trusted only when both would trust it.
 *
 * <ul>
 *   <li>parquet-mr before 1.8.0 sorted binary statistics as signed bytes (PARQUET-251); files
 *       without {@code created_by} date from that era (PARQUET-297), so their binary statistics
 *       are ignored too.
 *   <li>parquet-cpp before 1.3.0 and parquet-mr before 1.10.0 wrote correct statistics only for
 *       signed sort orders, unless min equals max (where the order does not matter).
 *   <li>A column of unknown sort order has no usable statistics.
 * </ul>
 */
public final class StatisticsTrust {
  private StatisticsTrust() {}

  /**
   * Whether min/max of {@code order} written by {@code writer} (parsed from {@code createdBy}) can
   * be used; {@code minEqualsMax} when both bounds are the same bytes (whatever the order, then).
   */
  public static boolean minMaxUsable(
      WriterVersion writer, String createdBy, PhysicalType physical, SortOrder order, boolean minEqualsMax) {
    if (order == SortOrder.UNKNOWN) {
      return false;
    }
    boolean binary = physical == PhysicalType.BYTE_ARRAY || physical == PhysicalType.FIXED_LEN_BYTE_ARRAY;
    // parquet-java
    if (binary) {
      if (createdBy == null || createdBy.isBlank()) {
        return false;
      }
      if (writer.application().equals("parquet-mr")
          && (writer.major() == 0 && writer.minor() == 0 && writer.patch() == 0
              || writer.isBefore("parquet-mr", 1, 8, 0))) {
        return false;
      }
    }
    // Arrow C++
    if (writer.isBefore("parquet-cpp", 1, 3, 0) || writer.isBefore("parquet-mr", 1, 10, 0)) {
      if (order != SortOrder.SIGNED && !minEqualsMax) {
        return false;
      }
    }
    return true;
  }
}
