package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.variant.VariantUnshredder;

/**
 * The Arrow fields a reader's batches carry, from the {@link org.parquetarrow.schema.FieldMapping}
 * tree: in IPC message form (what {@link ParquetFileReader#arrowSchema()} reports) and in memory
 * form (what the vectors hold), and which leaves come out as dictionary vectors. The one place
 * that computes a reader's output schema, for an open reader and for planning from footers alone.
 *
 * <pre>{@code
 * Schema batches = ReadFields.messageSchema(mapping, unshredders(mapping, arrowOptions, variants));
 * Field reported = ReadFields.messageField(mapping);   // dictionary leaves typed by their values
 * Field inMemory = ReadFields.memoryField(mapping);    // dictionary leaves hold int32 indices
 * }</pre>
 */
final class ReadFields {
  private ReadFields() {}

  private static final ArrowType.Int INDEX_TYPE = new ArrowType.Int(32, true);

  /**
   * Whether a leaf comes out as an Arrow dictionary vector: a string or binary column whose field
   * the schema mapping made dictionary-encoded (asked for, or stored by the writer), or a
   * fixed-width column it made so ({@code DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH}), in
   * either case while the field keeps the type the column decodes to. Dictionary fields of other
   * types come out as their values.
   */
  static boolean dictionaryLeaf(FieldMapping f) {
    return f.kind() == FieldMapping.Kind.PRIMITIVE
        && f.field().getDictionary() != null
        && (binaryDictionaryLeaf(f) || fixedDictionaryLeaf(f))
        && f.type().equals(f.storageType());
  }

  private static boolean binaryDictionaryLeaf(FieldMapping f) {
    return f.column().physicalType() == PhysicalType.BYTE_ARRAY
        && (f.type() instanceof ArrowType.Utf8 || f.type() instanceof ArrowType.Binary);
  }

  /** A dictionary leaf of fixed-width values (the schema mapping encodes only those it can read so). */
  private static boolean fixedDictionaryLeaf(FieldMapping f) {
    PhysicalType p = f.column().physicalType();
    return p != PhysicalType.BYTE_ARRAY && p != PhysicalType.BOOLEAN && p != PhysicalType.INT96
        && !(f.type() instanceof ArrowType.Bool) && !(f.type() instanceof ArrowType.Null);
  }

  /**
   * The field in IPC message form, as {@link ParquetFileReader#arrowSchema()} gives it: a
   * dictionary field's type is its value type, and only {@link #dictionaryLeaf dictionary leaves}
   * keep their encoding.
   */
  static Field messageField(FieldMapping f) {
    List<Field> children = new ArrayList<>(f.children().size());
    for (FieldMapping c : f.children()) {
      children.add(messageField(c));
    }
    FieldType t = f.field().getFieldType();
    DictionaryEncoding encoding = dictionaryLeaf(f) ? t.getDictionary() : null;
    return new Field(f.name(), new FieldType(t.isNullable(), t.getType(), encoding, t.getMetadata()), children);
  }

  /**
   * The field in memory form, as the batches' vectors carry it: a dictionary leaf holds int32
   * indices.
   */
  static Field memoryField(FieldMapping f) {
    if (dictionaryLeaf(f)) {
      FieldType t = f.field().getFieldType();
      DictionaryEncoding d = t.getDictionary();
      DictionaryEncoding encoding = new DictionaryEncoding(d.getId(), d.isOrdered(), INDEX_TYPE);
      return new Field(f.name(), new FieldType(t.isNullable(), INDEX_TYPE, encoding, t.getMetadata()), null);
    }
    List<Field> children = new ArrayList<>(f.children().size());
    for (FieldMapping c : f.children()) {
      children.add(memoryField(c));
    }
    FieldType t = f.field().getFieldType();
    return new Field(f.name(), new FieldType(t.isNullable(), t.getType(), null, t.getMetadata()), children);
  }

  /**
   * Per top-level field of {@code mapping}, the rebuilder of its variants, or {@code null} for a
   * field read as decoded: every whole VARIANT group unless {@code variants} keeps the stored
   * shredding.
   */
  static List<VariantUnshredder> unshredders(SchemaMapping mapping, ArrowReadOptions arrowOptions,
      ReadOptions.VariantShredding variants) {
    boolean tag = arrowOptions.extensionTypes() != ArrowReadOptions.ExtensionTypePolicy.NONE;
    List<VariantUnshredder> out = new ArrayList<>(mapping.fields().size());
    for (FieldMapping f : mapping.fields()) {
      boolean rebuild = variants == ReadOptions.VariantShredding.UNSHRED && VariantUnshredder.appliesTo(f);
      out.add(rebuild ? VariantUnshredder.of(f, tag) : null);
    }
    return out;
  }

  /**
   * The schema of the batches in IPC message form: each field's {@link #messageField}, or its
   * rebuilt variant field where {@code unshredders} (from {@link #unshredders}) has one.
   */
  static Schema messageSchema(SchemaMapping mapping, List<VariantUnshredder> unshredders) {
    return schema(mapping, unshredders, ReadFields::messageField);
  }

  /** As {@link #messageSchema}, in memory form: what the batches' vectors carry. */
  static Schema memorySchema(SchemaMapping mapping, List<VariantUnshredder> unshredders) {
    return schema(mapping, unshredders, ReadFields::memoryField);
  }

  private static Schema schema(SchemaMapping mapping, List<VariantUnshredder> unshredders,
      Function<FieldMapping, Field> form) {
    List<Field> fields = new ArrayList<>(unshredders.size());
    for (int i = 0; i < unshredders.size(); i++) {
      VariantUnshredder v = unshredders.get(i);
      fields.add(v != null ? v.field() : form.apply(mapping.fields().get(i)));
    }
    return new Schema(fields, mapping.arrowSchema().getCustomMetadata());
  }
}
