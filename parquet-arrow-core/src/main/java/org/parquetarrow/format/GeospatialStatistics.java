package org.parquetarrow.format;

import java.util.List;

/**
 * Statistics of GEOMETRY / GEOGRAPHY columns.
 *
 * @param bbox             bounding box, or {@code null}
 * @param geospatialTypes  WKB geometry type codes present, or {@code null}; empty means unknown
 */
public record GeospatialStatistics(BoundingBox bbox, List<Integer> geospatialTypes) {}
