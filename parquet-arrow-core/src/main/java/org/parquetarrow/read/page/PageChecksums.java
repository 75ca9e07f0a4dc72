package org.parquetarrow.read.page;

import java.util.zip.CRC32;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.ErrorLocation;

/**
 * Checks the CRC-32 a page header carries against the page's bytes as stored (compressed, and
 * encrypted if the page is), when checks are asked for. One per page reader: the {@link CRC32} is
 * reused from page to page.
 */
final class PageChecksums {
  private final CRC32 crc = new CRC32();
  private final boolean enabled;
  private long verified;

  PageChecksums(boolean enabled) {
    this.enabled = enabled;
  }

  /**
   * Checks {@code buf[at, at + length)} against {@code expected} ({@code null}: the header has no
   * CRC, nothing to check).
   *
   * @throws ChecksumException on a mismatch, without a location: the page reader locates it
   */
  void verify(Integer expected, byte[] buf, int at, int length) {
    if (expected == null || !enabled) {
      return;
    }
    crc.reset();
    crc.update(buf, at, length);
    int actual = (int) crc.getValue();
    verified++;
    if (actual != expected) {
      throw new ChecksumException(
          String.format(
              "page CRC-32 mismatch: the header says %08x, the %d page bytes give %08x",
              expected, length, actual),
          ErrorLocation.UNKNOWN,
          expected,
          actual);
    }
  }

  /** Page CRCs checked so far. */
  long verified() {
    return verified;
  }
}
