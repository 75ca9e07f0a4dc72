package org.parquetarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.parquetarrow.testing.TestData;

/**
 * The raw Variant encodings of parquet-testing's {@code variant/} folder (written by Spark's
 * reference implementation) decode to the values of {@code data_dictionary.json}, and render as
 * JSON equal to them. The dictionary is not strict JSON (a trailing comma) and writes temporal
 * values in assorted text forms (a time as {@code 12:33:54:123456}, timestamps in the writer's
 * zone with a space): those strings are compared by the instant or time they denote.
 */
class RawVariantExamplesTest {
  private static final Path DIR = TestData.parquetTesting().resolve("variant");

  private static Map<String, JsonNode> expected() throws IOException {
    ObjectMapper lenient = JsonMapper.builder().enable(JsonReadFeature.ALLOW_TRAILING_COMMA).build();
    JsonNode root = lenient.readTree(DIR.resolve("data_dictionary.json").toFile());
    Map<String, JsonNode> out = new java.util.TreeMap<>();
    root.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }

  private static Variant load(String name) throws IOException {
    return Variant.of(Files.readAllBytes(DIR.resolve(name + ".metadata")),
        Files.readAllBytes(DIR.resolve(name + ".value")));
  }

  @Test
  void everyExampleDecodesToItsDictionaryValue() throws IOException {
    Map<String, JsonNode> expected = expected();
    List<String> withoutEntry = new ArrayList<>(examples());
    withoutEntry.removeAll(expected.keySet());
    // long_string is the one example the dictionary leaves out
    assertEquals(List.of("long_string"), withoutEntry);
    for (Map.Entry<String, JsonNode> e : expected.entrySet()) {
      Variant v = load(e.getKey());
      assertMatches(e.getValue(), v, e.getKey());
    }
  }

  @Test
  void everyExampleRendersAsStrictJsonEqualToTheDictionary() throws IOException {
    ObjectMapper strict = new ObjectMapper();
    for (Map.Entry<String, JsonNode> e : expected().entrySet()) {
      String json = load(e.getKey()).toJson();
      JsonNode rendered = strict.readTree(json);
      assertJsonEquals(e.getValue(), rendered, e.getKey() + " rendered " + json);
    }
  }

  /** The names of the example pairs in the folder. */
  private static List<String> examples() throws IOException {
    try (var files = Files.list(DIR)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".metadata"))
          .map(n -> n.substring(0, n.length() - ".metadata".length())).sorted().toList();
    }
  }

  @Test
  void theLongStringIsAStringOf152Bytes() throws IOException {
    Variant v = load("long_string");
    assertEquals(VariantKind.STRING, v.kind());
    assertTrue(v.getString().startsWith("This string is for sure and certainly longe"), v.getString());
    assertEquals(152, v.getString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
  }

  @Test
  void theKindsAreThoseTheNamesSay() throws IOException {
    assertEquals(VariantKind.INT8, load("primitive_int8").kind());
    assertEquals(VariantKind.DECIMAL16, load("primitive_decimal16").kind());
    assertEquals(VariantKind.TIMESTAMP_TZ_MICROS, load("primitive_timestamp").kind());
    assertEquals(VariantKind.TIMESTAMP_NTZ_NANOS, load("primitive_timestampntz_nanos").kind());
    assertEquals(VariantKind.UUID, load("primitive_uuid").kind());
    assertEquals(VariantKind.STRING, load("short_string").kind());
    assertEquals(VariantKind.STRING, load("primitive_string").kind());
    assertEquals(VariantKind.OBJECT, load("object_empty").kind());
    assertEquals(0, load("object_empty").size());
    // 12.34 as decimal4 with scale 2: 1234 = 0x04D2, little-endian after the scale byte
    assertEquals(new BigDecimal("12.34"), load("primitive_decimal4").getDecimal());
  }

  @Test
  void semanticEqualityIgnoresLayoutButNotValues() throws IOException {
    Variant nested = load("object_nested");
    assertEquals(nested, load("object_nested"));
    assertEquals(nested.hashCode(), load("object_nested").hashCode());
    assertNotEquals(nested, load("object_primitive"));
    // int8 42 and a decimal 42.00 are the same exact number; a double 42.0 is not in that class
    byte[] emptyMetadata = {0x01, 0x00, 0x00};
    Variant int8 = Variant.of(emptyMetadata, new byte[] {0x0C, 42});
    Variant decimal = Variant.of(emptyMetadata, new byte[] {0x20, 0x02, 0x68, 0x10, 0x00, 0x00});
    Variant dbl = Variant.of(emptyMetadata, new byte[] {0x1C, 0, 0, 0, 0, 0, 0, 0x45, 0x40});
    assertEquals(int8, decimal);
    assertEquals(int8.hashCode(), decimal.hashCode());
    assertEquals(42.0, dbl.getDouble());
    assertNotEquals(int8, dbl);
    // a short string and a long-form string of the same text are equal
    Variant shortForm = Variant.of(emptyMetadata, new byte[] {0x09, 'h', 'i'});
    Variant longForm = Variant.of(emptyMetadata, new byte[] {0x40, 2, 0, 0, 0, 'h', 'i'});
    assertEquals(shortForm, longForm);
  }

  @Test
  void everyTruncationFailsTyped() throws IOException {
    for (String name : examples()) {
      byte[] metadata = Files.readAllBytes(DIR.resolve(name + ".metadata"));
      byte[] value = Files.readAllBytes(DIR.resolve(name + ".value"));
      for (int n = 0; n < value.length; n++) {
        byte[] cut = java.util.Arrays.copyOf(value, n);
        assertThrows(VariantFormatException.class, () -> Variant.of(metadata, cut), name + " value cut to " + n);
      }
      for (int n = 0; n < metadata.length; n++) {
        byte[] cut = java.util.Arrays.copyOf(metadata, n);
        assertThrows(VariantFormatException.class, () -> Variant.of(cut, value), name + " metadata cut to " + n);
      }
      byte[] longer = java.util.Arrays.copyOf(value, value.length + 1);
      assertThrows(VariantFormatException.class, () -> Variant.of(metadata, longer), name + " with a byte more");
    }
  }

  @Test
  void flippedBytesDecodeOrFailTyped() throws IOException {
    long seed = 20260422L;
    Random random = new Random(seed);
    int failures = 0;
    int decoded = 0;
    for (String name : examples()) {
      byte[] metadata = Files.readAllBytes(DIR.resolve(name + ".metadata"));
      byte[] value = Files.readAllBytes(DIR.resolve(name + ".value"));
      for (int trial = 0; trial < 400; trial++) {
        byte[] m = metadata.clone();
        byte[] v = value.clone();
        byte[] target = random.nextInt(4) == 0 ? m : v;
        for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
          target[random.nextInt(target.length)] ^= (byte) (1 + random.nextInt(255));
        }
        try {
          Variant parsed = Variant.of(m, v);
          // a variant that parses must be fully usable
          parsed.toJson();
          assertEquals(parsed, Variant.of(m, v));
          parsed.hashCode();
          decoded++;
        } catch (VariantFormatException expected) {
          failures++;
        } catch (RuntimeException unexpected) {
          fail("seed " + seed + ", " + name + " trial " + trial + ": " + unexpected, unexpected);
        }
      }
    }
    assertTrue(failures > 0 && decoded > 0, failures + " failed, " + decoded + " decoded");
  }

  private static void assertMatches(JsonNode want, Variant got, String where) {
    switch (got.kind()) {
      case NULL -> assertTrue(want.isNull(), where);
      case BOOLEAN -> assertEquals(want.booleanValue(), got.getBoolean(), where);
      case INT8, INT16, INT32, INT64 -> {
        assertTrue(want.isIntegralNumber(), where);
        assertEquals(want.longValue(), got.getLong(), where);
      }
      case DECIMAL4, DECIMAL8 -> assertEquals(0, new BigDecimal(want.asText()).compareTo(got.getDecimal()),
          where + ": " + got.getDecimal());
      case DECIMAL16 -> assertEquals(want.doubleValue(), got.getDecimal().doubleValue(), where);
      case FLOAT -> assertEquals(Float.parseFloat(want.asText()), got.getFloat(), where);
      case DOUBLE -> assertEquals(want.doubleValue(), got.getDouble(), where);
      case STRING -> assertEquals(want.textValue(), got.getString(), where);
      case BINARY -> assertEquals(want.textValue(), Base64.getEncoder().encodeToString(got.getBinary()), where);
      case UUID -> assertEquals(UUID.fromString(want.textValue()), got.getUuid(), where);
      case DATE -> assertEquals(LocalDate.parse(want.textValue()), LocalDate.ofEpochDay(got.getLong()), where);
      case TIME_NTZ_MICROS -> assertEquals(time(want.textValue()),
          LocalTime.ofNanoOfDay(got.getLong() * 1000), where);
      case TIMESTAMP_TZ_MICROS -> assertEquals(instant(want.textValue()), micros(got.getLong()), where);
      case TIMESTAMP_TZ_NANOS -> assertEquals(instant(want.textValue()), nanos(got.getLong()), where);
      case TIMESTAMP_NTZ_MICROS -> assertEquals(local(want.textValue()),
          LocalDateTime.ofInstant(micros(got.getLong()), ZoneOffset.UTC), where);
      case TIMESTAMP_NTZ_NANOS -> assertEquals(local(want.textValue()),
          LocalDateTime.ofInstant(nanos(got.getLong()), ZoneOffset.UTC), where);
      case ARRAY -> {
        assertTrue(want.isArray(), where);
        assertEquals(want.size(), got.size(), where);
        for (int i = 0; i < got.size(); i++) {
          assertMatches(want.get(i), got.element(i), where + "[" + i + "]");
        }
      }
      case OBJECT -> {
        assertTrue(want.isObject(), where);
        TreeSet<String> names = new TreeSet<>();
        want.fieldNames().forEachRemaining(names::add);
        List<String> gotNames = new ArrayList<>();
        for (int i = 0; i < got.size(); i++) {
          gotNames.add(got.fieldName(i));
        }
        assertEquals(new ArrayList<>(names), gotNames, where);
        for (String n : names) {
          assertMatches(want.get(n), got.field(n), where + "." + n);
        }
      }
    }
  }

  /** JSON trees equal, numbers by value, temporal strings by what they denote. */
  private static void assertJsonEquals(JsonNode want, JsonNode got, String where) {
    if (want.isNumber()) {
      assertTrue(got.isNumber(), where);
      if (want.isIntegralNumber() || got.isIntegralNumber()) {
        assertEquals(0, want.decimalValue().compareTo(got.decimalValue()), where);
      } else {
        assertEquals((float) want.doubleValue(), (float) got.doubleValue(), where);
      }
    } else if (want.isTextual()) {
      assertTrue(got.isTextual(), where);
      assertEquals(normalize(want.textValue()), normalize(got.textValue()), where);
    } else if (want.isArray()) {
      assertEquals(want.size(), got.size(), where);
      for (int i = 0; i < want.size(); i++) {
        assertJsonEquals(want.get(i), got.get(i), where);
      }
    } else if (want.isObject()) {
      assertEquals(want.size(), got.size(), where);
      for (Iterator<String> it = want.fieldNames(); it.hasNext(); ) {
        String n = it.next();
        assertFalse(got.path(n).isMissingNode(), where + " lacks " + n);
        assertJsonEquals(want.get(n), got.get(n), where + "." + n);
      }
    } else {
      assertEquals(want, got, where);
    }
  }

  /** A temporal string as a canonical text; any other string unchanged. */
  private static String normalize(String s) {
    try {
      return instant(s).toString();
    } catch (RuntimeException notZoned) {
      // not a zoned timestamp
    }
    try {
      return local(s).toString();
    } catch (RuntimeException notLocal) {
      // not a timestamp
    }
    try {
      return time(s).toString();
    } catch (RuntimeException notTime) {
      return s;
    }
  }

  private static Instant instant(String s) {
    return OffsetDateTime.parse(s.replace(' ', 'T').replaceAll("Z$", "+00:00")).toInstant();
  }

  private static LocalDateTime local(String s) {
    return LocalDateTime.parse(s.replace(' ', 'T'));
  }

  /** The dictionary writes 12:33:54.123456 as {@code 12:33:54:123456}. */
  private static LocalTime time(String s) {
    return LocalTime.parse(s.replaceAll("^(\\d\\d:\\d\\d:\\d\\d):(\\d+)$", "$1.$2"));
  }

  private static Instant micros(long v) {
    return Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000L), Math.floorMod(v, 1_000_000L) * 1000L);
  }

  private static Instant nanos(long v) {
    return Instant.ofEpochSecond(Math.floorDiv(v, 1_000_000_000L), Math.floorMod(v, 1_000_000_000L));
  }
}
