package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Short values are copied as whole 8-byte words when the source array and the data buffer have
 * room past the value: every length, at the very end of a page, into a buffer with no slack, must
 * still give exactly the input bytes.
 */
class ShortValueCopyTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** Values of every length 0..60, byte {@code k} of value {@code v} being {@code 31 * v + k}. */
  private static List<byte[]> values() {
    List<byte[]> values = new ArrayList<>();
    for (int v = 0; v <= 60; v++) {
      byte[] b = new byte[v];
      for (int k = 0; k < v; k++) {
        b[k] = (byte) (31 * v + k);
      }
      values.add(b);
    }
    return values;
  }

  @Test
  void plainValuesOfEveryLengthUpToThePageEnd() {
    List<byte[]> values = values();
    byte[] page = TestBytes.plainByteArrays(values); // the last value ends with the array: no room for a word overrun
    PlainBinaryDecoder decoder = new PlainBinaryDecoder();
    decoder.init(page, 0, page.length, values.size());
    try (BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 1, 1)) {
      decoder.read(out, 7);
      decoder.read(out, values.size() - 7);
      assertEquals(values.size(), out.valueCount());
      for (int i = 0; i < values.size(); i++) {
        assertArrayEquals(values.get(i), out.get(i), "value " + i);
      }
    }
  }

  @Test
  void dataBufferWithoutSlackTakesTheValuesExactly() {
    // 64 bytes of data in values of 13, 13, 13, 13 and 12 bytes: a 64-byte buffer has no room for
    // the word overrun of any of the last values
    List<byte[]> values = new ArrayList<>();
    for (int len : new int[] {13, 13, 13, 13, 12}) {
      byte[] b = new byte[len];
      for (int k = 0; k < len; k++) {
        b[k] = (byte) (values.size() * 50 + k);
      }
      values.add(b);
    }
    byte[] page = TestBytes.plainByteArrays(values);
    PlainBinaryDecoder decoder = new PlainBinaryDecoder();
    decoder.init(page, 0, page.length, values.size());
    try (BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT64, 5, 64)) {
      assertEquals(64, out.data().capacity());
      decoder.read(out, values.size());
      assertEquals(64, out.dataLength());
      for (int i = 0; i < values.size(); i++) {
        assertArrayEquals(values.get(i), out.get(i), "value " + i);
      }
    }
  }

  @Test
  void dictionaryGatherOfEveryLength() {
    List<byte[]> entries = values();
    byte[] page = TestBytes.plainByteArrays(entries);
    BinaryDictionary dictionary = BinaryDictionary.fromPlain(page, 0, page.length, entries.size());
    Random random = new Random(42);
    int[] ids = new int[1000];
    for (int i = 0; i < ids.length; i++) {
      // the longest (last) entries often, so the padding at the dictionary's end is exercised
      ids[i] = i % 3 == 0 ? entries.size() - 1 - random.nextInt(3) : random.nextInt(entries.size());
    }
    try (BinaryOutput out = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 1, 1)) {
      dictionary.gather(ids, 0, 500, out);
      dictionary.gather(ids, 500, 500, out);
      for (int i = 0; i < ids.length; i++) {
        assertArrayEquals(entries.get(ids[i]), out.get(i), "value " + i);
      }
    }
  }
  @Test
  void dictionaryGatherByWholeWordsForEveryLongestEntry() {
    Random random = new Random(7);
    for (int longest = 0; longest <= BinaryOutput.WORD_COPY_MAX; longest++) {
      // entries of every length up to the longest, the longest last (against the padding's end)
      List<byte[]> entries = new ArrayList<>();
      for (int len = 0; len <= longest; len++) {
        byte[] b = new byte[len];
        for (int k = 0; k < len; k++) {
          b[k] = (byte) (17 * len + 3 * k + 1);
        }
        entries.add(b);
      }
      byte[] page = TestBytes.plainByteArrays(entries);
      BinaryDictionary dictionary = BinaryDictionary.fromPlain(page, 0, page.length, entries.size());
      int[] ids = new int[700];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = i % 4 == 0 ? entries.size() - 1 : random.nextInt(entries.size());
      }
      for (BinaryOutput.OffsetWidth width : BinaryOutput.OffsetWidth.values()) {
        try (BinaryOutput out = new BinaryOutput(memory.allocator(), width, 1, 1)) {
          byte[] first = {9, 8, 7};
          out.append(first, 0, first.length);
          dictionary.gather(ids, 0, 1, out);
          dictionary.gather(ids, 1, 299, out);
          dictionary.gather(ids, 300, 400, out);
          assertEquals(ids.length + 1, out.valueCount());
          assertArrayEquals(first, out.get(0));
          long bytes = first.length;
          for (int i = 0; i < ids.length; i++) {
            assertArrayEquals(entries.get(ids[i]), out.get(i + 1), "longest " + longest + ", value " + i);
            bytes += entries.get(ids[i]).length;
          }
          assertEquals(bytes, out.dataLength());
        }
      }
    }
  }
}
