package org.parquetarrow.format;

import java.util.List;

/** Page locations of a column chunk; {@code unencodedByteArrayDataBytes} may be {@code null}. */
public record OffsetIndex(List<PageLocation> pageLocations, List<Long> unencodedByteArrayDataBytes) {}
