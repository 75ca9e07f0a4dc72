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

  private static final ArrowReadOptions DEFAULTS = builder().build();

  private final TimeUnit int96TimestampUnit;
  private final StoredSchemaPolicy storedSchema;
  private final ExtensionTypePolicy extensionTypes;
  private final Set<String> dictionaryColumns;

  private ArrowReadOptions(Builder b) {
    this.int96TimestampUnit = b.int96TimestampUnit;
    this.storedSchema = b.storedSchema;
    this.extensionTypes = b.extensionTypes;
    this.dictionaryColumns = b.dictionaryColumns;
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
        .dictionaryColumns(dictionaryColumns);
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
   * Dotted paths of BYTE_ARRAY columns (string or binary) to read as {@code dictionary<int32, ...>};
   * other columns named here are read normally. Default none. {@link ArrowSchemaConverter} matches
   * them against the Parquet leaf paths and passes over names no column has (a dataset's files
   * need not all have every column); {@code ParquetFileReader} also takes Arrow paths and names of
   * nested fields, and refuses a name the file lacks with an {@link UnknownColumnException}.
   */
  public Set<String> dictionaryColumns() {
    return dictionaryColumns;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ArrowReadOptions x
        && int96TimestampUnit == x.int96TimestampUnit && storedSchema == x.storedSchema
        && extensionTypes == x.extensionTypes && dictionaryColumns.equals(x.dictionaryColumns);
  }

  @Override
  public int hashCode() {
    return Objects.hash(int96TimestampUnit, storedSchema, extensionTypes, dictionaryColumns);
  }

  @Override
  public String toString() {
    return "ArrowReadOptions[int96=" + int96TimestampUnit + ", storedSchema=" + storedSchema + ", extensionTypes="
        + extensionTypes + ", dictionaryColumns=" + dictionaryColumns + "]";
  }

  /** Builder of {@link ArrowReadOptions}. */
  public static final class Builder {
    private TimeUnit int96TimestampUnit = TimeUnit.NANOSECOND;
    private StoredSchemaPolicy storedSchema = StoredSchemaPolicy.APPLY;
    private ExtensionTypePolicy extensionTypes = ExtensionTypePolicy.METADATA;
    private Set<String> dictionaryColumns = Set.of();

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

    public ArrowReadOptions build() {
      return new ArrowReadOptions(this);
    }
  }
}
