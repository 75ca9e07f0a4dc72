package org.parquetarrow.encoding;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Encoders checked two ways: exact bytes for the spec's examples (worked out by hand or with the
 * test's bit-by-bit reference), and encoder -> decoder round trips of seeded random data with
 * edge values.
 */
class EncodersTest {
  private static final long SEED = 20261122L;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static byte[] rle(int width, int... values) {
    var e = new RleBitPackedHybridEncoder(width);
    e.write(values, 0, values.length);
    ByteSink s = new ByteSink();
    e.flushTo(s);
    return s.toByteArray();
  }

  @Test
  void rleExactBytes() {
    // the spec's 0..7 on 3 bits: one bit-packed group, header (1 << 1) | 1
    assertArrayEquals(TestBytes.create().bytes(3, 0x88, 0xc6, 0xfa).toArray(), rle(3, 0, 1, 2, 3, 4, 5, 6, 7));
    // 100 fives: header 100 << 1 = 200 (0xc8 0x01), value in one byte
    int[] fives = new int[100];
    Arrays.fill(fives, 5);
    assertArrayEquals(TestBytes.create().bytes(0xc8, 0x01, 5).toArray(), rle(3, fives));
    // three ones: a short repeated run
    assertArrayEquals(new byte[] {6, 1}, rle(1, 1, 1, 1));
    // width 9 value takes two bytes
    assertArrayEquals(new byte[] {4, (byte) 0xff, 1}, rle(9, 511, 511));
    // nothing written: nothing out
    assertArrayEquals(new byte[0], rle(4));
    // 1, 2, 3 then 10 sevens: the first group is bit-packed (1,2,3,7,7,7,7,7), the rest
    // (5 sevens) padded into a second group
    byte[] mixed = rle(3, 1, 2, 3, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7);
    long[] groups = TestBytes.longs(1, 2, 3, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0);
    assertArrayEquals(TestBytes.create().bytes((2 << 1) | 1).packedLsb(groups, 3).toArray(), mixed);
  }

  @Test
  void rleRoundTripsRandomRuns() {
    Random random = new Random(SEED);
    var decoder = new RleBitPackedHybridDecoder();
    for (int width = 0; width <= 32; width++) {
      long mask = TestBytes.mask(width);
      int[] values = new int[10_007];
      int n = 0;
      while (n < values.length) {
        int run = Math.min(values.length - n, random.nextInt(4) == 0 ? 1 + random.nextInt(500) : 1 + random.nextInt(12));
        int kind = random.nextInt(3);
        for (int i = 0; i < run; i++) {
          long v = kind == 0 ? mask : kind == 1 ? (random.nextLong() & mask) : (i & mask);
          values[n + i] = (int) v;
        }
        if (kind == 0 || random.nextBoolean()) {
          Arrays.fill(values, n, n + run, values[n]);
        }
        n += run;
      }
      var e = new RleBitPackedHybridEncoder(width);
      // mix the bulk and the repeated-run entry points
      e.write(values, 0, 5000);
      int p = 5000;
      while (p < values.length) {
        int same = 1;
        while (p + same < values.length && values[p + same] == values[p]) {
          same++;
        }
        e.writeRepeated(values[p], same);
        p += same;
      }
      ByteSink s = new ByteSink();
      s.write(0xEE); // encoders append: keep what was there
      e.flushTo(s);
      byte[] bytes = s.toByteArray();
      assertEquals((byte) 0xEE, bytes[0]);
      decoder.init(bytes, 1, bytes.length - 1, width);
      int[] got = new int[values.length];
      assertEquals(values.length, decoder.read(got, 0, values.length));
      assertArrayEquals(values, got, "width " + width + " seed " + SEED);
    }
  }

  /**
   * The bulk entry point takes shortcuts (whole groups of eight, repeated runs scanned at once):
   * in pieces of any size it must make the same runs as one value at a time, and decode back.
   */
  @Test
  void rleBulkWritesMakeTheRunsOfSingleWrites() {
    Random random = new Random(SEED + 1);
    var decoder = new RleBitPackedHybridDecoder();
    for (int round = 0; round < 200; round++) {
      int width = random.nextInt(33);
      long mask = TestBytes.mask(width);
      int[] values = new int[1 + random.nextInt(3000)];
      for (int n = 0; n < values.length; ) {
        int run = Math.min(values.length - n, random.nextBoolean() ? 1 + random.nextInt(20) : 1 + random.nextInt(600));
        boolean repeat = random.nextInt(3) == 0;
        int v = (int) (random.nextLong() & mask);
        for (int i = 0; i < run; i++) {
          values[n + i] = repeat ? v : (int) (random.nextInt(3) == 0 ? v : random.nextLong() & mask);
        }
        n += run;
      }
      var single = new RleBitPackedHybridEncoder(width);
      for (int v : values) {
        single.write(v);
      }
      var bulk = new RleBitPackedHybridEncoder(width);
      for (int p = 0; p < values.length; ) {
        int piece = Math.min(values.length - p, random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(700));
        bulk.write(values, p, piece);
        p += piece;
      }
      ByteSink a = new ByteSink();
      single.flushTo(a);
      ByteSink b = new ByteSink();
      bulk.flushTo(b);
      assertArrayEquals(a.toByteArray(), b.toByteArray(), "round " + round + " width " + width);
      decoder.init(b.toByteArray(), 0, b.size(), width);
      int[] got = new int[values.length];
      assertEquals(values.length, decoder.read(got, 0, values.length));
      assertArrayEquals(values, got, "round " + round);
    }
  }

  @Test
  void rleRunsLongerThanTheFormatAllowsAreSplit() {
    var e = new RleBitPackedHybridEncoder(1);
    long count = 3L * Integer.MAX_VALUE + 5;
    e.writeRepeated(1, count);
    ByteSink s = new ByteSink();
    e.flushWithLengthTo(s);
    byte[] bytes = s.toByteArray();
    assertEquals(bytes.length - 4, LittleEndian.getInt(bytes, 0));
    var d = new RleBitPackedHybridDecoder();
    d.init(bytes, 4, bytes.length - 4, 1);
    long seen = 0;
    while (d.runRemaining() > 0) {
      long run = d.runRemaining();
      assertEquals(true, d.isRepeatedRun());
      assertEquals(1, d.repeatedValue());
      assertEquals(true, run <= Integer.MAX_VALUE);
      seen += run;
      d.skip((int) run);
    }
    assertEquals(count, seen);
  }

  /** Encodings.md example 2 in a legal 128-value block, byte for byte as worked out by hand. */
  @Test
  void deltaExactBytes() {
    var e = DeltaBinaryPackedEncoder.int32();
    e.write(new int[] {7, 5, 3, 1, 2, 3, 4, 5}, 0, 8);
    ByteSink s = new ByteSink();
    e.flushTo(s);
    byte[] expected = TestBytes.create().uleb(128).uleb(4).uleb(8).zigzag(7)
        .zigzag(-2).bytes(2, 0, 0, 0).bytes(0b11000000, 0b00111111, 0, 0, 0, 0, 0, 0).toArray();
    assertArrayEquals(expected, s.toByteArray());
    // the reference writer agrees on random data (same block layout, no garbage)
    Random random = new Random(SEED);
    long[] values = new long[1000];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(100);
    }
    var e64 = DeltaBinaryPackedEncoder.int64();
    e64.write(values, 0, values.length);
    ByteSink s64 = new ByteSink();
    e64.flushTo(s64);
    assertArrayEquals(new ReferenceDeltaEncoder().encode(values), s64.toByteArray());
  }

  @Test
  void deltaRoundTripsEdgeValues() {
    Random random = new Random(SEED + 1);
    long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE};
    for (int size : new int[] {0, 1, 2, 31, 32, 33, 127, 128, 129, 1000, 4097}) {
      long[] values = new long[size];
      for (int i = 0; i < size; i++) {
        values[i] = random.nextInt(3) == 0 ? edges[random.nextInt(edges.length)] : random.nextLong() >> random.nextInt(64);
      }
      for (boolean int32 : new boolean[] {false, true}) {
        var e = int32 ? DeltaBinaryPackedEncoder.int32() : DeltaBinaryPackedEncoder.int64();
        e.write(values, 0, size);
        assertEquals(size, e.count());
        ByteSink s = new ByteSink();
        e.flushTo(s);
        byte[] bytes = s.toByteArray();
        var d = int32 ? DeltaBinaryPackedDecoder.int32() : DeltaBinaryPackedDecoder.int64();
        d.init(bytes, 0, bytes.length, size);
        assertEquals(bytes.length, d.endOffset());
        long[] got = new long[size];
        d.readLongs(got, 0, size);
        for (int i = 0; i < size; i++) {
          long expected = int32 ? (int) values[i] : values[i];
          long actual = int32 ? (int) got[i] : got[i];
          assertEquals(expected, actual, "size " + size + " int32 " + int32 + " value " + i + " seed " + SEED);
        }
        if (int32) {
          // INT32 miniblocks must not be wider than 32 bits: check every width byte the decoder saw
          assertWidthsAtMost(bytes, 32);
        }
      }
    }
  }

  /** Walks a 128/4 stream's blocks and checks each used miniblock's bit width. */
  private static void assertWidthsAtMost(byte[] bytes, int max) {
    ByteReader in = new ByteReader();
    in.init(bytes, 0, bytes.length, "test");
    in.readUlebInt("block");
    in.readUlebInt("miniblocks");
    int count = in.readUlebInt("count");
    in.readZigZag64();
    long left = Math.max(count - 1, 0);
    while (left > 0) {
      in.readZigZag64();
      for (int m = 0; m < 4; m++) {
        int w = in.readUnsignedByte();
        assertEquals(true, w <= max, "width " + w);
      }
      int used = (int) Math.min(4, (Math.min(left, 128) + 31) / 32);
      int skip = 0;
      for (int m = 0; m < used; m++) {
        skip += 4 * (bytes[in.pos() - 4 + m] & 0xff);
      }
      in.seek(in.pos() + skip);
      left -= Math.min(left, 128);
    }
  }

  @Test
  void binaryEncodersMatchTheSpecExamples() {
    var dlba = new DeltaLengthByteArrayEncoder();
    for (String s : new String[] {"Hello", "World", "Foobar", "ABCDEF"}) {
      byte[] b = s.getBytes(UTF_8);
      dlba.write(b, 0, b.length);
    }
    ByteSink out = new ByteSink();
    dlba.flushTo(out);
    assertArrayEquals(TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(TestBytes.longs(5, 5, 6, 6)))
        .bytes("HelloWorldFoobarABCDEF".getBytes(UTF_8)).toArray(), out.toByteArray());

    var dba = new DeltaByteArrayEncoder();
    for (String s : new String[] {"axis", "axle", "babble", "babyhood"}) {
      byte[] b = s.getBytes(UTF_8);
      dba.write(b, 0, b.length);
    }
    out.reset();
    dba.flushTo(out);
    assertArrayEquals(TestBytes.create()
        .bytes(new ReferenceDeltaEncoder().encode(TestBytes.longs(0, 2, 0, 3)))
        .bytes(new ReferenceDeltaEncoder().encode(TestBytes.longs(4, 2, 6, 5)))
        .bytes("axislebabbleyhood".getBytes(UTF_8)).toArray(), out.toByteArray());
  }

  @Test
  void binaryEncodersRoundTripFromArrowVectors() {
    Random random = new Random(SEED + 2);
    try (VarCharVector v = new VarCharVector("s", memory.allocator())) {
      int n = 3000;
      v.allocateNew(n);
      String[] values = new String[n];
      for (int i = 0; i < n; i++) {
        StringBuilder sb = new StringBuilder(i > 0 && random.nextBoolean() ? values[i - 1].substring(0, values[i - 1].length() / 2) : "");
        int extra = random.nextInt(20);
        for (int k = 0; k < extra; k++) {
          sb.append((char) ('a' + random.nextInt(3)));
        }
        values[i] = sb.toString();
        v.setSafe(i, values[i].getBytes(UTF_8));
      }
      v.setValueCount(n);
      for (int kind = 0; kind < 3; kind++) {
        ByteSink page = new ByteSink();
        BinaryValueDecoder d;
        if (kind == 0) {
          PlainEncoder.writeBinary(v.getOffsetBuffer(), v.getDataBuffer(), BinaryOutput.OffsetWidth.INT32, 0, 10, page);
          PlainEncoder.writeBinary(v.getOffsetBuffer(), v.getDataBuffer(), BinaryOutput.OffsetWidth.INT32, 10, n - 10, page);
          d = new PlainBinaryDecoder();
        } else if (kind == 1) {
          var e = new DeltaLengthByteArrayEncoder();
          e.write(v.getOffsetBuffer(), v.getDataBuffer(), BinaryOutput.OffsetWidth.INT32, 0, n);
          e.flushTo(page);
          d = new DeltaLengthByteArrayDecoder();
        } else {
          var e = new DeltaByteArrayEncoder();
          for (String s : values) {
            byte[] b = s.getBytes(UTF_8);
            e.write(b, 0, b.length);
          }
          e.flushTo(page);
          d = new DeltaByteArrayDecoder();
        }
        byte[] bytes = page.toByteArray();
        d.init(bytes, 0, bytes.length, n);
        try (BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT64, 8, 8)) {
          d.read(out, n);
          for (int i = 0; i < n; i++) {
            assertEquals(values[i], new String(out.get(i), UTF_8), "kind " + kind + " value " + i);
          }
        }
      }
    }
  }

  @Test
  void fixedWidthEncodersRoundTrip() {
    Random random = new Random(SEED + 3);
    int n = 1001;
    for (int width : new int[] {4, 8, 12, 5}) {
      byte[] raw = new byte[n * width];
      random.nextBytes(raw);
      try (ArrowBuf src = memory.allocator().buffer(raw.length); ArrowBuf dst = memory.allocator().buffer(raw.length)) {
        src.setBytes(0, raw);
        ByteSink plain = new ByteSink();
        PlainEncoder.writeFixedWidth(src, 0, n, width, plain);
        assertArrayEquals(raw, plain.toByteArray());
        var bss = new ByteStreamSplitEncoder(width);
        bss.write(src, 0, 300);
        bss.write(raw, 300 * width, n - 300);
        ByteSink split = new ByteSink();
        bss.flushTo(split);
        byte[] bytes = split.toByteArray();
        assertEquals(raw[width - 1], bytes[(width - 1) * n], "stream k starts with byte k of value 0");
        var d = new ByteStreamSplitDecoder(width);
        d.init(bytes, 0, bytes.length, n);
        d.read(dst, 0, n);
        byte[] got = new byte[raw.length];
        dst.getBytes(0, got, 0, got.length);
        assertArrayEquals(raw, got, "width " + width);
      }
    }
    // the spec's example
    var e = new ByteStreamSplitEncoder(4);
    e.write(TestBytes.create().bytes(0xAA, 0xBB, 0xCC, 0xDD, 0x00, 0x11, 0x22, 0x33, 0xA3, 0xB4, 0xC5, 0xD6).toArray(), 0, 3);
    ByteSink s = new ByteSink();
    e.flushTo(s);
    assertArrayEquals(TestBytes.create().bytes(0xAA, 0x00, 0xA3, 0xBB, 0x11, 0xB4, 0xCC, 0x22, 0xC5, 0xDD, 0x33, 0xD6).toArray(),
        s.toByteArray());
  }

  @Test
  void booleanEncodersRoundTrip() {
    Random random = new Random(SEED + 4);
    int n = 777;
    try (ArrowBuf src = memory.allocator().buffer(100); ArrowBuf dst = memory.allocator().buffer(100)) {
      byte[] raw = new byte[100];
      random.nextBytes(raw);
      // long runs so that RLE has something to do
      Arrays.fill(raw, 20, 60, (byte) 0xff);
      src.setBytes(0, raw);
      var plain = new PlainBooleanEncoder();
      plain.write(src, 0, 13);          // unaligned afterwards
      plain.write(src, 13, n - 13);
      ByteSink p = new ByteSink();
      plain.flushTo(p);
      var rle = new RleBitPackedHybridEncoder(1);
      for (int i = 0; i < n; i++) {
        rle.write((raw[i >>> 3] >>> (i & 7)) & 1);
      }
      ByteSink r = new ByteSink();
      rle.flushWithLengthTo(r);
      for (ByteSink page : new ByteSink[] {p, r}) {
        BooleanValueDecoder d = page == p ? new PlainBooleanDecoder() : new RleBooleanDecoder();
        byte[] bytes = page.toByteArray();
        d.init(bytes, 0, bytes.length, n);
        dst.setZero(0, 100);
        d.read(dst, 3, n);
        for (int i = 0; i < n; i++) {
          boolean expected = (raw[i >>> 3] & (1 << (i & 7))) != 0;
          int bit = i + 3;
          assertEquals(expected, (dst.getByte(bit >>> 3) & (1 << (bit & 7))) != 0, "bit " + i);
        }
      }
      assertEquals((n + 7) / 8, p.size());
    }
  }

  @Test
  void dictionaryIndicesRoundTrip() {
    Random random = new Random(SEED + 5);
    for (int size : new int[] {1, 2, 3, 255, 256, 70_000}) {
      int[] ids = new int[5000];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = random.nextInt(4) == 0 ? size - 1 : random.nextInt(size);
      }
      var e = new DictionaryIndexEncoder(size);
      e.write(ids, 0, ids.length);
      ByteSink s = new ByteSink();
      e.flushTo(s);
      byte[] bytes = s.toByteArray();
      assertEquals(BitPacking.bitWidth(size - 1), bytes[0]);
      var d = new DictionaryIndexDecoder();
      d.init(bytes, 0, bytes.length, ids.length, size);
      int[] got = new int[ids.length];
      d.read(got, 0, ids.length);
      assertArrayEquals(ids, got, "size " + size);
    }
    assertThrows(IllegalArgumentException.class, () -> new DictionaryIndexEncoder(3).write(new int[] {3}, 0, 1));
  }

  /**
   * One encoder reset between pages, as the column writer keeps it: every page decodes to its ids
   * and starts with its own bit width, whether the width stays (50 → 60 entries, 6 bits), grows
   * (→ 300, 9 bits) or shrinks (→ 2, 1 bit), and after a page abandoned half-written (ids written,
   * never flushed: a repeated run and a bit-packed run open).
   */
  @Test
  void aResetDictionaryIndexEncoderEncodesEachPageAfresh() {
    Random random = new Random(SEED + 6);
    var e = new DictionaryIndexEncoder(50);
    int[] sizes = {50, 60, 300, 2, 2, 70_000};
    for (int p = 0; p < sizes.length; p++) {
      int size = sizes[p];
      e.reset(size);
      if (p == 4) {
        // abandoned: a run of 20 equal ids, then a few that are not
        int[] junk = new int[31];
        for (int i = 20; i < junk.length; i++) {
          junk[i] = i & 1;
        }
        e.write(junk, 0, junk.length);
        e.reset(size);
      }
      int[] ids = new int[3000 + 7 * p];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = i % 97 < 30 ? size - 1 : random.nextInt(size);
      }
      e.write(ids, 0, ids.length);
      ByteSink s = new ByteSink();
      e.flushTo(s);
      byte[] bytes = s.toByteArray();
      assertEquals(BitPacking.bitWidth(size - 1), bytes[0], "page " + p);
      var d = new DictionaryIndexDecoder();
      d.init(bytes, 0, bytes.length, ids.length, size);
      int[] got = new int[ids.length];
      d.read(got, 0, ids.length);
      assertArrayEquals(ids, got, "page " + p);
    }
    assertThrows(IllegalArgumentException.class, () -> e.reset(-1));
  }
}
