package org.parquetarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** Variant bytes worked out by hand from VariantEncoding.md, valid and hostile. */
class HandMadeVariantTest {
  private static final byte[] EMPTY_METADATA = {0x01, 0x00, 0x00};

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** Metadata of version 1, 1-byte offsets, with these names (sorted flag as given). */
  private static byte[] metadata(boolean sorted, String... names) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0x01 | (sorted ? 0x10 : 0));
    out.write(names.length);
    int offset = 0;
    out.write(0);
    for (String n : names) {
      offset += n.getBytes(StandardCharsets.UTF_8).length;
      out.write(offset);
    }
    for (String n : names) {
      out.writeBytes(n.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  @Test
  void objectFieldsAreFoundByNameWhateverTheOrderOfTheirValues() {
    // {"a": 1, "b": true}: ids [0, 1], offsets [1, 0, 3] (b's value stored first), values: true, int8 1
    byte[] value = {0x02, 2, 0, 1, 1, 0, 3, 0x04, 0x0C, 1};
    Variant v = Variant.of(metadata(true, "a", "b"), value);
    assertEquals("{\"a\":1,\"b\":true}", v.toJson());
    assertEquals(1, v.field("a").getLong());
    assertTrue(v.field("b").getBoolean());
    assertEquals(null, v.field("c"));
    // the same object with its values in field order is equal
    Variant ordered = Variant.of(metadata(false, "b", "a"), new byte[] {0x02, 2, 1, 0, 0, 2, 3, 0x0C, 1, 0x04});
    assertEquals(v, ordered);
  }

  @Test
  void metadataBreakingTheRulesIsRejected() {
    assertThrows(VariantFormatException.class, () -> VariantMetadata.parse(new byte[] {0x02, 0, 0}), "version 2");
    assertThrows(VariantFormatException.class, () -> VariantMetadata.parse(new byte[] {0x01, 1, 0, 5, 'a'}),
        "offset past the names");
    assertThrows(VariantFormatException.class, () -> VariantMetadata.parse(new byte[] {0x01, 2, 0, 2, 1, 'a', 'b'}),
        "decreasing offsets");
    assertThrows(VariantFormatException.class, () -> VariantMetadata.parse(new byte[] {0x01, 1, 0, 1, (byte) 0xC3}),
        "bad UTF-8");
    assertThrows(VariantFormatException.class, () -> VariantMetadata.parse(
        new byte[] {(byte) 0xC1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}), "4 billion names, no bytes");
  }

  @Test
  void valuesBreakingTheRulesAreRejected() {
    byte[] m = metadata(true, "a", "b");
    assertThrows(VariantFormatException.class, () -> Variant.of(m, new byte[] {(byte) (21 << 2)}), "type 21");
    assertThrows(VariantFormatException.class, () -> Variant.of(m, new byte[] {0x02, 1, 7, 0, 1, 0}),
        "field id 7 of 2 names");
    assertThrows(VariantFormatException.class, () -> Variant.of(m, new byte[] {0x02, 2, 1, 0, 0, 1, 2, 0, 0}),
        "fields out of name order");
    assertThrows(VariantFormatException.class, () -> Variant.of(m, new byte[] {0x03, 1, 0, 2, 0}),
        "element runs past the values");
    assertThrows(VariantFormatException.class, () -> Variant.of(m, new byte[] {0x20, 39, 0, 0, 0, 0}),
        "decimal scale 39");
    assertThrows(VariantFormatException.class, () -> Variant.of(m, new byte[] {0x09, (byte) 0xFF, 'x'}),
        "bad UTF-8 in a short string");
    assertThrows(VariantFormatException.class,
        () -> Variant.of(m, new byte[] {0x13, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}),
        "4 billion elements, no bytes");
  }

  @Test
  void sharedValuesCannotBlowUpTheWork() {
    // 20 levels of arrays whose 255 elements all point at the same nested array: 255^20 values
    byte[] inner = {0x00};
    for (int level = 0; level < 20; level++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(0x03 | 1 << 2); // array, 2-byte offsets
      out.write(255);
      for (int i = 0; i < 255; i++) {
        out.write(0);
        out.write(0);
      }
      out.write(inner.length & 0xFF);
      out.write(inner.length >>> 8);
      out.writeBytes(inner);
      inner = out.toByteArray();
    }
    byte[] bomb = inner;
    VariantFormatException e = assertTimeoutPreemptively(Duration.ofSeconds(5),
        () -> assertThrows(VariantFormatException.class, () -> Variant.of(EMPTY_METADATA, bomb)));
    assertTrue(e.getMessage().contains("overlap"), e.getMessage());
  }

  @Test
  void nestingIsBounded() {
    int depth = VariantValues.MAX_DEPTH + 5;
    byte[] value = new byte[depth * 6 + 1];
    for (int l = 0; l < depth; l++) {
      // an array of 1 element, 2-byte offsets [0, the bytes after this header]
      int rest = value.length - 6 * (l + 1);
      value[6 * l] = 0x03 | 1 << 2;
      value[6 * l + 1] = 1;
      value[6 * l + 4] = (byte) rest;
      value[6 * l + 5] = (byte) (rest >>> 8);
    }
    value[value.length - 1] = 0x00;
    VariantFormatException e = assertThrows(VariantFormatException.class, () -> Variant.of(EMPTY_METADATA, value));
    assertTrue(e.getMessage().contains("deeper"), e.getMessage());
  }

  @Test
  void theEncoderWritesWideArraysAndObjectsWithWiderSizes() {
    BufferAllocator allocator = memory.allocator();
    String[] names = new String[300];
    for (int i = 0; i < names.length; i++) {
      names[i] = String.format("f%03d", i);
    }
    // 300 names of 4 bytes: 1200 bytes of names need 2-byte offsets
    ByteArrayOutputStream m = new ByteArrayOutputStream();
    m.write(0x01 | 0x10 | 0x40);
    m.write(300 & 0xFF);
    m.write(300 >>> 8);
    for (int i = 0; i <= 300; i++) {
      m.write((4 * i) & 0xFF);
      m.write((4 * i) >>> 8);
    }
    for (String n : names) {
      m.writeBytes(n.getBytes(StandardCharsets.UTF_8));
    }
    byte[] metadata = m.toByteArray();
    try (ArrowBuf text = allocator.buffer(16)) {
      text.setBytes(0, "0123456789".getBytes(StandardCharsets.US_ASCII));
      VariantEncoder enc = new VariantEncoder();
      int start = enc.position();
      int[] ids = new int[300];
      int[] starts = new int[300];
      for (int i = 0; i < 300; i++) {
        ids[i] = i;
        starts[i] = enc.position() - start;
        enc.bytes(true, text, 0, 10);
      }
      enc.finishObject(start, ids, starts, 300);
      Variant object = Variant.of(VariantMetadata.parse(metadata), enc.buffer(), 0, enc.position());
      assertEquals(300, object.size());
      assertEquals("0123456789", object.field("f299").getString());
      // header: object, 2-byte offsets (3300 bytes of values), 2-byte ids (id 299), large count
      assertEquals(0x02 | 1 << 2 | 1 << 4 | 1 << 6, object.valueBytes()[0] & 0xFF);

      enc.reset();
      for (int i = 0; i < 300; i++) {
        starts[i] = enc.position();
        enc.bytes(false, text, 0, 3);
      }
      enc.finishArray(0, starts, 300);
      Variant array = Variant.of(VariantMetadata.parse(EMPTY_METADATA), enc.buffer(), 0, enc.position());
      assertEquals(300, array.size());
      assertEquals(VariantKind.BINARY, array.element(299).kind());
      assertEquals("\"MDEy\"", array.element(0).toJson());
    }
  }

  /**
   * Jazzer's VariantFuzzTest find (CI, session 12): a value whose nested arrays share their
   * elements was accepted as a whole (its values fit its bytes) but refused when an element was
   * taken, because the element was checked again against its own, fewer bytes. Every element of
   * an accepted value must be reachable, down to the leaves.
   */
  @Test
  void everyElementOfAnAcceptedValueWithSharedElementsIsReachable() {
    byte[] input = java.util.Base64.getDecoder().decode(
        "AQQAAgcMEGlkdGhpbmduYW1lc3R5cGUDAwAlJkUCAgABAAIeDAECAQIAFwMCAAsSKUNvbnRyYXJpYW4ZU3BpZAEAAAMEAAADABUDCQAA"
            + "AAAAAAAAAggHAAAAAAAAAAlheQA=");
    Variant v = Variant.ofConcatenated(input);
    assertEquals(VariantKind.ARRAY, v.kind());
    assertTrue(leaves(v) > 0);
  }

  /** The leaves under {@code v}, every object field and array element taken. */
  private static int leaves(Variant v) {
    int n = 0;
    switch (v.kind()) {
      case ARRAY -> {
        for (int i = 0; i < v.size(); i++) {
          n += leaves(v.element(i));
        }
      }
      case OBJECT -> {
        for (int i = 0; i < v.size(); i++) {
          n += leaves(v.fieldValue(i));
        }
      }
      default -> n = 1;
    }
    return n;
  }
}
