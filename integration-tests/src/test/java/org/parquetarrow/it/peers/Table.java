package org.parquetarrow.it.peers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.testing.ArrowValues;

/**
 * Rows as plain Java values (the {@link ArrowValues} model), column by column, with their Arrow
 * schema: the expected content of a peer-written file, independent of any allocator.
 *
 * <pre>{@code
 * Table t = RandomTables.generate(seed, 300);
 * try (VectorSchemaRoot root = t.toRoot(allocator)) { ... }
 * }</pre>
 */
public record Table(Schema schema, List<List<Object>> columns, int rowCount) {
  public Table {
    if (columns.size() != schema.getFields().size()) {
      throw new IllegalArgumentException(columns.size() + " columns for " + schema.getFields().size() + " fields");
    }
    for (List<Object> c : columns) {
      if (c.size() != rowCount) {
        throw new IllegalArgumentException("a column has " + c.size() + " values, expected " + rowCount);
      }
    }
    columns = Collections.unmodifiableList(new ArrayList<>(columns));
  }

  /** A new root holding this table; the caller closes it. */
  public VectorSchemaRoot toRoot(BufferAllocator allocator) {
    return ArrowValues.root(allocator, schema, columns);
  }

  public List<Field> fields() {
    return schema.getFields();
  }

  public List<Object> column(String name) {
    return columns.get(index(name));
  }

  public int index(String name) {
    List<Field> fields = schema.getFields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no column " + name);
  }

  /** The columns whose names pass {@code keep}, in order. */
  public Table select(Predicate<String> keep) {
    List<Field> fields = new ArrayList<>();
    List<List<Object>> cols = new ArrayList<>();
    for (int i = 0; i < schema.getFields().size(); i++) {
      Field f = schema.getFields().get(i);
      if (keep.test(f.getName())) {
        fields.add(f);
        cols.add(columns.get(i));
      }
    }
    return new Table(new Schema(fields), cols, rowCount);
  }

  /** This table with column {@code name} replaced by {@code field} holding {@code values}. */
  public Table replace(String name, Field field, List<Object> values) {
    int at = index(name);
    List<Field> fields = new ArrayList<>(schema.getFields());
    List<List<Object>> cols = new ArrayList<>(columns);
    fields.set(at, field);
    cols.set(at, values);
    return new Table(new Schema(fields), cols, rowCount);
  }

  /** Rows {@code from} (inclusive) to {@code to} (exclusive). */
  /**
   * The rows as uneven batches, among them a one-row batch, so that row groups and pages cut
   * across batches.
   */
  public List<Table> unevenBatches() {
    int n = rowCount;
    TreeSet<Integer> bounds = new TreeSet<>(List.of(0, Math.min(1, n), n / 3, Math.min(n / 3 + 1, n), n));
    List<Table> parts = new ArrayList<>();
    Integer from = bounds.pollFirst();
    for (Integer to : bounds) {
      parts.add(slice(from, to));
      from = to;
    }
    return parts;
  }

  public Table slice(int from, int to) {
    List<List<Object>> cols = new ArrayList<>();
    for (List<Object> c : columns) {
      cols.add(new ArrayList<>(c.subList(from, to)));
    }
    return new Table(schema, cols, to - from);
  }
}
