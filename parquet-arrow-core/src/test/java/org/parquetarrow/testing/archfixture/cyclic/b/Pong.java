package org.parquetarrow.testing.archfixture.cyclic.b;

import org.parquetarrow.testing.archfixture.cyclic.a.Ping;

/** The other half of a package cycle made on purpose, for the test of the cycle rule. */
public final class Pong {
  private Pong() {}

  /** Reaches back into package {@code a}. */
  public static int bounce(int n) {
    return n <= 0 ? 0 : Ping.bounce(n - 1) + 1;
  }
}
