package org.parquetarrow.encoding;

import org.parquetarrow.CorruptFileException;

/**
 * A cursor over a section of a heap byte array that reads the variable-length integers of the
 * encodings (ULEB128, zigzag). Every read checks the section end and the integer's size, so
 * truncated or overlong input raises {@link CorruptFileException}, never an index error.
 */
final class ByteReader {
  private byte[] buf;
  private int pos;
  private int limit;
  private String what;

  /** {@code what} names the encoding in error messages, e.g. {@code "DELTA_BINARY_PACKED"}. */
  void init(byte[] buf, int offset, int length, String what) {
    Checks.checkSection(buf, offset, length);
    this.buf = buf;
    this.pos = offset;
    this.limit = offset + length;
    this.what = what;
  }

  int pos() {
    return pos;
  }

  void seek(int newPos) {
    pos = newPos;
  }

  int readUnsignedByte() {
    if (pos >= limit) {
      throw truncated("a byte");
    }
    return buf[pos++] & 0xff;
  }

  /** A ULEB128 of at most 64 bits. */
  long readUleb64() {
    long result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= limit) {
        throw truncated("a varint");
      }
      int b = buf[pos++];
      if (shift == 63 && (b & 0x7e) != 0) {
        throw new CorruptFileException(what + ": varint overflows 64 bits at byte " + (pos - 1));
      }
      result |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        return result;
      }
    }
    throw new CorruptFileException(what + ": varint longer than 10 bytes at byte " + (pos - 1));
  }

  /** A ULEB128 of at most 32 bits, returned unsigned in a long. */
  long readUleb32() {
    long v = readUleb64();
    if ((v >>> 32) != 0) {
      throw new CorruptFileException(what + ": varint " + Long.toUnsignedString(v)
          + " overflows 32 bits at byte " + pos);
    }
    return v;
  }

  /** A ULEB128 count or size that must fit a non-negative int; {@code name} is for the message. */
  int readUlebInt(String name) {
    long v = readUleb64();
    if (v < 0 || v > Integer.MAX_VALUE) {
      throw new CorruptFileException(what + ": " + name + " " + Long.toUnsignedString(v)
          + " is out of range at byte " + pos);
    }
    return (int) v;
  }

  /** A zigzag-encoded ULEB128 of at most 64 bits. */
  long readZigZag64() {
    long v = readUleb64();
    return (v >>> 1) ^ -(v & 1);
  }

  private CorruptFileException truncated(String thing) {
    return new CorruptFileException(what + ": data ends while reading " + thing + " at byte " + pos);
  }
}
