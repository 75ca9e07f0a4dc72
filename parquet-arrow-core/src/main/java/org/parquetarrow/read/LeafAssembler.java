package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.parquetarrow.schema.FieldMapping;

/** The field of one leaf column: the leaf reader's vector, adapted to the field's Arrow type. */
final class LeafAssembler implements FieldAssembler {
  private final LeafReader reader;
  private final StorageAdapter adapter;
  private final Field field;

  LeafAssembler(LeafReader reader, StorageAdapter adapter, Field field) {
    this.reader = reader;
    this.adapter = adapter;
    this.field = field;
  }

  /**
   * The assembler of the leaf field {@code leaf}, whose vectors carry {@code out} (its {@link
   * ReadFields#memoryField memory form}).
   *
   * @param keepLevels whether enclosing structs or lists need the definition levels
   */
  static LeafAssembler of(FieldMapping leaf, Field out, BufferAllocator allocator, boolean keepLevels) {
    return of(leaf, out, allocator, keepLevels, null);
  }

  /**
   * As above, the leaf's rows answering {@code rowFilter} when it is not {@code null} (a leaf read
   * as a dictionary only).
   *
   * @throws IllegalArgumentException if {@code rowFilter} is given for a leaf not read as a dictionary
   */
  static LeafAssembler of(FieldMapping leaf, Field out, BufferAllocator allocator, boolean keepLevels,
      DictionaryRowFilter rowFilter) {
    if (ReadFields.dictionaryLeaf(leaf)) {
      Field values = new Field(leaf.name(), new FieldType(true, leaf.type(), null, null), null);
      LeafReader reader = new LeafReader(leaf.column(),
          new DictionarySink(out, values, LeafReaders.dictionaryValues(leaf, allocator), allocator, rowFilter), allocator,
          keepLevels);
      return new LeafAssembler(reader, StorageAdapter.NONE, rowFilter == null ? out : DictionarySink.answerField(out.getName()));
    }
    if (rowFilter != null) {
      throw new IllegalArgumentException("a dictionary row filter was given for column " + leaf.column().dottedPath()
          + ", which is not read as a dictionary (see ReadOptions.Builder.dictionaryColumns and dictionaryLeaves)");
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

  LeafReader reader() {
    return reader;
  }

  @Override
  public List<LeafReader> leaves() {
    return List.of(reader);
  }

  @Override
  public void startBatch(int rows) {
    reader.startBatch(rows);
  }

  @Override
  public void startOwnBatch(int rows) {
    // the field is its leaf's vector: nothing of its own to prepare
  }

  @Override
  public void truncateBatch(int rows) {
    reader.truncateBatch(rows);
  }

  @Override
  public FieldVector finishBatch() {
    return adapt(reader.finishBatch());
  }

  /** {@code stored}, a vector of the leaf's storage type, as the field's type. */
  FieldVector adapt(FieldVector stored) {
    return adapter.adapt(stored, field, reader.allocator);
  }

  @Override
  public void close() {
    reader.close();
  }
}
