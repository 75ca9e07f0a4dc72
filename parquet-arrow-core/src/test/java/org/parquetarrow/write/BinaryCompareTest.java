package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The statistics comparisons of binary values against references outside the writer: unsigned
 * lexicographic order against {@link Arrays#compareUnsigned}, big-endian two's complement order
 * against {@link BigInteger}. Ranges sit inside larger arrays, share prefixes and differ in length.
 */
class BinaryCompareTest {
  private static final long SEED = 20261122L;

  @Test
  void unsignedOrderIsTheJdks() {
    Random r = new Random(SEED);
    for (int round = 0; round < 100_000; round++) {
      byte[] a = bytes(r, r.nextInt(40));
      byte[] b = r.nextInt(3) == 0 ? a.clone() : bytes(r, r.nextInt(40));
      if (r.nextBoolean() && a.length > 0 && b.length > 0) {
        // a shared prefix of random length, so the difference falls anywhere
        int shared = r.nextInt(Math.min(a.length, b.length) + 1);
        System.arraycopy(a, 0, b, 0, shared);
      }
      byte[] pa = pad(r, a);
      byte[] pb = pad(r, b);
      int offA = pa.length - a.length - 3;
      int offB = pb.length - b.length - 3;
      int got = BinaryOrder.compareUnsigned(pa, offA, offA + a.length, pb, offB, offB + b.length);
      assertEquals(Integer.signum(Arrays.compareUnsigned(a, b)), Integer.signum(got),
          Arrays.toString(a) + " vs " + Arrays.toString(b));
    }
  }

  @Test
  void signedOrderIsBigIntegers() {
    Random r = new Random(SEED + 1);
    for (int round = 0; round < 100_000; round++) {
      byte[] a = bytes(r, 1 + r.nextInt(16));
      byte[] b = r.nextBoolean() ? bytes(r, a.length) : bytes(r, 1 + r.nextInt(16));
      if (r.nextInt(4) == 0) {
        System.arraycopy(a, 0, b, b.length - Math.min(a.length, b.length), Math.min(a.length, b.length) / 2);
      }
      int got = BinaryOrder.compareSigned(a, 0, a.length, b, 0, b.length);
      assertEquals(new BigInteger(a).compareTo(new BigInteger(b)), Integer.signum(got),
          new BigInteger(a) + " vs " + new BigInteger(b));
    }
  }

  private static byte[] bytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

  /** {@code v} with random bytes before (5) and after (3) it. */
  private static byte[] pad(Random r, byte[] v) {
    byte[] out = bytes(r, v.length + 8);
    System.arraycopy(v, 0, out, 5, v.length);
    return out;
  }
}
