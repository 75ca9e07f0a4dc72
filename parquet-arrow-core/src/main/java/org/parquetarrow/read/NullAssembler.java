package org.parquetarrow.read;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A field of the Arrow null type (a Parquet UNKNOWN leaf): only its length matters, so its column
 * chunk is never read.
 */
final class NullAssembler implements FieldAssembler {
  private final Field field;
  private int rows;

  NullAssembler(Field field) {
    this.field = field;
  }

  @Override
  public List<LeafReader> leaves() {
    return List.of();
  }

  @Override
  public void startBatch(int rows) {
    this.rows = rows;
  }

  @Override
  public void startOwnBatch(int rows) {
    this.rows = rows;
  }

  @Override
  public void truncateBatch(int rows) {
    this.rows = rows;
  }

  @Override
  public FieldVector finishBatch() {
    NullVector v = new NullVector(field);
    v.setValueCount(rows);
    return v;
  }

  @Override
  public void close() {}
}
