package org.parquetarrow.dataset.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.DatasetException;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.ExpressionBinder;

/**
 * A schema cut down to some columns: a top-level name keeps the whole field, a path through
 * structs keeps that field and the structs around it. Top-level fields come in the order first named.
 */
final class SchemaProjection {
  private SchemaProjection() {}

  /** The path a projection string names: the whole string if it is a top-level field, else split on dots. */
  static List<String> path(String column, Schema schema) {
    for (Field f : schema.getFields()) {
      if (f.getName().equals(column)) {
        return List.of(column);
      }
    }
    return Arrays.asList(column.split("\\.", -1));
  }

  /**
   * {@code schema} keeping only {@code paths}.
   *
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException naming a path that is not in the schema
   */
  static Schema project(Schema schema, List<List<String>> paths) {
    for (List<String> p : paths) {
      ExpressionBinder.resolve(new ColumnRef(p), schema);
    }
    // Top-level fields in the order first asked for, as SQL's SELECT list.
    Map<String, List<List<String>>> byTop = new LinkedHashMap<>();
    for (List<String> p : paths) {
      byTop.computeIfAbsent(p.get(0), k -> new ArrayList<>()).add(p.subList(1, p.size()));
    }
    List<Field> out = new ArrayList<>();
    for (Map.Entry<String, List<List<String>>> e : byTop.entrySet()) {
      Field f = schema.getFields().stream().filter(x -> x.getName().equals(e.getKey())).findFirst().orElseThrow();
      boolean whole = e.getValue().stream().anyMatch(List::isEmpty);
      out.add(whole ? f : prune(f, e.getValue(), f.getName()));
    }
    return new Schema(out);
  }

  private static Field prune(Field f, List<List<String>> paths, String where) {
    if (!(f.getType() instanceof ArrowType.Struct)) {
 throw new DatasetException("column " + where + " is a " + f.getType() + ", not a struct; cannot select "
          + String.join(".", paths.get(0)) + " in it");
    }
    Map<String, List<List<String>>> byChild = new LinkedHashMap<>();
    Map<String, Boolean> wholeChild = new LinkedHashMap<>();
    for (List<String> p : paths) {
      if (f.getChildren().stream().noneMatch(c -> c.getName().equals(p.get(0)))) {
        throw unknown(List.of(where + "." + String.join(".", p)), f.getChildren());
      }
      if (p.size() == 1) {
        wholeChild.put(p.get(0), true);
      } else {
        byChild.computeIfAbsent(p.get(0), k -> new ArrayList<>()).add(p.subList(1, p.size()));
      }
    }
    List<Field> children = new ArrayList<>();
    for (Field c : f.getChildren()) {
      if (wholeChild.containsKey(c.getName())) {
        children.add(c);
      } else if (byChild.containsKey(c.getName())) {
        children.add(prune(c, byChild.get(c.getName()), where + "." + c.getName()));
      }
    }
    return new Field(f.getName(), f.getFieldType(), children);
  }

  private static DatasetException unknown(List<String> path, List<Field> known) {
    String name = String.join(".", path);
    return new DatasetException("unknown column " + name + "; known: "
        + String.join(", ", known.stream().map(Field::getName).toList()));
  }
}
