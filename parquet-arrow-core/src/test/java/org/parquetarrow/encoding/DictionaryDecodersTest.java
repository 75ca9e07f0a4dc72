package org.parquetarrow.encoding;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

class DictionaryDecodersTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private final DictionaryIndexDecoder indices = new DictionaryIndexDecoder();

  @Test
  void indicesWithBitWidthByte() {
    // width 3, then the spec's bit-packed 0..7, then a run of four 2s
    byte[] page = {3, 3, (byte) 0x88, (byte) 0xc6, (byte) 0xfa, 8, 2};
    indices.init(page, 0, page.length, 12, 8);
    int[] ids = new int[12];
    indices.read(ids, 0, 5);
    indices.skip(3);
    indices.read(ids, 5, 4);
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 2, 2, 2, 2, 0, 0, 0}, ids);
    assertThrows(CorruptFileException.class, () -> indices.read(new int[1], 0, 1));
  }

  /** bad_data/ARROW-GH-43605: a one-entry dictionary's indices have bit width 0. */
  @Test
  void bitWidthZeroForOneEntry() {
    byte[] page = TestBytes.create().bytes(0).uleb(1000 << 1).toArray();
    indices.init(page, 0, page.length, 1000, 1);
    int[] ids = new int[1000];
    java.util.Arrays.fill(ids, -1);
    indices.read(ids, 0, 1000);
    assertArrayEquals(new int[1000], ids);
  }

  @Test
  void rejectsBadIndices() {
    // bad_data/ARROW-GH-41321: bit width 254
    assertThrows(CorruptFileException.class, () -> indices.init(new byte[] {(byte) 254, 2, 0}, 0, 3, 1, 5));
    assertThrows(CorruptFileException.class, () -> indices.init(new byte[] {33, 2, 0}, 0, 3, 1, 5));
    // index 5 in a dictionary of 5
    indices.init(new byte[] {3, 2, 5}, 0, 3, 1, 5);
    assertThrows(CorruptFileException.class, () -> indices.read(new int[1], 0, 1));
    // index 2^31 (negative as int) with width 32
    byte[] negative = TestBytes.create().bytes(32).uleb(2).le32(Integer.MIN_VALUE).toArray();
    indices.init(negative, 0, negative.length, 1, 5);
    assertThrows(CorruptFileException.class, () -> indices.read(new int[1], 0, 1));
    // an empty page has no bit width: nothing can be read
    indices.init(new byte[0], 0, 0, 0, 5);
    assertThrows(CorruptFileException.class, () -> indices.read(new int[1], 0, 1));
    // any index into an empty dictionary
    indices.init(new byte[] {0, 2}, 0, 2, 1, 0);
    assertThrows(CorruptFileException.class, () -> indices.read(new int[1], 0, 1));
  }

  @Test
  void fixedWidthGatherFromHeapAndArrowBuf() {
    byte[] dictPage = TestBytes.create().le64(-5).le64(Long.MAX_VALUE).le64(7).toArray();
    FixedWidthDictionary heap = FixedWidthDictionary.fromPlain(dictPage, 0, dictPage.length, 3, 8);
    try (ArrowBuf values = memory.allocator().buffer(24); ArrowBuf out = memory.allocator().buffer(48)) {
      values.setBytes(0, dictPage);
      FixedWidthDictionary direct = FixedWidthDictionary.of(values, 8, 3);
      int[] ids = {2, 0, 1, 1, 0, 2};
      for (FixedWidthDictionary dict : new FixedWidthDictionary[] {heap, direct}) {
        out.setZero(0, 48);
        dict.gather(ids, 0, 6, out, 0);
        long[] expected = {7, -5, Long.MAX_VALUE, Long.MAX_VALUE, -5, 7};
        for (int i = 0; i < 6; i++) {
          assertEquals(expected[i], out.getLong(8L * i));
        }
        assertThrows(CorruptFileException.class, () -> dict.gather(new int[] {3}, 0, 1, out, 0));
        assertThrows(CorruptFileException.class, () -> dict.gather(new int[] {-1}, 0, 1, out, 0));
      }
    }
  }

  @Test
  void gatherOfOtherWidths() {
    // INT32 (4) and INT96 (12)
    byte[] ints = TestBytes.create().le32(10).le32(20).toArray();
    byte[] int96 = new byte[24];
    for (int i = 0; i < 24; i++) {
      int96[i] = (byte) i;
    }
    try (ArrowBuf out = memory.allocator().buffer(36); ArrowBuf dictBuf = memory.allocator().buffer(24)) {
      FixedWidthDictionary.fromPlain(ints, 0, 8, 2, 4).gather(new int[] {1, 1, 0}, 0, 3, out, 4);
      assertEquals(20, out.getInt(4));
      assertEquals(20, out.getInt(8));
      assertEquals(10, out.getInt(12));
      dictBuf.setBytes(0, int96);
      for (FixedWidthDictionary dict : new FixedWidthDictionary[] {
          FixedWidthDictionary.fromPlain(int96, 0, 24, 2, 12), FixedWidthDictionary.of(dictBuf, 12, 2)}) {
        dict.gather(new int[] {1, 0, 1}, 0, 3, out, 0);
        byte[] got = new byte[36];
        out.getBytes(0, got, 0, 36);
        for (int i = 0; i < 36; i++) {
          int value = i / 12 == 1 ? 0 : 1;
          assertEquals(int96[value * 12 + i % 12], got[i]);
        }
      }
    }
    assertThrows(CorruptFileException.class, () -> FixedWidthDictionary.fromPlain(ints, 0, 8, 3, 4));
  }

  @Test
  void dictionaryDecodersEndToEnd() {
    byte[] dictPage = TestBytes.create().le32(3).bytes("one".getBytes(UTF_8)).le32(0).le32(5)
        .bytes("three".getBytes(UTF_8)).toArray();
    BinaryDictionary dict = BinaryDictionary.fromPlain(dictPage, 0, dictPage.length, 3);
    assertEquals(3, dict.size());
    assertArrayEquals("three".getBytes(UTF_8), dict.get(2));
    // indices: width 2, run of three 2s, bit-packed 0,1,2,0,1,2,0,1
    long[] packed = TestBytes.longs(0, 1, 2, 0, 1, 2, 0, 1);
    byte[] page = TestBytes.create().bytes(2).uleb(3 << 1).bytes(2).uleb(3).packedLsb(packed, 2).toArray();
    var d = new DictionaryBinaryDecoder(dict);
    d.init(page, 0, page.length, 11);
    try (BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 2, 2)) {
      d.read(out, 2);
      d.skip(3);
      d.read(out, 6);
      // indices 2,2,2,0,1,2,0,1,2,0,1: read 2, skip 3, read 6
      String[] expected = {"three", "three", "three", "one", "", "three", "one", ""};
      assertEquals(expected.length, out.valueCount());
      for (int i = 0; i < expected.length; i++) {
        assertEquals(expected[i], new String(out.get(i), UTF_8));
      }
    }
    byte[] intDict = TestBytes.create().le32(-1).le32(100).le32(1 << 20).toArray();
    var f = new DictionaryFixedWidthDecoder(FixedWidthDictionary.fromPlain(intDict, 0, 12, 3, 4));
    f.init(page, 0, page.length, 11);
    try (ArrowBuf out = memory.allocator().buffer(44)) {
      f.skip(1);
      f.read(out, 0, 10);
      int[] expected = {1 << 20, 1 << 20, -1, 100, 1 << 20, -1, 100, 1 << 20, -1, 100};
      for (int i = 0; i < 10; i++) {
        assertEquals(expected[i], out.getInt(4L * i));
      }
    }
  }

  @Test
  void binaryDictionaryRejectsBadPages() {
    byte[] cut = TestBytes.create().le32(3).bytes('a', 'b').toArray();
    assertThrows(CorruptFileException.class, () -> BinaryDictionary.fromPlain(cut, 0, cut.length, 1));
    byte[] negative = TestBytes.create().le32(-3).bytes('a', 'b').toArray();
    assertThrows(CorruptFileException.class, () -> BinaryDictionary.fromPlain(negative, 0, negative.length, 1));
    // a count the page cannot hold (bad_data/ARROW-RS-GH-6229-DICTHEADER has -26; huge counts too)
    assertThrows(CorruptFileException.class, () -> BinaryDictionary.fromPlain(new byte[8], 0, 8, -26));
    assertThrows(CorruptFileException.class, () -> BinaryDictionary.fromPlain(new byte[8], 0, 8, Integer.MAX_VALUE));
  }
}
