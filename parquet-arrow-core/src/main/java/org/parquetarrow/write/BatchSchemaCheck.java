package org.parquetarrow.write;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.schema.ArrowTypeNames;

/**
 * Whether a batch fits the schema a writer was opened with, checked before any of it is written:
 * the column writers take the schema's word for each vector's layout, so an int64 vector under a
 * utf8 column would be read as offsets.
 *
 * <p>Compared, recursively: names of top-level fields and struct children (exactly, in order),
 * types with every parameter ({@link ArrowType#equals}: bit width and sign, unit and time zone,
 * precision and scale, widths, extension types), the number of children, nullability, and
 * dictionary encoding (the batch holds indices of the schema's index type whose dictionary, looked
 * up in the writer's provider, has the schema's value type). Not compared: field metadata (the
 * writer's schema alone decides how a column is stored, as pyarrow's {@code check_metadata=False}),
 * the names of list elements and map entries, keys and values (layout labels that Arrow Java
 * names after how a vector was built; the writer's schema gives the names written), and the
 * nullability of a map's entries struct (stored as the repeated key_value group). One walk over
 * the fields per batch; no per-row work.
 */
final class BatchSchemaCheck {
  private final List<Field> expected;
  private final DictionaryProvider dictionaries;

  /**
   * @param messageForm  the writer's schema with dictionary fields in message form (value type)
   * @param dictionaries the writer's dictionaries, or {@code null}
   */
  BatchSchemaCheck(Schema messageForm, DictionaryProvider dictionaries) {
    this.expected = messageForm.getFields();
    this.dictionaries = dictionaries;
  }

  /** @throws SchemaMismatchException naming the first field that differs and both types */
  void check(VectorSchemaRoot root) {
    List<FieldVector> vectors = root.getFieldVectors();
    if (vectors.size() != expected.size()) {
      throw new SchemaMismatchException(null, "the batch has " + vectors.size() + " fields " + names(vectors)
          + ", the writer's schema " + expected.size() + " " + fieldNames(expected));
    }
    int rows = root.getRowCount();
    for (int i = 0; i < expected.size(); i++) {
      Field want = expected.get(i);
      FieldVector v = vectors.get(i);
      Field have = v.getField();
      if (!want.getName().equals(have.getName())) {
        throw new SchemaMismatchException(want.getName(), "field " + i + ": the batch has '" + have.getName()
            + "', the writer's schema '" + want.getName() + "' (fields: " + fieldNames(expected) + ")");
      }
      compare(want.getName(), want, have);
      if (v.getValueCount() < rows) {
        throw new SchemaMismatchException(want.getName(), "field '" + want.getName() + "' has "
            + v.getValueCount() + " values, the batch " + rows + " rows");
      }
    }
  }

  /** Compares two fields whose names already matched (or need not), and their children. */
  private void compare(String path, Field want, Field have) {
    if (want.isNullable() != have.isNullable()) {
      throw mismatch(path, "the batch's field is " + nullability(have) + ", the writer's schema's "
          + nullability(want));
    }
    DictionaryEncoding wantDictionary = want.getDictionary();
    DictionaryEncoding haveDictionary = have.getDictionary();
    if (wantDictionary == null && haveDictionary == null) {
      compareTypes(path, want, have);
      return;
    }
    if (wantDictionary == null || haveDictionary == null) {
      throw typeMismatch(path, want, have);
    }
    // a root holds a dictionary field as its indices; the values are in the writer's provider
    if (!have.getType().equals(haveDictionary.getIndexType())) {
      throw mismatch(path, "the batch's dictionary-encoded field holds " + describe(have.getType())
          + ", not its index type " + describe(haveDictionary.getIndexType()));
    }
    if (!haveDictionary.getIndexType().equals(wantDictionary.getIndexType())) {
      throw typeMismatch(path, want, have);
    }
    Dictionary values = dictionaries == null ? null : dictionaries.lookup(haveDictionary.getId());
    if (values == null) {
      throw mismatch(path, "the batch's field is dictionary encoded with id " + haveDictionary.getId()
          + ", which the writer's dictionaries do not hold");
    }
    compareTypes(path, want, values.getVector().getField());
  }

  private void compareTypes(String path, Field want, Field have) {
    if (!want.getType().equals(have.getType()) || want.getChildren().size() != have.getChildren().size()) {
      throw typeMismatch(path, want, have);
    }
    List<Field> wantChildren = want.getChildren();
    List<Field> haveChildren = have.getChildren();
    switch (want.getType().getTypeID()) {
      case Struct -> {
        for (int i = 0; i < wantChildren.size(); i++) {
          Field w = wantChildren.get(i);
          Field h = haveChildren.get(i);
          if (!w.getName().equals(h.getName())) {
            throw mismatch(path, "child " + i + ": the batch has '" + h.getName() + "', the writer's schema '"
                + w.getName() + "' (children: " + fieldNames(wantChildren) + ")");
          }
          compare(path + "." + w.getName(), w, h);
        }
      }
      case Map -> {
        // the entries struct is skipped in paths (attrs.key, attrs.value), and its name and
        // nullability are layout: Parquet stores it as the repeated key_value group either way
        Field w = wantChildren.get(0);
        Field h = haveChildren.get(0);
        if (!w.getType().equals(h.getType())
            || w.getChildren().size() != h.getChildren().size()) {
          throw typeMismatch(path, want, have);
        }
        for (int i = 0; i < w.getChildren().size(); i++) {
          compare(path + "." + w.getChildren().get(i).getName(), w.getChildren().get(i), h.getChildren().get(i));
        }
      }
      default -> {
        for (int i = 0; i < wantChildren.size(); i++) {
          compare(path + "." + wantChildren.get(i).getName(), wantChildren.get(i), haveChildren.get(i));
        }
      }
    }
  }

  private SchemaMismatchException typeMismatch(String path, Field want, Field have) {
    return mismatch(path, "the batch has " + describe(have) + ", the writer's schema " + describe(want));
  }

  private static SchemaMismatchException mismatch(String path, String problem) {
    return new SchemaMismatchException(path, "field '" + path + "': " + problem);
  }

  private static String nullability(Field f) {
    return f.isNullable() ? "nullable" : "not nullable";
  }

  /** A field's type as pyarrow names it, a root's dictionary fields by their dictionaries' values. */
  private String describe(Field f) {
    return ArrowTypeNames.of(f, dictionaries);
  }

  private static String describe(ArrowType t) {
    return ArrowTypeNames.of(t);
  }

  private static String fieldNames(List<Field> fields) {
    List<String> names = new ArrayList<>(fields.size());
    for (Field f : fields) {
      names.add(f.getName());
    }
    return names.toString();
  }

  private static String names(List<FieldVector> vectors) {
    List<String> names = new ArrayList<>(vectors.size());
    for (FieldVector v : vectors) {
      names.add(v.getName());
    }
    return names.toString();
  }
}
