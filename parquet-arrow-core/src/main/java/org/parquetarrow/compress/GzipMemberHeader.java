package org.parquetarrow.compress;

import java.util.zip.CRC32;
import org.parquetarrow.CorruptFileException;

/**
 * Parses the header of one gzip member (RFC 1952, section 2.3): the JDK's {@code Inflater} only
 * understands raw deflate and zlib streams, and {@code GZIPInputStream} needs a stream and extra
 * buffers we do not want on the page path.
 */
final class GzipMemberHeader {
  static final int ID1 = 0x1f;
  static final int ID2 = 0x8b;
  static final int CM_DEFLATE = 8;

  private static final int FHCRC = 0x02;
  private static final int FEXTRA = 0x04;
  private static final int FNAME = 0x08;
  private static final int FCOMMENT = 0x10;
  private static final int RESERVED = 0xe0;
  private static final int FIXED_LENGTH = 10;

  private GzipMemberHeader() {}

  /** Whether the two gzip magic bytes start at {@code pos}. */
  static boolean startsAt(byte[] b, int pos, int end) {
    return end - pos >= 2 && (b[pos] & 0xff) == ID1 && (b[pos + 1] & 0xff) == ID2;
  }

  /**
   * Checks the header that starts at {@code pos} and returns where its deflate data begins.
   *
   * @throws CorruptFileException if the header is truncated or invalid
   */
  static int skip(byte[] b, int pos, int end) {
    int start = pos;
    if (end - pos < FIXED_LENGTH) {
      throw bad("truncated member header at byte " + pos);
    }
    int method = b[pos + 2] & 0xff;
    int flags = b[pos + 3] & 0xff;
    if (method != CM_DEFLATE) {
      throw bad("unknown compression method " + method + " in member header at byte " + pos);
    }
    if ((flags & RESERVED) != 0) {
      throw bad("reserved flag bits set in member header at byte " + pos);
    }
    pos += FIXED_LENGTH;
    if ((flags & FEXTRA) != 0) {
      if (end - pos < 2) {
        throw bad("truncated extra field length at byte " + pos);
      }
      int extraLength = (b[pos] & 0xff) | (b[pos + 1] & 0xff) << 8;
      pos += 2;
      if (end - pos < extraLength) {
        throw bad("extra field of " + extraLength + " bytes runs past the page");
      }
      pos += extraLength;
    }
    if ((flags & FNAME) != 0) {
      pos = skipZeroTerminated(b, pos, end, "file name");
    }
    if ((flags & FCOMMENT) != 0) {
      pos = skipZeroTerminated(b, pos, end, "comment");
    }
    if ((flags & FHCRC) != 0) {
      if (end - pos < 2) {
        throw bad("truncated header checksum at byte " + pos);
      }
      CRC32 crc = new CRC32();
      crc.update(b, start, pos - start);
      int expected = (b[pos] & 0xff) | (b[pos + 1] & 0xff) << 8;
      if (((int) crc.getValue() & 0xffff) != expected) {
        throw bad("member header checksum mismatch at byte " + start);
      }
      pos += 2;
    }
    return pos;
  }

  private static int skipZeroTerminated(byte[] b, int pos, int end, String what) {
    for (int i = pos; i < end; i++) {
      if (b[i] == 0) {
        return i + 1;
      }
    }
    throw bad("unterminated " + what + " in member header");
  }

  private static CorruptFileException bad(String problem) {
    return new CorruptFileException("GZIP page: " + problem);
  }
}
