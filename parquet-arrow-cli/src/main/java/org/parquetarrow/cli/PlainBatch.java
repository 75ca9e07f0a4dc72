package org.parquetarrow.cli;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Batches with their dictionary fields decoded to the dictionary's value type. The reader gives
 * each batch its own dictionary, which an Arrow IPC file cannot hold (one dictionary per field for
 * the whole file) and which the writer would have to re-encode anyway; plain values serve both.
 */
final class PlainBatch {
  private PlainBatch() {}

  /**
   * The schema of the decoded batches; a dictionary field below the top level is refused.
   *
   * @param schema the reader's schema, whose dictionary fields carry their value type
   */
  static Schema plainSchema(Schema schema, DictionaryProvider dictionaries) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      for (Field child : f.getChildren()) {
        requireNoDictionary(child);
      }
      if (f.getDictionary() == null) {
        fields.add(f);
      } else {
        Dictionary d = dictionaries.lookup(f.getDictionary().getId());
        // A file without rows has no batch and so no dictionary; the reader's schema (IPC message
        // form) already gives a dictionary field its value type.
        Field value = d == null ? f : d.getVector().getField();
        fields.add(new Field(f.getName(), new org.apache.arrow.vector.types.pojo.FieldType(
            f.isNullable(), value.getType(), null, f.getMetadata()), value.getChildren()));
      }
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /**
   * Moves the values of {@code batch} (which is left empty) into a new root of plain vectors,
   * decoding dictionary fields with the dictionaries of this batch.
   */
  static VectorSchemaRoot decode(VectorSchemaRoot batch, DictionaryProvider dictionaries, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (FieldVector v : batch.getFieldVectors()) {
        if (v.getField().getDictionary() == null) {
          var pair = v.getTransferPair(allocator);
          pair.transfer();
          vectors.add((FieldVector) pair.getTo());
        } else {
          Dictionary d = dictionaries.lookup(v.getField().getDictionary().getId());
          ValueVector decoded = DictionaryEncoder.decode(v, d, allocator);
          var pair = decoded.getTransferPair(v.getName(), allocator);
          pair.transfer();
          decoded.close();
          vectors.add((FieldVector) pair.getTo());
        }
      }
    } catch (RuntimeException e) {
      vectors.forEach(FieldVector::close);
      throw e;
    }
    return new VectorSchemaRoot(vectors.stream().map(FieldVector::getField).toList(), vectors, batch.getRowCount());
  }

  private static void requireNoDictionary(Field f) {
    if (f.getDictionary() != null) {
      throw new UserInputException("field " + f.getName() + " is a dictionary inside a nested field, "
          + "which this command cannot write");
    }
    for (Field c : f.getChildren()) {
      requireNoDictionary(c);
    }
  }
}
