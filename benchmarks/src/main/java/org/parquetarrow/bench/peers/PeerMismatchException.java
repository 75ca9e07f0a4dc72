package org.parquetarrow.bench.peers;

/**
 * A peer saw other data than parquet-arrow (row count or checksum): its timing would compare
 * different work, so the whole run stops.
 */
public final class PeerMismatchException extends IllegalStateException {
  PeerMismatchException(String peer, String what, Object expected, Object actual) {
    super(peer + " " + what + ": expected " + expected + " (as parquet-arrow), got " + actual);
  }
}
