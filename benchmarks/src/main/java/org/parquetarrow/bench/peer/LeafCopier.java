package org.parquetarrow.bench.peer;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;

/**
 * Copies one Parquet leaf column, read with parquet-java's {@link ColumnReader}, into its Arrow
 * vector, one batch of rows at a time.
 */
abstract class LeafCopier {
  final FieldVector leaf;
  final ValueKind kind;
  final int maxDef;
  ColumnReader reader;
  long remaining;

  LeafCopier(FieldVector leaf, ValueKind kind, int maxDef) {
    this.leaf = leaf;
    this.kind = kind;
    this.maxDef = maxDef;
  }

  /** Switches to the column chunk of the next row group. */
  final void startRowGroup(ColumnReader columnReader) {
    this.reader = columnReader;
    this.remaining = columnReader.getTotalValueCount();
  }

  /** Appends the next {@code rows} rows; the vectors were freshly allocated for this batch. */
  abstract void fill(int rows);

  /** Sets value counts once every leaf has been filled. */
  abstract void finish(int rows);

  /**
   * Writes the reader's current value at {@code index} of the leaf, marking it valid. One switch per
   * value: used where values are scattered by list offsets; flat columns use the typed loops.
   */
  final void writeCurrent(int index) {
    ArrowBuf validity = leaf.getValidityBuffer();
    switch (kind) {
      case INT32 -> leaf.getDataBuffer().setInt(4L * index, reader.getInteger());
      case INT64 -> leaf.getDataBuffer().setLong(8L * index, reader.getLong());
      case DECIMAL_INT64 -> {
        long v = reader.getLong();
        leaf.getDataBuffer().setLong(16L * index, v);
        leaf.getDataBuffer().setLong(16L * index + 8, v >> 63);
      }
      case FLOAT -> leaf.getDataBuffer().setFloat(4L * index, reader.getFloat());
      case DOUBLE -> leaf.getDataBuffer().setDouble(8L * index, reader.getDouble());
      case BOOLEAN -> {
        if (reader.getBoolean()) {
          BitVectorHelper.setBit(leaf.getDataBuffer(), index);
        }
      }
      case BINARY -> {
        Binary b = reader.getBinary();
        ByteBuffer bytes = b.toByteBuffer(); // a view, not a copy; its position is where the value starts
        // setSafe grows the data buffer and fills offsets of skipped (null) slots; it sets validity
        ((BaseVariableWidthVector) leaf).setSafe(index, bytes, bytes.position(), b.length());
        return;
      }
    }
    BitVectorHelper.setBit(validity, index);
  }
}
