package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ByteSink#writeLengthPrefixed} writes PLAIN BYTE_ARRAY values as the spec lays them out:
 * each value's length as 4 little-endian bytes, then its bytes. Values short enough to be copied
 * word by word and long ones, the last value ending at the very end of its array (no room to read
 * a word past it), sinks that grow while writing, and what is written next landing right after.
 * The expected bytes are built here value by value.
 */
class LengthPrefixedTest {
  @Test
  void valuesOfEveryLengthAreLaidOutAsTheSpecSays() {
    Random random = new Random(20261127L);
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(60);
      int[] offsets = new int[n + 1];
      for (int i = 0; i < n; i++) {
        int len = random.nextInt(4) == 0 ? random.nextInt(80) : random.nextInt(34);
        offsets[i + 1] = offsets[i] + len;
      }
      // no byte after the last value in half the rounds
      byte[] data = new byte[offsets[n] + (round % 2 == 0 ? 0 : random.nextInt(40))];
      random.nextBytes(data);
      int from = random.nextInt(n);
      int to = from + random.nextInt(n - from + 1);
      ByteSink sink = new ByteSink(1 + random.nextInt(64));
      byte[] lead = new byte[random.nextInt(20)];
      random.nextBytes(lead);
      sink.write(lead, 0, lead.length);
      sink.writeLengthPrefixed(data, offsets, from, to);
      sink.write(0x7e);
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      expected.write(lead, 0, lead.length);
      for (int i = from; i < to; i++) {
        int len = offsets[i + 1] - offsets[i];
        expected.write(len);
        expected.write(len >>> 8);
        expected.write(len >>> 16);
        expected.write(len >>> 24);
        expected.write(data, offsets[i], len);
      }
      expected.write(0x7e);
      assertEquals(expected.size(), sink.size(), "round " + round);
      assertArrayEquals(expected.toByteArray(), sink.toByteArray(), "round " + round);
    }
  }
}
