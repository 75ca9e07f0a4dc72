package org.parquetarrow.dataset.write;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Some rows of a batch, with only the columns the files hold, as a batch a file writer takes: the
 * batch's own vectors when it is all of it, a slice for a run of rows, a copy otherwise. Closing
 * releases what the piece allocated, never the batch's vectors.
 */
final class RowPiece implements AutoCloseable {
  private final VectorSchemaRoot root;
  private final boolean owned;

  private RowPiece(VectorSchemaRoot root, boolean owned) {
    this.root = root;
    this.owned = owned;
  }

  VectorSchemaRoot root() {
    return root;
  }

  /** Rows {@code rows[from, from + len)} of {@code batch}, columns {@code columns} (whose fields are {@code fields}). */
  static RowPiece of(VectorSchemaRoot batch, int[] columns, List<Field> fields, int[] rows, int from, int len) {
    List<FieldVector> source = new ArrayList<>(columns.length);
    for (int c : columns) {
      source.add(batch.getVector(c));
    }
    int first = rows[from];
    boolean run = rows[from + len - 1] - first == len - 1;
    // a view over the batch's vectors: never closed here, they are the caller's
    VectorSchemaRoot view = new VectorSchemaRoot(fields, source, batch.getRowCount());
    if (run && first == 0 && len == batch.getRowCount()) {
      return new RowPiece(view, false);
    }
    if (run) {
      return new RowPiece(view.slice(first, len), true);
    }
    return new RowPiece(copy(source, fields, rows, from, len), true);
  }

  private static VectorSchemaRoot copy(List<FieldVector> source, List<Field> fields, int[] rows, int from, int len) {
    List<FieldVector> out = new ArrayList<>(source.size());
    try {
      for (FieldVector src : source) {
        FieldVector dst = src.getField().createVector(src.getAllocator());
        out.add(dst);
        dst.setInitialCapacity(len);
        dst.allocateNew();
        TransferPair pair = src.makeTransferPair(dst);
        for (int i = 0; i < len; i++) {
          pair.copyValueSafe(rows[from + i], i);
        }
        dst.setValueCount(len);
      }
      return new VectorSchemaRoot(fields, out, len);
    } catch (RuntimeException | Error e) {
      out.forEach(FieldVector::close);
      throw e;
    }
  }

  @Override
  public void close() {
    if (owned) {
      root.close();
    }
  }
}
