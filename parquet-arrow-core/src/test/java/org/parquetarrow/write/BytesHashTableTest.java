package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The binary dictionary's ids against a {@link HashMap} of the same keys (first occurrence gets
 * the next id): keys that share their first 8 bytes, differ only in length or in trailing zero
 * bytes, sit at the very end of their array (no 8 bytes to read past them), and enough of them to
 * rehash several times.
 */
class BytesHashTableTest {
  @Test
  void idsAreFirstOccurrenceOrderForTrickyKeys() {
    byte[][] keys = {
      {}, {0}, {0, 0}, {'a'}, {'a', 0}, {'a', 0, 0, 0, 0, 0, 0, 0}, {'a', 0, 0, 0, 0, 0, 0, 0, 0},
      bytes("abcdefgh"), bytes("abcdefghi"), bytes("abcdefghj"), bytes("abcdefgh" + "abcdefgh"),
      bytes("abcdefgh" + "abcdefgi"), bytes("x".repeat(300)), bytes("x".repeat(299) + "y"), bytes("x".repeat(301)),
    };
    BytesHashTable table = new BytesHashTable();
    Map<ByteBuffer, Integer> expected = new HashMap<>();
    for (int round = 0; round < 3; round++) {
      for (byte[] key : keys) {
        // the key alone in its array: prefix reads must not run past its end
        int id = table.idOf(key.clone(), 0, key.length);
        int want = expected.computeIfAbsent(ByteBuffer.wrap(key), k -> expected.size());
        assertEquals(want, id, Arrays.toString(key));
        assertArrayEquals(key, Arrays.copyOfRange(table.data(), table.offset(id), table.offset(id) + table.length(id)));
      }
    }
    assertEquals(keys.length, table.size());
  }

  @Test
  void manyRandomKeysInsideLargerArraysAgreeWithAHashMap() {
    Random r = new Random(20261122L);
    BytesHashTable table = new BytesHashTable();
    for (int chunk = 0; chunk < 2; chunk++) {
      Map<ByteBuffer, Integer> expected = new HashMap<>();
      for (int i = 0; i < 200_000; i++) {
        // few lengths and a small alphabet, so equal prefixes and repeats are frequent
        int len = r.nextInt(14);
        byte[] key = new byte[len];
        for (int k = 0; k < len; k++) {
          key[k] = (byte) r.nextInt(3);
        }
        int pad = r.nextInt(10);
        byte[] src = new byte[pad + len + r.nextInt(3)];
        Arrays.fill(src, (byte) 7);
        System.arraycopy(key, 0, src, pad, len);
        int want = expected.computeIfAbsent(ByteBuffer.wrap(key), k -> expected.size());
        assertEquals(want, table.idOf(src, pad, len), Arrays.toString(key));
      }
      assertEquals(expected.size(), table.size());
      long bytes = 0;
      for (ByteBuffer k : expected.keySet()) {
        bytes += k.remaining();
      }
      assertEquals(bytes, table.dataSize());
      table.clear();
      assertEquals(0, table.size());
    }
  }

  /**
   * Keys of 9 to 16 bytes are matched by their length, first and last 8 bytes alone, longer ones
   * by the bytes between too: keys equal in all of these but one, in both orders of insertion.
   */
  @Test
  void keysAlikeInPrefixSuffixAndLengthAreToldApart() {
    String head = "abcdefgh";
    String tail = "stuvwxyz";
    byte[][] keys = {
      bytes(head + "s"), bytes(head + "t"), bytes(head + "st"), bytes(head + "zz"), // 9, 10: suffix overlaps the prefix
      bytes(head + tail), bytes(head + "Xtuvwxyz"), bytes(head + "stuvwxyZ"), // 16: suffix is bytes 8..15
      bytes(head + "M" + tail), bytes(head + "N" + tail), bytes(head + "MN" + tail), // 17, 18: one middle byte apart
      bytes(head + "0123456789abcdefghijklmnop" + tail), bytes(head + "0123456789abcdefghijklmnoP" + tail),
      bytes(head + "1123456789abcdefghijklmnop" + tail), // 42: middle words, first and last of them
      bytes(head + "m".repeat(239) + tail), bytes(head + "m".repeat(240) + tail), bytes(head + "m".repeat(241) + tail),
      bytes(head + "m".repeat(400) + tail), bytes(head + "m".repeat(401) + tail), // lengths beyond the tag's 255
    };
    for (boolean reversed : new boolean[] {false, true}) {
      BytesHashTable table = new BytesHashTable();
      Map<ByteBuffer, Integer> expected = new HashMap<>();
      for (int round = 0; round < 3; round++) {
        for (int k = 0; k < keys.length; k++) {
          byte[] key = keys[reversed ? keys.length - 1 - k : k];
          int want = expected.computeIfAbsent(ByteBuffer.wrap(key), x -> expected.size());
          assertEquals(want, table.idOf(key.clone(), 0, key.length), new String(key));
        }
      }
      assertEquals(keys.length, table.size());
    }
  }

  /** Random keys of 0 to 40 bytes over two letters (many share first and last words), through rehashes. */
  @Test
  void randomKeysUpToFortyBytesAgreeWithAHashMap() {
    Random r = new Random(20261126L);
    BytesHashTable table = new BytesHashTable();
    Map<ByteBuffer, Integer> expected = new HashMap<>();
    for (int i = 0; i < 300_000; i++) {
      int len = r.nextInt(41);
      byte[] key = new byte[len];
      for (int k = 0; k < len; k++) {
        // mostly 'a', so that equal prefixes and suffixes with different middles are common
        key[k] = (byte) (r.nextInt(8) == 0 ? 'b' : 'a');
      }
      int pad = r.nextInt(5);
      byte[] src = new byte[pad + len + r.nextInt(3)];
      System.arraycopy(key, 0, src, pad, len);
      int want = expected.computeIfAbsent(ByteBuffer.wrap(key), k -> expected.size());
      assertEquals(want, table.idOf(src, pad, len), Arrays.toString(key));
    }
    assertEquals(expected.size(), table.size());
  }

  /**
   * Growth across the change from a quarter-full to a half-full table (at 1,024 keys, then 4,096):
   * at every size around those steps, every key stored so far is found under its id and nothing is
   * added; keys of 1 to 30 bytes, so that all three key paths (up to 8, up to 16, longer) are in
   * the table at once.
   */
  @Test
  void everyKeyIsFoundThroughEachGrowthStep() {
    Random r = new Random(20261127L);
    BytesHashTable table = new BytesHashTable();
    List<byte[]> keys = new ArrayList<>();
    Set<ByteBuffer> seen = new HashSet<>();
    while (keys.size() < 9000) {
      byte[] key = new byte[1 + r.nextInt(30)];
      r.nextBytes(key);
      if (!seen.add(ByteBuffer.wrap(key))) {
        continue;
      }
      assertEquals(keys.size(), table.idOf(key, 0, key.length));
      keys.add(key);
      int n = keys.size();
      if (n <= 70 || Math.abs(n - 1024) <= 3 || Math.abs(n - 4096) <= 3 || Math.abs(n - 8192) <= 3) {
        for (int id = 0; id < n; id++) {
          byte[] k = keys.get(id);
          byte[] shifted = new byte[k.length + 3];
          System.arraycopy(k, 0, shifted, 3, k.length);
          assertEquals(id, table.idOf(shifted, 3, k.length), "key " + id + " at size " + n);
        }
        assertEquals(n, table.size());
      }
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
