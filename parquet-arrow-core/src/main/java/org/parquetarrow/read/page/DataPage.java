package org.parquetarrow.read.page;

import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageType;
import org.parquetarrow.format.Statistics;

/**
 * A data page split into its three sections, each decompressed and ready for its decoder. Both page
 * versions look the same here: level sections hold bare level data without the 4-byte length prefix
 * that v1 RLE levels carry in the file.
 *
 * <ul>
 *   <li>{@link #repetitionLevels()} — empty when the column's max repetition level is 0; otherwise
 *       RLE/bit-packed hybrid data ({@link Encoding#RLE}) or, in old v1 files, the deprecated
 *       {@link Encoding#BIT_PACKED} run of {@code numValues} levels.
 *   <li>{@link #definitionLevels()} — the same for definition levels and the max definition level.
 *   <li>{@link #values()} — the encoded non-null values, in {@link #encoding()}.
 * </ul>
 *
 * <p>The slices may point into the reader's reusable buffer: use the page before asking the reader
 * for the next one.
 *
 * <pre>{@code
 * if (page instanceof DataPage d) {
 *   defLevels.init(d.definitionLevels(), d.numValues());
 *   values(d.encoding()).init(d.values());
 * }
 * }</pre>
 *
 * @param ordinal position in the chunk (see {@link Page#ordinal()})
 * @param fileOffset where the page header starts in the file
 * @param type {@link PageType#DATA_PAGE} (v1) or {@link PageType#DATA_PAGE_V2}
 * @param numValues number of level entries (values including nulls), non-negative
 * @param numNulls number of nulls (v2), or -1 when the header does not say (v1)
 * @param numRows number of rows (v2 header, or from the offset index), or -1
 * @param firstRowIndex index of the page's first row in the row group, from the offset index, or -1
 *     when unknown
 * @param repetitionLevels repetition level data
 * @param repetitionLevelEncoding encoding of the repetition levels (RLE for v2)
 * @param definitionLevels definition level data
 * @param definitionLevelEncoding encoding of the definition levels (RLE for v2)
 * @param values encoded values
 * @param encoding encoding of the values
 * @param statistics the page header's statistics, or {@code null}
 */
public record DataPage(
    int ordinal,
    long fileOffset,
    PageType type,
    int numValues,
    int numNulls,
    int numRows,
    long firstRowIndex,
    ByteSlice repetitionLevels,
    Encoding repetitionLevelEncoding,
    ByteSlice definitionLevels,
    Encoding definitionLevelEncoding,
    ByteSlice values,
    Encoding encoding,
    Statistics statistics)
    implements Page {

  /** Whether the page is a {@code DATA_PAGE_V2}. */
  public boolean isV2() {
    return type == PageType.DATA_PAGE_V2;
  }

  /** Whether {@link #firstRowIndex()} is known (the chunk was read with its offset index). */
  public boolean firstRowKnown() {
    return firstRowIndex >= 0;
  }
}
