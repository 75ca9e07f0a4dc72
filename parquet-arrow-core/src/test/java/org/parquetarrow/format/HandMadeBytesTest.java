package org.parquetarrow.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;

/**
 * Compact-protocol bytes written out by hand from the spec (thrift's
 * {@code doc/specs/thrift-compact-protocol.md}) and the Parquet IDL.
 *
 * <p>Reminders: a field header is one byte {@code ddddtttt} (id delta 1-15, type) or {@code
 * 0000tttt} followed by the id as a zigzag varint. Types: 1 true, 2 false, 3 i8, 4 i16, 5 i32,
 * 6 i64, 7 double, 8 binary, 9 list, 10 set, 11 map, 12 struct, 13 uuid. i16/i32/i64 are zigzag
 * varints (0→0, -1→1, 1→2, ...). A list header is {@code sssstttt} (size 0-14) or {@code 1111tttt}
 * plus the size as a varint. 0x00 ends a struct.
 */
class HandMadeBytesTest {

  static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /** PageHeader fields 1-3: DATA_PAGE, uncompressed 100, compressed 100. */
  static final byte[] PAGE_HEADER_REQUIRED = bytes(
      0x15, 0x00,        // field 1 (delta 1) i32: zigzag 0 = 0 = DATA_PAGE
      0x15, 0xc8, 0x01,  // field 2 i32: varint 0xc8 0x01 = 200 = zigzag(100)
      0x15, 0xc8, 0x01); // field 3 i32: 100

  static final PageHeader EXPECTED_PAGE_HEADER =
      new PageHeader(PageType.DATA_PAGE, 100, 100, null, null, null, null, null);

  // ---------------------------------------------------------------- unknown fields

  /** Unknown fields 20-33, one of each thrift type, after fields 1-3. */
  static final byte[] UNKNOWN_FIELDS = bytes(
      0x03, 0x28,                    // field 20 (long form: type 3 i8, id zigzag 40 = 20)
      0x7f,                          //   i8 value
      0x14, 0x05,                    // field 21 i16: zigzag 5 = -3
      0x15, 0xd8, 0x04,              // field 22 i32: varint 600 = zigzag(300)
      0x16, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, // field 23 i64: varint 2^41 = zigzag(2^40)
      0x17, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f,       // field 24 double 1.5, little-endian
      0x18, 0x03, 'a', 'b', 'c',     // field 25 binary "abc"
      0x1c,                          // field 26 struct {
      0x15, 0x02,                    //   field 1 i32 = 1
      0x11,                          //   field 2 bool true (value in the type nibble)
      0x1c, 0x18, 0x00, 0x00,        //   field 3 struct { field 1 binary "" }
      0x00,                          // }
      0x19, 0x35, 0x02, 0x04, 0x06,  // field 27 list<i32> of 3: 1, 2, 3
      0x1a, 0x28, 0x01, 'x', 0x00,   // field 28 set<binary> of 2: "x", ""
      0x1b, 0x02, 0x85,              // field 29 map of 2, keys binary (8), values i32 (5)
      0x01, 'k', 0x02, 0x01, 'l', 0x04,
      0x11,                          // field 30 bool true
      0x12,                          // field 31 bool false
      0x19, 0x21, 0x01, 0x02,        // field 32 list<bool> of 2: true (1), false (2)
      0x1d, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, // field 33 uuid (16 bytes)
      0x19, 0x29,                    // field 34 list<list> of 2:
      0x15, 0x02, 0x04,              //   list<i32> [1, 2]
      0x08,                          //   list<binary> []  (size 0, type 8)
      0x1b, 0x00);                   // field 35 empty map: a single 0 byte, no types

  @Test
  void unknownFieldsOfEveryTypeAreSkipped() {
    byte[] input = concat(PAGE_HEADER_REQUIRED, UNKNOWN_FIELDS, bytes(0x00));
    ByteBuffer buf = ByteBuffer.wrap(input);
    assertEquals(EXPECTED_PAGE_HEADER, MetadataReader.readPageHeader(buf));
    assertEquals(input.length, buf.position());
  }

  @Test
  void unknownFieldsBeforeAndBetweenKnownOnes() {
    byte[] input = concat(
        bytes(0x15, 0x00),            // field 1
        UNKNOWN_FIELDS,               // fields 20-35
        bytes(0x05, 0x04, 0xc8, 0x01, // field 2 in long form (zigzag 4 = 2): 100
              0x15, 0xc8, 0x01,       // field 3 (delta 1)
              0x00));
    assertEquals(EXPECTED_PAGE_HEADER, MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
  }

  @Test
  void knownFieldWithAnotherWireTypeIsSkippedAndThenMissing() {
    byte[] input = bytes(
        0x15, 0x00,
        0x15, 0xc8, 0x01,
        0x38, 0x01, 'x',   // field 3 as a binary: not an i32, so skipped like an unknown field
        0x00);
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().startsWith("PageHeader.compressed_page_size is required but missing"), e.getMessage());
  }

  // ---------------------------------------------------------------- order and duplicates

  @Test
  void fieldsInAnyOrder() {
    byte[] input = bytes(
        0x35, 0x10,              // field 3 first (delta 3): zigzag 16 = 8
        0x05, 0x02, 0x06,        // field 1, long form (id zigzag 2 = 1): zigzag 6 = 3 = DATA_PAGE_V2
        0x15, 0x0e,              // field 2 (delta 1 from 1): 7
        0x00);
    assertEquals(new PageHeader(PageType.DATA_PAGE_V2, 7, 8, null, null, null, null, null),
        MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
  }

  @Test
  void duplicatedFieldLastWins() {
    byte[] input = concat(PAGE_HEADER_REQUIRED, bytes(
        0x05, 0x06, 0x02,   // field 3 again (long form, zigzag 6 = 3): 1
        0x00));
    assertEquals(new PageHeader(PageType.DATA_PAGE, 100, 1, null, null, null, null, null),
        MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
  }

  // ---------------------------------------------------------------- required fields

  @Test
  void missingRequiredFieldNamesStructAndField() {
    byte[] input = bytes(0x15, 0x00, 0x15, 0xc8, 0x01, 0x00); // no field 3
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().startsWith("PageHeader.compressed_page_size is required but missing"), e.getMessage());
  }

  @Test
  void missingRequiredColumnMetaDataType() {
    byte[] input = concat(bytes(
        0x29, 0x15, 0x00),         // field 2 (delta 2) list<i32> of 1: PLAIN
        COLUMN_META_DATA_AFTER_ENCODINGS);
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readColumnMetaData(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().startsWith("ColumnMetaData.type is required but missing"), e.getMessage());
  }

  @Test
  void missingColumnChunkFileOffsetReadsAsZero() {
    // FileMetaData with one row group holding one ColumnChunk that has only meta_data
    byte[] chunk = concat(bytes(0x3c), columnMetaData(0x02), bytes(0x00)); // field 3 struct, then stop
    byte[] input = concat(
        bytes(0x15, 0x02,                  // version 1
              0x19, 0x1c, 0x48, 0x01, 'r', 0x00, // schema: [ {name "r"} ]
              0x16, 0x02,                  // num_rows 1
              0x19, 0x1c,                  // row_groups: list of 1 struct
              0x19, 0x1c),                 //   RowGroup field 1 columns: list of 1 struct
        chunk,
        bytes(0x16, 0x02, 0x16, 0x02, 0x00, // RowGroup total_byte_size 1, num_rows 1, stop
              0x00));                      // FileMetaData stop
    FileMetaData md = MetadataReader.readFileMetaData(ByteBuffer.wrap(input));
    ColumnChunk c = md.rowGroups().get(0).columns().get(0);
    assertEquals(0, c.fileOffset());
    assertEquals(PhysicalType.INT32, c.metaData().type());
    assertEquals(List.of("a"), c.metaData().pathInSchema());
  }

  /** ColumnMetaData fields 3-9, after encodings: path ["a"], codec, sizes, data_page_offset. */
  static final byte[] COLUMN_META_DATA_AFTER_ENCODINGS = bytes(
      0x19, 0x18, 0x01, 'a',   // field 3 list<binary> of 1: "a"
      0x15, 0x00,              // field 4 codec UNCOMPRESSED
      0x16, 0x02,              // field 5 num_values 1
      0x16, 0x02,              // field 6 total_uncompressed_size 1
      0x16, 0x02,              // field 7 total_compressed_size 1
      0x26, 0x08,              // field 9 (delta 2) data_page_offset 4
      0x00);

  /** A ColumnMetaData with the given zigzag-encoded physical type byte and codec UNCOMPRESSED. */
  static byte[] columnMetaData(int zigzagType) {
    return concat(bytes(0x15, zigzagType, 0x19, 0x15, 0x00), COLUMN_META_DATA_AFTER_ENCODINGS);
  }

  // ---------------------------------------------------------------- lengths

  @Test
  void negativeStringLength() {
    byte[] input = bytes(0x28, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00); // field 2 binary, varint 2^32-1 = -1
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readFileCryptoMetaData(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("negative string length -1"), e.getMessage());
  }

  @Test
  void hugeStringLength() {
    byte[] input = bytes(0x28, 0xff, 0xff, 0xff, 0xff, 0x07, 'a', 'b', 0x00); // length 2^31-1
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readFileCryptoMetaData(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("string of 2147483647 bytes but only 3 bytes left"), e.getMessage());
  }

  @Test
  void stringLongerThanTheLimit() {
    byte[] input = bytes(0x28, 0x03, 'a', 'b', 'c', 0x00);
    MetadataLimits limits = new MetadataLimits(2, 100, 10);
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readFileCryptoMetaData(ByteBuffer.wrap(input), limits));
    assertTrue(e.getMessage().contains("exceeds the limit of 2"), e.getMessage());
  }

  @Test
  void listClaimingMaxIntElementsInTwentyBytesFailsFast() {
    byte[] input = new byte[20];
    byte[] head = bytes(0x19, 0xfc, 0xff, 0xff, 0xff, 0xff, 0x07); // field 1 list, long form, struct, 2^31-1
    System.arraycopy(head, 0, input, 0, head.length);
    long before = System.nanoTime();
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readOffsetIndex(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("list of 2147483647 elements but only 13 bytes left"), e.getMessage());
    // no per-element work was done: milliseconds, not the minutes 2^31 iterations would take
    assertTrue(System.nanoTime() - before < 1_000_000_000L);
  }

  @Test
  void hugeBoolListInAnUnknownField() {
    // a bool element takes one byte, so the size check applies to bool lists too
    byte[] input = concat(PAGE_HEADER_REQUIRED, bytes(0x09, 0x28, 0xf1, 0xff, 0xff, 0xff, 0xff, 0x07, 0x01, 0x00));
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("list of 2147483647 elements but only 2 bytes left"), e.getMessage());
  }

  @Test
  void negativeListSize() {
    byte[] input = bytes(0x19, 0xfc, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00); // size 2^32-1 = -1
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readOffsetIndex(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("negative list size -1"), e.getMessage());
  }

  @Test
  void hugeMapInAnUnknownField() {
    byte[] input = concat(PAGE_HEADER_REQUIRED, bytes(0x0b, 0x28, 0xff, 0xff, 0xff, 0xff, 0x07, 0x55, 0x00));
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("map of 2147483647 elements"), e.getMessage());
  }

  @Test
  void listLongerThanTheLimit() {
    byte[] input = bytes(0x19, 0x3c, 0x00, 0x00, 0x00, 0x00); // list of 3 empty structs
    MetadataLimits limits = new MetadataLimits(100, 2, 10);
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readOffsetIndex(ByteBuffer.wrap(input), limits));
    assertTrue(e.getMessage().contains("list of 3 elements exceeds the limit of 2"), e.getMessage());
  }

  @Test
  void varintRunningPastTheEndOfTheInput() {
    // field 2 i32 whose varint never ends within the input; the array continues with 0x80 bytes
    byte[] array = new byte[40];
    java.util.Arrays.fill(array, (byte) 0x80);
    array[0] = 0x15;
    array[1] = 0x00;
    array[2] = 0x15;
    assertThrows(CorruptFileException.class, () -> MetadataReader.readPageHeader(ByteBuffer.wrap(array, 0, 8)));
    assertThrows(CorruptFileException.class, () -> MetadataReader.readPageHeader(ByteBuffer.wrap(array)));
  }

  // ---------------------------------------------------------------- depth

  @Test
  void nestingDeeperThanTheLimit() {
    int depth = 100;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(PAGE_HEADER_REQUIRED);
    for (int i = 0; i < depth; i++) {
      out.write(0x1c); // field (delta 1) of type struct, nested in the previous one
    }
    for (int i = 0; i <= depth; i++) {
      out.write(0x00);
    }
    byte[] input = out.toByteArray();
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readPageHeader(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("nested deeper than the limit of 64"), e.getMessage());
    // the same bytes are fine with a limit above their depth (the PageHeader itself is level 1)
    assertEquals(EXPECTED_PAGE_HEADER,
        MetadataReader.readPageHeader(ByteBuffer.wrap(input), new MetadataLimits(100, 100, depth + 1)));
  }

  @Test
  void nestedListsCountTowardsTheDepth() {
    int depth = 80;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(PAGE_HEADER_REQUIRED);
    out.write(0x09);
    out.write(0x28); // field 20, list
    for (int i = 0; i < depth; i++) {
      out.write(0x19); // list of 1 list
    }
    out.write(0x05); // innermost: empty list of i32
    out.write(0x00);
    assertThrows(CorruptFileException.class, () -> MetadataReader.readPageHeader(ByteBuffer.wrap(out.toByteArray())));
  }

  // ---------------------------------------------------------------- unions and enums

  /** A FileMetaData holding one schema element with the given fields (without its stop byte). */
  static byte[] fileWithSchemaElement(byte[] elementFields) {
    return concat(
        bytes(0x15, 0x02,   // version 1
              0x19, 0x1c),  // schema: list of 1 struct
        elementFields,
        bytes(0x00,         // end of the schema element
              0x16, 0x00,   // num_rows 0
              0x19, 0x0c,   // row_groups: empty list of structs
              0x00));
  }

  @Test
  void unknownLogicalTypeMember() {
    byte[] input = fileWithSchemaElement(bytes(
        0x48, 0x01, 'a',      // field 4 name "a"
        0x6c,                 // field 10 (delta 6) logicalType struct {
        0x0c, 0x32,           //   member 25 (long form, zigzag 50): struct {
        0x15, 0x02, 0x00,     //     field 1 i32 = 1 }
        0x00));               // }
    FileMetaData md = MetadataReader.readFileMetaData(ByteBuffer.wrap(input));
    assertEquals(new LogicalType.Unrecognized(25), md.schema().get(0).logicalType());
    assertEquals("a", md.schema().get(0).name());
  }

  @Test
  void timestampWithUnknownUnitIsUnrecognized() {
    byte[] input = fileWithSchemaElement(bytes(
        0x48, 0x01, 'a',
        0x6c,                 // logicalType {
        0x8c,                 //   member 8 TIMESTAMP (delta 8) {
        0x11,                 //     isAdjustedToUTC true
        0x1c,                 //     unit: TimeUnit {
        0x4c, 0x00,           //       member 4 (unknown unit) {}
        0x00,                 //     }
        0x00,                 //   }
        0x00));               // }
    FileMetaData md = MetadataReader.readFileMetaData(ByteBuffer.wrap(input));
    assertEquals(new LogicalType.Unrecognized(8), md.schema().get(0).logicalType());
  }

  @Test
  void knownLogicalTypeByHand() {
    byte[] input = fileWithSchemaElement(bytes(
        0x48, 0x01, 'a',
        0x6c,                 // logicalType {
        0x5c,                 //   member 5 DECIMAL {
        0x15, 0x04,           //     scale 2
        0x15, 0x14,           //     precision 10
        0x00, 0x00));
    FileMetaData md = MetadataReader.readFileMetaData(ByteBuffer.wrap(input));
    assertEquals(new LogicalType.DecimalType(2, 10), md.schema().get(0).logicalType());
  }

  @Test
  void emptyLogicalTypeUnionIsCorrupt() {
    byte[] input = fileWithSchemaElement(bytes(0x48, 0x01, 'a', 0x6c, 0x00));
    assertThrows(CorruptFileException.class, () -> MetadataReader.readFileMetaData(ByteBuffer.wrap(input)));
  }

  @Test
  void unknownConvertedTypeReadsAsAbsent() {
    byte[] input = fileWithSchemaElement(bytes(0x48, 0x01, 'a', 0x25, 0xc8, 0x01)); // field 6 = 100
    assertNull(MetadataReader.readFileMetaData(ByteBuffer.wrap(input)).schema().get(0).convertedType());
  }

  @Test
  void undefinedRepetitionIsCorrupt() {
    byte[] input = fileWithSchemaElement(bytes(0x35, 0x08, 0x18, 0x01, 'a')); // field 3 = 4, then name
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readFileMetaData(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("SchemaElement.repetition_type has the undefined value 4"), e.getMessage());
  }

  @Test
  void unknownEdgeInterpolationReadsAsAbsent() {
    byte[] input = fileWithSchemaElement(bytes(
        0x48, 0x01, 'a',
        0x6c,                  // logicalType {
        0x0c, 0x24,            //   member 18 GEOGRAPHY (long form, zigzag 36) {
        0x25, 0x12,            //     field 2 algorithm = 9 (undefined)
        0x00, 0x00));
    assertEquals(new LogicalType.GeographyType(null, null),
        MetadataReader.readFileMetaData(ByteBuffer.wrap(input)).schema().get(0).logicalType());
  }

  @Test
  void unknownColumnOrderMember() {
    byte[] input = concat(
        bytes(0x15, 0x02, 0x19, 0x1c, 0x48, 0x01, 'a', 0x00, // version, schema [a]
              0x16, 0x00, 0x19, 0x0c,                        // num_rows 0, row_groups []
              0x39, 0x2c,                                    // field 7 (delta 3) list of 2 structs
              0x1c, 0x00, 0x00,                              //   { member 1 {} } TYPE_ORDER
              0x5c, 0x00, 0x00,                              //   { member 5 {} } unknown
              0x00));
    assertEquals(List.of(ColumnOrder.TYPE_DEFINED_ORDER, ColumnOrder.UNKNOWN),
        MetadataReader.readFileMetaData(ByteBuffer.wrap(input)).columnOrders());
  }

  @Test
  void unknownEncodingCodecAndPageType() {
    byte[] page = bytes(
        0x15, 0x0e,              // type 7: undefined PageType
        0x15, 0x02, 0x15, 0x02,  // sizes 1, 1
        0x2c,                    // field 5 data_page_header {
        0x15, 0x02,              //   num_values 1
        0x15, 0xc6, 0x01,        //   encoding zigzag 198 = 99: undefined
        0x15, 0x06, 0x15, 0x06,  //   levels RLE (3)
        0x00, 0x00);
    PageHeader h = MetadataReader.readPageHeader(ByteBuffer.wrap(page));
    assertEquals(PageType.UNKNOWN, h.type());
    assertEquals(Encoding.UNKNOWN, h.dataPageHeader().encoding());
    assertEquals(Encoding.RLE, h.dataPageHeader().definitionLevelEncoding());

    byte[] column = concat(bytes(0x15, 0x02, 0x19, 0x15, 0x00, 0x19, 0x18, 0x01, 'a',
        0x15, 0x54),                                   // codec zigzag 84 = 42: undefined
        bytes(0x16, 0x02, 0x16, 0x02, 0x16, 0x02, 0x26, 0x08, 0x00));
    assertEquals(CompressionCodec.UNKNOWN, MetadataReader.readColumnMetaData(ByteBuffer.wrap(column)).codec());
  }

  @Test
  void undefinedPhysicalTypeIsCorrupt() {
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readColumnMetaData(ByteBuffer.wrap(columnMetaData(0x10)))); // zigzag 16 = 8
    assertTrue(e.getMessage().contains("ColumnMetaData.type has the undefined physical type 8"), e.getMessage());
  }

  @Test
  void unknownBoundaryOrderReadsAsUnordered() {
    byte[] input = bytes(
        0x19, 0x11, 0x01,   // null_pages: list<bool> of 1: true
        0x19, 0x18, 0x00,   // min_values: list<binary> of 1: ""
        0x19, 0x18, 0x00,   // max_values
        0x15, 0x0a,         // boundary_order 5: undefined
        0x00);
    ColumnIndex c = MetadataReader.readColumnIndex(ByteBuffer.wrap(input));
    assertEquals(BoundaryOrder.UNORDERED, c.boundaryOrder());
    assertEquals(List.of(true), c.nullPages());
  }

  @Test
  void i16ListReadsAsI32List() {
    // encodings declared list<i16> (compact type 4): same zigzag varints, as a corrupted file in
    // parquet-testing's bad_data has it and generated thrift readers accept
    byte[] input = concat(bytes(0x15, 0x02, 0x19, 0x24, 0x00, 0x06), COLUMN_META_DATA_AFTER_ENCODINGS);
    assertEquals(List.of(Encoding.PLAIN, Encoding.RLE),
        MetadataReader.readColumnMetaData(ByteBuffer.wrap(input)).encodings());
  }

  @Test
  void unknownEncryptionAlgorithmIsCorrupt() {
    byte[] input = bytes(0x1c, 0x3c, 0x00, 0x00, 0x00); // encryption_algorithm { member 3 {} }
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readFileCryptoMetaData(ByteBuffer.wrap(input)));
    assertTrue(e.getMessage().contains("EncryptionAlgorithm has the unknown member 3"), e.getMessage());
  }

  @Test
  void unknownBloomFilterUnionMembers() {
    byte[] input = bytes(
        0x15, 0x80, 0x10,        // numBytes 1024
        0x1c, 0x2c, 0x00, 0x00,  // algorithm { member 2 {} }: unknown
        0x1c, 0x1c, 0x00, 0x00,  // hash { member 1 {} }: XXHASH
        0x1c, 0x3c, 0x00, 0x00,  // compression { member 3 {} }: unknown
        0x00);
    assertEquals(new BloomFilterHeader(1024, BloomFilterAlgorithm.UNKNOWN, BloomFilterHash.XXHASH,
        BloomFilterCompression.UNKNOWN), MetadataReader.readBloomFilterHeader(ByteBuffer.wrap(input)));
  }

  // ---------------------------------------------------------------- the writer, byte for byte

  @Test
  void writerEmitsTheSpecBytes() {
    assertArrayEquals(concat(PAGE_HEADER_REQUIRED, bytes(0x00)), MetadataWriter.toBytes(EXPECTED_PAGE_HEADER));
    assertArrayEquals(bytes(
            0x15, 0x80, 0x10,        // numBytes 1024
            0x1c, 0x1c, 0x00, 0x00,  // algorithm { BLOCK {} }
            0x1c, 0x1c, 0x00, 0x00,  // hash { XXHASH {} }
            0x1c, 0x1c, 0x00, 0x00,  // compression { UNCOMPRESSED {} }
            0x00),
        MetadataWriter.toBytes(Samples.bloomFilterHeader()));
    assertArrayEquals(bytes(
            0x19, 0x21, 0x01, 0x02,  // null_pages list<bool> (element type 1) of 2: true, false
            0x19, 0x28, 0x01, 'a', 0x00,
            0x19, 0x28, 0x01, 'b', 0x00,
            0x15, 0x02,              // ASCENDING
            0x19, 0x26, 0x00, 0x02,  // null_counts list<i64>: 0, 1
            0x00),
        MetadataWriter.toBytes(new ColumnIndex(List.of(true, false), List.of(Samples.b("a"), new byte[0]),
            List.of(Samples.b("b"), new byte[0]), BoundaryOrder.ASCENDING, List.of(0L, 1L), null, null, null)));
  }
}
