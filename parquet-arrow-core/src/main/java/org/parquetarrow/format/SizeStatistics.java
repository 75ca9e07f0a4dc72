package org.parquetarrow.format;

import java.util.List;

/**
 * Unencoded sizes and level histograms of a column chunk or page. Every field may be {@code null}.
 *
 * @param unencodedByteArrayDataBytes BYTE_ARRAY bytes without length prefixes
 * @param repetitionLevelHistogram    count per repetition level (size max_rep + 1)
 * @param definitionLevelHistogram    count per definition level (size max_def + 1)
 */
public record SizeStatistics(
    Long unencodedByteArrayDataBytes,
    List<Long> repetitionLevelHistogram,
    List<Long> definitionLevelHistogram) {}
