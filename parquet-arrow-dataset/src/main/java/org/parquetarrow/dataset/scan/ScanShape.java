package org.parquetarrow.dataset.scan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.expr.And;
import org.parquetarrow.dataset.expr.Between;
import org.parquetarrow.dataset.expr.Comparison;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.InList;
import org.parquetarrow.dataset.expr.Not;
import org.parquetarrow.dataset.expr.NullCheck;
import org.parquetarrow.dataset.expr.Or;
import org.parquetarrow.dataset.expr.StartsWith;

/**
 * The schemas of one scan: the output (the projection of the dataset schema), and the work
 * schema each batch is first shaped to (the output plus the filter's columns), with which of
 * its fields are partition columns.
 *
 * <p>Columns handed out dictionary-encoded ({@link ScanOptions#dictionaryColumns()}) are typed
 * by their values with a {@link DictionaryEncoding} (the form of Arrow IPC schemas; {@link
 * #memory(Field)} gives the int32 index field of their vectors), with ids 0, 1, ... in the work
 * schema's order.
 *
 * @param output the schema of the batches handed out
 * @param work the output's columns and the filter's
 * @param filter the filter's columns alone (empty without a filter), what late materialisation
 *     decodes first
 * @param partitionNames names of partition columns in {@code work}
 */
record ScanShape(Schema output, Schema work, Schema filter, Set<String> partitionNames) {

  static ScanShape of(Schema dataset, Schema partitions, List<String> columns, Expression boundFilter) {
    List<List<String>> outPaths = new ArrayList<>();
    if (columns == null) {
      dataset.getFields().forEach(f -> outPaths.add(List.of(f.getName())));
    } else {
      columns.forEach(c -> outPaths.add(SchemaProjection.path(c, dataset)));
    }
    Schema output = SchemaProjection.project(dataset, outPaths);
    List<List<String>> filterPaths = new ArrayList<>();
    if (boundFilter != null) {
      collect(boundFilter, filterPaths);
    }
    List<List<String>> workPaths = new ArrayList<>(outPaths);
    workPaths.addAll(filterPaths);
    Schema work = SchemaProjection.project(dataset, workPaths);
    Schema filter = SchemaProjection.project(dataset, filterPaths);
    Set<String> partitionNames = new LinkedHashSet<>();
    partitions.getFields().forEach(f -> partitionNames.add(f.getName()));
    return new ScanShape(output, work, filter, partitionNames);
  }

  /**
   * This shape with the top-level string and binary file columns named in {@code names} made
   * dictionary-encoded in both schemas.
   */
  ScanShape withDictionaries(Set<String> names) {
    if (names.isEmpty()) {
      return this;
    }
    Map<String, Field> encoded = new HashMap<>();
    long id = 0;
    for (Field f : work.getFields()) {
      ArrowType t = f.getType();
      boolean bytes = t instanceof ArrowType.Utf8 || t instanceof ArrowType.Binary || t instanceof ArrowType.LargeUtf8
          || t instanceof ArrowType.LargeBinary;
      if (names.contains(f.getName()) && bytes && !partitionNames.contains(f.getName())) {
        DictionaryEncoding enc = new DictionaryEncoding(id++, false, new ArrowType.Int(32, true));
        encoded.put(f.getName(), new Field(f.getName(),
            new FieldType(f.isNullable(), t, enc, f.getMetadata()), null));
      }
    }
    return new ScanShape(replace(output, encoded), replace(work, encoded), replace(filter, encoded), partitionNames);
  }

  /**
   * The top-level file columns of fixed-width types (integers, floats, dates, times, timestamps,
   * decimals, fixed-size binaries) that only the filter reads: what {@link
   * #withFilterDictionaries} may read as dictionaries, so that a predicate on one is tested once
   * per distinct value of a column chunk instead of once per row.
   */
  Set<String> filterOnlyFixedWidth() {
    Set<String> out = new LinkedHashSet<>();
    for (Field f : filter.getFields()) {
      if (f.getDictionary() == null && !partitionNames.contains(f.getName()) && fixedWidth(f.getType())
          && output.getFields().stream().noneMatch(o -> o.getName().equals(f.getName()))) {
        out.add(f.getName());
      }
    }
    return out;
  }

  private static boolean fixedWidth(ArrowType t) {
    return t instanceof ArrowType.Int || t instanceof ArrowType.Date || t instanceof ArrowType.Time
        || t instanceof ArrowType.Timestamp || t instanceof ArrowType.Decimal || t instanceof ArrowType.FixedSizeBinary
        || (t instanceof ArrowType.FloatingPoint f && f.getPrecision() != FloatingPointPrecision.HALF);
  }

  /**
   * This shape with the columns {@code names} (some of {@link #filterOnlyFixedWidth()}) made
   * dictionary-encoded in the work and filter schemas (the output does not have them), with ids
   * after those of {@link #withDictionaries}.
   */
  ScanShape withFilterDictionaries(Set<String> names) {
    if (names.isEmpty()) {
      return this;
    }
    long id = 0;
    for (Field f : work.getFields()) {
      if (f.getDictionary() != null) {
        id = Math.max(id, f.getDictionary().getId() + 1);
      }
    }
    Map<String, Field> encoded = new HashMap<>();
    for (Field f : work.getFields()) {
      if (names.contains(f.getName())) {
        DictionaryEncoding enc = new DictionaryEncoding(id++, false, new ArrowType.Int(32, true));
        encoded.put(f.getName(), new Field(f.getName(), new FieldType(f.isNullable(), f.getType(), enc, f.getMetadata()), null));
      }
    }
    return new ScanShape(output, replace(work, encoded), replace(filter, encoded), partitionNames);
  }

  private static Schema replace(Schema s, Map<String, Field> encoded) {
    List<Field> fields = new ArrayList<>();
    for (Field f : s.getFields()) {
      fields.add(encoded.getOrDefault(f.getName(), f));
    }
    return new Schema(fields, s.getCustomMetadata());
  }

  /** The field of the vectors of {@code f}: the int32 indices for a dictionary-encoded field, else itself. */
  static Field memory(Field f) {
    DictionaryEncoding enc = f.getDictionary();
    if (enc == null) {
      return f;
    }
    return new Field(f.getName(), new FieldType(f.isNullable(), enc.getIndexType(), enc, f.getMetadata()), null);
  }

  /** The column names of {@code work} that are dictionary-encoded. */
  Set<String> dictionaryNames() {
    Set<String> out = new LinkedHashSet<>();
    work.getFields().stream().filter(f -> f.getDictionary() != null).forEach(f -> out.add(f.getName()));
    return out;
  }

  /** The columns {@code e} reads, as paths. */
  private static void collect(Expression e, List<List<String>> out) {
    if (e instanceof And a) {
      a.terms().forEach(t -> collect(t, out));
    } else if (e instanceof Or o) {
      o.terms().forEach(t -> collect(t, out));
    } else if (e instanceof Not n) {
      collect(n.term(), out);
    } else if (e instanceof Comparison c) {
      out.add(c.column().path());
    } else if (e instanceof InList i) {
      out.add(i.column().path());
    } else if (e instanceof Between b) {
      out.add(b.column().path());
    } else if (e instanceof NullCheck n) {
      out.add(n.column().path());
    } else {
      out.add(((StartsWith) e).column().path());
    }
  }

  /**
   * What to ask a file's reader for, for the file columns of {@code work}: whole top-level fields
   * where the work schema keeps them whole, else the dotted paths of the leaves kept through
   * structs; only columns the file has.
   */
  List<String> readColumns(Schema dataset, Schema file) {
    return readColumns(work, dataset, file);
  }

  /** {@link #readColumns(Schema, Schema)} for the fields of {@code of} (one of this shape's schemas). */
  List<String> readColumns(Schema of, Schema dataset, Schema file) {
    List<String> out = new ArrayList<>();
    for (Field w : of.getFields()) {
      if (partitionNames.contains(w.getName())) {
        continue;
      }
      Field inFile = child(file.getFields(), w.getName());
      if (inFile == null) {
        continue;
      }
      Field full = child(dataset.getFields(), w.getName());
      if (w.equals(full)) {
        out.add(w.getName());
      } else {
        List<String> paths = new ArrayList<>();
        leaves(w, inFile, w.getName(), paths);
        out.addAll(paths.contains(w.getName()) ? List.of(w.getName()) : paths);
      }
    }
    return new ArrayList<>(new LinkedHashSet<>(out));
  }

  private static void leaves(Field w, Field inFile, String path, List<String> out) {
    if (!(w.getType() instanceof ArrowType.Struct) || !(inFile.getType() instanceof ArrowType.Struct)) {
      out.add(path);
      return;
    }
    for (Field c : w.getChildren()) {
      Field fc = child(inFile.getChildren(), c.getName());
      if (fc != null) {
        if (!c.getChildren().isEmpty() && !(c.getType() instanceof ArrowType.Struct)) {
          // A list or map inside a struct: the reader's paths name leaves, so take the top field whole.
          out.add(path.substring(0, path.contains(".") ? path.indexOf('.') : path.length()));
          return;
        }
        leaves(c, fc, path + "." + c.getName(), out);
      }
    }
  }

  private static Field child(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }
}
