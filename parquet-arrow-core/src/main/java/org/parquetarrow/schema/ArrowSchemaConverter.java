package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.KeyValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parquet ⇄ Arrow schemas, both directions, matching Arrow C++ 18's mapping
 * ({@code parquet/arrow/schema.cc}) so that files read the same here as in pyarrow.
 *
 * <h2>Parquet to Arrow</h2>
 * <pre>{@code
 * SchemaMapping mapping = ArrowSchemaConverter.toArrow(footer.metadata(), ArrowReadOptions.defaults());
 * Schema schema = mapping.arrowSchema();
 * }</pre>
 * <ul>
 *   <li>Physical types: BOOLEAN → bool, INT32 → int32, INT64 → int64, INT96 → timestamp in
 *       {@link ArrowReadOptions#int96TimestampUnit()} (nanoseconds by default) without zone,
 *       FLOAT/DOUBLE → float32/float64, BYTE_ARRAY → binary, FIXED_LEN_BYTE_ARRAY(n) →
 *       fixed_size_binary(n).
 *   <li>Annotations (logical types, else legacy converted types): INT(8|16|32, signed) on INT32 and
 *       INT(64) on INT64 → the Arrow integer of that width and sign; DATE → date32; TIME(MILLIS) →
 *       time32[ms], TIME(MICROS|NANOS) → time64; TIMESTAMP → timestamp of its unit, zone "UTC" when
 *       adjusted to UTC and none otherwise (legacy TIMESTAMP_MILLIS/MICROS mean UTC); DECIMAL on
 *       INT32, INT64, BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY → decimal128, decimal256 above 38 digits;
 *       STRING → utf8; JSON → utf8 (tagged {@code arrow.json}); ENUM, BSON → binary; FLOAT16 →
 *       float16; UUID → fixed_size_binary(16) (or the canonical {@code arrow.uuid} extension type,
 *       arrow-vector's {@code UuidType}, with {@link ArrowReadOptions.ExtensionTypePolicy#TYPES});
 *       INTERVAL → fixed_size_binary(12); UNKNOWN → null; GEOMETRY/GEOGRAPHY → binary (tagged
 *       {@code geoarrow.wkb} with the CRS and edges). The tags are field metadata, absent with
 *       {@link ArrowReadOptions.ExtensionTypePolicy#NONE}. Annotations this library does not know
 *       fall back to the physical type; an annotation that cannot apply to its physical type is a
 *       {@link CorruptFileException}. arrow-vector's {@code OpaqueType} is not used.
 *   <li>Groups → structs; LIST → list, MAP → map (entries named {@code entries}), with every
 *       backward-compatibility rule of {@code LogicalTypes.md}: two-level lists, {@code array} and
 *       {@code <name>_tuple} repeated groups, repeated fields without annotation (required lists of
 *       required elements), {@code MAP_KEY_VALUE}, key-only maps (lists of keys, as Arrow C++),
 *       OPTIONAL map keys (accepted; Arrow C++ refuses them). VARIANT groups → the struct of their
 *       stored fields (Arrow C++ 18 refuses them; {@link FieldMapping#isVariant()} marks them, and
 *       the reader rebuilds them into variants unless told to keep this struct). VECTOR →
 *       {@link UnsupportedFeatureException}.
 *   <li>{@code field_id} → field metadata {@code PARQUET:field_id}.
 *   <li>{@code ARROW:schema} (unless {@link ArrowReadOptions.StoredSchemaPolicy#IGNORE}): see
 *       {@link StoredSchemaApplier}; when it is applied, the Arrow schema's metadata is the stored
 *       schema's, as in Arrow C++; otherwise it is the file's key/value metadata without
 *       {@code ARROW:schema} (absent values read as empty strings). A damaged entry is ignored.
 * </ul>
 *
 * <h2>Arrow to Parquet</h2>
 * <pre>{@code
 * ParquetWriteSchema w = ArrowSchemaConverter.toParquet(arrowSchema, ArrowWriteOptions.defaults());
 * }</pre>
 * Every Arrow type but unions, run-end encoded and interval types (an
 * {@link UnsupportedFeatureException} naming the field) is written as Arrow C++ writes it; see
 * {@link ArrowWriteOptions}. Dictionary fields must be in message form (type = value type); they
 * are written as their values. Extension types are written as their storage, except
 * {@code arrow.uuid} (UUID) and {@code arrow.json} (JSON).
 *
 * <h2>Where this differs from Arrow C++ 18, and why</h2>
 * <ul>
 *   <li>Reading keeps information Arrow C++ drops or refuses: OPTIONAL map keys and VARIANT groups
 *       are read; JSON and GEOMETRY/GEOGRAPHY are tagged (field metadata only, types unchanged;
 *       {@link ArrowReadOptions.ExtensionTypePolicy#NONE} turns this off); a damaged
 *       {@code ARROW:schema} is ignored instead of failing the file; a LIST whose repeated group
 *       holds one repeated field without LIST annotation is read by the spec's rule 3.
 *   <li>The stored Arrow schema restores more (view types, list views, {@code date64}, seconds,
 *       uint32 written by format 1.0, map children, list element and map field names), so that
 *       this library's round trip is exact.
 *   <li>Dictionary fields are in Arrow Java's message form; the map's struct is named
 *       {@code entries} (Arrow Java's and the Arrow spec's name).
 *   <li>Writing: the root group gets no repetition (the format says it has none; Arrow C++ writes
 *       REQUIRED); view types and list views are accepted; decimal32/64 are refused (arrow-vector
 *       19 cannot read them back from IPC); the Arrow schema is stored by default.
 * </ul>
 */
public final class ArrowSchemaConverter {
  private static final Logger LOG = LoggerFactory.getLogger(ArrowSchemaConverter.class);

  private ArrowSchemaConverter() {}

  /** {@link #toArrow(FileMetaData, ArrowReadOptions)} with default options. */
  public static SchemaMapping toArrow(FileMetaData metadata) {
    return toArrow(metadata, ArrowReadOptions.defaults());
  }

  /**
   * The Arrow schema and mapping of a file.
   *
   * @throws CorruptFileException        when the schema is malformed
   * @throws UnsupportedFeatureException when it uses a feature not supported yet
   */
  public static SchemaMapping toArrow(FileMetaData metadata, ArrowReadOptions options) {
    return toArrow(ParquetSchema.fromElements(metadata.schema()), metadata.keyValueMetadata(), options);
  }

  /**
   * The Arrow schema and mapping of a Parquet schema with the file's key/value metadata
   * ({@code null} for none).
   */
  public static SchemaMapping toArrow(ParquetSchema schema, List<KeyValue> keyValueMetadata,
      ArrowReadOptions options) {
    Map<String, String> fileMetadata = new LinkedHashMap<>();
    String stored = null;
    boolean hasStored = false;
    if (keyValueMetadata != null) {
      for (KeyValue kv : keyValueMetadata) {
        if (kv == null || kv.key() == null) {
          continue;
        }
        if (ArrowSchemaCodec.METADATA_KEY.equals(kv.key())) {
          stored = kv.value();
          hasStored = true;
        } else {
          fileMetadata.put(kv.key(), kv.value() == null ? "" : kv.value());
        }
      }
    }
    Schema origin = null;
    if (hasStored && options.storedSchema() == ArrowReadOptions.StoredSchemaPolicy.APPLY) {
      origin = ArrowSchemaCodec.decode(stored).orElse(null);
    }
    return toArrow(schema, origin, fileMetadata, options);
  }

  static SchemaMapping toArrow(ParquetSchema schema, Schema origin, Map<String, String> fileMetadata,
      ArrowReadOptions options) {
    List<FieldMapping> fields = new FieldMappingBuilder(schema, options).build();
    if (origin != null && origin.getFields().size() != fields.size()) {
      LOG.warn("ignoring the stored Arrow schema: it has {} fields, the Parquet schema {}",
          origin.getFields().size(), fields.size());
      origin = null;
    }
    if (origin == null) {
      return new SchemaMapping(schema, fields, fileMetadata);
    }
    List<FieldMapping> applied = new ArrayList<>(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      applied.add(StoredSchemaApplier.apply(origin.getFields().get(i), fields.get(i)));
    }
    return new SchemaMapping(schema, applied, origin.getCustomMetadata());
  }

  /** {@link #toParquet(Schema, ArrowWriteOptions)} with default options. */
  public static ParquetWriteSchema toParquet(Schema schema) {
    return toParquet(schema, ArrowWriteOptions.defaults());
  }

  /**
   * The Parquet schema, footer metadata and mapping for writing Arrow data of {@code schema}.
   *
   * @throws UnsupportedFeatureException for an Arrow type Parquet cannot store, naming the field
   * @throws IllegalArgumentException    for a malformed Arrow schema (a non-nullable null field, a
   *                                     list without child)
   */
  public static ParquetWriteSchema toParquet(Schema schema, ArrowWriteOptions options) {
    GroupNode root = new ArrowToParquetConverter(options).convert(schema);
    ParquetSchema parquet = ParquetSchema.of(root);
    List<KeyValue> keyValues = new ArrayList<>();
    for (Map.Entry<String, String> e : schema.getCustomMetadata().entrySet()) {
      if (!ArrowSchemaCodec.METADATA_KEY.equals(e.getKey())) {
        keyValues.add(new KeyValue(e.getKey(), e.getValue()));
      }
    }
    if (options.arrowSchemaStorage() == ArrowWriteOptions.ArrowSchemaStorage.STORE) {
      keyValues.add(new KeyValue(ArrowSchemaCodec.METADATA_KEY, ArrowSchemaCodec.encode(schema)));
    }
    SchemaMapping mapping = toArrow(parquet, schema, schema.getCustomMetadata(), ArrowReadOptions.defaults());
    return new ParquetWriteSchema(parquet, keyValues, mapping);
  }
}
