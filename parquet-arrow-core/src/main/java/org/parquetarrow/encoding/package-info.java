/**
 * Parquet's value and level encodings: decoders from page bytes into Arrow buffers, and encoders
 * for the writer.
 *
 * <h2>The decoder contract</h2>
 *
 * <ul>
 *   <li><b>Input</b>: the (decompressed) bytes of one page section as {@code byte[] buf, int
 *       offset, int length}. Decoders read the array in place and never write to it; the caller
 *       keeps the bytes unchanged until it moves to the next page, then may reuse the array.
 *   <li><b>init / read / skip</b>: every decoder is reusable. {@code init} starts a page (and
 *       validates any header the section has), {@code read(..., n)} decodes the next {@code n}
 *       values in one call, {@code skip(n)} passes over values as cheaply as the encoding allows
 *       (whole bit-packed groups and fixed-width values are skipped without decoding). There is no
 *       per-value virtual call: the loops live inside the decoders.
 *   <li><b>Dense values</b>: value decoders see only non-null values and write them one after
 *       another; {@link org.parquetarrow.encoding.LevelDecoder} turns definition levels into the
 *       validity bitmap and the non-null count, and the reader spreads the values to their rows.
 *   <li><b>Output</b>: fixed-width values go to an Arrow data buffer at a byte offset ({@link
 *       org.parquetarrow.encoding.FixedWidthValueDecoder}), booleans to a bitmap at a bit offset
 *       ({@link org.parquetarrow.encoding.BooleanValueDecoder}), variable-length values to a
 *       {@link org.parquetarrow.encoding.BinaryOutput} ({@link
 *       org.parquetarrow.encoding.BinaryValueDecoder}).
 *   <li><b>Buffers</b>: the caller owns the Arrow buffers it passes in and must size them; a
 *       decoder checks the range once per call ({@code IndexOutOfBoundsException} is a caller
 *       error). A {@code BinaryOutput} owns its two buffers, allocated from the caller's {@code
 *       BufferAllocator}, until it is closed; vectors that load them take their own reference.
 *   <li><b>Bad input</b>: anything read from the page (lengths, counts, bit widths, run headers,
 *       indices, levels) is checked against the bytes really there before it is used or
 *       allocated for, and a violation raises {@link org.parquetarrow.CorruptFileException}.
 *   <li><b>Threads</b>: a decoder or encoder instance is used by one thread at a time; make one
 *       per column being decoded. Dictionaries are immutable after construction and can be shared.
 *   <li><b>Byte order</b>: values are stored in the platform's order, as Arrow's own {@code
 *       ArrowBuf.setInt} does, and PLAIN values are copied as they are: Arrow's little-endian
 *       layout. The library targets little-endian platforms.
 * </ul>
 *
 * <h2>Encoders</h2>
 *
 * <p>Each encoder collects one page section's values ({@code write}, from heap arrays or Arrow
 * buffers), reports an {@code estimatedSize()} for cutting pages, and {@code flushTo(ByteSink)}
 * appends the encoded section to a growable {@link org.parquetarrow.encoding.ByteSink} and starts
 * over: {@link org.parquetarrow.encoding.RleBitPackedHybridEncoder} (levels, RLE booleans),
 * {@link org.parquetarrow.encoding.PlainEncoder}, {@link
 * org.parquetarrow.encoding.PlainBooleanEncoder}, {@link
 * org.parquetarrow.encoding.DeltaBinaryPackedEncoder}, {@link
 * org.parquetarrow.encoding.DeltaLengthByteArrayEncoder}, {@link
 * org.parquetarrow.encoding.DeltaByteArrayEncoder}, {@link
 * org.parquetarrow.encoding.ByteStreamSplitEncoder}, {@link
 * org.parquetarrow.encoding.DictionaryIndexEncoder}; {@link org.parquetarrow.encoding.BitPacking}
 * packs and unpacks 32 values at a time.
 *
 * <h2>What is here</h2>
 *
 * <table>
 *   <caption>Decoders by encoding</caption>
 *   <tr><th>Encoding</th><th>Decoder</th></tr>
 *   <tr><td>PLAIN</td><td>{@link org.parquetarrow.encoding.PlainFixedWidthDecoder}, {@link
 *       org.parquetarrow.encoding.PlainBooleanDecoder}, {@link
 *       org.parquetarrow.encoding.PlainBinaryDecoder}</td></tr>
 *   <tr><td>RLE (levels, booleans)</td><td>{@link org.parquetarrow.encoding.LevelDecoder}, {@link
 *       org.parquetarrow.encoding.RleBooleanDecoder}, {@link
 *       org.parquetarrow.encoding.RleBitPackedHybridDecoder}</td></tr>
 *   <tr><td>BIT_PACKED (deprecated levels)</td><td>{@link
 *       org.parquetarrow.encoding.LevelDecoder#initV1BitPacked}</td></tr>
 *   <tr><td>PLAIN_DICTIONARY, RLE_DICTIONARY</td><td>{@link
 *       org.parquetarrow.encoding.DictionaryIndexDecoder}, {@link
 *       org.parquetarrow.encoding.DictionaryFixedWidthDecoder}, {@link
 *       org.parquetarrow.encoding.DictionaryBinaryDecoder}</td></tr>
 *   <tr><td>DELTA_BINARY_PACKED</td><td>{@link
 *       org.parquetarrow.encoding.DeltaBinaryPackedDecoder}</td></tr>
 *   <tr><td>DELTA_LENGTH_BYTE_ARRAY</td><td>{@link
 *       org.parquetarrow.encoding.DeltaLengthByteArrayDecoder}</td></tr>
 *   <tr><td>DELTA_BYTE_ARRAY</td><td>{@link org.parquetarrow.encoding.DeltaByteArrayDecoder}</td></tr>
 *   <tr><td>BYTE_STREAM_SPLIT</td><td>{@link
 *       org.parquetarrow.encoding.ByteStreamSplitDecoder}</td></tr>
 * </table>
 */
package org.parquetarrow.encoding;
