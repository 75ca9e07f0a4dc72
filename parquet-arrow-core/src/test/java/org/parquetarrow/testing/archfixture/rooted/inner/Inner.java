package org.parquetarrow.testing.archfixture.rooted.inner;

import org.parquetarrow.testing.archfixture.rooted.Outer;

/** A subpackage class reaching back into its root package, made on purpose. */
public final class Inner {
  private Inner() {}

  /** Reaches back into the root package. */
  public static int depth(int n) {
    return n <= 0 ? 0 : Outer.depth(n - 1) + 1;
  }
}
