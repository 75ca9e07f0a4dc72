package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.schema.FieldMapping;

/**
 * The Arrow fields a reader's batches carry, from the {@link org.parquetarrow.schema.FieldMapping}
 * tree: in IPC message form (what {@link ParquetFileReader#arrowSchema()} reports) and in memory
 * form (what the vectors hold), and which leaves come out as dictionary vectors.
 *
 * <pre>{@code
 * Field reported = ReadFields.messageField(mapping);   // dictionary leaves typed by their values
 * Field inMemory = ReadFields.memoryField(mapping);    // dictionary leaves hold int32 indices
 * }</pre>
 */
final class ReadFields {
  private ReadFields() {}

  private static final ArrowType.Int INDEX_TYPE = new ArrowType.Int(32, true);

  /**
   * Whether a leaf comes out as an Arrow dictionary vector: a string or binary column whose field
   * the schema mapping made dictionary-encoded (asked for, or stored by the writer). Dictionary
   * fields of other types come out as their values.
   */
  static boolean dictionaryLeaf(FieldMapping f) {
    return f.kind() == FieldMapping.Kind.PRIMITIVE
        && f.field().getDictionary() != null
        && f.column().physicalType() == PhysicalType.BYTE_ARRAY
        && (f.type() instanceof ArrowType.Utf8 || f.type() instanceof ArrowType.Binary)
        && f.type().equals(f.storageType());
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
}
