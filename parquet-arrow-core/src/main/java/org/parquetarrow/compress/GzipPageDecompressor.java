package org.parquetarrow.compress;

import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.parquetarrow.format.CompressionCodec;

/**
 * GZIP through the JDK's zlib, with the gzip framing done here.
 *
 * <p>Like Arrow C++ (GH-38271) a page may hold several members back to back, each decoded until the
 * input is used up; and like Arrow C++, whose zlib auto-detects the header, a member may also be a
 * zlib stream. Raw deflate without either header is rejected, as there.
 */
final class GzipPageDecompressor extends AbstractDecompressor {
  private static final int TRAILER_LENGTH = 8;

  private final Inflater rawInflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private Inflater zlibInflater;

  GzipPageDecompressor() {
    super(CompressionCodec.GZIP);
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen)
      throws DataFormatException {
    int pos = srcOff;
    int end = srcOff + srcLen;
    int out = dstOff;
    int outEnd = dstOff + uncompressedLen;
    while (pos < end) {
      if (GzipMemberHeader.startsAt(src, pos, end)) {
        int deflateStart = GzipMemberHeader.skip(src, pos, end);
        int memberStart = out;
        rawInflater.reset();
        rawInflater.setInput(src, deflateStart, end - deflateStart);
        out = inflate(rawInflater, dst, out, outEnd);
        int trailer = end - rawInflater.getRemaining();
        checkTrailer(src, trailer, end, dst, memberStart, out - memberStart);
        pos = trailer + TRAILER_LENGTH;
      } else if (isZlibHeader(src, pos, end)) {
        Inflater zlib = zlibInflater();
        zlib.reset();
        zlib.setInput(src, pos, end - pos);
        out = inflate(zlib, dst, out, outEnd); // zlib checks its own Adler-32 trailer
        pos = end - zlib.getRemaining();
      } else {
        throw corrupt("no gzip member starts at byte " + (pos - srcOff) + " of the page");
      }
    }
    return out - dstOff;
  }

  /** Inflates one stream into {@code dst[out, outEnd)} and returns the new output position. */
  private int inflate(Inflater inflater, byte[] dst, int out, int outEnd)
      throws DataFormatException {
    while (true) {
      int n = inflater.inflate(dst, out, outEnd - out);
      out += n;
      if (inflater.finished()) {
        return out;
      }
      if (n == 0) {
        if (inflater.needsDictionary()) {
          throw corrupt("stream needs a preset dictionary");
        }
        if (inflater.needsInput()) {
          throw corrupt("truncated deflate stream");
        }
        if (out == outEnd) {
          throw corrupt("data decompresses to more bytes than the page header announces");
        }
        throw corrupt("deflate stream makes no progress");
      }
    }
  }

  private void checkTrailer(byte[] src, int trailer, int end, byte[] dst, int off, int len) {
    if (end - trailer < TRAILER_LENGTH) {
      throw corrupt("truncated gzip member trailer");
    }
    crc.reset();
    crc.update(dst, off, len);
    if (readIntLittleEndian(src, trailer) != (int) crc.getValue()) {
      throw corrupt("gzip member CRC-32 mismatch");
    }
    // ISIZE is the member's length modulo 2^32; a member here is shorter than 2^31 bytes
    if (readIntLittleEndian(src, trailer + 4) != len) {
      throw corrupt(
          "gzip member size field says "
              + Integer.toUnsignedString(readIntLittleEndian(src, trailer + 4))
              + " bytes, "
              + len
              + " were decoded");
    }
  }

  /** RFC 1950 section 2.2: deflate method, window at most 32 KiB, header check bits. */
  private static boolean isZlibHeader(byte[] b, int pos, int end) {
    if (end - pos < 2) {
      return false;
    }
    int cmf = b[pos] & 0xff;
    int flg = b[pos + 1] & 0xff;
    return (cmf & 0x0f) == 8 && (cmf >>> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
  }

  private Inflater zlibInflater() {
    if (zlibInflater == null) {
      zlibInflater = new Inflater(false);
    }
    return zlibInflater;
  }

  @Override
  void release() {
    rawInflater.end();
    if (zlibInflater != null) {
      zlibInflater.end();
    }
  }
}
