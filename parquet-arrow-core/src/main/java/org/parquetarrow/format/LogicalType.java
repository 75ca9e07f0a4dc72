package org.parquetarrow.format;

/**
 * The thrift {@code LogicalType} union: one record per member. Members with no fields are
 * singletons ({@link #STRING}, {@link #DATE}, ...). A member this library does not know reads as
 * {@link Unrecognized}, so that readers fall back to the physical type instead of failing.
 *
 * <pre>{@code
 * LogicalType t = new LogicalType.TimestampType(true, TimeUnit.MICROS);
 * if (t instanceof LogicalType.DecimalType d) { int scale = d.scale(); }
 * }</pre>
 */
public sealed interface LogicalType {

  /** The field id of this member in the thrift union. */
  int unionFieldId();

  StringType STRING = new StringType();
  MapType MAP = new MapType();
  ListType LIST = new ListType();
  EnumType ENUM = new EnumType();
  DateType DATE = new DateType();
  NullType UNKNOWN = new NullType();
  JsonType JSON = new JsonType();
  BsonType BSON = new BsonType();
  UuidType UUID = new UuidType();
  Float16Type FLOAT16 = new Float16Type();
  VectorType VECTOR = new VectorType();

  record StringType() implements LogicalType {
    public int unionFieldId() { return 1; }
  }

  record MapType() implements LogicalType {
    public int unionFieldId() { return 2; }
  }

  record ListType() implements LogicalType {
    public int unionFieldId() { return 3; }
  }

  record EnumType() implements LogicalType {
    public int unionFieldId() { return 4; }
  }

  record DecimalType(int scale, int precision) implements LogicalType {
    public int unionFieldId() { return 5; }
  }

  record DateType() implements LogicalType {
    public int unionFieldId() { return 6; }
  }

  record TimeType(boolean isAdjustedToUTC, TimeUnit unit) implements LogicalType {
    public int unionFieldId() { return 7; }
  }

  record TimestampType(boolean isAdjustedToUTC, TimeUnit unit) implements LogicalType {
    public int unionFieldId() { return 8; }
  }

  /** bitWidth is 8, 16, 32 or 64. */
  record IntType(int bitWidth, boolean isSigned) implements LogicalType {
    public int unionFieldId() { return 10; }
  }

  /** Thrift name {@code UNKNOWN}: a column that only ever holds nulls. */
  record NullType() implements LogicalType {
    public int unionFieldId() { return 11; }
  }

  record JsonType() implements LogicalType {
    public int unionFieldId() { return 12; }
  }

  record BsonType() implements LogicalType {
    public int unionFieldId() { return 13; }
  }

  record UuidType() implements LogicalType {
    public int unionFieldId() { return 14; }
  }

  record Float16Type() implements LogicalType {
    public int unionFieldId() { return 15; }
  }

  /** @param specificationVersion the Variant spec version, or {@code null} when not written */
  record VariantType(Integer specificationVersion) implements LogicalType {
    public int unionFieldId() { return 16; }
  }

  /** @param crs the CRS, or {@code null} for the default OGC:CRS84 */
  record GeometryType(String crs) implements LogicalType {
    public int unionFieldId() { return 17; }
  }

  /**
   * @param crs       the CRS, or {@code null} for the default OGC:CRS84
   * @param algorithm edge interpolation, or {@code null} for the default SPHERICAL
   */
  record GeographyType(String crs, EdgeInterpolationAlgorithm algorithm) implements LogicalType {
    public int unionFieldId() { return 18; }
  }

  record VectorType() implements LogicalType {
    public int unionFieldId() { return 19; }
  }

  /** A union member this library does not know; its content was skipped. */
  record Unrecognized(int unionFieldId) implements LogicalType {}
}
