package org.parquetarrow.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Field-by-field comparison of two Arrow schemas, seeing through dictionary encoding. */
final class SchemaComparison {
  private final CompareOptions options;
  private final DictionaryProvider expectedDictionaries;
  private final DictionaryProvider actualDictionaries;
  private final List<String> differences = new ArrayList<>();

  private SchemaComparison(CompareOptions options, DictionaryProvider expected, DictionaryProvider actual) {
    this.options = options;
    this.expectedDictionaries = expected;
    this.actualDictionaries = actual;
  }

  static List<String> differences(
      Schema expected, DictionaryProvider expectedDictionaries,
      Schema actual, DictionaryProvider actualDictionaries,
      CompareOptions options) {
    SchemaComparison c = new SchemaComparison(options, expectedDictionaries, actualDictionaries);
    c.fields("", expected.getFields(), actual.getFields(), false, false);
    if (!options.ignoreMetadata()) {
      c.metadata("schema", expected.getCustomMetadata(), actual.getCustomMetadata());
    }
    return c.differences;
  }

  private void fields(String parent, List<Field> expected, List<Field> actual, boolean namesMayDiffer, boolean mapEntries) {
    if (expected.size() != actual.size()) {
      differences.add((parent.isEmpty() ? "schema" : parent) + ": expected " + expected.size()
          + " fields " + names(expected) + " but was " + actual.size() + " " + names(actual));
    }
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      field(parent, expected.get(i), actual.get(i), namesMayDiffer, mapEntries);
    }
  }

  private void field(String parent, Field e, Field a, boolean nameMayDiffer, boolean mapEntries) {
    String path = parent.isEmpty() ? e.getName() : parent + "." + e.getName();
    if (!e.getName().equals(a.getName()) && !(nameMayDiffer && options.ignoreNestedFieldNames())) {
      differences.add(path + ": expected name \"" + e.getName() + "\" but was \"" + a.getName() + "\"");
    }
    if (e.isNullable() != a.isNullable()) {
      differences.add(path + ": expected " + (e.isNullable() ? "nullable" : "not nullable")
          + " but was " + (a.isNullable() ? "nullable" : "not nullable"));
    }
    boolean eDict = e.getDictionary() != null;
    boolean aDict = a.getDictionary() != null;
    if (eDict != aDict && !options.allowDictionaryMismatch()) {
      differences.add(path + ": expected " + (eDict ? "dictionary-encoded" : "plain")
          + " but was " + (aDict ? "dictionary-encoded" : "plain"));
    }
    Field ev = valueField(e, expectedDictionaries);
    Field av = valueField(a, actualDictionaries);
    ArrowType et = ev.getType();
    ArrowType at = av.getType();
    if (!et.equals(at) && !sameInstantType(et, at)) {
      differences.add(path + ": expected type " + et + " but was " + at);
    }
    if (!options.ignoreMetadata()) {
      metadata(path, e.getMetadata(), a.getMetadata());
    }
    ArrowTypeID id = et.getTypeID();
    boolean listLike = id == ArrowTypeID.List || id == ArrowTypeID.LargeList || id == ArrowTypeID.FixedSizeList
        || id == ArrowTypeID.ListView || id == ArrowTypeID.LargeListView || id == ArrowTypeID.Map;
    String childParent = listLike && id != ArrowTypeID.Map ? path + ".list" : path;
    // names of list elements, of map entries and of their key/value are conventions, not data
    fields(childParent, ev.getChildren(), av.getChildren(), listLike || mapEntries, id == ArrowTypeID.Map);
  }

  private boolean sameInstantType(ArrowType e, ArrowType a) {
    return options.timestampsByInstant()
        && e instanceof ArrowType.Timestamp et
        && a instanceof ArrowType.Timestamp at
        && Objects.equals(et.getTimezone(), at.getTimezone());
  }

  private static Field valueField(Field f, DictionaryProvider dictionaries) {
    if (f.getDictionary() == null) {
      return f;
    }
    Dictionary d = dictionaries == null ? null : dictionaries.lookup(f.getDictionary().getId());
    if (d == null) {
      // without the dictionary the index type is all there is to compare
      return f;
    }
    return d.getVector().getField();
  }

  private void metadata(String path, Map<String, String> e, Map<String, String> a) {
    Map<String, String> en = e == null ? Map.of() : e;
    Map<String, String> an = a == null ? Map.of() : a;
    if (!en.equals(an)) {
      differences.add(path + ": expected metadata " + en + " but was " + an);
    }
  }

  private static List<String> names(List<Field> fields) {
    List<String> names = new ArrayList<>();
    for (Field f : fields) {
      names.add(f.getName());
    }
    return names;
  }
}
