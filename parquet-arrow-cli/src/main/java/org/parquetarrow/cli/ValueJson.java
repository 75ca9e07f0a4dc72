package org.parquetarrow.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Base64;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.util.Text;
import org.parquetarrow.variant.Variant;
import org.parquetarrow.variant.VariantUnshredder;

/**
 * One Arrow value as JSON, for {@code cat --json}, {@code head} and {@code scan --json}: structs
 * become objects, lists (and list views) arrays, maps objects keyed by the key's text, strings
 * strings, binaries base64 strings, numbers numbers (unsigned integers and half floats by their
 * value, not Arrow Java's signed or raw getters), zoned timestamps ISO-8601 instants, dates, times
 * and timestamps without zone ISO-8601 text, durations and intervals ISO-8601 durations, VARIANT
 * columns the JSON of each variant; other values their Arrow Java text form. Display only, so one boxed value
 * per cell is acceptable here.
 */
final class ValueJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper VARIANT_JSON = new ObjectMapper();
  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  private final DictionaryProvider dictionaries;

  ValueJson(DictionaryProvider dictionaries) {
    this.dictionaries = dictionaries;
  }

  JsonNode value(ValueVector v, int index) {
    if (v.isNull(index)) {
      return NODES.nullNode();
    }
    DictionaryEncoding enc = v instanceof FieldVector f ? f.getField().getDictionary() : null;
    if (enc != null && v instanceof BaseIntVector ids) {
      Dictionary d = dictionaries == null ? null : dictionaries.lookup(enc.getId());
      if (d == null) {
        return NODES.numberNode(ids.getValueAsLong(index));
      }
      return value(d.getVector(), (int) ids.getValueAsLong(index));
    }
    if (v instanceof MapVector m) {
      StructVector entries = (StructVector) m.getDataVector();
      ValueVector keys = entries.getChildByOrdinal(0);
      ValueVector values = entries.getChildByOrdinal(1);
      ObjectNode o = NODES.objectNode();
      for (int i = m.getElementStartIndex(index); i < m.getElementEndIndex(index); i++) {
        JsonNode key = value(keys, i);
        o.set(key.isTextual() ? key.asText() : key.toString(), value(values, i));
      }
      return o;
    }
    if (v instanceof ListVector l) {
      return elements(l.getDataVector(), l.getElementStartIndex(index), l.getElementEndIndex(index));
    }
    if (v instanceof LargeListVector l) {
      return elements(l.getDataVector(), l.getElementStartIndex(index), l.getElementEndIndex(index));
    }
    if (v instanceof FixedSizeListVector l) {
      int size = l.getListSize();
      return elements(l.getDataVector(), (long) index * size, (long) index * size + size);
    }
    if (v instanceof StructVector s && isVariant(s)) {
      return variant(s, index);
    }
    if (v instanceof StructVector s) {
      ObjectNode o = NODES.objectNode();
      for (FieldVector child : s.getChildrenFromFields()) {
        o.set(child.getName(), value(child, index));
      }
      return o;
    }
    if (v instanceof ListViewVector l) {
      return elements(l.getDataVector(), l.getElementStartIndex(index), l.getElementEndIndex(index));
    }
    if (v instanceof LargeListViewVector l) {
      long start = l.getOffsetBuffer().getLong((long) index * Long.BYTES);
      return elements(l.getDataVector(), start, start + l.getSizeBuffer().getLong((long) index * Long.BYTES));
    }
    if (v instanceof TimeStampVector t && t.getField().getType() instanceof ArrowType.Timestamp ts
        && ts.getTimezone() != null) {
      // Arrow Java gives zoned timestamps as bare numbers; show the instant (UTC) they denote
      return NODES.textNode(instant(t.get(index), ts.getUnit()).toString());
    }
    JsonNode exact = exactScalar(v, index);
    return exact != null ? exact : scalar(v.getObject(index));
  }

  /**
   * The values whose Arrow Java object is not the value: unsigned integers (signed getters: u8 200
   * would be -56), half floats (their bits), dates and times (day counts, unit counts, or a
   * date-time of 1970-01-01); {@code null} for every other vector.
   */
  private static JsonNode exactScalar(ValueVector v, int index) {
    if (v instanceof UInt1Vector u) {
      return NODES.numberNode(u.getObjectNoOverflow(index));
    } else if (v instanceof UInt4Vector u) {
      return NODES.numberNode(u.getObjectNoOverflow(index));
    } else if (v instanceof UInt8Vector u) {
      return NODES.numberNode(u.getObjectNoOverflow(index));
    } else if (v instanceof Float2Vector f) {
      return NODES.numberNode(f.getValueAsFloat(index));
    } else if (v instanceof DateDayVector d) {
      return NODES.textNode(LocalDate.ofEpochDay(d.get(index)).toString());
    } else if (v instanceof DateMilliVector d) {
      long millis = d.get(index);
      // date64 holds whole days; a value that is not one still shows all it holds
      return NODES.textNode(millis % MILLIS_PER_DAY == 0
          ? LocalDate.ofEpochDay(millis / MILLIS_PER_DAY).toString()
          : d.getObject(index).toString());
    } else if (v instanceof TimeSecVector t) {
      return timeOfDay(t.get(index), 1_000_000_000L);
    } else if (v instanceof TimeMilliVector t) {
      return timeOfDay(t.get(index), 1_000_000L);
    } else if (v instanceof TimeMicroVector t) {
      return timeOfDay(t.get(index), 1000L);
    } else if (v instanceof TimeNanoVector t) {
      return timeOfDay(t.get(index), 1L);
    } else if (v instanceof IntervalMonthDayNanoVector i) {
      return NODES.textNode(i.getObject(index).toISO8601IntervalString());
    }
    return null;
  }

  /** A time of day as ISO-8601 text; a value outside the day as the number stored (in its unit). */
  private static JsonNode timeOfDay(long value, long nanosPerUnit) {
    return value >= 0 && value < NANOS_PER_DAY / nanosPerUnit
        ? NODES.textNode(LocalTime.ofNanoOfDay(value * nanosPerUnit).toString())
        : NODES.numberNode(value);
  }

  /** Whether {@code s} holds rebuilt variants (Arrow's canonical Parquet Variant extension). */
  private static boolean isVariant(StructVector s) {
    var metadata = s.getField().getMetadata();
    return metadata != null
        && VariantUnshredder.EXTENSION_NAME.equals(metadata.get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME))
        && s.getChild("metadata") instanceof VarBinaryVector && s.getChild("value") instanceof VarBinaryVector;
  }

  /** A variant as the JSON it denotes (see {@link Variant#toJson()}), not as its two binaries. */
  private static JsonNode variant(StructVector s, int index) {
    VarBinaryVector value = (VarBinaryVector) s.getChild("value");
    if (value.isNull(index)) {
      return NODES.nullNode();
    }
    String json = Variant.of(((VarBinaryVector) s.getChild("metadata")).get(index), value.get(index)).toJson();
    try {
      return VARIANT_JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("variant JSON did not parse: " + json, e);
    }
  }

  private static Instant instant(long value, TimeUnit unit) {
    return switch (unit) {
      case SECOND -> Instant.ofEpochSecond(value);
      case MILLISECOND -> Instant.ofEpochMilli(value);
      case MICROSECOND -> Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000L);
      case NANOSECOND -> Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
    };
  }

  private ArrayNode elements(ValueVector data, long start, long end) {
    ArrayNode a = NODES.arrayNode();
    for (long i = start; i < end; i++) {
      a.add(value(data, (int) i));
    }
    return a;
  }

  private static JsonNode scalar(Object o) {
    if (o instanceof Text t) {
      // Text.toString decodes through a char buffer twice the text's size; the JDK's own UTF-8
      // decoding makes a one-byte-per-char string of ASCII text directly
      return NODES.textNode(new String(t.getBytes(), 0, (int) t.getLength(), StandardCharsets.UTF_8));
    } else if (o instanceof byte[] b) {
      return NODES.textNode(Base64.getEncoder().encodeToString(b));
    } else if (o instanceof Boolean b) {
      return NODES.booleanNode(b);
    } else if (o instanceof Integer i) {
      return NODES.numberNode(i);
    } else if (o instanceof Long l) {
      return NODES.numberNode(l);
    } else if (o instanceof Short s) {
      return NODES.numberNode(s);
    } else if (o instanceof Byte b) {
      return NODES.numberNode(b);
    } else if (o instanceof Character c) {
      return NODES.numberNode((int) c);
    } else if (o instanceof Float f) {
      return NODES.numberNode(f);
    } else if (o instanceof Double d) {
      return NODES.numberNode(d);
    } else if (o instanceof BigDecimal d) {
      return NODES.numberNode(d);
    } else if (o instanceof BigInteger i) {
      return NODES.numberNode(i);
    }
    return NODES.textNode(String.valueOf(o));
  }
}
