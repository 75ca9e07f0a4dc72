package org.parquetarrow.spark;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;

/**
 * Partition column types as Spark's file sources infer them from directory names, where the
 * dataset's own inference (DuckDB's) keeps a column a string: Spark reads {@code k=01} and {@code
 * k=1} as the integer 1, {@code k=1.5} as a double, a whole number past 64 bits as a decimal.
 * Each value is typed alone (int, then long, then a decimal without fraction, then double, then
 * a {@code yyyy-mm-dd} date), and a column takes the widest of its values' types (a string when
 * they mix numbers and dates or anything else), as Spark's {@code PartitioningUtils} does.
 * Timestamps in directory names stay strings.
 */
final class SparkPartitionTypes {
  private SparkPartitionTypes() {}

  private enum Kind { INT, LONG, DECIMAL, DOUBLE, DATE, STRING }

  /**
   * The partition fields of {@code ds} that Spark types otherwise than the dataset did, with
   * Spark's types (integers as int64: the table narrows them as before), or {@code null} when
   * every one agrees.
   */
  static Schema declared(Dataset ds) {
    List<Field> out = new ArrayList<>();
    boolean differs = false;
    for (Field f : ds.partitionSchema().getFields()) {
      ArrowType spark = f.getType() instanceof ArrowType.Utf8 ? infer(ds.files(), f.getName()) : null;
      if (spark != null && !(spark instanceof ArrowType.Utf8)) {
        differs = true;
        out.add(new Field(f.getName(), FieldType.nullable(spark), null));
      } else {
        out.add(f);
      }
    }
    return differs ? new Schema(out) : null;
  }

  private static ArrowType infer(List<DatasetFile> files, String key) {
    Kind kind = null;
    int digits = 0;
    boolean ints = false;
    boolean longs = false;
    for (DatasetFile f : files) {
      Object v = f.partitionValues().get(key);
      if (v == null) {
        continue;
      }
      String raw = v.toString();
      Kind k = kindOf(raw);
      if (k == Kind.DECIMAL) {
        BigDecimal d = new BigDecimal(raw);
        digits = Math.max(digits, d.precision() - d.scale()); // 1E+2 has three digits
      }
      ints |= k == Kind.INT;
      longs |= k == Kind.LONG;
      kind = kind == null ? k : wider(kind, k);
    }
    if (kind == null) {
      return ArrowType.Utf8.INSTANCE;
    }
    return switch (kind) {
      case INT, LONG -> new ArrowType.Int(64, true);
      // Spark widens a decimal beside an int to at least 10 digits, beside a long to 20
      case DECIMAL -> new ArrowType.Decimal(Math.min(38, Math.max(digits, longs ? 20 : ints ? 10 : 0)), 0, 128);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case DATE -> new ArrowType.Date(DateUnit.DAY);
      case STRING -> ArrowType.Utf8.INSTANCE;
    };
  }

  private static Kind kindOf(String raw) {
    try {
      Integer.parseInt(raw);
      return Kind.INT;
    } catch (NumberFormatException e) {
      // not an int
    }
    try {
      Long.parseLong(raw);
      return Kind.LONG;
    } catch (NumberFormatException e) {
      // not a long
    }
    try {
      BigDecimal d = new BigDecimal(raw);
      if (d.scale() <= 0 && d.precision() - d.scale() <= 38) {
        return Kind.DECIMAL;
      }
    } catch (NumberFormatException e) {
      // not a whole number
    }
    try {
      Double.parseDouble(raw);
      return Kind.DOUBLE;
    } catch (NumberFormatException e) {
      // not a number
    }
    if (raw.matches("\\d{4}-\\d{2}-\\d{2}")) {
      try {
        java.time.LocalDate.parse(raw);
        return Kind.DATE;
      } catch (java.time.format.DateTimeParseException e) {
        return Kind.STRING;
      }
    }
    return Kind.STRING;
  }

  private static Kind wider(Kind a, Kind b) {
    if (a == b) {
      return a;
    }
    if (a == Kind.STRING || b == Kind.STRING || a == Kind.DATE || b == Kind.DATE) {
      return Kind.STRING;
    }
    return a.ordinal() > b.ordinal() ? a : b; // INT < LONG < DECIMAL < DOUBLE
  }
}
