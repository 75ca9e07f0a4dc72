package org.parquetarrow.dataset.scan;

import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Turns a column as one file decoded it into a dictionary-encoded column of the scan: the file's
 * own dictionary and indices when the reader gave them, the values as their own dictionary
 * (index {@code i} for row {@code i}) when it read the column plainly (a chunk that fell back to
 * plain encoding has no dictionary for every page), all nulls with an empty dictionary when the
 * file lacks the column.
 */
final class DictionaryColumns {
  private DictionaryColumns() {}

  /**
   * The int32 index vector of {@code target} (a field typed by its values, with a {@link
   * DictionaryEncoding}) for {@code rows} rows of {@code source}; its dictionary's values go into
   * {@code dictionaries} under the target's id. Buffers of {@code source} and of its dictionary
   * in {@code fileDictionaries} move; the caller closes what it gets.
   */
  static FieldVector conform(FieldVector source, Map<Long, Dictionary> fileDictionaries, Field target, int rows,
      BufferAllocator allocator, Map<Long, FieldVector> dictionaries) {
    DictionaryEncoding enc = target.getDictionary();
    Field valuesField = new Field(target.getName(), new FieldType(true, target.getType(), null), null);
    IntVector indices = (IntVector) ScanShape.memory(target).createVector(allocator);
    FieldVector values = null;
    try {
      DictionaryEncoding sourceEnc = source == null ? null : source.getField().getDictionary();
      if (sourceEnc != null) {
        Dictionary d = fileDictionaries.get(sourceEnc.getId());
        if (d == null) {
          throw new IllegalStateException("the reader gave no dictionary " + sourceEnc.getId() + " for " + target.getName());
        }
        source.makeTransferPair(indices).transfer();
        values = VectorConformer.conform(d.getVector(), valuesField, d.getVector().getValueCount(), allocator);
      } else if (source == null) {
        indices.allocateNew(rows);
        indices.setValueCount(rows);
        values = valuesField.createVector(allocator);
        values.allocateNew();
        values.setValueCount(0);
      } else {
        values = VectorConformer.conform(source, valuesField, rows, allocator);
        indices.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          if (!values.isNull(i)) {
            indices.set(i, i);
          }
        }
        indices.setValueCount(rows);
      }
      dictionaries.put(enc.getId(), values);
      return indices;
    } catch (RuntimeException e) {
      indices.close();
      if (values != null) {
        values.close();
      }
      throw e;
    }
  }
}
