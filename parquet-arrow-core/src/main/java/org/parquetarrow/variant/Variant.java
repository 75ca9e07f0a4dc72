package org.parquetarrow.variant;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.UUID;

/**
 * One Variant value (the binary encoding of {@code VariantEncoding.md}) with the metadata its
 * field names come from. Built by {@link #of}, which checks every length, offset, id and string of
 * the value against the bytes, so that the accessors below never read outside them. Immutable;
 * the nested values it hands out share its bytes.
 *
 * <p>{@link #equals} compares meaning, not bytes: objects by field name (whatever the ids and the
 * order of values), integers and decimals by numeric value ({@code 1 == 1.00}, as the spec's
 * "exact numeric" class), short and long strings alike. {@link #toJson()} renders it as JSON.
 *
 * <pre>{@code
 * Variant v = Variant.of(metadataBytes, valueBytes);
 * if (v.kind() == VariantKind.OBJECT) {
 *   Variant ts = v.field("event_ts");   // null when absent
 * }
 * String json = v.toJson();
 * }</pre>
 */
public final class Variant {
  private final VariantMetadata metadata;
  private final byte[] b;
  private final int at;
  private final int length;

  private Variant(VariantMetadata metadata, byte[] b, int at, int length) {
    this.metadata = metadata;
    this.b = b;
    this.at = at;
    this.length = length;
  }

  /**
   * The variant of {@code value} (which it must fill exactly) with field names from
   * {@code metadata}. The arrays are copied.
   *
   * @throws VariantFormatException when either half breaks the encoding
   */
  public static Variant of(byte[] metadata, byte[] value) {
    return of(VariantMetadata.parse(metadata), value, 0, value.length);
  }

  /**
   * The variant encoded in {@code value[offset, offset+length)}, which it must fill exactly. The
   * bytes are copied.
   *
   * @throws VariantFormatException when the value breaks the encoding
   */
  public static Variant of(VariantMetadata metadata, byte[] value, int offset, int length) {
    Objects.requireNonNull(metadata, "metadata");
    if (offset < 0 || length < 0 || offset > value.length - length) {
      throw new IllegalArgumentException("range " + offset + "+" + length + " outside " + value.length + " bytes");
    }
    byte[] copy = Arrays.copyOfRange(value, offset, offset + length);
    int used = VariantValues.check(metadata, copy, 0, length);
    if (used != length) {
      throw new VariantFormatException("variant value is " + used + " bytes followed by " + (length - used) + " more");
    }
    return new Variant(metadata, copy, 0, length);
  }

  /**
   * A variant stored as metadata bytes directly followed by value bytes (as the
   * {@code .variant.bin} files of parquet-testing hold them).
   */
  public static Variant ofConcatenated(byte[] metadataThenValue) {
    VariantMetadata m = VariantMetadata.parsePrefix(metadataThenValue, 0, metadataThenValue.length);
    int split = m.encodedLength();
    return of(m, metadataThenValue, split, metadataThenValue.length - split);
  }

  public VariantMetadata metadata() {
    return metadata;
  }

  public VariantKind kind() {
    return VariantValues.kind(b, at);
  }

  /** A copy of the encoded value. */
  public byte[] valueBytes() {
    return Arrays.copyOfRange(b, at, at + length);
  }

  public boolean isNull() {
    return kind() == VariantKind.NULL;
  }

  public boolean getBoolean() {
    expect(VariantKind.BOOLEAN);
    return (b[at] & 0xFF) >>> 2 == 1;
  }

  /**
   * The integer of an INT8 to INT64 value, the days of a DATE, the microseconds or nanoseconds of
   * a TIME or TIMESTAMP.
   */
  public long getLong() {
    return switch (kind()) {
      case INT8 -> b[at + 1];
      case INT16 -> (short) LittleEndianBytes.unsigned(b, at + 1, 2);
      case INT32, DATE -> (int) LittleEndianBytes.unsigned(b, at + 1, 4);
      case INT64, TIMESTAMP_TZ_MICROS, TIMESTAMP_NTZ_MICROS, TIME_NTZ_MICROS, TIMESTAMP_TZ_NANOS,
          TIMESTAMP_NTZ_NANOS -> LittleEndianBytes.unsigned(b, at + 1, 8);
      default -> throw wrongKind("an integer, date, time or timestamp");
    };
  }

  public float getFloat() {
    expect(VariantKind.FLOAT);
    return Float.intBitsToFloat((int) LittleEndianBytes.unsigned(b, at + 1, 4));
  }

  public double getDouble() {
    expect(VariantKind.DOUBLE);
    return Double.longBitsToDouble(LittleEndianBytes.unsigned(b, at + 1, 8));
  }

  /** The value of a decimal or integer. */
  public BigDecimal getDecimal() {
    VariantKind k = kind();
    int width = switch (k) {
      case DECIMAL4 -> 4;
      case DECIMAL8 -> 8;
      case DECIMAL16 -> 16;
      case INT8, INT16, INT32, INT64 -> 0;
      default -> throw wrongKind("a number of the exact numeric class");
    };
    if (width == 0) {
      return BigDecimal.valueOf(getLong());
    }
    byte[] bigEndian = new byte[width];
    for (int i = 0; i < width; i++) {
      bigEndian[i] = b[at + 2 + width - 1 - i];
    }
    return new BigDecimal(new BigInteger(bigEndian), b[at + 1] & 0xFF);
  }

  /** The text of a string (short or long). */
  public String getString() {
    int header = b[at] & 0xFF;
    if ((header & 0x03) == VariantValues.BASIC_SHORT_STRING) {
      return new String(b, at + 1, header >>> 2, StandardCharsets.UTF_8);
    }
    expect(VariantKind.STRING);
    return new String(b, at + 5, (int) LittleEndianBytes.unsigned(b, at + 1, 4), StandardCharsets.UTF_8);
  }

  public byte[] getBinary() {
    expect(VariantKind.BINARY);
    int n = (int) LittleEndianBytes.unsigned(b, at + 1, 4);
    return Arrays.copyOfRange(b, at + 5, at + 5 + n);
  }

  public UUID getUuid() {
    expect(VariantKind.UUID);
    long high = 0;
    long low = 0;
    for (int i = 0; i < 8; i++) {
      high = (high << 8) | (b[at + 1 + i] & 0xFF);
      low = (low << 8) | (b[at + 9 + i] & 0xFF);
    }
    return new UUID(high, low);
  }

  /** Number of fields of an object or elements of an array. */
  public int size() {
    return layout().count;
  }

  /** The name of field {@code i} of an object (fields are in name order). */
  public String fieldName(int i) {
    expect(VariantKind.OBJECT);
    VariantValues.Layout l = layout();
    Objects.checkIndex(i, l.count);
    return metadata.name(l.fieldId(b, i));
  }

  /** The value of field {@code i} of an object. */
  public Variant fieldValue(int i) {
    expect(VariantKind.OBJECT);
    return child(layout(), i);
  }

  /** The field called {@code name} of an object, or {@code null} when it has none. */
  public Variant field(String name) {
    expect(VariantKind.OBJECT);
    VariantValues.Layout l = layout();
    int lo = 0;
    int hi = l.count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = VariantMetadata.compareNames(metadata.name(l.fieldId(b, mid)), name);
      if (c == 0) {
        return child(l, mid);
      } else if (c < 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return null;
  }

  /** Element {@code i} of an array. */
  public Variant element(int i) {
    expect(VariantKind.ARRAY);
    return child(layout(), i);
  }

  /** The value as JSON; see {@link VariantJson} for how each type is written. */
  public String toJson() {
    StringBuilder sb = new StringBuilder();
    VariantJson.write(this, sb);
    return sb.toString();
  }

  private VariantValues.Layout layout() {
    VariantKind k = kind();
    if (k != VariantKind.OBJECT && k != VariantKind.ARRAY) {
      throw wrongKind("an object or array");
    }
    return VariantValues.Layout.read(b, at, (long) at + length);
  }

  private Variant child(VariantValues.Layout l, int i) {
    Objects.checkIndex(i, l.count);
    int start = (int) (l.dataAt + l.offset(b, i));
    int end = (int) (l.dataAt + l.dataLength);
    // checked by VariantValues when this variant was built, so it fits
    int n = VariantValues.length(b, start, end);
    return new Variant(metadata, b, start, n);
  }

  private void expect(VariantKind k) {
    if (kind() != k) {
      throw wrongKind(k.name());
    }
  }

  private IllegalStateException wrongKind(String wanted) {
    return new IllegalStateException("variant is " + kind() + ", not " + wanted);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Variant other && VariantEquality.equal(this, other);
  }

  @Override
  public int hashCode() {
    return VariantEquality.hash(this);
  }

  @Override
  public String toString() {
    return toJson();
  }
}
