package org.parquetarrow.cli;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The demo's sample dataset: orders of an imaginary shop, deterministic (a pure function of the row
 * number), typed, nested and nullable:
 *
 * <pre>
 * order_id  int64, not null, ascending
 * placed_at timestamp[us, UTC], not null, one order a second from 2024-01-01
 * city      utf8, one of {@link #CITIES}, null every 17th row
 * amount    decimal(12, 2), null every 29th row
 * express   bool, not null
 * customer  struct{name: utf8 not null, age: int32 (null every 13th row)}
 * items     list&lt;utf8&gt;, 0 to 3 product names, null every 31st row
 * </pre>
 */
final class DemoData {
  static final String[] CITIES = {"Lisbon", "Oslo", "Nairobi", "Osaka", "Lima", "Toronto", "Perth", "Dakar"};
  static final String[] PRODUCTS = {"tea", "coffee", "bread", "cheese", "apples", "rice", "olive oil", "chocolate"};
  /** 2024-01-01T00:00:00Z in microseconds. */
  static final long START_MICROS = 1_704_067_200_000_000L;

  private static final byte[][] CITY_BYTES = bytes(CITIES);
  private static final byte[][] PRODUCT_BYTES = bytes(PRODUCTS);

  private DemoData() {}

  static Schema schema() {
    Field customer = new Field("customer", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
        new Field("name", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
        new Field("age", FieldType.nullable(new ArrowType.Int(32, true)), null)));
    Field items = new Field("items", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(new Field("element", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null)));
    return new Schema(List.of(
        new Field("order_id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("placed_at", FieldType.notNullable(new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")), null),
        new Field("city", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
        new Field("amount", FieldType.nullable(new ArrowType.Decimal(12, 2, 128)), null),
        new Field("express", FieldType.notNullable(ArrowType.Bool.INSTANCE), null),
        customer,
        items));
  }

  /** Fills {@code root} (of {@link #schema()}) with rows {@code first .. first + n - 1}. */
  static void fill(VectorSchemaRoot root, long first, int n) {
    root.allocateNew();
    BigIntVector id = (BigIntVector) root.getVector("order_id");
    TimeStampMicroTZVector at = (TimeStampMicroTZVector) root.getVector("placed_at");
    VarCharVector city = (VarCharVector) root.getVector("city");
    DecimalVector amount = (DecimalVector) root.getVector("amount");
    BitVector express = (BitVector) root.getVector("express");
    StructVector customer = (StructVector) root.getVector("customer");
    VarCharVector name = (VarCharVector) customer.getChild("name");
    IntVector age = (IntVector) customer.getChild("age");
    ListVector items = (ListVector) root.getVector("items");
    VarCharVector item = (VarCharVector) items.getDataVector();
    int itemCount = 0;
    for (int i = 0; i < n; i++) {
      long row = first + i;
      id.setSafe(i, row);
      at.setSafe(i, START_MICROS + row * 1_000_000L);
      if (row % 17 == 0) {
        city.setNull(i);
      } else {
        city.setSafe(i, CITY_BYTES[(int) (mix(row) % CITY_BYTES.length)]);
      }
      if (row % 29 == 0) {
        amount.setNull(i);
      } else {
        amount.setSafe(i, 100 + mix(row + 1) % 50_000); // 1.00 to 500.99
      }
      express.setSafe(i, mix(row + 2) % 5 == 0 ? 1 : 0);
      customer.setIndexDefined(i);
      name.setSafe(i, ("customer-" + mix(row + 3) % 100_000).getBytes(StandardCharsets.UTF_8));
      if (row % 13 == 0) {
        age.setNull(i);
      } else {
        age.setSafe(i, (int) (18 + mix(row + 4) % 70));
      }
      if (row % 31 == 0) {
        items.setNull(i);
      } else {
        int k = (int) (mix(row + 5) % 4);
        items.startNewValue(i);
        for (int j = 0; j < k; j++) {
          item.setSafe(itemCount++, PRODUCT_BYTES[(int) (mix(row * 4 + j) % PRODUCT_BYTES.length)]);
        }
        items.endValue(i, k);
      }
    }
    for (FieldVector v : root.getFieldVectors()) {
      v.setValueCount(n);
    }
    item.setValueCount(itemCount);
    root.setRowCount(n);
  }

  /** A cheap deterministic scramble (splitmix64's finaliser), non-negative. */
  static long mix(long x) {
    long z = x * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (z ^ (z >>> 31)) >>> 1;
  }

  private static byte[][] bytes(String[] s) {
    byte[][] b = new byte[s.length][];
    for (int i = 0; i < s.length; i++) {
      b[i] = s[i].getBytes(StandardCharsets.UTF_8);
    }
    return b;
  }

}
