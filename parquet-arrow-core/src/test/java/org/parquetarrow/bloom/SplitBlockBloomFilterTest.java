package org.parquetarrow.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SplitBlockBloomFilterTest {

  @Test
  void everyInsertedValueIsFoundAndTheFalsePositiveRateMatchesTheSpecTable() {
    // the spec's table: 10.5 bits per distinct value gives about 1% false positives
    int bytes = 1 << 17;
    int n = (int) (bytes * 8 / 10.5);
    SplitBlockBloomFilter f = new SplitBlockBloomFilter(bytes);
    long seed = System.nanoTime();
    Random r = new Random(seed);
    long[] inserted = new long[n];
    for (int i = 0; i < n; i++) {
      inserted[i] = r.nextLong();
      f.insert(SplitBlockBloomFilter.hashLong(inserted[i]));
    }
    for (long v : inserted) {
      assertTrue(f.mightContain(SplitBlockBloomFilter.hashLong(v)), "seed " + seed);
    }
    int probes = 200_000;
    int positives = 0;
    for (int i = 0; i < probes; i++) {
      if (f.mightContain(SplitBlockBloomFilter.hashLong(r.nextLong()))) {
        positives++;
      }
    }
    double rate = positives / (double) probes;
    assertTrue(rate > 0.005 && rate < 0.02, "false-positive rate " + rate + ", seed " + seed);
  }

  @Test
  void insertSetsOneBitPerWordOfTheBlockTheHighHalfPicks() {
    SplitBlockBloomFilter f = new SplitBlockBloomFilter(64); // two blocks
    // high half 0x80000000 * 2 blocks >>> 32 = block 1; key 1: bit (1 * salt[i]) >>> 27 of word i
    f.insert(0x80000000_00000001L);
    byte[] b = f.toBytes();
    int[] salts = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31};
    for (int i = 0; i < 8; i++) {
      assertEquals(0, word(b, i), "block 0 untouched");
      assertEquals(1 << (salts[i] >>> 27), word(b, 8 + i));
    }
  }

  @Test
  void sizingFollowsTheFormulaRoundedToAPowerOfTwo() {
    // -8 * 1000 / ln(1 - 0.01^(1/8)) = 9681 bits -> 1211 bytes -> 2048
    assertEquals(2048, SplitBlockBloomFilter.optimalBytes(1000, 0.01));
    assertEquals(32, SplitBlockBloomFilter.optimalBytes(1, 0.5));
  }

  private static int word(byte[] b, int i) {
    return (b[4 * i] & 0xff) | (b[4 * i + 1] & 0xff) << 8 | (b[4 * i + 2] & 0xff) << 16 | (b[4 * i + 3] & 0xff) << 24;
  }
}
