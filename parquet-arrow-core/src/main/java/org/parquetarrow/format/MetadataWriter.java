package org.parquetarrow.format;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.thrift.TException;

/**
 * Encodes the metadata records of this package as Parquet's thrift structs (compact protocol).
 * Fields are written in id order; optional fields that are {@code null} are left out. A required
 * field that is {@code null}, an {@code UNKNOWN} enum constant or an
 * {@link LogicalType.Unrecognized} logical type cannot be written and raises an
 * {@link IllegalArgumentException} naming the field; nothing is written to the stream then.
 *
 * <pre>{@code
 * byte[] footer = MetadataWriter.toBytes(fileMetaData);
 * out.write(footer);
 * }</pre>
 */
public final class MetadataWriter {
  private MetadataWriter() {}

  /** A struct codec: writes one record. */
  private interface Codec<T> {
    void write(T value, ThriftWriter out) throws TException;
  }

  /** The footer struct's bytes (the file's footer without its length and magic). */
  public static byte[] toBytes(FileMetaData m) {
    return encode(m, FileMetaDataCodec::write).toByteArray();
  }

  /** The struct's compact-protocol bytes. */
  public static byte[] toBytes(PageHeader h) {
    return encode(h, PageHeaderCodec::write).toByteArray();
  }

  /** The struct's compact-protocol bytes. */
  public static byte[] toBytes(ColumnIndex c) {
    return encode(c, PageIndexCodec::writeColumnIndex).toByteArray();
  }

  /** The struct's compact-protocol bytes. */
  public static byte[] toBytes(OffsetIndex o) {
    return encode(o, PageIndexCodec::writeOffsetIndex).toByteArray();
  }

  /** The struct's compact-protocol bytes. */
  public static byte[] toBytes(BloomFilterHeader h) {
    return encode(h, BloomFilterHeaderCodec::write).toByteArray();
  }

  /** The struct's compact-protocol bytes. */
  public static byte[] toBytes(ColumnMetaData m) {
    return encode(m, ColumnMetaDataCodec::write).toByteArray();
  }

  /** The struct's compact-protocol bytes. */
  public static byte[] toBytes(FileCryptoMetaData m) {
    return encode(m, CryptoCodec::writeFileCryptoMetaData).toByteArray();
  }

  /** Writes the struct's bytes to {@code out} in one call, once it is fully encoded. */
  public static void write(FileMetaData m, OutputStream out) throws IOException {
    copy(encode(m, FileMetaDataCodec::write), out);
  }

  /** As {@link #write(FileMetaData, OutputStream)}. */
  public static void write(PageHeader h, OutputStream out) throws IOException {
    copy(encode(h, PageHeaderCodec::write), out);
  }

  /** As {@link #write(FileMetaData, OutputStream)}. */
  public static void write(ColumnIndex c, OutputStream out) throws IOException {
    copy(encode(c, PageIndexCodec::writeColumnIndex), out);
  }

  /** As {@link #write(FileMetaData, OutputStream)}. */
  public static void write(OffsetIndex o, OutputStream out) throws IOException {
    copy(encode(o, PageIndexCodec::writeOffsetIndex), out);
  }

  /** As {@link #write(FileMetaData, OutputStream)}. */
  public static void write(BloomFilterHeader h, OutputStream out) throws IOException {
    copy(encode(h, BloomFilterHeaderCodec::write), out);
  }

  /** As {@link #write(FileMetaData, OutputStream)}. */
  public static void write(ColumnMetaData m, OutputStream out) throws IOException {
    copy(encode(m, ColumnMetaDataCodec::write), out);
  }

  /** As {@link #write(FileMetaData, OutputStream)}. */
  public static void write(FileCryptoMetaData m, OutputStream out) throws IOException {
    copy(encode(m, CryptoCodec::writeFileCryptoMetaData), out);
  }

  private static <T> ThriftWriter encode(T value, Codec<T> codec) {
    if (value == null) {
      throw new IllegalArgumentException("cannot write a null struct");
    }
    ThriftWriter out = new ThriftWriter();
    try {
      codec.write(value, out);
    } catch (TException e) {
      // the sink is an in-memory array: the only failure left is a bug in the protocol layer
      throw new IllegalStateException("thrift encoding failed", e);
    }
    return out;
  }

  private static void copy(ThriftWriter encoded, OutputStream out) throws IOException {
    out.write(encoded.buffer(), 0, encoded.size());
  }
}
