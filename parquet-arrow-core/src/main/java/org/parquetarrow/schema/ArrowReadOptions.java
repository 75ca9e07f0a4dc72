package org.parquetarrow.schema;

import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * How a Parquet schema becomes an Arrow schema when reading. Immutable; defaults follow Arrow C++'s
 * reader ({@code ArrowReaderProperties}).
 *
 * <pre>{@code
 * ArrowReadOptions options = ArrowReadOptions.builder()
 *     .int96TimestampUnit(TimeUnit.MICROSECOND)   // INT96 beyond year 2262 fits in micros
 *     .dictionaryColumns(Set.of("country"))        // read this string column as dictionary<int32, utf8>
 *     .build();
 * }</pre>
 */
public final class ArrowReadOptions {

  /** Whether the Arrow schema a writer stored under {@code ARROW:schema} is used. */
  public enum StoredSchemaPolicy {
    /** Restore the original Arrow types, time zones and metadata where compatible (Arrow C++ does). */
    APPLY,
    /** Ignore it: the Arrow schema follows from the Parquet schema alone. */
    IGNORE
  }

  /**
   * How Parquet logical types that Arrow expresses as extension types come out: JSON, UUID,
   * GEOMETRY and GEOGRAPHY. arrow-vector has a type only for the canonical {@code arrow.uuid}
   * ({@code UuidType}); the others are tagged with the extension's name and metadata as field
   * metadata ({@code ARROW:extension:name}, {@code ARROW:extension:metadata}), which is how
   * arrow-vector itself represents extension types it does not know. arrow-vector's
   * {@code OpaqueType} is not used.
   */
  public enum ExtensionTypePolicy {
    /**
     * Plain storage types and no tags, exactly as Arrow C++ 18 by default: JSON as {@code utf8},
     * UUID as {@code fixed_size_binary(16)}, GEOMETRY/GEOGRAPHY as {@code binary}.
     */
    NONE,
    /**
     * The default: the same storage types, with JSON tagged {@code arrow.json} and GEOMETRY and
     * GEOGRAPHY tagged {@code geoarrow.wkb} with their CRS and edges, so nothing the file said is
     * lost while every type stays what Arrow C++ reads.
     */
    METADATA,
    /** As {@link #METADATA}, and UUID as the {@code arrow.uuid} extension type ({@code UuidType}). */
    TYPES
  }

  /**
   * How DECIMAL columns stored as INT32 or INT64 (at most 18 digits) come out. Arrow C++ widens
   * them to {@code decimal128}, eight or twelve bytes of sign per value that a consumer keeping
   * decimals of up to 18 digits in a {@code long} (Spark, Trino) narrows back again.
   */
  public enum IntDecimalPolicy {
    /** The default: {@code decimal128(p, s)}, as Arrow C++ reads them. */
    DECIMAL128,
    /**
     * The stored integers as they are: a signed {@code int32} or {@code int64} of unscaled values
     * (the decimal times 10^scale), the decimal type kept as field metadata under {@link
     * #DECIMAL_PRECISION_KEY} and {@link #DECIMAL_SCALE_KEY}. Statistics, dictionaries and bloom
     * filters of such a column are then in unscaled integers too: a dataset filter on it compares
     * with unscaled values ({@code price < 1050} for {@code price < 10.50} at scale 2).
     */
    UNSCALED
  }

  /**
   * Which of the leaves named in {@link #dictionaryColumns()} are read as Arrow dictionary vectors
   * ({@code dictionary<int32, T>}: the indices the pages store and, per batch, the chunk's
   * dictionary values), instead of their gathered values.
   */
  public enum DictionaryLeafPolicy {
    /** The default: BYTE_ARRAY leaves read as {@code utf8} or {@code binary}; others named are read normally. */
    BINARY,
    /**
     * Those, and leaves of a fixed-width Arrow type stored as INT32, INT64, FLOAT, DOUBLE or
     * FIXED_LEN_BYTE_ARRAY (integers, floats, dates, times, timestamps, durations, decimals,
     * fixed-size binaries) whose values need no relabelling after decoding: for a caller that
     * works per distinct value (a filter tested once per dictionary entry), not per row.
     */
    BINARY_AND_FIXED_WIDTH
  }

  /** Field metadata key holding the decimal precision of an {@link IntDecimalPolicy#UNSCALED} column. */
  public static final String DECIMAL_PRECISION_KEY = "PARQUET:decimal_precision";

  /** Field metadata key holding the decimal scale of an {@link IntDecimalPolicy#UNSCALED} column. */
  public static final String DECIMAL_SCALE_KEY = "PARQUET:decimal_scale";

  private static final ArrowReadOptions DEFAULTS = builder().build();

  private final TimeUnit int96TimestampUnit;
  private final StoredSchemaPolicy storedSchema;
  private final ExtensionTypePolicy extensionTypes;
  private final Set<String> dictionaryColumns;
  private final IntDecimalPolicy intDecimals;
  private final DictionaryLeafPolicy dictionaryLeaves;

  private ArrowReadOptions(Builder b) {
    this.int96TimestampUnit = b.int96TimestampUnit;
    this.storedSchema = b.storedSchema;
    this.extensionTypes = b.extensionTypes;
    this.dictionaryColumns = b.dictionaryColumns;
    this.intDecimals = b.intDecimals;
    this.dictionaryLeaves = b.dictionaryLeaves;
  }

  public static ArrowReadOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .int96TimestampUnit(int96TimestampUnit)
        .storedSchema(storedSchema)
        .extensionTypes(extensionTypes)
        .dictionaryColumns(dictionaryColumns)
        .intDecimals(intDecimals)
        .dictionaryLeaves(dictionaryLeaves);
  }

  /** Unit of the Arrow timestamp INT96 columns become; default {@link TimeUnit#NANOSECOND}. */
  public TimeUnit int96TimestampUnit() {
    return int96TimestampUnit;
  }

  /** Default {@link StoredSchemaPolicy#APPLY}. */
  public StoredSchemaPolicy storedSchema() {
    return storedSchema;
  }

  /** Default {@link ExtensionTypePolicy#METADATA}. */
  public ExtensionTypePolicy extensionTypes() {
    return extensionTypes;
  }

  /**
   * Dotted paths of BYTE_ARRAY columns (string or binary; with {@link DictionaryLeafPolicy#BINARY_AND_FIXED_WIDTH}
   * also fixed-width columns) to read as {@code dictionary<int32, ...>}; other columns named here
   * are read normally. Default none. {@link ArrowSchemaConverter} matches
   * them against the Parquet leaf paths and passes over names no column has (a dataset's files
   * need not all have every column); {@code ParquetFileReader} also takes Arrow paths and names of
   * nested fields, and refuses a name the file lacks with an {@link UnknownColumnException}.
   */
  public Set<String> dictionaryColumns() {
    return dictionaryColumns;
  }

  /** Default {@link IntDecimalPolicy#DECIMAL128}. */
  public IntDecimalPolicy intDecimals() {
    return intDecimals;
  }

  /** Default {@link DictionaryLeafPolicy#BINARY}. */
  public DictionaryLeafPolicy dictionaryLeaves() {
    return dictionaryLeaves;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArrowReadOptions x
        && int96TimestampUnit == x.int96TimestampUnit && storedSchema == x.storedSchema
        && extensionTypes == x.extensionTypes && dictionaryColumns.equals(x.dictionaryColumns)
        && intDecimals == x.intDecimals && dictionaryLeaves == x.dictionaryLeaves;
  }

  @Override
  public int hashCode() {
    return Objects.hash(int96TimestampUnit, storedSchema, extensionTypes, dictionaryColumns, intDecimals, dictionaryLeaves);
  }

  @Override
  public String toString() {
    return "ArrowReadOptions[int96=" + int96TimestampUnit + ", storedSchema=" + storedSchema + ", extensionTypes="
        + extensionTypes + ", dictionaryColumns=" + dictionaryColumns + ", intDecimals=" + intDecimals
        + ", dictionaryLeaves=" + dictionaryLeaves + "]";
  }

  /** Builder of {@link ArrowReadOptions}. */
  public static final class Builder {
    private TimeUnit int96TimestampUnit = TimeUnit.NANOSECOND;
    private StoredSchemaPolicy storedSchema = StoredSchemaPolicy.APPLY;
    private ExtensionTypePolicy extensionTypes = ExtensionTypePolicy.METADATA;
    private Set<String> dictionaryColumns = Set.of();
    private IntDecimalPolicy intDecimals = IntDecimalPolicy.DECIMAL128;
    private DictionaryLeafPolicy dictionaryLeaves = DictionaryLeafPolicy.BINARY;

    private Builder() {}

    public Builder int96TimestampUnit(TimeUnit unit) {
      this.int96TimestampUnit = Objects.requireNonNull(unit, "unit");
      return this;
    }

    public Builder storedSchema(StoredSchemaPolicy policy) {
      this.storedSchema = Objects.requireNonNull(policy, "policy");
      return this;
    }

    public Builder extensionTypes(ExtensionTypePolicy policy) {
      this.extensionTypes = Objects.requireNonNull(policy, "policy");
      return this;
    }

    public Builder dictionaryColumns(Collection<String> dottedPaths) {
      this.dictionaryColumns = Set.copyOf(dottedPaths);
      return this;
    }

    /**
     * How DECIMAL columns stored as INT32/INT64 come out, e.g. {@code
     * intDecimals(IntDecimalPolicy.UNSCALED)} to read {@code DECIMAL(15,2)} on INT64 as {@code int64}
     * unscaled values (cents) tagged with precision 15 and scale 2.
     */
    public Builder intDecimals(IntDecimalPolicy policy) {
      this.intDecimals = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * Which leaves named in {@link #dictionaryColumns} come out as dictionaries, e.g. {@code
     * dictionaryLeaves(DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH)} to get the indices of an
     * INT32 date column and its chunk's distinct dates instead of a date per row.
     */
    public Builder dictionaryLeaves(DictionaryLeafPolicy policy) {
      this.dictionaryLeaves = Objects.requireNonNull(policy, "policy");
      return this;
    }

    public ArrowReadOptions build() {
      return new ArrowReadOptions(this);
    }
  }
}
