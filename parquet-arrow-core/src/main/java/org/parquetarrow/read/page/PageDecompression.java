package org.parquetarrow.read.page;

import org.parquetarrow.CorruptFileException;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.DecompressedSize;
import org.parquetarrow.compress.Decompressor;
import org.parquetarrow.format.CompressionCodec;

/**
 * Turns a page's stored bytes into its plain bytes for one column chunk's codec: the size a header
 * claims is checked against the page limit and against what the codec can produce before anything
 * is allocated, then the bytes are decompressed into a fresh array or into a buffer reused from page
 * to page. Uncompressed pages are not copied. The reused buffer is one, or, when pages are made
 * ahead of the caller, one from a {@link ScratchPool} per page alive, so that pages can be
 * decompressed while those before them are still being decoded.
 */
final class PageDecompression implements AutoCloseable {
  private static final byte[] NO_BYTES = new byte[0];
  /**
   * Pages up to this size are allocated as their header says. Beyond it, a codec without an
   * expansion bound (ZSTD, BROTLI) must first be seen to decode to the claimed size: otherwise a few
   * bytes of a hostile file make each page take (and zero) as much heap as its header claims. 64 MiB
   * is 64 times the page size writers cut by default; legitimate pages beyond it cost one more decode.
   */
  private static final int UNVERIFIED_PAGE_SIZE = 64 << 20;
  /** The largest page of a codec that can neither be bounded nor counted (LZO). */
  private static final int UNCOUNTED_PAGE_SIZE = 1 << 30;

  private final CompressionCodec codec;
  private final int maxPageSize;
  private final boolean ownsDecompressor;
  private Decompressor decompressor;
  /** The one reusable buffer, when pages are not made ahead. */
  private byte[] scratch = NO_BYTES;
  /**
   * Where {@link #scratch} comes from and goes back to when no page lies in it any more, or
   * {@code null}; with a pool, the pool's.
   */
  private final RetainedScratch retained;
  /** Where each page's buffer comes from when pages are made ahead; {@code null} otherwise. */
  private final ScratchPool pool;
  /** The pool's buffer the last page was decompressed into, until {@link #takeLastScratch()}. */
  private byte[] lastScratch;
  private long bytesDecompressed;

  /**
   * @param decompressor one for {@code codec} owned by the caller, or {@code null} to make one when
   *     the first compressed page needs it (and close it with this)
   * @param pool where a page's reusable buffer comes from when pages are made ahead (the caller
   *     gives each back when its page is no longer used), or {@code null} for one buffer reused by
   *     every page
   * @param retained without a pool, where that one buffer comes from and, once no page lies in
   *     it, goes back to; {@code null} to allocate it
   */
  PageDecompression(CompressionCodec codec, int maxPageSize, Decompressor decompressor, ScratchPool pool,
      RetainedScratch retained) {
    this.codec = codec;
    this.maxPageSize = maxPageSize;
    this.decompressor = decompressor;
    this.ownsDecompressor = decompressor == null;
    this.pool = pool;
    this.retained = pool == null ? retained : null;
  }

  /**
   * The {@code plainLength} bytes that {@code from[src, src + storedLength)} decompress to. Without
   * compression that is the stored bytes themselves; otherwise a fresh array when {@code own}, or
   * a reusable buffer (with a pool, one that {@link #takeLastScratch()} then names).
   */
  ByteSlice decompress(byte[] from, int src, int storedLength, int plainLength, boolean own) {
    if (codec == CompressionCodec.UNCOMPRESSED) {
      if (storedLength != plainLength) {
        throw new CorruptFileException(
            "uncompressed page stores "
                + storedLength
                + " bytes but its header says "
                + plainLength);
      }
      return new ByteSlice(from, src, storedLength);
    }
    if (plainLength > maxPageSize) {
      throw new UnsupportedFeatureException(
          "page over maxPageSize",
          "page decompresses to "
              + plainLength
              + " bytes, more than the limit of "
              + maxPageSize
              + " (PageReadOptions.maxPageSize)");
    }
    if (plainLength > DecompressedSizeBound.of(codec, storedLength)) {
      throw new CorruptFileException(
          "page claims "
              + plainLength
              + " bytes decompressed from "
              + storedLength
              + " bytes of "
              + codec
              + ", more than "
              + codec
              + " can produce");
    }
    if (plainLength > UNVERIFIED_PAGE_SIZE && DecompressedSizeBound.of(codec, storedLength) == Long.MAX_VALUE) {
      // a codec without an expansion bound claims a huge page: believe it only once the data
      // really decodes to that many bytes, before allocating them
      if (!DecompressedSize.isCountable(codec)) {
        // LZO cannot be counted by streaming: believed up to 1 GiB, as before the count existed
        if (plainLength > UNCOUNTED_PAGE_SIZE) {
          throw new UnsupportedFeatureException("page over 1 GiB",
              "a " + codec + " page decompressing to " + plainLength + " bytes (over 1 GiB) is not supported");
        }
      } else if (DecompressedSize.count(codec, from, src, storedLength, plainLength) != plainLength) {
        throw new CorruptFileException("page claims " + plainLength + " bytes decompressed from " + storedLength
            + " bytes of " + codec + ", which do not decode to that many");
      }
    }
    return decompressInto(from, src, storedLength, plainLength, own);
  }

  /** Bytes produced by the decompressor so far (zero for uncompressed chunks, which are not copied). */
  long bytesDecompressed() {
    return bytesDecompressed;
  }

  /**
   * The pool's buffer the last page was decompressed into, once (then {@code null}); {@code null}
   * when it took none.
   */
  byte[] takeLastScratch() {
    byte[] s = lastScratch;
    lastScratch = null;
    return s;
  }

  /** {@link #close(boolean)} not knowing whether a page still lies in the scratch buffer. */
  @Override
  public void close() {
    close(false);
  }

  /**
   * Gives the scratch buffers no page uses back to be reused by later chunks (the one buffer
   * without a pool only when {@code noPageAlive}: the caller has given up every page) and
   * releases the decompressor, unless the caller supplied it.
   */
  void close(boolean noPageAlive) {
    if (retained != null && noPageAlive) {
      retained.give(scratch);
    }
    scratch = NO_BYTES;
    if (pool != null) {
      pool.close();
    }
    if (ownsDecompressor && decompressor != null) {
      decompressor.close();
    }
  }

  /** A fresh array for a page; a page the heap cannot hold is an error, not a crash. */
  static byte[] allocate(int length) {
    try {
      return new byte[length];
    } catch (OutOfMemoryError e) {
      throw new UnsupportedFeatureException("page larger than the free heap",
          "a page of " + length + " bytes does not fit in the Java heap (-Xmx)");
    }
  }

  private ByteSlice decompressInto(byte[] from, int src, int storedLength, int plainLength, boolean own) {
    byte[] target = own ? allocate(plainLength) : scratch(plainLength);
    decompressor().decompress(from, src, storedLength, target, 0, plainLength);
    bytesDecompressed += plainLength;
    return new ByteSlice(target, 0, plainLength);
  }

  private byte[] scratch(int length) {
    if (pool != null) {
      lastScratch = pool.take(length);
      return lastScratch;
    }
    if (scratch.length < length) {
      byte[] kept = null;
      if (retained != null) {
        // no page lies in the buffer being replaced: the caller gave the last one up by asking
        // for this page
        retained.give(scratch);
        kept = retained.take(length);
      }
      // else grow geometrically so that a chunk's slowly growing pages do not reallocate every time
      scratch = kept != null ? kept
          : allocate((int) Math.max(length, Math.min(maxPageSize, scratch.length * 3L / 2)));
    }
    return scratch;
  }

  private Decompressor decompressor() {
    if (decompressor == null) {
      decompressor = Codecs.decompressor(codec);
    }
    return decompressor;
  }
}
