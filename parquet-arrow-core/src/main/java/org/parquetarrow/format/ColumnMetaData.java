package org.parquetarrow.format;

import java.util.List;

/** Metadata of one column chunk. Optional fields are {@code null} when absent. */
public record ColumnMetaData(
    PhysicalType type,
    List<Encoding> encodings,
    List<String> pathInSchema,
    CompressionCodec codec,
    long numValues,
    long totalUncompressedSize,
    long totalCompressedSize,
    List<KeyValue> keyValueMetadata,
    long dataPageOffset,
    Long indexPageOffset,
    Long dictionaryPageOffset,
    Statistics statistics,
    List<PageEncodingStats> encodingStats,
    Long bloomFilterOffset,
    Integer bloomFilterLength,
    SizeStatistics sizeStatistics,
    GeospatialStatistics geospatialStatistics) {}
