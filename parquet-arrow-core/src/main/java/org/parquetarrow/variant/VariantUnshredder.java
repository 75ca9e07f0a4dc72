package org.parquetarrow.variant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.GroupNode;
import org.parquetarrow.schema.SchemaNode;

/**
 * Rebuilds the variants of a VARIANT column from the struct the reader decodes it to (its
 * {@code metadata}, {@code value} and shredded {@code typed_value} columns), batch by batch, into
 * Arrow's canonical Parquet Variant extension shape: {@code struct<metadata: binary not null,
 * value: binary>} tagged {@code ARROW:extension:name = arrow.parquet.variant}. The reconstruction
 * follows {@code VariantShredding.md}; data the spec calls invalid fails with a
 * {@link VariantFormatException} naming the row.
 *
 * <pre>{@code
 * // a batch read with ReadOptions.VariantShredding.KEEP, whose field 0 is a VARIANT column
 * FieldMapping field = reader.schemaMapping().fields().get(0);
 * if (VariantUnshredder.appliesTo(field)) {
 *   VariantUnshredder unshredder = VariantUnshredder.of(field, true);
 *   try (StructVector variants = unshredder.unshred((StructVector) batch.getVector(0), allocator,
 *       row -> ErrorLocation.ofFile("events.parquet"))) {
 *     VarBinaryVector value = (VarBinaryVector) variants.getChild("value");
 *   }
 * }
 * }</pre>
 */
public final class VariantUnshredder {
  /** The canonical extension name (Arrow's "Parquet Variant" canonical extension type). */
  public static final String EXTENSION_NAME = "arrow.parquet.variant";
  static final String METADATA = "metadata";

  private final Field field;
  private final ShreddingPlan plan;

  private VariantUnshredder(Field field, ShreddingPlan plan) {
    this.field = field;
    this.plan = plan;
  }

  /**
   * Whether {@code mapping} is a whole VARIANT group: annotated VARIANT and not cut by a projection
   * (a projection keeping only some of its columns reads them as stored).
   */
  public static boolean appliesTo(FieldMapping mapping) {
    return mapping.isVariant() && mapping.leafColumns().length == leafCount(mapping.parquetNode());
  }

  private static int leafCount(SchemaNode node) {
    if (node instanceof GroupNode g) {
      int n = 0;
      for (SchemaNode c : g.children()) {
        n += leafCount(c);
      }
      return n;
    }
    return 1;
  }

  /**
   * The unshredder of a VARIANT field, whose shredding is checked here.
   *
   * @param tagExtension whether the output field carries the extension name in its metadata
   * @throws VariantFormatException      when the shredded schema breaks the spec (such as an
   *                                     unsupported {@code typed_value} type)
   * @throws UnsupportedFeatureException when the columns are read as Arrow types this class does
   *                                     not rebuild (dictionary columns, types restored from a
   *                                     stored Arrow schema)
   */
  public static VariantUnshredder of(FieldMapping variant, boolean tagExtension) {
    if (!appliesTo(variant)) {
      throw new IllegalArgumentException(variant.name() + " is not a whole VARIANT group");
    }
    FieldMapping metadata = ShreddingPlan.child(variant, METADATA);
    if (metadata != null && metadata.field().getDictionary() != null) {
      throw ShreddingPlan.dictionary(variant.name() + "." + METADATA);
    }
    if (metadata == null || !metadata.isLeaf() || !(metadata.type() instanceof ArrowType.Binary)) {
      throw new VariantFormatException("a VARIANT group needs a binary 'metadata' column",
          ErrorLocation.UNKNOWN.withColumn(variant.name()), null);
    }
    ShreddingPlan plan = ShreddingPlan.of(variant, variant.name());
    Map<String, String> meta = new LinkedHashMap<>();
    Map<String, String> stored = variant.field().getMetadata();
    if (stored != null) {
      meta.putAll(stored);
    }
    if (tagExtension) {
      meta.put(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, EXTENSION_NAME);
      meta.put(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_METADATA, "");
    }
    return new VariantUnshredder(storageField(variant.name(), variant.nullable(), meta), plan);
  }

  /** The canonical storage field: {@code struct<metadata: binary not null, value: binary>}. */
  static Field storageField(String name, boolean nullable, Map<String, String> metadata) {
    return new Field(name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null,
        metadata.isEmpty() ? null : metadata), List.of(
            new Field(METADATA, FieldType.notNullable(ArrowType.Binary.INSTANCE), null),
            new Field(ShreddingPlan.VALUE, FieldType.nullable(ArrowType.Binary.INSTANCE), null)));
  }

  /** The field of the vectors {@link #unshred} returns. */
  public Field field() {
    return field;
  }

  /**
   * The variants of {@code stored} (a batch of the VARIANT column as decoded, left open and owned
   * by the caller), as a new vector from {@code allocator} owned by the caller.
   *
   * @param where the location of a row of the batch, for errors
   * @throws VariantFormatException when a row breaks the shredding rules
   */
  public StructVector unshred(StructVector stored, BufferAllocator allocator, IntFunction<ErrorLocation> where) {
    int rows = stored.getValueCount();
    StructVector out = (StructVector) field.createVector(allocator);
    try {
      VarBinaryVector outMetadata = (VarBinaryVector) out.getChild(METADATA);
      VarBinaryVector outValue = (VarBinaryVector) out.getChild(ShreddingPlan.VALUE);
      out.setInitialCapacity(rows);
      out.allocateNew();
      VarBinaryVector metadata = (VarBinaryVector) stored.getChild(METADATA);
      ShreddedRows rebuild = new ShreddedRows(plan, stored, metadata);
      for (int row = 0; row < rows; row++) {
        if (stored.isNull(row)) {
          out.setNull(row);
          continue;
        }
        if (metadata.isNull(row)) {
          throw new VariantFormatException("variant metadata is null in a non-null variant");
        }
        try {
          rebuild.row(row);
        } catch (ParquetException e) {
          throw e.locate(where.apply(row).withColumn(plan.path));
        }
        out.setIndexDefined(row);
        outMetadata.copyFromSafe(row, row, metadata);
        outValue.setSafe(row, rebuild.buffer(), 0, rebuild.length());
      }
      out.setValueCount(rows);
      return out;
    } catch (RuntimeException | Error e) {
      out.close();
      throw e;
    }
  }
}
