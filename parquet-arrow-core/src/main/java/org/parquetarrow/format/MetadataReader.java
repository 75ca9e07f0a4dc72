package org.parquetarrow.format;

import java.nio.ByteBuffer;
import java.util.Objects;
import org.apache.thrift.TException;
import org.apache.thrift.transport.TTransportException;
import org.parquetarrow.CorruptFileException;

/**
 * Decodes Parquet's thrift metadata structs (compact protocol) into the records of this package.
 * Each method reads one struct starting at {@code buf.position()} and, on success, advances the
 * position past it (a failed read leaves it alone). Heap buffers are read in place; direct buffers
 * are copied once, except that for page and bloom filter headers, which sit in front of their
 * payload, only a growing window of the buffer is copied.
 *
 * <p>Fields this library does not know are skipped, so files from newer writers open. Input that
 * breaks the format (truncated, a required field missing, a length larger than the bytes left, an
 * undefined physical type, nesting deeper than {@link MetadataLimits#maxDepth()}) raises a
 * {@link CorruptFileException}; nothing else escapes.
 *
 * <pre>{@code
 * ByteBuffer headerBytes = ...;               // bytes starting at a page header
 * PageHeader h = MetadataReader.readPageHeader(headerBytes);
 * int payloadStart = headerBytes.position();  // the page data follows the header
 * }</pre>
 */
public final class MetadataReader {
  private MetadataReader() {}

  /**
   * The footer struct, within {@link MetadataLimits#DEFAULT}.
   *
   * @throws CorruptFileException if the bytes are not a valid serialized FileMetaData
   */
  public static FileMetaData readFileMetaData(ByteBuffer buf) {
    return readFileMetaData(buf, MetadataLimits.DEFAULT);
  }

  /** The footer struct, decoded within {@code limits}. */
  public static FileMetaData readFileMetaData(ByteBuffer buf, MetadataLimits limits) {
    return readFileMetaData(buf, limits, -1);
  }

  /**
   * As {@link #readFileMetaData(ByteBuffer, MetadataLimits)}, with errors located at file offsets
   * ({@code fileOffset} is where {@code buf} starts in the file, or -1 if unknown).
   */
  public static FileMetaData readFileMetaData(
      ByteBuffer buf, MetadataLimits limits, long fileOffset) {
    return readFileMetaData(buf, limits, fileOffset, ChunkDecoding.EAGER);
  }

  /**
   * As {@link #readFileMetaData(ByteBuffer, MetadataLimits, long)}, decoding the column chunks
   * when {@code chunks} says. With {@link ChunkDecoding#ON_FIRST_ACCESS} the returned metadata
   * keeps the chunks' bytes (a copy: {@code buf} may be reused) until they are decoded.
   */
  public static FileMetaData readFileMetaData(
      ByteBuffer buf, MetadataLimits limits, long fileOffset, ChunkDecoding chunks) {
    Objects.requireNonNull(chunks, "chunks");
    ThriftReader in = ThriftReader.over(buf, limits, "FileMetaData", fileOffset);
    try {
      return finish(buf, in, FileMetaDataCodec.read(in, chunks));
    } catch (TException | IndexOutOfBoundsException e) {
      throw malformed(in, e);
    }
  }

  /** The header in front of every page; the position ends on the page's first byte. */
  public static PageHeader readPageHeader(ByteBuffer buf) {
    return readPageHeader(buf, MetadataLimits.DEFAULT);
  }

  /** As {@link #readPageHeader(ByteBuffer)}, within {@code limits}. */
  public static PageHeader readPageHeader(ByteBuffer buf, MetadataLimits limits) {
    return readInFront(buf, limits, "PageHeader", PageHeaderCodec::read);
  }

  /** A column chunk's column index (per-page statistics) of the page index. */
  public static ColumnIndex readColumnIndex(ByteBuffer buf) {
    return readColumnIndex(buf, MetadataLimits.DEFAULT);
  }

  /** As {@link #readColumnIndex(ByteBuffer)}, within {@code limits}. */
  public static ColumnIndex readColumnIndex(ByteBuffer buf, MetadataLimits limits) {
    ThriftReader in = ThriftReader.over(buf, limits, "ColumnIndex", -1);
    try {
      return finish(buf, in, PageIndexCodec.readColumnIndex(in));
    } catch (TException | IndexOutOfBoundsException e) {
      throw malformed(in, e);
    }
  }

  /** A column chunk's offset index (page locations) of the page index. */
  public static OffsetIndex readOffsetIndex(ByteBuffer buf) {
    return readOffsetIndex(buf, MetadataLimits.DEFAULT);
  }

  /** As {@link #readOffsetIndex(ByteBuffer)}, within {@code limits}. */
  public static OffsetIndex readOffsetIndex(ByteBuffer buf, MetadataLimits limits) {
    ThriftReader in = ThriftReader.over(buf, limits, "OffsetIndex", -1);
    try {
      return finish(buf, in, PageIndexCodec.readOffsetIndex(in));
    } catch (TException | IndexOutOfBoundsException e) {
      throw malformed(in, e);
    }
  }

  /** The header in front of a bloom filter's bitset; the position ends on the bitset. */
  public static BloomFilterHeader readBloomFilterHeader(ByteBuffer buf) {
    return readBloomFilterHeader(buf, MetadataLimits.DEFAULT);
  }

  /** As {@link #readBloomFilterHeader(ByteBuffer)}, within {@code limits}. */
  public static BloomFilterHeader readBloomFilterHeader(ByteBuffer buf, MetadataLimits limits) {
    return readInFront(buf, limits, "BloomFilterHeader", BloomFilterHeaderCodec::read);
  }

  /** A column chunk's metadata on its own, as stored (once decrypted) in encrypted files. */
  public static ColumnMetaData readColumnMetaData(ByteBuffer buf) {
    return readColumnMetaData(buf, MetadataLimits.DEFAULT);
  }

  /** As {@link #readColumnMetaData(ByteBuffer)}, within {@code limits}. */
  public static ColumnMetaData readColumnMetaData(ByteBuffer buf, MetadataLimits limits) {
    ThriftReader in = ThriftReader.over(buf, limits, "ColumnMetaData", -1);
    try {
      return finish(buf, in, ColumnMetaDataCodec.read(in));
    } catch (TException | IndexOutOfBoundsException e) {
      throw malformed(in, e);
    }
  }

  /** The struct in front of an encrypted footer (files ending in {@code PARE}). */
  public static FileCryptoMetaData readFileCryptoMetaData(ByteBuffer buf) {
    return readFileCryptoMetaData(buf, MetadataLimits.DEFAULT);
  }

  /** As {@link #readFileCryptoMetaData(ByteBuffer)}, within {@code limits}. */
  public static FileCryptoMetaData readFileCryptoMetaData(ByteBuffer buf, MetadataLimits limits) {
    ThriftReader in = ThriftReader.over(buf, limits, "FileCryptoMetaData", -1);
    try {
      return finish(buf, in, CryptoCodec.readFileCryptoMetaData(in));
    } catch (TException | IndexOutOfBoundsException e) {
      throw malformed(in, e);
    }
  }

  /** A struct codec: reads one struct. */
  private interface Codec<T> {
    T read(ThriftReader in) throws TException;
  }

  /** Bytes of a direct buffer copied for a first attempt at a header in front of its payload. */
  private static final int FIRST_WINDOW = 4096;

  /**
   * Reads a header that sits in front of its payload, typically in a buffer holding much more.
   * A direct buffer is copied a window at a time (growing 16-fold) until the header fits, rather
   * than whole; a heap buffer is read in place in one go.
   */
  private static <T> T readInFront(ByteBuffer buf, MetadataLimits limits, String struct, Codec<T> codec) {
    int window = FIRST_WINDOW;
    while (true) {
      ThriftReader in = ThriftReader.over(buf, window, limits, struct, -1);
      try {
        return finish(buf, in, codec.read(in));
      } catch (CorruptFileException e) {
        if (in.coversAllOf(buf)) {
          throw e;
        }
      } catch (TException | IndexOutOfBoundsException e) {
        if (in.coversAllOf(buf)) {
          throw malformed(in, e);
        }
      }
      // the window may have cut the header short: retry with more of the buffer
      window = (int) Math.min((long) window * 16, Integer.MAX_VALUE);
    }
  }

  private static <T> T finish(ByteBuffer buf, ThriftReader in, T result) {
    in.checkNotOverrun();
    buf.position(buf.position() + in.consumed());
    return result;
  }

  /**
   * libthrift reports a truncated input as a transport exception, and its varint fast path can
   * index past the array on a malformed varint at the very end: both mean corrupt input.
   */
  private static CorruptFileException malformed(ThriftReader in, Exception e) {
    // libthrift's readAll reports running out of bytes as a plain TTransportException
    boolean truncated = e instanceof IndexOutOfBoundsException
        || (e instanceof TTransportException && in.atEnd());
    if (truncated || e.getMessage() == null) {
      return in.corrupt("truncated: the input ends inside the struct", e);
    }
    return in.corrupt("malformed thrift: " + e.getMessage(), e);
  }
}
