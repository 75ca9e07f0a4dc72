package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * {@link BinaryValueDecoder#readSpaced}: the values of a nullable column placed at their rows, a
 * null row taking an empty entry, so that the output's offsets are one per row. PLAIN and
 * dictionary decoders do it in their decoding loop, the others by a dense read spread in place;
 * each is checked against the rows' values built here (hand-made pages), read in stretches that
 * mix placed and dense reads, start and end on nulls, hold no value at all, and reach the very
 * end of the page's array (no room for the word copies' overrun).
 */
class SpacedBinaryReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** Values of 0 to 90 bytes; value {@code v}'s byte {@code k} is {@code 31 * v + k}. */
  private static List<byte[]> values(Random random, int n) {
    List<byte[]> values = new ArrayList<>();
    for (int v = 0; v < n; v++) {
      int length = v < 91 ? v : random.nextInt(6) == 0 ? 0 : random.nextInt(91);
      byte[] b = new byte[length];
      for (int k = 0; k < length; k++) {
        b[k] = (byte) (31 * v + k);
      }
      values.add(b);
    }
    return values;
  }

  /** Nulls in runs and scattered, the first and last row null; {@code values} bits set in all. */
  private static boolean[] validity(Random random, int rows) {
    boolean[] valid = new boolean[rows];
    for (int r = 0; r < rows; ) {
      int run = 1 + random.nextInt(random.nextInt(4) == 0 ? 300 : 30);
      int shape = random.nextInt(4);
      for (int i = 0; i < run && r < rows; i++, r++) {
        valid[r] = switch (shape) {
          case 0 -> false;
          case 1 -> true;
          default -> random.nextInt(shape == 2 ? 2 : 10) != 0;
        };
      }
    }
    valid[0] = false;
    valid[rows - 1] = false;
    return valid;
  }

  private ArrowBuf bitmap(boolean[] valid) {
    ArrowBuf bits = memory.allocator().buffer(Bitmaps.bytesFor(valid.length) + 8);
    bits.setZero(0, bits.capacity());
    for (int r = 0; r < valid.length; r++) {
      if (valid[r]) {
        bits.setByte(r >>> 3, bits.getByte(r >>> 3) | (1 << (r & 7)));
      }
    }
    return bits;
  }

  /**
   * Reads the rows in stretches of random length (some only values, some only nulls), placing
   * values where a stretch has nulls and reading densely where it has none, as {@code BinarySink}
   * does, and checks every row's entry.
   */
  private void readInStretches(BinaryValueDecoder decoder, List<byte[]> values, boolean[] valid,
      BinaryOutput.OffsetWidth width, Random random, int outputCapacity) {
    try (ArrowBuf bits = bitmap(valid);
        BinaryOutput out = new BinaryOutput(memory.allocator(), width, 1, outputCapacity)) {
      int row = 0;
      while (row < valid.length) {
        int rows = Math.min(valid.length - row, 1 + random.nextInt(random.nextBoolean() ? 5 : 400));
        int nonNull = 0;
        for (int r = row; r < row + rows; r++) {
          nonNull += valid[r] ? 1 : 0;
        }
        if (nonNull == rows) {
          decoder.read(out, nonNull);
        } else {
          decoder.readSpaced(out, nonNull, bits, row, rows);
        }
        row += rows;
        assertEquals(row, out.valueCount(), "one entry per row");
      }
      int next = 0;
      for (int r = 0; r < valid.length; r++) {
        byte[] expected = valid[r] ? values.get(next++) : new byte[0];
        assertArrayEquals(expected, out.get(r), "row " + r);
      }
      assertEquals(values.size(), next, "every value placed");
    }
  }

  @Test
  void plainValuesAtTheirRows() {
    for (long seed = 1; seed <= 6; seed++) {
      Random random = new Random(seed);
      boolean[] valid = validity(random, 3_000);
      List<byte[]> values = values(random, count(valid));
      byte[] page = TestBytes.plainByteArrays(values); // the last value ends with the array
      for (BinaryOutput.OffsetWidth width : BinaryOutput.OffsetWidth.values()) {
        for (int capacity : new int[] {1, 1 << 20}) {
          // a small output is grown (the lengths walked first), a large one has room for the page
          PlainBinaryDecoder decoder = new PlainBinaryDecoder();
          decoder.init(page, 0, page.length, values.size());
          readInStretches(decoder, values, valid, width, new Random(seed), capacity);
        }
      }
    }
  }

  @Test
  void dictionaryValuesAtTheirRows() {
    for (long seed = 1; seed <= 6; seed++) {
      Random random = new Random(seed);
      boolean[] valid = validity(random, 5_000); // more than one chunk of indices
      // short entries (whole-word gather) or some long ones (value-by-value gather)
      List<byte[]> entries = values(random, seed % 2 == 0 ? 40 : 120);
      if (seed % 2 == 0) {
        entries.replaceAll(e -> e.length > 48 ? new byte[e.length % 48] : e);
      }
      byte[] dictionaryPage = TestBytes.plainByteArrays(entries);
      int n = count(valid);
      int[] ids = new int[n];
      List<byte[]> values = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ids[i] = random.nextInt(entries.size());
        values.add(entries.get(ids[i]));
      }
      DictionaryIndexEncoder encoder = new DictionaryIndexEncoder(entries.size());
      encoder.write(ids, 0, n);
      ByteSink sink = new ByteSink();
      encoder.flushTo(sink);
      byte[] page = sink.toByteArray();
      BinaryDictionary dictionary = BinaryDictionary.fromPlain(dictionaryPage, 0, dictionaryPage.length, entries.size());
      for (BinaryOutput.OffsetWidth width : BinaryOutput.OffsetWidth.values()) {
        DictionaryBinaryDecoder decoder = new DictionaryBinaryDecoder(dictionary);
        decoder.init(page, 0, page.length, n);
        readInStretches(decoder, values, valid, width, new Random(seed), 1);
      }
    }
  }

  /**
   * The dictionary's one-loop placed gather, for entries of every whole-word count (longest entry
   * 0 to 48 bytes: 1 to 6 words), over rows whose first bit is not byte-aligned, with nulls at the
   * edges of 64-row words and 1,024-row index chunks, a null-free word, an all-null word and a
   * stretch of only nulls. Expected values: the entries chosen here, row by row.
   */
  @Test
  void dictionaryPlacedGatherForEveryWordCount() {
    int rows = 2_600;
    int firstRow = 3; // the stretch starts at bit 3 of the bitmap
    for (int longest : new int[] {0, 1, 7, 8, 9, 16, 17, 24, 31, 33, 40, 41, 47, 48}) {
      Random random = new Random(longest);
      List<byte[]> entries = new ArrayList<>();
      for (int e = 0; e < 37; e++) {
        int length = e == 0 ? longest : e == 1 ? 0 : random.nextInt(longest + 1);
        byte[] b = new byte[length];
        for (int k = 0; k < length; k++) {
          b[k] = (byte) (11 * e + k + 1);
        }
        entries.add(b);
      }
      boolean[] valid = new boolean[firstRow + rows];
      for (int r = firstRow; r < valid.length; r++) {
        int row = r - firstRow;
        boolean edge = row % 64 == 0 || row % 64 == 63 || row % 1024 == 0 || row % 1024 == 1023;
        boolean nullFree = row >= 128 && row < 192;
        boolean allNull = row >= 192 && row < 256;
        valid[r] = nullFree || !allNull && !edge && random.nextInt(7) != 0;
      }
      int n = 0;
      for (int r = firstRow; r < valid.length; r++) {
        n += valid[r] ? 1 : 0;
      }
      int[] ids = new int[n];
      for (int i = 0; i < n; i++) {
        ids[i] = random.nextInt(entries.size());
      }
      DictionaryIndexEncoder encoder = new DictionaryIndexEncoder(entries.size());
      encoder.write(ids, 0, n);
      ByteSink sink = new ByteSink();
      encoder.flushTo(sink);
      byte[] page = sink.toByteArray();
      byte[] dictionaryPage = TestBytes.plainByteArrays(entries);
      BinaryDictionary dictionary = BinaryDictionary.fromPlain(dictionaryPage, 0, dictionaryPage.length, entries.size());
      for (BinaryOutput.OffsetWidth width : BinaryOutput.OffsetWidth.values()) {
        for (int capacity : new int[] {1, 1 << 20}) {
          try (ArrowBuf bits = bitmap(valid);
              BinaryOutput out = new BinaryOutput(memory.allocator(), width, 1, capacity)) {
            DictionaryBinaryDecoder decoder = new DictionaryBinaryDecoder(dictionary);
            decoder.init(page, 0, page.length, n);
            decoder.readSpaced(out, 0, bits, firstRow + 192, 64); // only nulls
            decoder.readSpaced(out, n, bits, firstRow, rows);
            assertEquals(64 + rows, out.valueCount(), "one entry per row");
            for (int r = 0; r < 64; r++) {
              assertArrayEquals(new byte[0], out.get(r), "null row " + r);
            }
            int next = 0;
            for (int row = 0; row < rows; row++) {
              byte[] expected = valid[firstRow + row] ? entries.get(ids[next++]) : new byte[0];
              assertArrayEquals(expected, out.get(64 + row), "longest " + longest + ", " + width + ", row " + row);
            }
            assertEquals(n, next);
          }
        }
      }
    }
  }

  @Test
  void deltaLengthValuesSpreadInPlace() {
    Random random = new Random(7);
    boolean[] valid = validity(random, 3_000);
    List<byte[]> values = values(random, count(valid));
    long[] lengths = new long[values.size()];
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < values.size(); i++) {
      lengths[i] = values.get(i).length;
      bytes.writeBytes(values.get(i));
    }
    byte[] page = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths)).bytes(bytes.toByteArray()).toArray();
    for (BinaryOutput.OffsetWidth width : BinaryOutput.OffsetWidth.values()) {
      DeltaLengthByteArrayDecoder decoder = new DeltaLengthByteArrayDecoder();
      decoder.init(page, 0, page.length, values.size());
      readInStretches(decoder, values, valid, width, new Random(7), 1);
    }
  }

  @Test
  void aCorruptLengthAppendsNothing() {
    byte[] page = TestBytes.create().le32(2).bytes(1, 2).le32(1_000).bytes(3, 4, 5).toArray();
    boolean[] valid = {false, true, true, false};
    try (ArrowBuf bits = bitmap(valid);
        BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 1, 1 << 16)) {
      PlainBinaryDecoder decoder = new PlainBinaryDecoder();
      decoder.init(page, 0, page.length, 2);
      CorruptFileException e =
          assertThrows(CorruptFileException.class, () -> decoder.readSpaced(out, 2, bits, 0, 4));
      assertEquals("PLAIN BYTE_ARRAY: value length 1000 at byte 6 exceeds the 3 bytes left in the page",
          e.getMessage());
      assertEquals(0, out.valueCount());
      assertEquals(0, out.dataLength());
      byte[] cut = TestBytes.create().le32(2).bytes(1, 2).bytes(9, 9).toArray();
      decoder.init(cut, 0, cut.length, 2);
      assertThrows(CorruptFileException.class, () -> decoder.readSpaced(out, 2, bits, 0, 4));
      assertEquals(0, out.valueCount());
    }
  }

  /**
   * Values far enough from the page's end that their length and 48 bytes after it lie inside the
   * page (the one-comparison path): lengths of 47, 48 and 49 bytes come out whole, and a length
   * that is negative or runs past the page is refused there too, with nothing appended, in the
   * dense and the placed read.
   */
  @Test
  void lengthsNearTheWordCopyLimitAndCorruptOnesFarFromThePageEnd() {
    byte[][] values = new byte[3][];
    TestBytes good = TestBytes.create();
    for (int v = 0; v < 3; v++) {
      values[v] = new byte[47 + v];
      for (int k = 0; k < values[v].length; k++) {
        values[v][k] = (byte) (v + 3 * k);
      }
      good.le32(values[v].length).bytes(values[v]);
    }
    byte[] tail = new byte[200]; // the page goes on well past every value
    byte[] page = good.bytes(tail).toArray();
    boolean[] valid = {true, false, true, true};
    try (ArrowBuf bits = bitmap(valid);
        BinaryOutput dense = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 1, 1 << 12);
        BinaryOutput placed = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT64, 1, 1 << 12)) {
      PlainBinaryDecoder decoder = new PlainBinaryDecoder();
      decoder.init(page, 0, page.length, 3);
      decoder.read(dense, 3);
      decoder.init(page, 0, page.length, 3);
      decoder.readSpaced(placed, 3, bits, 0, 4);
      for (int v = 0; v < 3; v++) {
        assertArrayEquals(values[v], dense.get(v), "dense value " + v);
      }
      assertArrayEquals(values[0], placed.get(0));
      assertArrayEquals(new byte[0], placed.get(1));
      assertArrayEquals(values[1], placed.get(2));
      assertArrayEquals(values[2], placed.get(3));
      for (int corrupt : new int[] {-1, Integer.MIN_VALUE, 1_000}) {
        byte[] bad = TestBytes.create().le32(2).bytes(1, 2).le32(corrupt).bytes(tail).toArray();
        decoder.init(bad, 0, bad.length, 2);
        assertThrows(CorruptFileException.class, () -> decoder.read(dense, 2), "length " + corrupt);
        assertEquals(3, dense.valueCount());
        decoder.init(bad, 0, bad.length, 2);
        assertThrows(CorruptFileException.class, () -> decoder.readSpaced(placed, 2, bits, 0, 3), "length " + corrupt);
        assertEquals(4, placed.valueCount());
      }
    }
  }

  @Test
  void validityThatDoesNotMatchTheValueCountIsRefused() {
    byte[] page = TestBytes.plainByteArrays(List.of(new byte[] {1}, new byte[] {2}, new byte[] {3}));
    boolean[] valid = {true, false, true, true, false};
    byte[] dictionaryPage = TestBytes.plainByteArrays(List.of(new byte[] {7}));
    BinaryDictionary dictionary = BinaryDictionary.fromPlain(dictionaryPage, 0, dictionaryPage.length, 1);
    byte[] ids = TestBytes.create().bytes(1).bytes(3 << 1, 0).toArray(); // width 1, a run of three 0s
    try (ArrowBuf bits = bitmap(valid);
        BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 1, 64)) {
      PlainBinaryDecoder plain = new PlainBinaryDecoder();
      plain.init(page, 0, page.length, 3);
      assertThrows(IllegalStateException.class, () -> plain.readSpaced(out, 2, bits, 0, 5));
      assertThrows(IllegalStateException.class, () -> plain.readSpaced(out, 3, bits, 0, 2));
      DictionaryBinaryDecoder fromDictionary = new DictionaryBinaryDecoder(dictionary);
      fromDictionary.init(ids, 0, ids.length, 3);
      assertThrows(IllegalStateException.class, () -> fromDictionary.readSpaced(out, 2, bits, 0, 5));
      byte[] delta = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(new long[] {1, 1, 1}))
          .bytes(1, 2, 3).toArray();
      DeltaLengthByteArrayDecoder deltaLength = new DeltaLengthByteArrayDecoder();
      deltaLength.init(delta, 0, delta.length, 3);
      assertThrows(IllegalStateException.class, () -> deltaLength.readSpaced(out, 2, bits, 0, 5));
    }
  }

  @Test
  void theDictionaryHasNoMoreEntriesThanItsPage() {
    byte[] dictionaryPage = TestBytes.plainByteArrays(List.of(new byte[] {7}, new byte[0]));
    BinaryDictionary dictionary = BinaryDictionary.fromPlain(dictionaryPage, 0, dictionaryPage.length, 2);
    assertEquals(2, dictionary.size());
    try (BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 1, 64)) {
      // the empty entry that stands for null rows is not an index a page may use
      assertThrows(CorruptFileException.class, () -> dictionary.gather(new int[] {2}, 0, 1, out));
    }
  }

  @Test
  void aPlacedReadRefusesAnIndexOnePastTheDictionary() {
    // index 2 of a 2-entry dictionary on a valid row: the empty entry kept for null rows must not
    // let it through as an empty string
    byte[] dictionaryPage = TestBytes.plainByteArrays(List.of(new byte[] {7}, new byte[] {8, 9}));
    BinaryDictionary dictionary = BinaryDictionary.fromPlain(dictionaryPage, 0, dictionaryPage.length, 2);
    DictionaryIndexEncoder encoder = new DictionaryIndexEncoder(3);
    encoder.write(new int[] {0, 2}, 0, 2);
    ByteSink sink = new ByteSink();
    encoder.flushTo(sink);
    byte[] page = sink.toByteArray();
    boolean[] valid = {true, false, true};
    try (ArrowBuf bits = bitmap(valid);
        BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 3, 1 << 10)) {
      DictionaryBinaryDecoder decoder = new DictionaryBinaryDecoder(dictionary);
      decoder.init(page, 0, page.length, 2);
      CorruptFileException e =
          assertThrows(CorruptFileException.class, () -> decoder.readSpaced(out, 2, bits, 0, 3));
      assertEquals("dictionary indices: index 2 is outside the dictionary of 2 values", e.getMessage());
    }
  }

  private static int count(boolean[] valid) {
    int n = 0;
    for (boolean v : valid) {
      n += v ? 1 : 0;
    }
    return n;
  }
}
