package org.parquetarrow.it.rust;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.it.peers.Table;

/** The random tables as arrow-rs takes them in, and the uneven batch split the ITs feed it. */
final class RustTables {
  private RustTables() {}

  /**
   * The columns of {@code master} arrow-rs round-trips. All of them: arrow-rs 59 writes and reads
   * every Arrow type of the random schema. {@code ts_int96} is only a name here: arrow-rs writes
   * Timestamp(ns) as INT64 TIMESTAMP(NANOS), never INT96, which is still a timestamp the reader must
   * return as written.
   */
  static Table forRust(Table master) {
    return master;
  }

  /** Uneven batches, among them a one-row batch, so that row groups and pages cut across batches. */
  static List<Table> uneven(Table t) {
    int n = t.rowCount();
    TreeSet<Integer> bounds = new TreeSet<>(List.of(0, Math.min(1, n), n / 3, Math.min(n / 3 + 1, n), n));
    List<Table> parts = new ArrayList<>();
    Integer from = bounds.pollFirst();
    for (Integer to : bounds) {
      parts.add(t.slice(from, to));
      from = to;
    }
    return parts;
  }

  /**
   * {@code t} as arrow-rs returns it from a file whose maps follow the Parquet spec's standard form:
   * arrow-rs names a map's Arrow entries field after the Parquet repeated group ({@code key_value}),
   * even when the embedded {@code ARROW:schema} says {@code entries}. Arrow leaves those names free
   * ("not enforced", Schema.fbs), so this is a naming choice of the peer, not a value difference.
   */
  static Table withMapEntriesNamedKeyValue(Table t) {
    List<Field> fields = new ArrayList<>();
    for (Field f : t.fields()) {
      fields.add(renameEntries(f, false));
    }
    return new Table(new Schema(fields, t.schema().getCustomMetadata()), t.columns(), t.rowCount());
  }

  private static Field renameEntries(Field f, boolean isMapEntries) {
    boolean isMap = f.getType() instanceof ArrowType.Map;
    List<Field> children = new ArrayList<>();
    for (Field c : f.getChildren()) {
      children.add(renameEntries(c, isMap));
    }
    return new Field(isMapEntries ? "key_value" : f.getName(), f.getFieldType(), children);
  }
}
