package org.parquetarrow.format;

import static org.parquetarrow.format.ThriftWriter.enumValue;
import static org.parquetarrow.format.ThriftWriter.require;

import org.apache.thrift.TException;
import org.apache.thrift.protocol.TType;

/** Compact-protocol codec of {@code SchemaElement} and the {@code LogicalType} union. */
final class SchemaElementCodec {
  private SchemaElementCodec() {}

  static SchemaElement read(ThriftReader in) throws TException {
    in.structBegin();
    PhysicalType type = null;
    Integer typeLength = null;
    Repetition repetition = null;
    String name = null;
    Integer numChildren = null;
    ConvertedType convertedType = null;
    Integer scale = null;
    Integer precision = null;
    Integer fieldId = null;
    LogicalType logicalType = null;
    Integer vectorLength = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            type = ColumnMetaDataCodec.physicalType(in, in.readI32(), "SchemaElement.type");
          }
        }
        case 2 -> typeLength = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : typeLength;
        case 3 -> {
          if (in.expect(TType.I32)) {
            int value = in.readI32();
            repetition = Repetition.fromValue(value);
            if (repetition == null) {
              throw in.corrupt("SchemaElement.repetition_type has the undefined value " + value);
            }
          }
        }
        case 4 -> name = in.expect(TType.STRING) ? in.readString() : name;
        case 5 -> numChildren = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : numChildren;
        case 6 -> {
          if (in.expect(TType.I32)) {
            // ConvertedType is frozen; a value outside it is noise, read as "no converted type".
            convertedType = ConvertedType.fromValue(in.readI32());
          }
        }
        case 7 -> scale = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : scale;
        case 8 -> precision = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : precision;
        case 9 -> fieldId = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : fieldId;
        case 10 -> logicalType = in.expect(TType.STRUCT) ? readLogicalType(in) : logicalType;
        case 11 -> vectorLength = in.expect(TType.I32) ? Integer.valueOf(in.readI32()) : vectorLength;
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (name == null) {
      throw in.missing("SchemaElement", "name");
    }
    return new SchemaElement(type, typeLength, repetition, name, numChildren, convertedType, scale,
        precision, fieldId, logicalType, vectorLength);
  }

  static void write(SchemaElement e, ThriftWriter out) throws TException {
    out.structBegin();
    if (e.type() != null) {
      out.i32(1, e.type().value());
    }
    out.i32(2, e.typeLength());
    if (e.repetitionType() != null) {
      out.i32(3, e.repetitionType().value());
    }
    out.string(4, require(e.name(), "SchemaElement.name"));
    out.i32(5, e.numChildren());
    if (e.convertedType() != null) {
      out.i32(6, e.convertedType().value());
    }
    out.i32(7, e.scale());
    out.i32(8, e.precision());
    out.i32(9, e.fieldId());
    if (e.logicalType() != null) {
      out.field(TType.STRUCT, 10);
      writeLogicalType(e.logicalType(), out);
    }
    out.i32(11, e.vectorLength());
    out.structEnd();
  }

  // ---------------------------------------------------------------- LogicalType

  /**
   * Reads the union. A member this library does not know, or a known member whose time unit it
   * does not know, reads as {@link LogicalType.Unrecognized}: readers then fall back to the
   * physical type instead of failing. If several members are present the last one wins.
   */
  static LogicalType readLogicalType(ThriftReader in) throws TException {
    in.structBegin();
    LogicalType result = null;
    while (in.nextField()) {
      int id = in.fieldId();
      if (!in.expect(TType.STRUCT)) {
        result = new LogicalType.Unrecognized(id);
        continue;
      }
      result = switch (id) {
        case 1 -> empty(in, LogicalType.STRING);
        case 2 -> empty(in, LogicalType.MAP);
        case 3 -> empty(in, LogicalType.LIST);
        case 4 -> empty(in, LogicalType.ENUM);
        case 5 -> readDecimal(in);
        case 6 -> empty(in, LogicalType.DATE);
        case 7 -> readTime(in, id, "TimeType");
        case 8 -> readTime(in, id, "TimestampType");
        case 10 -> readInt(in);
        case 11 -> empty(in, LogicalType.UNKNOWN);
        case 12 -> empty(in, LogicalType.JSON);
        case 13 -> empty(in, LogicalType.BSON);
        case 14 -> empty(in, LogicalType.UUID);
        case 15 -> empty(in, LogicalType.FLOAT16);
        case 16 -> readVariant(in);
        case 17 -> readGeometry(in);
        case 18 -> readGeography(in);
        case 19 -> empty(in, LogicalType.VECTOR);
        default -> {
          in.skipField();
          yield new LogicalType.Unrecognized(id);
        }
      };
    }
    in.structEnd();
    if (result == null) {
      throw in.corrupt("LogicalType union has no member");
    }
    return result;
  }

  /** Reads a member struct that has no fields (fields a newer writer added are skipped). */
  private static LogicalType empty(ThriftReader in, LogicalType singleton) throws TException {
    in.skipField();
    return singleton;
  }

  private static LogicalType readDecimal(ThriftReader in) throws TException {
    in.structBegin();
    int scale = 0;
    int precision = 0;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.I32)) {
            scale = in.readI32();
            seen |= 1;
          }
        }
        case 2 -> {
          if (in.expect(TType.I32)) {
            precision = in.readI32();
            seen |= 2;
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    if ((seen & 1) == 0) {
      throw in.missing("DecimalType", "scale");
    }
    if ((seen & 2) == 0) {
      throw in.missing("DecimalType", "precision");
    }
    return new LogicalType.DecimalType(scale, precision);
  }

  /** TimeType and TimestampType have the same fields. */
  private static LogicalType readTime(ThriftReader in, int unionId, String struct) throws TException {
    in.structBegin();
    boolean utc = false;
    boolean hasUtc = false;
    TimeUnit unit = null;
    boolean hasUnit = false;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.BOOL)) {
            utc = in.readBool();
            hasUtc = true;
          }
        }
        case 2 -> {
          if (in.expect(TType.STRUCT)) {
            unit = readTimeUnit(in);
            hasUnit = true;
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    if (!hasUtc) {
      throw in.missing(struct, "isAdjustedToUTC");
    }
    if (!hasUnit) {
      throw in.missing(struct, "unit");
    }
    if (unit == null) {
      return new LogicalType.Unrecognized(unionId);
    }
    return unionId == 7 ? new LogicalType.TimeType(utc, unit) : new LogicalType.TimestampType(utc, unit);
  }

  /** The TimeUnit union; {@code null} for a unit this library does not know. */
  private static TimeUnit readTimeUnit(ThriftReader in) throws TException {
    return UnionCodec.readEmptyMembers(in, "TimeUnit", TimeUnit::fromValue);
  }

  private static LogicalType readInt(ThriftReader in) throws TException {
    in.structBegin();
    int bitWidth = 0;
    boolean signed = false;
    int seen = 0;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> {
          if (in.expect(TType.BYTE)) {
            bitWidth = in.readByte();
            seen |= 1;
          }
        }
        case 2 -> {
          if (in.expect(TType.BOOL)) {
            signed = in.readBool();
            seen |= 2;
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    if ((seen & 1) == 0) {
      throw in.missing("IntType", "bitWidth");
    }
    if ((seen & 2) == 0) {
      throw in.missing("IntType", "isSigned");
    }
    return new LogicalType.IntType(bitWidth, signed);
  }

  private static LogicalType readVariant(ThriftReader in) throws TException {
    in.structBegin();
    Integer version = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> version = in.expect(TType.BYTE) ? Integer.valueOf(in.readByte()) : version;
        default -> in.skipField();
      }
    }
    in.structEnd();
    return new LogicalType.VariantType(version);
  }

  private static LogicalType readGeometry(ThriftReader in) throws TException {
    in.structBegin();
    String crs = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> crs = in.expect(TType.STRING) ? in.readString() : crs;
        default -> in.skipField();
      }
    }
    in.structEnd();
    return new LogicalType.GeometryType(crs);
  }

  private static LogicalType readGeography(ThriftReader in) throws TException {
    in.structBegin();
    String crs = null;
    EdgeInterpolationAlgorithm algorithm = null;
    while (in.nextField()) {
      switch (in.fieldId()) {
        case 1 -> crs = in.expect(TType.STRING) ? in.readString() : crs;
        case 2 -> {
          if (in.expect(TType.I32)) {
            // unknown algorithm: absent, i.e. the default SPHERICAL applies
            algorithm = EdgeInterpolationAlgorithm.fromValue(in.readI32());
          }
        }
        default -> in.skipField();
      }
    }
    in.structEnd();
    return new LogicalType.GeographyType(crs, algorithm);
  }

  static void writeLogicalType(LogicalType t, ThriftWriter out) throws TException {
    if (t instanceof LogicalType.Unrecognized u) {
      throw new IllegalArgumentException(
          "SchemaElement.logicalType is the unrecognized union member " + u.unionFieldId()
              + ", which cannot be written");
    }
    out.structBegin();
    out.field(TType.STRUCT, t.unionFieldId());
    out.structBegin();
    if (t instanceof LogicalType.DecimalType d) {
      out.i32(1, d.scale());
      out.i32(2, d.precision());
    } else if (t instanceof LogicalType.TimeType time) {
      writeTimeFields(time.isAdjustedToUTC(), time.unit(), "TimeType", out);
    } else if (t instanceof LogicalType.TimestampType ts) {
      writeTimeFields(ts.isAdjustedToUTC(), ts.unit(), "TimestampType", out);
    } else if (t instanceof LogicalType.IntType i) {
      out.i8(1, checkedByte(i.bitWidth(), "IntType.bitWidth"));
      out.bool(2, i.isSigned());
    } else if (t instanceof LogicalType.VariantType v) {
      if (v.specificationVersion() != null) {
        out.i8(1, checkedByte(v.specificationVersion(), "VariantType.specification_version"));
      }
    } else if (t instanceof LogicalType.GeometryType g) {
      out.string(1, g.crs());
    } else if (t instanceof LogicalType.GeographyType g) {
      out.string(1, g.crs());
      if (g.algorithm() != null) {
        out.i32(2, g.algorithm().value());
      }
    }
    // every other member is an empty struct
    out.structEnd();
    out.structEnd();
  }

  private static void writeTimeFields(boolean utc, TimeUnit unit, String struct, ThriftWriter out)
      throws TException {
    out.bool(1, utc);
    TimeUnit u = require(unit, struct + ".unit");
    out.field(TType.STRUCT, 2);
    UnionCodec.writeEmptyMember(enumValue(u.value(), u, struct + ".unit"), out);
  }

  private static byte checkedByte(int value, String structAndField) {
    if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
      throw new IllegalArgumentException(structAndField + " is " + value + ", outside the thrift i8 range");
    }
    return (byte) value;
  }
}
