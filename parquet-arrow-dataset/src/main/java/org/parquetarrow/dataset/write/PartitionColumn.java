package org.parquetarrow.dataset.write;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One partition column of the batches: reads a row's value as the Java value the directory name is
 * made of ({@link String}, {@link Long}, {@link BigInteger} for unsigned 64-bit values beyond
 * {@code Long.MAX_VALUE}, {@link LocalDate}, {@link Boolean}, or {@code null}), through the
 * dictionary for a dictionary-encoded column.
 */
final class PartitionColumn {
  /** The kinds of value a directory name can be made of. */
  private enum Kind {
    STRING, SIGNED, UNSIGNED64, DATE, BOOLEAN
  }

  private final String name;
  private final int index;
  private final Kind kind;
  private final DictionaryEncoding encoding;

  private PartitionColumn(String name, int index, Kind kind, DictionaryEncoding encoding) {
    this.name = name;
    this.index = index;
    this.kind = kind;
    this.encoding = encoding;
  }

  /**
   * The partition column {@code name} of {@code schemaFields}.
   *
   * @throws IllegalArgumentException when no top-level field has that name (listing them), or its
   *     (value) type cannot name a directory (naming both)
   */
  static PartitionColumn of(String name, java.util.List<Field> fields, DictionaryProvider dictionaries) {
    int index = -1;
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(name)) {
        index = i;
      }
    }
    if (index < 0) {
      java.util.List<String> names = fields.stream().map(Field::getName).toList();
      throw new IllegalArgumentException("partition column " + name + " is not a top-level field of the batches"
          + org.parquetarrow.schema.ColumnSuggestions.didYouMean(name, names) + "; their fields are " + names);
    }
    Field field = fields.get(index);
    DictionaryEncoding encoding = field.getDictionary();
    ArrowType valueType = field.getType();
    if (encoding != null) {
      Dictionary d = dictionaries == null ? null : dictionaries.lookup(encoding.getId());
      if (d == null) {
        throw new IllegalArgumentException("partition column " + name + " is dictionary-encoded (dictionary "
            + encoding.getId() + ") but " + (dictionaries == null ? "no dictionaries were given" : "the given"
            + " dictionaries do not hold it"));
      }
      valueType = d.getVectorType();
    }
    Kind kind = kindOf(valueType);
    if (kind == null) {
      throw new IllegalArgumentException("partition column " + name + " has type " + valueType
          + "; partition values must be strings, integers, dates or booleans");
    }
    return new PartitionColumn(name, index, kind, encoding);
  }

  private static Kind kindOf(ArrowType type) {
    return switch (type.getTypeID()) {
      case Utf8, LargeUtf8, Utf8View -> Kind.STRING;
      case Int -> ((ArrowType.Int) type).getIsSigned() || ((ArrowType.Int) type).getBitWidth() < 64
          ? Kind.SIGNED : Kind.UNSIGNED64;
      case Date -> Kind.DATE;
      case Bool -> Kind.BOOLEAN;
      default -> null;
    };
  }

  String name() {
    return name;
  }

  /** The field's position among the batch's top-level fields. */
  int index() {
    return index;
  }

  /** The vector whose rows {@link #value} reads: the column's values (its dictionary for an encoded column). */
  ValueVector values(FieldVector column, DictionaryProvider dictionaries) {
    if (encoding == null) {
      return column;
    }
    Dictionary d = dictionaries.lookup(encoding.getId());
    if (d == null) {
      throw new IllegalArgumentException("partition column " + name + ": dictionary " + encoding.getId()
          + " is missing from the given dictionaries");
    }
    return d.getVector();
  }

  /** The row of {@code values} that holds row {@code row}'s value, or -1 for a null. */
  int valueRow(FieldVector column, int row) {
    if (column.isNull(row)) {
      return -1;
    }
    return encoding == null ? row : (int) ((BaseIntVector) column).getValueAsLong(row);
  }

  /** The value at {@code row} of {@code values} (from {@link #values}), or {@code null}. */
  Object value(ValueVector values, int row) {
    if (row < 0 || values.isNull(row)) {
      return null;
    }
    return switch (kind) {
      case STRING -> string(values, row);
      case SIGNED -> ((BaseIntVector) values).getValueAsLong(row);
      case UNSIGNED64 -> {
        long bits = ((UInt8Vector) values).get(row);
        yield bits >= 0 ? (Object) bits : new BigInteger(Long.toUnsignedString(bits));
      }
      case DATE -> values instanceof DateDayVector d
          ? LocalDate.ofEpochDay(d.get(row))
          : LocalDate.ofEpochDay(Math.floorDiv(((DateMilliVector) values).get(row), 86_400_000L));
      case BOOLEAN -> ((BitVector) values).get(row) != 0;
    };
  }

  private static String string(ValueVector values, int row) {
    byte[] bytes;
    if (values instanceof VarCharVector v) {
      bytes = v.get(row);
    } else if (values instanceof LargeVarCharVector v) {
      bytes = v.get(row);
    } else {
      bytes = ((ViewVarCharVector) values).get(row);
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
