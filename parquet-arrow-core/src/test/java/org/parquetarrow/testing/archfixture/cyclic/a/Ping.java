package org.parquetarrow.testing.archfixture.cyclic.a;

import org.parquetarrow.testing.archfixture.cyclic.b.Pong;

/** Half of a package cycle made on purpose, for the test of the cycle rule. */
public final class Ping {
  private Ping() {}

  /** Reaches into package {@code b}, which reaches back. */
  public static int bounce(int n) {
    return n <= 0 ? 0 : Pong.bounce(n - 1) + 1;
  }
}
