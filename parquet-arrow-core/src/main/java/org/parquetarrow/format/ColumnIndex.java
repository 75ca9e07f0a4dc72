package org.parquetarrow.format;

import java.util.List;
import java.util.Objects;

/**
 * Per-page statistics of a column chunk, entry i describing the page at
 * {@code OffsetIndex.pageLocations().get(i)}. Optional lists are {@code null} when absent.
 */
public record ColumnIndex(
    List<Boolean> nullPages,
    List<byte[]> minValues,
    List<byte[]> maxValues,
    BoundaryOrder boundaryOrder,
    List<Long> nullCounts,
    List<Long> repetitionLevelHistograms,
    List<Long> definitionLevelHistograms,
    List<Long> nanCounts) {

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnIndex c
        && nullPages.equals(c.nullPages)
        && Bytes.eq(minValues, c.minValues) && Bytes.eq(maxValues, c.maxValues)
        && boundaryOrder == c.boundaryOrder
        && Objects.equals(nullCounts, c.nullCounts)
        && Objects.equals(repetitionLevelHistograms, c.repetitionLevelHistograms)
        && Objects.equals(definitionLevelHistograms, c.definitionLevelHistograms)
        && Objects.equals(nanCounts, c.nanCounts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(nullPages, Bytes.hash(minValues), Bytes.hash(maxValues), boundaryOrder,
        nullCounts, repetitionLevelHistograms, definitionLevelHistograms, nanCounts);
  }

  @Override
  public String toString() {
    return "ColumnIndex[pages=" + nullPages.size() + ", boundaryOrder=" + boundaryOrder
        + ", nullCounts=" + nullCounts + "]";
  }
}
