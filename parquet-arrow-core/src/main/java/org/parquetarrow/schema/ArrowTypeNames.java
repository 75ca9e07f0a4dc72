package org.parquetarrow.schema;

import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Arrow types as pyarrow prints them ({@code int64}, {@code timestamp[us, tz=UTC]},
 * {@code decimal128(10, 2)}, {@code list<item: string>}), for error messages a user reads: Arrow
 * Java's own {@code toString} ({@code Int(64, true)}) is not what users of any Arrow library type.
 *
 * <pre>{@code
 * ArrowTypeNames.of(new ArrowType.Int(16, false));   // "uint16"
 * ArrowTypeNames.of(field);                          // "struct<id: int64, tags: list<item: string>>"
 * }</pre>
 */
public final class ArrowTypeNames {
  private ArrowTypeNames() {}

  /**
   * The type of {@code field}, nested children included, and its dictionary encoding if any. A
   * dictionary field is taken in IPC message form (its type is the value type); see {@link
   * #of(Field, DictionaryProvider)} for a field as a {@code VectorSchemaRoot} holds it.
   */
  public static String of(Field field) {
    return of(field, null);
  }

  /**
   * As {@link #of(Field)}, for fields in either form: a dictionary field whose type is its index
   * type (as in a {@code VectorSchemaRoot}) is named with the value type of its dictionary in
   * {@code dictionaries} ({@code ?} when it is not there).
   */
  public static String of(Field field, DictionaryProvider dictionaries) {
    DictionaryEncoding encoding = field.getDictionary();
    if (encoding == null) {
      return nested(field, dictionaries);
    }
    ArrowType.Int index = encoding.getIndexType() == null ? new ArrowType.Int(32, true) : encoding.getIndexType();
    String values;
    if (!field.getType().equals(index)) {
      values = nested(field, dictionaries);
    } else {
      Dictionary d = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
      values = d == null ? "?" : of(d.getVector().getField(), dictionaries);
    }
    return "dictionary<values=" + values + ", indices=" + of(index) + ", ordered=" + (encoding.isOrdered() ? 1 : 0)
        + ">";
  }

  private static String nested(Field field, DictionaryProvider dictionaries) {
    ArrowType t = field.getType();
    if (t instanceof ArrowType.Struct) {
      return "struct<" + field.getChildren().stream().map(c -> member(c, dictionaries))
          .collect(Collectors.joining(", ")) + ">";
    }
    if (t instanceof ArrowType.Map && field.getChildren().size() == 1
        && field.getChildren().get(0).getChildren().size() == 2) {
      Field entries = field.getChildren().get(0);
      return "map<" + of(entries.getChildren().get(0), dictionaries) + ", "
          + of(entries.getChildren().get(1), dictionaries) + ">";
    }
    if (t instanceof ArrowType.Union u) {
      return u.getMode().name().toLowerCase(Locale.ROOT) + "_union<"
          + field.getChildren().stream().map(c -> member(c, dictionaries)).collect(Collectors.joining(", ")) + ">";
    }
    if (field.getChildren().size() == 1 && isList(t)) {
      Field element = field.getChildren().get(0);
      // Arrow Java names the element of a list it built itself $data$; pyarrow calls that role item
      String name = "$data$".equals(element.getName()) ? "item" : element.getName();
      String inner = "<" + name + ": " + of(element, dictionaries) + (element.isNullable() ? "" : " not null") + ">";
      if (t instanceof ArrowType.FixedSizeList f) {
        return "fixed_size_list" + inner + "[" + f.getListSize() + "]";
      }
      return of(t) + inner;
    }
    return of(t);
  }

  private static String member(Field child, DictionaryProvider dictionaries) {
    return child.getName() + ": " + of(child, dictionaries) + (child.isNullable() ? "" : " not null");
  }

  private static boolean isList(ArrowType t) {
    return t instanceof ArrowType.List || t instanceof ArrowType.LargeList || t instanceof ArrowType.FixedSizeList
        || t instanceof ArrowType.ListView || t instanceof ArrowType.LargeListView;
  }

  /** The type alone; nested types without their children ({@code list}, {@code struct}). */
  public static String of(ArrowType type) {
    if (type instanceof ArrowType.Int i) {
      return (i.getIsSigned() ? "int" : "uint") + i.getBitWidth();
    }
    if (type instanceof ArrowType.FloatingPoint f) {
      return f.getPrecision() == FloatingPointPrecision.HALF ? "halffloat"
          : f.getPrecision() == FloatingPointPrecision.SINGLE ? "float" : "double";
    }
    if (type instanceof ArrowType.Decimal d) {
      return "decimal" + d.getBitWidth() + "(" + d.getPrecision() + ", " + d.getScale() + ")";
    }
    if (type instanceof ArrowType.Date d) {
      return d.getUnit() == DateUnit.DAY ? "date32[day]" : "date64[ms]";
    }
    if (type instanceof ArrowType.Time t) {
      return (t.getBitWidth() == 32 ? "time32[" : "time64[") + unit(t.getUnit()) + "]";
    }
    if (type instanceof ArrowType.Timestamp t) {
      return "timestamp[" + unit(t.getUnit()) + (t.getTimezone() == null ? "" : ", tz=" + t.getTimezone()) + "]";
    }
    if (type instanceof ArrowType.Duration d) {
      return "duration[" + unit(d.getUnit()) + "]";
    }
    if (type instanceof ArrowType.Interval i) {
      return switch (i.getUnit()) {
        case YEAR_MONTH -> "month_interval";
        case DAY_TIME -> "day_time_interval";
        case MONTH_DAY_NANO -> "month_day_nano_interval";
      };
    }
    if (type instanceof ArrowType.FixedSizeBinary f) {
      return "fixed_size_binary[" + f.getByteWidth() + "]";
    }
    if (type instanceof ArrowType.ExtensionType e) {
      return "extension<" + e.extensionName() + ", storage=" + of(e.storageType()) + ">";
    }
    return switch (type.getTypeID()) {
      case Null -> "null";
      case Bool -> "bool";
      case Utf8 -> "string";
      case LargeUtf8 -> "large_string";
      case Utf8View -> "string_view";
      case Binary -> "binary";
      case LargeBinary -> "large_binary";
      case BinaryView -> "binary_view";
      case List -> "list";
      case LargeList -> "large_list";
      case ListView -> "list_view";
      case LargeListView -> "large_list_view";
      case FixedSizeList -> "fixed_size_list[" + ((ArrowType.FixedSizeList) type).getListSize() + "]";
      case Struct -> "struct";
      case Map -> "map";
      case Union -> "union";
      case RunEndEncoded -> "run_end_encoded";
      default -> type.toString();
    };
  }

  private static String unit(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> "s";
      case MILLISECOND -> "ms";
      case MICROSECOND -> "us";
      case NANOSECOND -> "ns";
    };
  }
}
