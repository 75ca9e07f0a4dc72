package org.parquetarrow.read;

import org.apache.arrow.memory.BufferAllocator;
import org.parquetarrow.schema.FieldMapping;

/**
 * Builds the {@link FieldAssembler} of one top-level field of a {@link
 * org.parquetarrow.schema.SchemaMapping}: a leaf column, the null type, or the assembly tree of a
 * struct, list or map ({@link NestedAssembler}).
 */
final class FieldAssemblers {
  private FieldAssemblers() {}

  /**
   * The assembler of the top-level {@code field}; on failure closes what it built.
   *
   * @throws org.parquetarrow.UnsupportedFeatureException for a shape this reader cannot assemble
   */
  static FieldAssembler build(FieldMapping field, BufferAllocator allocator) {
    return switch (field.kind()) {
      case NULL -> new NullAssembler(ReadFields.memoryField(field));
      case PRIMITIVE -> LeafAssembler.of(field, ReadFields.memoryField(field), allocator, false);
      default -> new NestedAssembler(field, allocator);
    };
  }
}
