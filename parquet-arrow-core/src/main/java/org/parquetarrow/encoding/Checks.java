package org.parquetarrow.encoding;

import java.util.Objects;
import org.parquetarrow.CorruptFileException;

/** Argument and input checks shared by the decoders. */
final class Checks {
  private Checks() {}

  /** The caller's section must lie inside its array: a programming error otherwise, not corrupt input. */
  static void checkSection(byte[] buf, int offset, int length) {
    Objects.requireNonNull(buf, "buf");
    Objects.checkFromIndexSize(offset, length, buf.length);
  }

  static void checkCount(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
  }

  /** Throws when fewer than {@code n} of the page's values remain. */
  static void checkRemaining(String what, long remaining, int n) {
    if (n > remaining) {
      throw new CorruptFileException(what + ": asked for " + n + " values but only " + remaining
          + " remain in the page");
    }
  }
}
