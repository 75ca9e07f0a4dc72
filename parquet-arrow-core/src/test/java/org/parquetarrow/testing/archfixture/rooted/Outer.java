package org.parquetarrow.testing.archfixture.rooted;

import org.parquetarrow.testing.archfixture.rooted.inner.Inner;

/** A class of a root package in a cycle with its own subpackage, made on purpose. */
public final class Outer {
  private Outer() {}

  /** Reaches into the subpackage, which reaches back. */
  public static int depth(int n) {
    return n <= 0 ? 0 : Inner.depth(n - 1) + 1;
  }
}
