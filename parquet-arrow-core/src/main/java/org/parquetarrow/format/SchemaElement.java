package org.parquetarrow.format;

/**
 * One node of the flattened (depth-first) schema. Groups have {@code numChildren} and no
 * {@code type}; leaves have a {@code type}. Optional fields are {@code null} when absent.
 */
public record SchemaElement(
    PhysicalType type,
    Integer typeLength,
    Repetition repetitionType,
    String name,
    Integer numChildren,
    ConvertedType convertedType,
    Integer scale,
    Integer precision,
    Integer fieldId,
    LogicalType logicalType,
    Integer vectorLength) {}
