package org.parquetarrow;

/**
 * A page's CRC-32 (the optional {@code crc} of its header, computed over the page bytes as stored
 * after the header) does not match its content: the bytes were damaged after they were written. The
 * location names the column and page.
 *
 * <pre>{@code
 * catch (ChecksumException e) {
 *   log.error("damaged page {} of column {}", e.location().page(), e.location().column());
 * }
 * }</pre>
 */
public class ChecksumException extends CorruptFileException {
  private static final long serialVersionUID = 1L;

  private final int expectedCrc;
  private final int actualCrc;

  public ChecksumException(String problem, ErrorLocation location, int expectedCrc, int actualCrc) {
    super(problem, location, null);
    this.expectedCrc = expectedCrc;
    this.actualCrc = actualCrc;
  }

  /** The CRC-32 stored in the page header. */
  public int expectedCrc() {
    return expectedCrc;
  }

  /** The CRC-32 of the bytes actually read. */
  public int actualCrc() {
    return actualCrc;
  }
}
