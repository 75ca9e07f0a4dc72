package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

class DeltaBinaryPackedDecoderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /**
   * Encodings.md example 2 (7, 5, 3, 1, 2, 3, 4, 5) with a legal block size of 128 in 4 miniblocks
   * of 32: min delta -2, miniblock widths 2, 0, 0, 0; relative deltas 0,0,0,3,3,3,3 on 2 bits are
   * bytes 0b11000000 0b00111111, and the miniblock is padded to 32 values (8 bytes).
   */
  @Test
  void specExampleTwo() {
    byte[] page = TestBytes.create().uleb(128).uleb(4).uleb(8).zigzag(7)
        .zigzag(-2).bytes(2, 0, 0, 0).bytes(0b11000000, 0b00111111, 0, 0, 0, 0, 0, 0)
        .bytes(0x99).toArray();  // one byte of whatever follows
    var d = DeltaBinaryPackedDecoder.int32();
    d.init(page, 0, page.length, 8);
    assertEquals(8, d.totalValueCount());
    assertEquals(page.length - 1, d.endOffset());
    int[] out = new int[8];
    d.readInts(out, 0, 8);
    assertArrayEquals(new int[] {7, 5, 3, 1, 2, 3, 4, 5}, out);
    assertThrows(CorruptFileException.class, () -> d.readInts(new int[1], 0, 1));
  }

  /** Example 1 (1, 2, 3, 4, 5): min delta 1, every width 0, no miniblock data at all. */
  @Test
  void specExampleOne() {
    byte[] page = TestBytes.create().uleb(128).uleb(4).uleb(5).zigzag(1).zigzag(1).bytes(0, 0, 0, 0).toArray();
    var d = DeltaBinaryPackedDecoder.int64();
    d.init(page, 0, page.length, 5);
    assertEquals(page.length, d.endOffset());
    try (ArrowBuf buf = memory.allocator().buffer(40)) {
      d.read(buf, 0, 5);
      for (int i = 0; i < 5; i++) {
        assertEquals(i + 1, buf.getLong(8L * i));
      }
    }
  }

  @Test
  void singleValueAndEmptyStreamsHaveNoBlocks() {
    byte[] one = TestBytes.create().uleb(128).uleb(4).uleb(1).zigzag(-9).toArray();
    var d = DeltaBinaryPackedDecoder.int64();
    d.init(one, 0, one.length, 1);
    long[] out = new long[1];
    d.readLongs(out, 0, 1);
    assertEquals(-9, out[0]);
    byte[] none = TestBytes.create().uleb(128).uleb(4).uleb(0).zigzag(0).toArray();
    d.init(none, 0, none.length, 0);
    assertEquals(none.length, d.endOffset());
    assertThrows(CorruptFileException.class, () -> d.skip(1));
  }

  @Test
  void int64DeltasWrapAround() {
    // MAX then MIN: the delta MIN - MAX wraps to 1; then MIN to MAX wraps to -1
    long[] values = {Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE, 0, Long.MIN_VALUE, -1};
    byte[] page = new ReferenceDeltaEncoder().encode(values);
    var d = DeltaBinaryPackedDecoder.int64();
    d.init(page, 0, page.length, values.length);
    long[] out = new long[values.length];
    d.readLongs(out, 0, values.length);
    assertArrayEquals(values, out);
  }

  @Test
  void int32WithEither32Or64BitWriterArithmetic() {
    long[] values = {Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE};
    for (boolean int32Arithmetic : new boolean[] {true, false}) {
      var encoder = new ReferenceDeltaEncoder();
      encoder.int32Arithmetic = int32Arithmetic;
      byte[] page = encoder.encode(values);
      var d = DeltaBinaryPackedDecoder.int32();
      d.init(page, 0, page.length, values.length);
      try (ArrowBuf buf = memory.allocator().buffer(4L * values.length)) {
        d.read(buf, 0, values.length);
        for (int i = 0; i < values.length; i++) {
          assertEquals((int) values[i], buf.getInt(4L * i), "value " + i + " 32-bit writer " + int32Arithmetic);
        }
      }
    }
  }

  @Test
  void everyMiniblockWidthWithGarbagePaddingAndSkips() {
    long seed = 1234;
    Random random = new Random(seed);
    for (int width = 0; width <= 64; width++) {
      // deltas spanning exactly `width` bits, so every miniblock needs that width
      long[] values = new long[1 + 300];
      values[0] = random.nextLong();
      for (int i = 1; i < values.length; i++) {
        long rel = width == 0 ? 0 : (random.nextLong() & TestBytes.mask(width)) | (1L << (width - 1));
        values[i] = values[i - 1] + rel - 5;
      }
      var encoder = new ReferenceDeltaEncoder();
      encoder.garbage = new Random(seed + width);
      encoder.blockSize = width % 2 == 0 ? 128 : 256;
      encoder.miniblocks = width % 3 == 0 ? 4 : width % 3 == 1 ? 2 : 8;
      if (encoder.blockSize / encoder.miniblocks < 32) {
        encoder.miniblocks = 4;
      }
      byte[] page = encoder.encode(values);
      var d = DeltaBinaryPackedDecoder.int64();
      d.init(page, 0, page.length, values.length);
      assertEquals(page.length, d.endOffset(), "width " + width);
      long[] got = new long[values.length];
      int pos = 0;
      while (pos < values.length) {
        int chunk = Math.min(values.length - pos, 1 + random.nextInt(70));
        if (random.nextInt(3) == 0) {
          d.skip(chunk);
          System.arraycopy(values, pos, got, pos, chunk);
        } else {
          d.readLongs(got, pos, chunk);
        }
        pos += chunk;
      }
      assertArrayEquals(values, got, "width " + width + " seed " + seed);
    }
  }

  @Test
  void readIntoArrowBufInPieces() {
    long[] values = new long[1000];
    Random random = new Random(99);
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(1000) - 500;
    }
    byte[] page = new ReferenceDeltaEncoder().encode(values);
    var d = DeltaBinaryPackedDecoder.int32();
    d.init(page, 0, page.length, 1000);
    try (ArrowBuf buf = memory.allocator().buffer(4000)) {
      d.read(buf, 0, 1);
      d.read(buf, 4, 63);
      d.skip(100);
      d.read(buf, 4L * 164, 836);
      for (int i = 0; i < 1000; i++) {
        if (i < 64 || i >= 164) {
          assertEquals(values[i], buf.getInt(4L * i), "value " + i);
        }
      }
    }
  }

  @Test
  void lastMiniblockWithoutPaddingIsAccepted() {
    // 4 values: first 10, deltas +1, +2, +3 -> min 1, relative 0, 1, 2 on 8 bits, only 3 bytes stored
    byte[] page = TestBytes.create().uleb(128).uleb(4).uleb(4).zigzag(10).zigzag(1).bytes(8, 0, 0, 0)
        .bytes(0, 1, 2).toArray();
    var d = DeltaBinaryPackedDecoder.int32();
    d.init(page, 0, page.length, 4);
    int[] out = new int[4];
    d.readInts(out, 0, 4);
    assertArrayEquals(new int[] {10, 11, 13, 16}, out);
  }

  @Test
  void rejectsMalformedHeaders() {
    assertCorrupt(TestBytes.create().uleb(100).uleb(4).uleb(1).zigzag(0).toArray(), 10);  // block not multiple of 128
    assertCorrupt(TestBytes.create().uleb(0).uleb(4).uleb(1).zigzag(0).toArray(), 10);
    assertCorrupt(TestBytes.create().uleb(128).uleb(0).uleb(1).zigzag(0).toArray(), 10);
    assertCorrupt(TestBytes.create().uleb(128).uleb(3).uleb(1).zigzag(0).toArray(), 10);  // 128/3
    assertCorrupt(TestBytes.create().uleb(128).uleb(8).uleb(1).zigzag(0).toArray(), 10);  // 16 per miniblock
    assertCorrupt(TestBytes.create().uleb(1L << 40).uleb(4).uleb(1).zigzag(0).toArray(), 10);  // block size overflows int
    assertCorrupt(TestBytes.create().uleb(128).uleb(4).uleb(11).zigzag(0).toArray(), 10);  // more values than the page
    assertCorrupt(TestBytes.create().uleb(128).uleb(4).uleb(1).bytes(0x80).toArray(), 10);  // first value cut off
    assertCorrupt(TestBytes.create().uleb(128).bytes(0x84).toArray(), 10);                 // varint cut off
    byte[] overlong = TestBytes.create().uleb(128).uleb(4).uleb(1)
        .bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f).toArray();  // 70-bit varint
    assertCorrupt(overlong, 10);
  }

  @Test
  void rejectsMalformedBlocks() {
    // width 65
    assertCorrupt(TestBytes.create().uleb(128).uleb(4).uleb(3).zigzag(0).zigzag(0).bytes(65, 0, 0, 0)
        .bytes(new byte[300]).toArray(), 3);
    // widths cut off
    assertCorrupt(TestBytes.create().uleb(128).uleb(4).uleb(3).zigzag(0).zigzag(0).bytes(1, 0).toArray(), 3);
    // min delta missing
    assertCorrupt(TestBytes.create().uleb(128).uleb(4).uleb(3).zigzag(0).toArray(), 3);
    // a full miniblock (32 deltas on 8 bits = 32 bytes) followed by another block: the first is cut
    assertCorrupt(TestBytes.create().uleb(128).uleb(4).uleb(40).zigzag(0).zigzag(0).bytes(8, 8, 0, 0)
        .bytes(new byte[20]).toArray(), 40);
    // the last miniblock lacks even the bytes of its real values
    assertCorrupt(TestBytes.create().uleb(128).uleb(4).uleb(4).zigzag(0).zigzag(0).bytes(8, 0, 0, 0)
        .bytes(1, 2).toArray(), 4);
    // a huge block size with a count that needs many blocks: fails on the bytes, allocates nothing
    assertCorrupt(TestBytes.create().uleb(1L << 30).uleb(1).uleb(Integer.MAX_VALUE).zigzag(0).zigzag(0)
        .bytes(64).toArray(), Integer.MAX_VALUE);
  }

  private static void assertCorrupt(byte[] page, int valueCount) {
    var d = DeltaBinaryPackedDecoder.int64();
    assertThrows(CorruptFileException.class, () -> {
      d.init(page, 0, page.length, valueCount);
      long[] out = new long[Math.min(valueCount, 64)];
      d.readLongs(out, 0, out.length);
    }, () -> "accepted " + Arrays.toString(page));
  }
}
