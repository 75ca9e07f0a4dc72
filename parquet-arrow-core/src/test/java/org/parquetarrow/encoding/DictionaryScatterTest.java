package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Dictionary indices gathered straight to their slots under nulls ({@link
 * DictionaryFixedWidthDecoder#readScattered}). The index pages are built by hand (bit width byte,
 * then bit-packed groups LSB first, as the spec defines RLE_DICTIONARY data) and every slot is
 * checked against the dictionary entry its index names, or zeros for a null slot.
 */
class DictionaryScatterTest {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(DictionaryScatterTest.class);

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int[] WIDTHS = {1, 2, 4, 8, 12, 16};

  @Test
  void handWorkedInt32() {
    // dictionary 100, 200, 300; indices 2 0 1 (width 2, one group of 8 padded with zeros);
    // validity 0 1 1 0 1 -> 0 300 100 0 200
    byte[] dict = TestBytes.create().le32(100).le32(200).le32(300).toArray();
    byte[] page = TestBytes.create().bytes(2).uleb(1 << 1 | 1).packedLsb(TestBytes.longs(2, 0, 1, 0, 0, 0, 0, 0), 2)
        .toArray();
    var d = new DictionaryFixedWidthDecoder(FixedWidthDictionary.fromPlain(dict, 0, dict.length, 3, 4));
    d.init(page, 0, page.length, 3);
    ArrowBuf validity = memory.allocator().buffer(1);
    ArrowBuf data = memory.allocator().buffer(20);
    try (validity; data) {
      validity.setByte(0, 0b10110);
      data.setOne(0, 20);
      d.readScattered(data, 0, validity, 0, 5, 3);
      int[] got = new int[5];
      for (int i = 0; i < 5; i++) {
        got[i] = data.getInt(4L * i);
      }
      org.junit.jupiter.api.Assertions.assertArrayEquals(new int[] {0, 300, 100, 0, 200}, got);
    }
  }

  @Test
  void everyWidthAndShapeAcrossCalls() {
    long seed = System.nanoTime();
    LOG.info("seed {}; replay by setting it in this test", seed);
    Random random = new Random(seed);
    for (int round = 0; round < 300; round++) {
      int width = WIDTHS[round % WIDTHS.length];
      boolean direct = round % 2 == 1;
      int size = 1 + random.nextInt(round % 3 == 0 ? 3 : 5_000);
      byte[] dict = new byte[size * width];
      random.nextBytes(dict);
      int slots = random.nextInt(3_000);
      boolean[] valid = new boolean[slots];
      int shape = random.nextInt(4);
      int count = 0;
      for (int s = 0; s < slots; s++) {
        valid[s] = switch (shape) {
          case 0 -> random.nextInt(10) != 0;
          case 1 -> (s / (1 + random.nextInt(100))) % 2 == 0;
          case 2 -> random.nextBoolean();
          default -> s % 700 < 650;
        };
        count += valid[s] ? 1 : 0;
      }
      int bitWidth = Math.max(1, 32 - Integer.numberOfLeadingZeros(size - 1));
      long[] ids = new long[(count + 7) / 8 * 8];
      for (int i = 0; i < count; i++) {
        ids[i] = random.nextInt(size);
      }
      TestBytes b = TestBytes.create().bytes(bitWidth);
      if (ids.length > 0) {
        b.uleb((long) (ids.length / 8) << 1 | 1).packedLsb(ids, bitWidth);
      }
      byte[] page = b.toArray();
      long bitOffset = random.nextInt(100);
      String what = "seed " + seed + " round " + round + " width " + width + " direct " + direct;
      ArrowBuf dictBuf = memory.allocator().buffer(Math.max(1, dict.length));
      ArrowBuf validity = memory.allocator().buffer((bitOffset + slots + 7) / 8 + 1);
      ArrowBuf data = memory.allocator().buffer((long) slots * width + 1);
      try (dictBuf; validity; data) {
        dictBuf.setBytes(0, dict);
        FixedWidthDictionary dictionary = direct
            ? FixedWidthDictionary.of(dictBuf, width, size)
            : FixedWidthDictionary.fromPlain(dict, 0, dict.length, size, width);
        var d = new DictionaryFixedWidthDecoder(dictionary);
        d.init(page, 0, page.length, count);
        validity.setZero(0, validity.capacity());
        for (int s = 0; s < slots; s++) {
          if (valid[s]) {
            long bit = bitOffset + s;
            validity.setByte(bit >>> 3, validity.getByte(bit >>> 3) | (1 << (bit & 7)));
          }
        }
        data.setOne(0, data.capacity());
        // in stretches, as a page is read batch by batch: each call continues the indices
        int k = 0;
        for (int from = 0; from < slots; ) {
          int n = Math.min(slots - from, 1 + random.nextInt(700));
          int values = 0;
          for (int s = from; s < from + n; s++) {
            values += valid[s] ? 1 : 0;
          }
          d.readScattered(data, (long) from * width, validity, bitOffset + from, n, values);
          from += n;
        }
        for (int s = 0; s < slots; s++) {
          for (int i = 0; i < width; i++) {
            byte want = valid[s] ? dict[(int) ids[k] * width + i] : 0;
            assertEquals(want, data.getByte((long) s * width + i), what + " slot " + s + " byte " + i);
          }
          k += valid[s] ? 1 : 0;
        }
        assertEquals((byte) 0xff, data.getByte((long) slots * width), what + ": the byte after stays");
      }
    }
  }

  @Test
  void countsThatDisagreeAndBadIndicesAreRefused() {
    byte[] dict = TestBytes.create().le32(1).le32(2).toArray();
    // four indices of width 1: 1 0 1 1, then 4 padding values
    byte[] page = TestBytes.create().bytes(1).uleb(1 << 1 | 1).packedLsb(TestBytes.longs(1, 0, 1, 1, 0, 0, 0, 0), 1)
        .toArray();
    ArrowBuf validity = memory.allocator().buffer(8);
    ArrowBuf data = memory.allocator().buffer(64);
    try (validity; data) {
      validity.setZero(0, 8);
      validity.setByte(0, 0b0111);
      var d = new DictionaryFixedWidthDecoder(FixedWidthDictionary.fromPlain(dict, 0, dict.length, 2, 4));
      d.init(page, 0, page.length, 4);
      assertThrows(IllegalArgumentException.class, () -> d.readScattered(data, 0, validity, 0, 4, 2));
      d.init(page, 0, page.length, 4);
      assertThrows(IllegalArgumentException.class, () -> d.readScattered(data, 0, validity, 0, 4, 4));
      d.init(page, 0, page.length, 4);
      assertThrows(IndexOutOfBoundsException.class, () -> d.readScattered(data.slice(0, 12), 0, validity, 0, 4, 3));
      // index 2 in a dictionary of 2
      byte[] bad = TestBytes.create().bytes(2).uleb(1 << 1 | 1).packedLsb(TestBytes.longs(2, 0, 0, 0, 0, 0, 0, 0), 2)
          .toArray();
      d.init(bad, 0, bad.length, 3);
      assertThrows(CorruptFileException.class, () -> d.readScattered(data, 0, validity, 0, 4, 3));
    }
  }
  /**
   * Gathers of indices a {@link DictionaryIndexDecoder} read (all slots valid, and dense reads)
   * rely on that decoder's check alone: an index past the dictionary is still refused, typed.
   */
  @Test
  void badIndicesAreRefusedInDenseReadsAndWhereEverySlotIsValid() {
    byte[] dict = TestBytes.create().le32(1).le32(2).toArray();
    // index 2 in a dictionary of 2, after three good ones; 8 values of width 2
    byte[] bad = TestBytes.create().bytes(2).uleb(1 << 1 | 1).packedLsb(TestBytes.longs(0, 1, 1, 2, 0, 0, 0, 0), 2)
        .toArray();
    ArrowBuf validity = memory.allocator().buffer(8);
    ArrowBuf data = memory.allocator().buffer(64);
    try (validity; data) {
      validity.setZero(0, 8);
      validity.setByte(0, 0b1111);
      var d = new DictionaryFixedWidthDecoder(FixedWidthDictionary.fromPlain(dict, 0, dict.length, 2, 4));
      d.init(bad, 0, bad.length, 4);
      CorruptFileException dense = assertThrows(CorruptFileException.class, () -> d.read(data, 0, 4));
      assertEquals("dictionary indices: index 2 is outside the dictionary of 2 values", dense.getMessage());
      d.init(bad, 0, bad.length, 4);
      CorruptFileException placed = assertThrows(CorruptFileException.class,
          () -> d.readScattered(data, 0, validity, 0, 4, 4));
      assertEquals("dictionary indices: index 2 is outside the dictionary of 2 values", placed.getMessage());
      // the good indices of the same width still gather
      byte[] good = TestBytes.create().bytes(2).uleb(1 << 1 | 1).packedLsb(TestBytes.longs(0, 1, 1, 0, 0, 0, 0, 0), 2)
          .toArray();
      d.init(good, 0, good.length, 4);
      d.readScattered(data, 0, validity, 0, 4, 4);
      assertEquals(1, data.getInt(0));
      assertEquals(2, data.getInt(4));
      assertEquals(2, data.getInt(8));
      assertEquals(1, data.getInt(12));
    }
  }
}
