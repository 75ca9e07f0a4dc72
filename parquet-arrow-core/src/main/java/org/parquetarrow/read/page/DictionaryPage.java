package org.parquetarrow.read.page;

import org.parquetarrow.format.Encoding;

/**
 * The dictionary of a column chunk, decompressed. Unlike data pages, its bytes are never reused by
 * the reader: they stay valid after {@link ColumnChunkPageReader#next()}, for as long as the chunk
 * bytes are kept.
 *
 * <pre>{@code
 * if (page instanceof DictionaryPage d) {
 *   dictionary = decodePlain(d.data(), d.numValues());   // PLAIN or PLAIN_DICTIONARY values
 * }
 * }</pre>
 *
 * @param ordinal position in the chunk (see {@link Page#ordinal()})
 * @param fileOffset where the page header starts in the file
 * @param data the dictionary values, decompressed
 * @param numValues number of dictionary entries (checked non-negative)
 * @param encoding the values' encoding: PLAIN (or the equivalent legacy PLAIN_DICTIONARY)
 * @param sorted whether the writer declared the entries sorted
 */
public record DictionaryPage(
    int ordinal, long fileOffset, ByteSlice data, int numValues, Encoding encoding, boolean sorted)
    implements Page {}
