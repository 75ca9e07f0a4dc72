package org.parquetarrow.bench.peers;

/**
 * A peer saw other data than parquet-arrow (row count or checksum): its timing would compare
 * different work, so the whole run stops.
 */
public final class PeerMismatchException extends IllegalStateException {
  private PeerMismatchException(String peer, String what, Object expected, Object actual) {
    super(peer + " " + what + ": expected " + expected + " (as parquet-arrow), got " + actual);
  }

  /** Throws unless {@code actual} equals {@code expected}, what parquet-arrow saw. */
  static void requireEqual(String peer, String what, Object expected, Object actual) {
    if (!expected.equals(actual)) {
      throw new PeerMismatchException(peer, what, expected, actual);
    }
  }
}
