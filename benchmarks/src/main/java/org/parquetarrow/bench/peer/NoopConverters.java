package org.parquetarrow.bench.peer;

import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;

/**
 * A converter tree shaped like the schema. {@code ColumnReadStoreImpl} insists on one, but the
 * copy loops read values from the column readers directly and never call it.
 */
final class NoopConverters extends GroupConverter {
  private final Converter[] children;

  NoopConverters(GroupType type) {
    children = new Converter[type.getFieldCount()];
    for (int i = 0; i < children.length; i++) {
      children[i] = type.getType(i).isPrimitive()
          ? new PrimitiveConverter() {}
          : new NoopConverters(type.getType(i).asGroupType());
    }
  }

  @Override
  public Converter getConverter(int fieldIndex) {
    return children[fieldIndex];
  }

  @Override
  public void start() {}

  @Override
  public void end() {}
}
