package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The dictionary of fixed-width keys gives every key the id of its first appearance, whether it is
 * found through the hash table or the direct array of dense keys, across the switch between the
 * two, keys far outside the dense range, extreme values and reuse after {@code clear()}. The
 * reference is a plain {@link HashMap} numbering keys in the order they come.
 */
class LongHashTableTest {

  private static void checkAgainstReference(LongHashTable t, long[] keys, boolean bulk) {
    Map<Long, Integer> reference = new HashMap<>();
    int[] ids = new int[keys.length];
    if (bulk) {
      // in steps of odd sizes, so the switch to the direct array falls inside a step
      for (int from = 0; from < keys.length; from += 777) {
        int to = Math.min(keys.length, from + 777);
        t.idsOf(keys, from, to, ids, from);
      }
    } else {
      for (int i = 0; i < keys.length; i++) {
        ids[i] = t.idOf(keys[i]);
      }
    }
    for (int i = 0; i < keys.length; i++) {
      int expected = reference.computeIfAbsent(keys[i], k -> reference.size());
      assertEquals(expected, ids[i], "key " + keys[i] + " at " + i);
    }
    assertEquals(reference.size(), t.size());
    for (Map.Entry<Long, Integer> e : reference.entrySet()) {
      assertEquals(e.getKey(), t.key(e.getValue()));
      // a second lookup finds the same id and adds nothing
      assertEquals(e.getValue(), t.idOf(e.getKey()));
    }
    assertEquals(reference.size(), t.size());
  }

  private static long[] keys(int n, LongUnaryOperator f) {
    long[] k = new long[n];
    for (int i = 0; i < n; i++) {
      k[i] = f.applyAsLong(i);
    }
    return k;
  }

  @Test
  void everyDistributionNumbersKeysInOrderOfFirstAppearance() {
    SplittableRandom r = new SplittableRandom(42);
    long[][] cases = {
        keys(200_000, i -> 8036 + r.nextInt(2526)), // dates: dense from the start
        keys(200_000, i -> 1 + i / 4), // sorted keys: the dense range keeps moving
        keys(200_000, i -> r.nextLong()), // spread over 64 bits: hash table only
        keys(200_000, i -> r.nextInt(10) == 0 ? r.nextLong() : 100 * r.nextInt(50)), // dense and outliers
        keys(200_000, i -> r.nextInt(10_000) - 5_000), // around zero
        keys(50_000, i -> switch (r.nextInt(6)) { // extremes, where key - base wraps
          case 0 -> Long.MIN_VALUE + r.nextInt(100);
          case 1 -> Long.MAX_VALUE - r.nextInt(100);
          case 2 -> r.nextInt(100);
          default -> -r.nextInt(100);
        }),
        keys(100, i -> i * 1_000_003L), // few keys, far apart
    };
    for (boolean bulk : new boolean[] {false, true}) {
      LongHashTable t = new LongHashTable();
      for (long[] c : cases) {
        checkAgainstReference(t, c, bulk);
        t.clear();
        assertEquals(0, t.size());
      }
    }
  }

  @Test
  void keysArrivingAfterTheDirectArrayIsBuiltStillGetTheirIds() {
    LongHashTable t = new LongHashTable();
    // dense first (the direct array is built), then keys below and far above it, then dense again
    long[] k = new long[30_000];
    for (int i = 0; i < k.length; i++) {
      k[i] = i < 10_000 ? 50_000 + i % 1000 : i < 20_000 ? i * 7919L - 10_000_000L : 50_000 + (i % 3000);
    }
    checkAgainstReference(t, k, true);
  }
}
