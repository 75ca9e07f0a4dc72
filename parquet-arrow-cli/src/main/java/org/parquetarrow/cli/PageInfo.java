package org.parquetarrow.cli;

import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.Statistics;

/**
 * One page header as stored, with where it is and whether its CRC matched.
 *
 * @param ordinal position of the page in its chunk, from 0
 * @param offset file offset of the page header
 * @param headerBytes bytes of the header as stored (encrypted module size when encrypted)
 * @param encoding values encoding (data pages) or dictionary encoding; {@code null} otherwise
 * @param numValues level entries (data pages) or dictionary entries; -1 for other pages
 * @param numNulls nulls (v2 data pages), else -1
 * @param numRows rows (v2 data pages), else -1
 * @param crc the header's CRC-32, or {@code null}
 * @param crcMatches whether the CRC matched the page bytes; {@code null} without a CRC
 * @param statistics the header's statistics, or {@code null}
 */
record PageInfo(
    int rowGroup,
    String column,
    int ordinal,
    long offset,
    int headerBytes,
    PageType type,
    Encoding encoding,
    int uncompressedBytes,
    int compressedBytes,
    int numValues,
    int numNulls,
    int numRows,
    Integer crc,
    Boolean crcMatches,
    Statistics statistics) {}
