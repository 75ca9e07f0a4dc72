package org.parquetarrow.dataset.scan;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;

/**
 * The matching rows of the output columns the filter pass of late materialisation already decoded
 * (output columns that are filter columns), kept until the second pass needs them, so that their
 * pages are neither fetched nor decoded twice: batch after batch of the first pass they are
 * appended, and each batch of the second pass takes its rows, in order. Holds the matching rows of
 * one row group of those columns at most. Owns its vectors until handed out.
 *
 * <pre>{@code
 * try (CarriedColumns carried = new CarriedColumns(fields, allocator)) {
 *   carried.add(selectedVectorsOfOneFilterBatch);   // per first-pass batch
 *   List<FieldVector> next = carried.take(rows);     // per second-pass batch, the caller closes them
 * }
 * }</pre>
 */
final class CarriedColumns implements AutoCloseable {
  private final List<Field> fields;
  private final BufferAllocator allocator;
  /** Per field, the vectors appended, one per first-pass batch. */
  private final List<List<FieldVector>> chunks = new ArrayList<>();
  /** The chunk and the row in it the next {@link #take} starts at. */
  private int chunk;
  private int row;

  CarriedColumns(List<Field> fields, BufferAllocator allocator) {
    this.fields = fields;
    this.allocator = allocator;
    fields.forEach(f -> chunks.add(new ArrayList<>()));
  }

  List<Field> fields() {
    return fields;
  }

  boolean isEmpty() {
    return fields.isEmpty();
  }

  /** Appends one batch's vectors (one per field, same row count), which this now owns. */
  void add(List<FieldVector> vectors) {
    for (int i = 0; i < fields.size(); i++) {
      chunks.get(i).add(vectors.get(i));
    }
  }

  /** New vectors (one per field; the caller closes them) of the next {@code rows} rows appended. */
  List<FieldVector> take(int rows) {
    List<FieldVector> out = new ArrayList<>(fields.size());
    int endChunk = chunk;
    int endRow = row;
    try {
      for (int i = 0; i < fields.size(); i++) {
        FieldVector to = fields.get(i).createVector(allocator);
        out.add(to);
        to.setInitialCapacity(rows);
        to.allocateNew();
        List<FieldVector> from = chunks.get(i);
        int c = chunk;
        int r = row;
        TransferPair copy = null;
        for (int j = 0; j < rows; j++) {
          while (r == from.get(c).getValueCount()) {
            c++;
            r = 0;
            copy = null;
          }
          if (copy == null) {
            copy = from.get(c).makeTransferPair(to);
          }
          copy.copyValueSafe(r++, j);
        }
        to.setValueCount(rows);
        endChunk = c;
        endRow = r;
      }
      chunk = endChunk;
      row = endRow;
      return out;
    } catch (RuntimeException e) {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(out));
      throw e;
    }
  }

  @Override
  public void close() {
    for (List<FieldVector> c : chunks) {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(c));
      c.clear();
    }
  }
}
