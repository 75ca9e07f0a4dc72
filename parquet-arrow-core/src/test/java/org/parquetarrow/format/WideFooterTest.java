package org.parquetarrow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;

/**
 * The footer of a wide file, written out by hand in the compact protocol (see
 * {@link HandMadeBytesTest} for the wire format): a read of some columns decodes only their
 * column chunks, so a chunk nobody asks for cannot fail the others, and one asked for fails with
 * the error a decode of the whole footer gives.
 */
class WideFooterTest {
  private static final int COLUMNS = 40;
  private static final int BAD = 39;

  @Test
  void columnsThatAreReadDecodeWhileAnUnreadChunkIsBroken() {
    byte[] footer = footer(BAD);
    FileMetaData m = MetadataReader.readFileMetaData(ByteBuffer.wrap(footer), MetadataLimits.DEFAULT, 1000,
        ChunkDecoding.ON_FIRST_ACCESS);

    RowGroup group = m.rowGroups().get(0);
    assertEquals(COLUMNS, group.columns().size());
    for (int c : new int[] {0, 7, 38}) {
      ColumnMetaData md = group.columns().get(c).metaData();
      assertEquals(List.of("c" + c), md.pathInSchema());
      assertEquals(PhysicalType.INT32, md.type());
      assertEquals(10L + c, md.numValues());
      assertEquals(4L, md.dataPageOffset());
      assertSame(group.columns().get(c), group.columns().get(c), "decoded once");
    }

    CorruptFileException e = assertThrows(CorruptFileException.class, () -> group.columns().get(BAD));
    assertTrue(e.getMessage().contains("undefined physical type 99"), e.getMessage());
    // located just after the bad value (a value is checked once read), as a decode of the whole
    // footer in one go reports it; the footer starts at byte 1000 of the file
    int at = indexOfBadType(footer) + 2;
    assertTrue(e.getMessage().contains("(at byte " + at + " of the serialized FileMetaData)"), e.getMessage());
    assertEquals(1000L + at, e.location().offset(), e.getMessage());
  }

  @Test
  void eagerDecodingFailsTheFooterOnABrokenChunk() {
    byte[] footer = footer(BAD);
    CorruptFileException e = assertThrows(CorruptFileException.class,
        () -> MetadataReader.readFileMetaData(ByteBuffer.wrap(footer), MetadataLimits.DEFAULT, 1000));
    int at = indexOfBadType(footer) + 2;
    assertTrue(e.getMessage().contains("undefined physical type 99 (at byte " + at + " of the serialized"),
        e.getMessage());
  }

  @Test
  void aWideFooterWithoutFaultsReadsLikeTheWrittenOne() {
    for (ChunkDecoding decoding : ChunkDecoding.values()) {
      FileMetaData m = MetadataReader.readFileMetaData(ByteBuffer.wrap(footer(-1)), MetadataLimits.DEFAULT, -1,
          decoding);
      List<ColumnChunk> chunks = m.rowGroups().get(0).columns();
      for (int c = 0; c < COLUMNS; c++) {
        assertEquals(new ColumnChunk(null, 0, new ColumnMetaData(PhysicalType.INT32, List.of(Encoding.PLAIN),
            List.of("c" + c), CompressionCodec.UNCOMPRESSED, 10L + c, 0, 0, null, 4, null, null, null,
            null, null, null, null, null), null, null, null, null, null, null),
            chunks.get(c), decoding + " chunk " + c);
      }
    }
  }

  @Test
  void aWideFooterCutShortOrDamagedFailsOnlyAsCorrupt() {
    byte[] full = footer(-1);
    java.util.Random random = new java.util.Random(18);
    for (int cut = 0; cut < full.length; cut++) {
      byte[] damaged = java.util.Arrays.copyOf(full, cut);
      assertOnlyCorrupt(damaged, "cut at " + cut);
    }
    for (int i = 0; i < 2000; i++) {
      byte[] damaged = full.clone();
      for (int k = 0; k < 3; k++) {
        damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
      }
      assertOnlyCorrupt(damaged, "damage " + i);
    }
  }

  /** Opening and then reading every chunk either works or raises a CorruptFileException. */
  private static void assertOnlyCorrupt(byte[] footer, String what) {
    try {
      FileMetaData m = MetadataReader.readFileMetaData(ByteBuffer.wrap(footer), MetadataLimits.DEFAULT, -1,
          ChunkDecoding.ON_FIRST_ACCESS);
      for (RowGroup g : m.rowGroups()) {
        g.columns().forEach(c -> assertTrue(c == null || c.fileOffset() >= Long.MIN_VALUE));
      }
    } catch (CorruptFileException expected) {
      // the typed error is the right end of a bad input
    } catch (RuntimeException e) {
      throw new AssertionError(what + ": " + e, e);
    }
  }

  // ---------------------------------------------------------------- the hand-made footer

  /** A FileMetaData of {@link #COLUMNS} required INT32 columns and one row group. */
  private static byte[] footer(int badColumn) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(bytes(0x15, 0x02));              // 1: version i32 = 1
    out.writeBytes(bytes(0x19, 0xfc, COLUMNS + 1)); // 2: schema, list<struct> of 41
    out.writeBytes(bytes(0x48, 4));                 //   root { 4: name "root"
    out.writeBytes("root".getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(bytes(0x15, 2 * COLUMNS, 0x00)); //   5: num_children = 40 }
    for (int c = 0; c < COLUMNS; c++) {
      byte[] name = ("c" + c).getBytes(StandardCharsets.US_ASCII);
      out.writeBytes(bytes(0x15, 0x02, 0x25, 0x00, 0x18, name.length)); // type INT32, REQUIRED, name
      out.writeBytes(name);
      out.write(0x00);
    }
    out.writeBytes(bytes(0x16, 0x00));              // 3: num_rows i64 = 0
    out.writeBytes(bytes(0x19, 0x1c));              // 4: row_groups, list<struct> of 1
    out.writeBytes(bytes(0x19, 0xfc, COLUMNS));     //   1: columns, list<struct> of 40
    for (int c = 0; c < COLUMNS; c++) {
      byte[] name = ("c" + c).getBytes(StandardCharsets.US_ASCII);
      out.writeBytes(bytes(0x26, 0x00, 0x1c));      //   2: file_offset 0, 3: meta_data {
      // 1: type, INT32 = zigzag 2, or the undefined 99 = zigzag 198 (varint 0xc6 0x01)
      out.writeBytes(c == badColumn ? bytes(0x15, 0xc6, 0x01) : bytes(0x15, 0x02));
      out.writeBytes(bytes(0x19, 0x15, 0x00));      //     2: encodings [PLAIN]
      out.writeBytes(bytes(0x19, 0x18, name.length)); //   3: path_in_schema [name]
      out.writeBytes(name);
      out.writeBytes(bytes(0x15, 0x00));            //     4: codec UNCOMPRESSED
      out.writeBytes(bytes(0x16, 2 * (10 + c)));   //     5: num_values 10 + c (one varint byte)
      out.writeBytes(bytes(0x16, 0x00, 0x16, 0x00)); //    6, 7: sizes 0
      out.writeBytes(bytes(0x26, 0x08));            //     9: data_page_offset 4
      out.writeBytes(bytes(0x00, 0x00));            //   } }
    }
    out.writeBytes(bytes(0x16, 0x00, 0x16, 0x00, 0x00)); // 2, 3: sizes and rows 0 } (row group)
    out.write(0x00);                                // end of FileMetaData
    return out.toByteArray();
  }

  /** Where the bad type's value (the varint after its field header) is. */
  private static int indexOfBadType(byte[] footer) {
    for (int i = 0; i + 2 < footer.length; i++) {
      if ((footer[i] & 0xff) == 0x15 && (footer[i + 1] & 0xff) == 0xc6 && footer[i + 2] == 0x01) {
        return i + 1;
      }
    }
    throw new AssertionError("no bad type in the footer");
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }
}
