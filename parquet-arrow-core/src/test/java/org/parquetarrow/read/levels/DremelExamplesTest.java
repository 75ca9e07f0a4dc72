package org.parquetarrow.read.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.encoding.BinaryOutput.OffsetWidth;
import org.parquetarrow.encoding.RleBitPackedHybridDecoder;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The worked examples of the Dremel paper (Melnik et al., 2010, figures 2 and 3: the Document
 * records r1 and r2 and the levels of each column) and of the spec's nested-data walk-through
 * (spec file 002, a parquet-go file whose level bytes are printed in a hexdump). Expected Arrow
 * offsets and validity are worked out by hand from the records.
 */
class DremelExamplesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /*
   * message Document {
   *   required int64 DocId;
   *   optional group Links { repeated int64 Backward; repeated int64 Forward; }
   *   repeated group Name {
   *     repeated group Language { required string Code; optional string Country; }
   *     optional string Url; } }
   *
   * r1: DocId 10, Links {Forward [20, 40, 60]},
   *     Name [{Language [{en-us, us}, {en}], Url http://A}, {Url http://B}, {Language [{en-gb, gb}]}]
   * r2: DocId 20, Links {Backward [10, 30], Forward [80]}, Name [{Url http://C}]
   *
   * In Arrow: Name is a non-null list of non-null structs, Language likewise, Links a nullable
   * struct of two non-null lists of non-null int64.
   */
  private static final LevelPath CODE =
      LevelPath.builder().list(false).struct(false).list(false).struct(false).leaf(false);
  private static final LevelPath COUNTRY =
      LevelPath.builder().list(false).struct(false).list(false).struct(false).leaf(true);
  private static final LevelPath URL = LevelPath.builder().list(false).struct(false).leaf(true);
  private static final LevelPath BACKWARD = LevelPath.builder().struct(true).list(false).leaf(false);
  private static final LevelPath DOC_ID = LevelPath.builder().leaf(false);

  @Test
  void documentMaximumLevelsMatchThePaper() {
    assertEquals(2, CODE.maxDefLevel());
    assertEquals(2, CODE.maxRepLevel());
    assertEquals(3, COUNTRY.maxDefLevel());
    assertEquals(2, COUNTRY.maxRepLevel());
    assertEquals(2, URL.maxDefLevel());
    assertEquals(1, URL.maxRepLevel());
    assertEquals(2, BACKWARD.maxDefLevel());
    assertEquals(1, BACKWARD.maxRepLevel());
    assertEquals(0, DOC_ID.maxDefLevel());
  }

  @Test
  void nameLanguageCode() {
    // paper figure 3: en-us r0 d2, en r2 d2, NULL r1 d1, en-gb r1 d2, NULL r0 d1
    int[] def = {2, 2, 1, 2, 1};
    int[] rep = {0, 2, 1, 1, 0};
    try (AssembledPath a = assemble(CODE, def, rep)) {
      Expect.list(a.node(0), "11", 0, 3, 4);               // Name: r1 has 3, r2 has 1
      Expect.slots(a.node(1), "1111");                     // the Name structs
      Expect.list(a.node(2), "1111", 0, 2, 2, 3, 3);       // Language per Name: 2, 0, 1, 0
      Expect.slots(a.node(3), "111");                      // the Language structs
      Expect.slots(a.node(4), "111");                      // en-us, en, en-gb
      assertEquals(3, a.leafValueCount());
    }
  }

  @Test
  void nameLanguageCountry() {
    // us r0 d3, NULL r2 d2, NULL r1 d1, gb r1 d3, NULL r0 d1
    int[] def = {3, 2, 1, 3, 1};
    int[] rep = {0, 2, 1, 1, 0};
    try (AssembledPath a = assemble(COUNTRY, def, rep)) {
      Expect.list(a.node(0), "11", 0, 3, 4);
      Expect.slots(a.node(1), "1111");
      Expect.list(a.node(2), "1111", 0, 2, 2, 3, 3);
      Expect.slots(a.node(3), "111");
      Expect.slots(a.node(4), "101");                      // us, null (en has none), gb
      assertEquals(2, a.leafValueCount());
    }
  }

  @Test
  void nameUrl() {
    // http://A r0 d2, http://B r1 d2, NULL r1 d1, http://C r0 d2
    int[] def = {2, 2, 1, 2};
    int[] rep = {0, 1, 1, 0};
    try (AssembledPath a = assemble(URL, def, rep)) {
      Expect.list(a.node(0), "11", 0, 3, 4);
      Expect.slots(a.node(1), "1111");
      Expect.slots(a.node(2), "1101");
    }
  }

  @Test
  void linksBackward() {
    // NULL r0 d1, 10 r0 d2, 30 r1 d2
    int[] def = {1, 2, 2};
    int[] rep = {0, 0, 1};
    try (AssembledPath a = assemble(BACKWARD, def, rep)) {
      Expect.slots(a.node(0), "11");                       // Links present in both records
      Expect.list(a.node(1), "11", 0, 0, 2);               // r1: [], r2: [10, 30]
      Expect.slots(a.node(2), "11");
    }
  }

  @Test
  void docIdIsFlat() {
    int[] def = {0, 0};
    try (AssembledPath a = assemble(DOC_ID, def, null)) {
      Expect.slots(a.node(0), "11");
    }
  }

  /*
   * Spec file 002: three records of a parquet-go file
   *   {nest: {nest: "nest1", repeated: [{nest: {repeated: [1, 2, 3]}}, {nest: {repeated: [4, 5]}}]}}
   *   {nest: {nest: "nest2", repeated: [{nest: {repeated: [6]}}]}}
   *   {nest: {nest: null, repeated: []}}
   * column nest.repeated.nest.repeated: optional nest > repeated group > optional nest > repeated
   * string, levels printed as hex: repetition 02 00 04 02 02 01 02 02 04 00, definition 0C 04 02 01.
   */
  @Test
  void parquetGoHexdumpLevels() {
    int[] rep = decode(new byte[] {0x02, 0x00, 0x04, 0x02, 0x02, 0x01, 0x02, 0x02, 0x04, 0x00}, 2, 7);
    int[] def = decode(new byte[] {0x0C, 0x04, 0x02, 0x01}, 3, 7);
    assertEquals("[0, 2, 2, 1, 2, 0, 0]", java.util.Arrays.toString(rep));
    assertEquals("[4, 4, 4, 4, 4, 4, 1]", java.util.Arrays.toString(def));
    LevelPath path = LevelPath.builder()
        .struct(true).list(false).struct(false).struct(true).list(false).leaf(false);
    assertEquals(4, path.maxDefLevel());
    assertEquals(2, path.maxRepLevel());
    try (AssembledPath a = assemble(path, def, rep)) {
      Expect.slots(a.node(0), "111");                      // nest
      Expect.list(a.node(1), "111", 0, 2, 3, 3);           // nest.repeated: 2, 1, 0 elements
      Expect.slots(a.node(2), "111");                      // the repeated group's elements
      Expect.slots(a.node(3), "111");                      // their nest
      Expect.list(a.node(4), "111", 0, 3, 5, 6);           // nest.repeated: [1,2,3], [4,5], [6]
      Expect.slots(a.node(5), "111111");
    }
  }

  private static int[] decode(byte[] bytes, int bitWidth, int count) {
    RleBitPackedHybridDecoder d = new RleBitPackedHybridDecoder();
    d.init(bytes, 0, bytes.length, bitWidth);
    int[] out = new int[count];
    assertEquals(count, d.read(out, 0, count));
    return out;
  }

  private AssembledPath assemble(LevelPath path, int[] def, int[] rep) {
    return PathAssembler.assemble(memory.allocator(), path, def, rep, 0, def.length, OffsetWidth.INT32);
  }
}
