/**
 * Page compression: one {@link org.parquetarrow.compress.Decompressor} and one {@link
 * org.parquetarrow.compress.Compressor} per Parquet codec, made by {@link
 * org.parquetarrow.compress.Codecs}. Pages go from heap array to heap array; the reader
 * decompresses into a reused buffer sized from the page header, the writer appends to a reused
 * {@link org.parquetarrow.compress.GrowableByteArray}.
 *
 * <table>
 *   <caption>Codec coverage</caption>
 *   <tr><th>codec</th><th>read</th><th>write</th><th>library</th><th>notes</th></tr>
 *   <tr><td>UNCOMPRESSED</td><td>yes</td><td>yes</td><td>—</td><td>sizes must agree</td></tr>
 *   <tr><td>SNAPPY</td><td>yes</td><td>yes</td><td>snappy-java (JNI)</td>
 *       <td>length preamble checked before the native call</td></tr>
 *   <tr><td>GZIP</td><td>yes</td><td>yes, level 1–9, default 9</td><td>JDK zlib</td>
 *       <td>several members per page; zlib streams accepted (as Arrow C++); CRC-32 and size
 *       checked</td></tr>
 *   <tr><td>LZO</td><td>yes</td><td>no</td><td>aircompressor (pure Java)</td>
 *       <td>Hadoop block framing as hadoop-lzo's LzoCodec writes it</td></tr>
 *   <tr><td>BROTLI</td><td>yes</td><td>yes, level 0–11, default 8</td><td>brotli4j (JNI)</td>
 *       <td>streaming decode, stopped as soon as it exceeds the page size</td></tr>
 *   <tr><td>LZ4</td><td>yes</td><td>no</td><td>lz4-java</td>
 *       <td>Hadoop framing, falling back to one raw block (as Arrow C++)</td></tr>
 *   <tr><td>ZSTD</td><td>yes</td><td>yes, zstd's min–22, default 1</td><td>zstd-jni (JNI)</td>
 *       <td>several frames, frames without content size, skippable frames</td></tr>
 *   <tr><td>LZ4_RAW</td><td>yes</td><td>yes</td><td>lz4-java</td><td>one raw block</td></tr>
 * </table>
 *
 * <p>Every size that comes from a file is checked before a library sees it; malformed, truncated or
 * oversized data ends in {@link org.parquetarrow.CorruptFileException}, and no decompressor writes
 * outside the output range it was given.
 */
package org.parquetarrow.compress;
