package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.schema.FieldMapping;

/**
 * Builds the {@link FieldAssembler} tree of a {@link org.parquetarrow.schema.SchemaMapping}, one
 * assembler per output shape, and the Arrow fields the batches carry.
 */
final class FieldAssemblers {
  private FieldAssemblers() {}

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

  private static final ArrowType.Int INDEX_TYPE = new ArrowType.Int(32, true);

  /**
   * The assembler of {@code field}; on failure closes what it built.
   *
   * @throws UnsupportedFeatureException for a shape this reader cannot assemble
   */
  static FieldAssembler build(FieldMapping field, BufferAllocator allocator, boolean underStruct) {
    return build(field, allocator, underStruct, 0);
  }

  /** As {@link #build(FieldMapping, BufferAllocator, boolean)}, under a parent present from {@code parentDef}. */
  private static FieldAssembler build(
      FieldMapping field, BufferAllocator allocator, boolean underStruct, int parentDef) {
    Field out = memoryField(field);
    if (NestedAssembler.repeats(field)) {
      return new NestedAssembler(field, allocator);
    }
    switch (field.kind()) {
      case NULL:
        return new NullAssembler(out);
      case PRIMITIVE:
        return leafAssembler(field, out, allocator, underStruct);
      case STRUCT: {
        List<FieldAssembler> children = new ArrayList<>();
        try {
          for (FieldMapping c : field.children()) {
            children.add(build(c, allocator, true, field.definitionLevel()));
          }
        } catch (RuntimeException e) {
          children.forEach(FieldAssembler::close);
          throw e;
        }
        // a struct Parquet declares required has no null slot, even under a null parent: the
        // parent hides it (as Arrow C++ and arrow-rs build it)
        int validFrom = field.definitionLevel() > parentDef ? field.definitionLevel() : 0;
        return new StructAssembler(out, validFrom, children, allocator);
      }
      default:
        throw new UnsupportedFeatureException(
            "reading " + field.kind(),
            "field " + field.name() + " is a " + field.kind()
                + ": this reader assembles flat columns and structs; repeated fields are not read yet");
    }
  }

  static FieldAssembler leafAssembler(FieldMapping leaf, Field out, BufferAllocator allocator, boolean keepLevels) {
    if (dictionaryLeaf(leaf)) {
      Field values = new Field(leaf.name(), new FieldType(true, leaf.type(), null, null), null);
      LeafReader reader = new DictionaryLeafReader(leaf.column(), out, values, allocator, keepLevels);
      return new LeafAssembler(reader, StorageAdapter.NONE, out);
    }
    ArrowType storage = leaf.storageType();
    ArrowType target = out.getType();
    // large offsets are chosen while decoding rather than converted afterwards
    if ((target instanceof ArrowType.LargeUtf8 && storage instanceof ArrowType.Utf8)
        || (target instanceof ArrowType.LargeBinary && storage instanceof ArrowType.Binary)) {
      storage = target;
    }
    StorageAdapter adapter = StorageAdapter.between(storage, target, leaf.column().dottedPath());
    LeafReader reader = LeafReaders.create(leaf, storage, allocator, keepLevels);
    return new LeafAssembler(reader, adapter, out);
  }
}
