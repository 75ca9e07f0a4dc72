package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

class FixedWidthDecodersTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static byte[] bytesOf(ArrowBuf buf, long from, int n) {
    byte[] b = new byte[n];
    buf.getBytes(from, b, 0, n);
    return b;
  }

  @Test
  void plainInt32AndInt64() {
    byte[] page = TestBytes.create().bytes(0xEE).le32(1).le32(-2).le32(Integer.MAX_VALUE).le32(Integer.MIN_VALUE).toArray();
    var d = new PlainFixedWidthDecoder(4);
    d.init(page, 1, 16, 4);
    try (ArrowBuf out = memory.allocator().buffer(16)) {
      d.read(out, 0, 1);
      d.skip(1);
      d.read(out, 4, 2);
      assertEquals(1, out.getInt(0));
      assertEquals(Integer.MAX_VALUE, out.getInt(4));
      assertEquals(Integer.MIN_VALUE, out.getInt(8));
      assertEquals(0, d.remaining());
      assertThrows(CorruptFileException.class, () -> d.read(out, 0, 1));
    }
    byte[] longs = TestBytes.create().le64(Long.MIN_VALUE).le64(42).toArray();
    var l = new PlainFixedWidthDecoder(8);
    l.init(longs, 0, longs.length, 2);
    try (ArrowBuf out = memory.allocator().buffer(16)) {
      l.read(out, 0, 2);
      assertEquals(Long.MIN_VALUE, out.getLong(0));
      assertEquals(42, out.getLong(8));
    }
  }

  @Test
  void plainInt96AndFixedLenByteArray() {
    byte[] page = new byte[36];
    for (int i = 0; i < page.length; i++) {
      page[i] = (byte) i;
    }
    var d = new PlainFixedWidthDecoder(12);
    d.init(page, 0, 36, 3);
    try (ArrowBuf out = memory.allocator().buffer(36)) {
      d.skip(1);
      d.read(out, 0, 2);
      assertArrayEquals(java.util.Arrays.copyOfRange(page, 12, 36), bytesOf(out, 0, 24));
    }
    // 3-byte FLBA: 36 bytes hold 12 values; 13 is corrupt
    var f = new PlainFixedWidthDecoder(3);
    f.init(page, 0, 36, 13);
    try (ArrowBuf out = memory.allocator().buffer(64)) {
      assertThrows(CorruptFileException.class, () -> f.read(out, 0, 13));
      f.read(out, 0, 12);
      assertArrayEquals(page, bytesOf(out, 0, 36));
    }
  }

  @Test
  void plainRejectsTooSmallOutputAsCallerError() {
    byte[] page = new byte[16];
    var d = new PlainFixedWidthDecoder(8);
    d.init(page, 0, 16, 2);
    try (ArrowBuf out = memory.allocator().buffer(8)) {
      assertThrows(IndexOutOfBoundsException.class, () -> d.read(out, 4, 2));
    }
  }

  /** Encodings.md: AA BB CC DD | 00 11 22 33 | A3 B4 C5 D6 splits to AA 00 A3 BB 11 B4 CC 22 C5 DD 33 D6. */
  @Test
  void byteStreamSplitSpecExample() {
    byte[] page = TestBytes.create().bytes(0xAA, 0x00, 0xA3, 0xBB, 0x11, 0xB4, 0xCC, 0x22, 0xC5, 0xDD, 0x33, 0xD6).toArray();
    var d = new ByteStreamSplitDecoder(4);
    d.init(page, 0, page.length, 3);
    try (ArrowBuf out = memory.allocator().buffer(12)) {
      d.read(out, 0, 3);
      assertArrayEquals(TestBytes.create().bytes(0xAA, 0xBB, 0xCC, 0xDD, 0x00, 0x11, 0x22, 0x33, 0xA3, 0xB4, 0xC5, 0xD6).toArray(),
          bytesOf(out, 0, 12));
    }
    d.init(page, 0, page.length, 3);
    try (ArrowBuf out = memory.allocator().buffer(4)) {
      d.skip(2);
      d.read(out, 0, 1);
      assertEquals(0xD6C5B4A3, out.getInt(0));
    }
  }

  @Test
  void byteStreamSplitAnyWidth() {
    // 3 values of width 8 and of width 5 (FLBA): value i byte k = 16 * i + k
    for (int width : new int[] {8, 5, 1, 2, 16}) {
      int n = 3000;  // more than one internal chunk
      byte[] page = new byte[n * width];
      byte[] plain = new byte[n * width];
      for (int i = 0; i < n; i++) {
        for (int k = 0; k < width; k++) {
          byte v = (byte) (31 * i + k);
          plain[i * width + k] = v;
          page[k * n + i] = v;
        }
      }
      var d = new ByteStreamSplitDecoder(width);
      d.init(page, 0, page.length, n);
      try (ArrowBuf out = memory.allocator().buffer(plain.length)) {
        d.read(out, 0, 7);
        d.skip(5);
        d.read(out, 12L * width, n - 12);
        byte[] got = bytesOf(out, 0, plain.length);
        assertArrayEquals(java.util.Arrays.copyOfRange(plain, 0, 7 * width), java.util.Arrays.copyOfRange(got, 0, 7 * width));
        assertArrayEquals(java.util.Arrays.copyOfRange(plain, 12 * width, plain.length),
            java.util.Arrays.copyOfRange(got, 12 * width, plain.length), "width " + width);
        assertThrows(CorruptFileException.class, () -> d.read(out, 0, 1));
      }
    }
  }

  @Test
  void byteStreamSplitRejectsRaggedSection() {
    var d = new ByteStreamSplitDecoder(8);
    assertThrows(CorruptFileException.class, () -> d.init(new byte[12], 0, 12, 2));
  }

  @Test
  void plainBooleansLsbFirstAtAnyOffset() {
    // values: byte 0 = 0b1011_0010 -> 0,1,0,0,1,1,0,1 ; byte 1 = 0b0000_0111 -> 1,1,1,0,...
    byte[] page = {(byte) 0b1011_0010, 0b0000_0111};
    var d = new PlainBooleanDecoder();
    d.init(page, 0, 2, 11);
    try (ArrowBuf out = memory.allocator().buffer(2)) {
      out.setOne(0, 2);
      d.read(out, 3, 11);
      // bits 0..2 stay 1; bits 3..13 = 0,1,0,0,1,1,0,1,1,1,1; bits 14..15 stay 1
      int expected = 0b111 | (0b1011_0010 << 3) | (0b111 << 11) | (0b11 << 14);
      assertEquals(expected, out.getShort(0) & 0xffff);
      assertThrows(CorruptFileException.class, () -> d.read(out, 0, 6));
    }
  }

  @Test
  void plainBooleansAlignedBulkAndSkip() {
    byte[] page = new byte[100];
    for (int i = 0; i < page.length; i++) {
      page[i] = (byte) (i * 37);
    }
    var d = new PlainBooleanDecoder();
    d.init(page, 0, 100, 800);
    try (ArrowBuf out = memory.allocator().buffer(100)) {
      out.setZero(0, 100);
      d.read(out, 0, 403);    // aligned bulk part plus 3 bits
      d.skip(5);              // back to a byte boundary
      d.read(out, 408, 392);
      for (int bit = 0; bit < 800; bit++) {
        boolean expected = bit >= 403 && bit < 408 ? false : (page[bit >>> 3] & (1 << (bit & 7))) != 0;
        assertEquals(expected, (out.getByte(bit >>> 3) & (1 << (bit & 7))) != 0, "bit " + bit);
      }
    }
  }

  @Test
  void rleBooleans() {
    // length 6, then: 10 trues (repeated), bit-packed group 0b01010101, 3 falses
    byte[] page = TestBytes.create().le32(6).uleb(10 << 1).bytes(1).uleb(3).bytes(0b01010101).uleb(3 << 1).bytes(0).toArray();
    var d = new RleBooleanDecoder();
    d.init(page, 0, page.length, 21);
    try (ArrowBuf out = memory.allocator().buffer(4)) {
      out.setOne(0, 4);
      d.skip(1);
      d.read(out, 0, 20);
      int expected = 0b111111111 | (0b01010101 << 9) | (0 << 17) | (0xfff << 20);
      assertEquals(Integer.toBinaryString(expected), Integer.toBinaryString(out.getInt(0)));
      assertThrows(CorruptFileException.class, () -> d.read(out, 0, 1));
    }
    // a value of 2 cannot be a boolean in width 1
    byte[] bad = TestBytes.create().le32(2).uleb(2 << 1).bytes(2).toArray();
    d.init(bad, 0, bad.length, 2);
    try (ArrowBuf out = memory.allocator().buffer(1)) {
      assertThrows(CorruptFileException.class, () -> d.read(out, 0, 2));
    }
    assertThrows(CorruptFileException.class, () -> d.init(new byte[] {9, 0, 0, 0, 1}, 0, 5, 1));
  }
}
