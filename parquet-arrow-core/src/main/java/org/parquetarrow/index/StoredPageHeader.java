package org.parquetarrow.index;

import org.parquetarrow.format.PageHeader;

/**
 * One page header of a column chunk as {@link PageHeaderWalker} found it.
 *
 * @param ordinal the page's position in its chunk, from 0 (the dictionary page included)
 * @param offset the file offset of the page header
 * @param headerBytes the bytes of the header as stored (the encrypted module's, when encrypted)
 * @param header the header, decrypted when the column is encrypted
 * @param crcMatches whether the header's CRC matches the stored page bytes; {@code null} when the
 *     header has no CRC
 */
public record StoredPageHeader(int ordinal, long offset, int headerBytes, PageHeader header, Boolean crcMatches) {

  /**
   * The values of a data page (level entries) or a dictionary page (entries); -1 for other pages.
   * {@link PageHeaderWalker} checks these are present and not negative.
   */
  public int numValues() {
    return PageHeaderWalker.numValues(header);
  }
}
