package org.parquetarrow.schema;

import java.util.Objects;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * How an Arrow schema becomes a Parquet schema when writing. Immutable; defaults follow Arrow C++
 * ({@code WriterProperties}, {@code ArrowWriterProperties}) except that the Arrow schema is stored
 * by default (pyarrow's default), so reading back restores every Arrow type, and decimals of up to
 * 18 digits are stored as INT32/INT64 (see {@link #decimalEncoding()}).
 *
 * <pre>{@code
 * ArrowWriteOptions options = ArrowWriteOptions.builder()
 *     .version(ParquetVersion.V2_4)                       // nanoseconds become microseconds
 *     .decimalEncoding(ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY)
 *     .build();
 * }</pre>
 */
public final class ArrowWriteOptions {

  /** Whether the Arrow schema is stored in the footer under {@code ARROW:schema}. */
  public enum ArrowSchemaStorage {
    STORE,
    OMIT
  }

  /** Physical representation of timestamps. */
  public enum TimestampEncoding {
    /** INT64 with the TIMESTAMP logical type (the standard). */
    INT64,
    /** The deprecated 12-byte INT96 Impala and old Spark expect. */
    INT96
  }

  /** Names of the element field of three-level lists. */
  public enum ListElementNaming {
    /** {@code element}, as the format requires. */
    COMPLIANT,
    /** The Arrow list's own child name ({@code item} in most Arrow libraries). */
    ARROW_FIELD_NAME
  }

  /** Physical type of decimals. */
  public enum DecimalEncoding {
    /** FIXED_LEN_BYTE_ARRAY of the fewest bytes the precision needs. */
    FIXED_LEN_BYTE_ARRAY,
    /** INT32 up to 9 digits, INT64 up to 18, FIXED_LEN_BYTE_ARRAY beyond. */
    INTEGER_WHEN_POSSIBLE
  }

  private static final ArrowWriteOptions DEFAULTS = builder().build();

  private final ParquetVersion version;
  private final ArrowSchemaStorage arrowSchemaStorage;
  private final TimeUnit coerceTimestamps;
  private final TimestampEncoding timestampEncoding;
  private final ListElementNaming listElementNaming;
  private final DecimalEncoding decimalEncoding;
  private final String rootName;

  private ArrowWriteOptions(Builder b) {
    this.version = b.version;
    this.arrowSchemaStorage = b.arrowSchemaStorage;
    this.coerceTimestamps = b.coerceTimestamps;
    this.timestampEncoding = b.timestampEncoding;
    this.listElementNaming = b.listElementNaming;
    this.decimalEncoding = b.decimalEncoding;
    this.rootName = b.rootName;
  }

  public static ArrowWriteOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder().version(version).arrowSchemaStorage(arrowSchemaStorage).coerceTimestamps(coerceTimestamps)
        .timestampEncoding(timestampEncoding).listElementNaming(listElementNaming).decimalEncoding(decimalEncoding)
        .rootName(rootName);
  }

  /** Default {@link ParquetVersion#V2_6}. */
  public ParquetVersion version() {
    return version;
  }

  /** Default {@link ArrowSchemaStorage#STORE}. */
  public ArrowSchemaStorage arrowSchemaStorage() {
    return arrowSchemaStorage;
  }

  /** The unit every timestamp is converted to, or {@code null} (the default) to keep each field's. */
  public TimeUnit coerceTimestamps() {
    return coerceTimestamps;
  }

  /** Default {@link TimestampEncoding#INT64}. */
  public TimestampEncoding timestampEncoding() {
    return timestampEncoding;
  }

  /** Default {@link ListElementNaming#COMPLIANT}. */
  public ListElementNaming listElementNaming() {
    return listElementNaming;
  }

  /**
   * Default {@link DecimalEncoding#INTEGER_WHEN_POSSIBLE}, unlike Arrow C++ (whose {@code
   * store_decimal_as_integer} is off): Spark, DuckDB and arrow-rs write decimals of up to 18
   * digits as INT32/INT64 too, every reader decodes them without byte swapping, and with a
   * compressing codec they take less room (TPC-H {@code l_extendedprice}, SNAPPY: 31.0 MB as INT64
   * against 31.7 MB as FIXED_LEN_BYTE_ARRAY(7)). FIXED_LEN_BYTE_ARRAY is smaller uncompressed.
   */
  public DecimalEncoding decimalEncoding() {
    return decimalEncoding;
  }

  /** Name of the schema's root group; default {@code schema}. */
  public String rootName() {
    return rootName;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArrowWriteOptions x
        && version == x.version && arrowSchemaStorage == x.arrowSchemaStorage
        && coerceTimestamps == x.coerceTimestamps && timestampEncoding == x.timestampEncoding
        && listElementNaming == x.listElementNaming && decimalEncoding == x.decimalEncoding
        && rootName.equals(x.rootName);
  }

  @Override
  public int hashCode() {
    return Objects.hash(version, arrowSchemaStorage, coerceTimestamps, timestampEncoding, listElementNaming,
        decimalEncoding, rootName);
  }

  @Override
  public String toString() {
    return "ArrowWriteOptions[version=" + version + ", arrowSchema=" + arrowSchemaStorage + ", coerceTimestamps="
        + coerceTimestamps + ", timestamps=" + timestampEncoding + ", listElements=" + listElementNaming
        + ", decimals=" + decimalEncoding + ", root=" + rootName + "]";
  }

  /** Builder of {@link ArrowWriteOptions}. */
  public static final class Builder {
    private ParquetVersion version = ParquetVersion.V2_6;
    private ArrowSchemaStorage arrowSchemaStorage = ArrowSchemaStorage.STORE;
    private TimeUnit coerceTimestamps;
    private TimestampEncoding timestampEncoding = TimestampEncoding.INT64;
    private ListElementNaming listElementNaming = ListElementNaming.COMPLIANT;
    private DecimalEncoding decimalEncoding = DecimalEncoding.INTEGER_WHEN_POSSIBLE;
    private String rootName = "schema";

    private Builder() {}

    public Builder version(ParquetVersion v) {
      this.version = Objects.requireNonNull(v, "version");
      return this;
    }

    public Builder arrowSchemaStorage(ArrowSchemaStorage storage) {
      this.arrowSchemaStorage = Objects.requireNonNull(storage, "storage");
      return this;
    }

    /** {@code null} keeps each field's unit. */
    public Builder coerceTimestamps(TimeUnit unit) {
      this.coerceTimestamps = unit;
      return this;
    }

    public Builder timestampEncoding(TimestampEncoding encoding) {
      this.timestampEncoding = Objects.requireNonNull(encoding, "encoding");
      return this;
    }

    public Builder listElementNaming(ListElementNaming naming) {
      this.listElementNaming = Objects.requireNonNull(naming, "naming");
      return this;
    }

    public Builder decimalEncoding(DecimalEncoding encoding) {
      this.decimalEncoding = Objects.requireNonNull(encoding, "encoding");
      return this;
    }

    public Builder rootName(String name) {
      this.rootName = Objects.requireNonNull(name, "name");
      return this;
    }

    public ArrowWriteOptions build() {
      return new ArrowWriteOptions(this);
    }
  }
}
