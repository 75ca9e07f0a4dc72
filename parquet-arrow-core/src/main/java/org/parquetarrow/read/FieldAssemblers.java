package org.parquetarrow.read;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.schema.FieldMapping;

/**
 * Builds the {@link FieldAssembler} tree of a {@link org.parquetarrow.schema.SchemaMapping}, one
 * assembler per output shape, and the Arrow fields the batches carry.
 */
final class FieldAssemblers {
  private FieldAssemblers() {}

  /**
   * The field as batches carry it: dictionary fields hold their decoded values (the mapping's
   * dictionary fields are in IPC message form, whose type already is the value type).
   */
  static Field outputField(Field f) {
    List<Field> children = new ArrayList<>(f.getChildren().size());
    for (Field c : f.getChildren()) {
      children.add(outputField(c));
    }
    FieldType t = f.getFieldType();
    return new Field(f.getName(), new FieldType(t.isNullable(), t.getType(), null, t.getMetadata()), children);
  }

  /**
   * The assembler of {@code field}; on failure closes what it built.
   *
   * @throws UnsupportedFeatureException for a shape this reader cannot assemble
   */
  static FieldAssembler build(FieldMapping field, BufferAllocator allocator, boolean underStruct) {
    Field out = outputField(field.field());
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
            children.add(build(c, allocator, true));
          }
        } catch (RuntimeException e) {
          children.forEach(FieldAssembler::close);
          throw e;
        }
        return new StructAssembler(out, field.definitionLevel(), children, allocator);
      }
      default:
        throw new UnsupportedFeatureException(
            "reading " + field.kind(),
            "field " + field.name() + " is a " + field.kind()
                + ": this reader assembles flat columns and structs; repeated fields are not read yet");
    }
  }

  static FieldAssembler leafAssembler(FieldMapping leaf, Field out, BufferAllocator allocator, boolean keepLevels) {
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
