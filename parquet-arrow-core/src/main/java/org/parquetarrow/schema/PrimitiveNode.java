package org.parquetarrow.schema;

import java.util.Objects;
import org.parquetarrow.format.ConvertedType;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;

/**
 * A leaf of the schema: one column of values of one physical type.
 *
 * <pre>{@code
 * PrimitiveNode price = PrimitiveNode.of("price", Repetition.OPTIONAL, PhysicalType.FIXED_LEN_BYTE_ARRAY)
 *     .withTypeLength(16)
 *     .withLogicalType(new LogicalType.DecimalType(2, 30));
 * }</pre>
 *
 * @param typeLength byte width for {@code FIXED_LEN_BYTE_ARRAY}; for other types whatever the file
 *                   stored (usually {@code null})
 * @param scale      the legacy decimal scale as stored, or {@code null}
 * @param precision  the legacy decimal precision as stored, or {@code null}
 */
public record PrimitiveNode(
    String name,
    Repetition repetition,
    PhysicalType physicalType,
    Integer typeLength,
    LogicalType logicalType,
    ConvertedType convertedType,
    Integer scale,
    Integer precision,
    Integer fieldId,
    Integer vectorLength) implements SchemaNode {

  public PrimitiveNode {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(physicalType, "physicalType");
  }

  /** A leaf without annotations. */
  public static PrimitiveNode of(String name, Repetition repetition, PhysicalType physicalType) {
    return new PrimitiveNode(name, repetition, physicalType, null, null, null, null, null, null, null);
  }

  public PrimitiveNode withTypeLength(int length) {
    return new PrimitiveNode(name, repetition, physicalType, length, logicalType, convertedType, scale, precision,
        fieldId, vectorLength);
  }

  /**
   * This leaf annotated with {@code type}, with the legacy converted type writers must add (and, for
   * decimals, the legacy scale and precision).
   */
  public PrimitiveNode withLogicalType(LogicalType type) {
    Integer s = scale;
    Integer p = precision;
    if (type instanceof LogicalType.DecimalType d) {
      s = d.scale();
      p = d.precision();
    }
    return new PrimitiveNode(name, repetition, physicalType, typeLength, type, LogicalTypes.toConvertedType(type),
        s, p, fieldId, vectorLength);
  }

  /** This leaf with only the legacy annotation (as old writers wrote it). */
  public PrimitiveNode withConvertedType(ConvertedType type, Integer legacyScale, Integer legacyPrecision) {
    return new PrimitiveNode(name, repetition, physicalType, typeLength, logicalType, type, legacyScale,
        legacyPrecision, fieldId, vectorLength);
  }

  public PrimitiveNode withFieldId(Integer id) {
    return new PrimitiveNode(name, repetition, physicalType, typeLength, logicalType, convertedType, scale, precision,
        id, vectorLength);
  }

  @Override
  public LogicalType effectiveLogicalType() {
    return logicalType != null ? logicalType : LogicalTypes.fromConvertedType(convertedType, scale, precision);
  }
}
