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
    return build(field, allocator, null);
  }

  /**
   * As above, with the top-level leaf's rows answering {@code rowFilter} when it is not {@code null}.
   *
   * @throws IllegalArgumentException if {@code rowFilter} is given for a field that is not a leaf read as a dictionary
   */
  static FieldAssembler build(FieldMapping field, BufferAllocator allocator, DictionaryRowFilter rowFilter) {
    if (rowFilter != null && field.kind() != FieldMapping.Kind.PRIMITIVE) {
      throw new IllegalArgumentException("a dictionary row filter was given for " + field.name()
          + ", which is not a leaf column");
    }
    return switch (field.kind()) {
      case NULL -> new NullAssembler(ReadFields.memoryField(field));
      case PRIMITIVE -> LeafAssembler.of(field, ReadFields.memoryField(field), allocator, false, rowFilter);
      default -> new NestedAssembler(field, allocator);
    };
  }
}
