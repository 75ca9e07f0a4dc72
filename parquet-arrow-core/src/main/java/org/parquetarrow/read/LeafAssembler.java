package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

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
