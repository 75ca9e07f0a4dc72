package org.parquetarrow.testing.archfixture.user;

import org.parquetarrow.encoding.LevelDecoder;
import org.parquetarrow.io.InputFile;

/**
 * A stand-in for a module built on core that uses an exported package ({@code io}) and an internal
 * one ({@code encoding}), for the test of the exported-packages rule.
 */
public final class InternalsUser {
  private InternalsUser() {}

  /** Uses an internal class: a violation. */
  public static Class<?> internal() {
    return LevelDecoder.class;
  }

  /** Uses an exported class: allowed. */
  public static Class<?> exported() {
    return InputFile.class;
  }
}
