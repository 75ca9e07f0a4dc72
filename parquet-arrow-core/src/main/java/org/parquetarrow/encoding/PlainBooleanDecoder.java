package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * PLAIN BOOLEAN values: one bit each, LSB first, the layout of an Arrow bitmap. When the page
 * position and the output offset are both byte-aligned a read is one bulk copy; otherwise bits
 * are moved 32 at a time.
 *
 * <pre>{@code
 * var d = new PlainBooleanDecoder();
 * d.init(page, offset, length, count);
 * d.read(bitVector.getDataBuffer(), 0, count);
 * }</pre>
 */
public final class PlainBooleanDecoder implements BooleanValueDecoder {
  private final Bitmaps.Writer bits = new Bitmaps.Writer();
  private byte[] buf;
  private long bitPos;
  private long bitLimit;

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    Checks.checkSection(buf, offset, length);
    this.buf = buf;
    this.bitPos = 8L * offset;
    this.bitLimit = 8L * (offset + length);
  }

  @Override
  public void read(ArrowBuf bitmap, long bitOffset, int n) {
    Checks.checkCount(n);
    Checks.checkRemaining("PLAIN BOOLEAN", bitLimit - bitPos, n);
    int left = n;
    long out = bitOffset;
    if ((bitPos & 7) == 0 && (bitOffset & 7) == 0 && n >= 8) {
      int bytes = n >>> 3;
      ArrowBufs.putBytes(bitmap, bitOffset >>> 3, buf, (int) (bitPos >>> 3), bytes);
      bitPos += 8L * bytes;
      out += 8L * bytes;
      left -= 8 * bytes;
    }
    bits.start(bitmap, out, left);
    while (left > 0) {
      int c = Math.min(32, left);
      bits.appendBits(next32(), c);
      bitPos += c;
      left -= c;
    }
    bits.finish();
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    Checks.checkRemaining("PLAIN BOOLEAN", bitLimit - bitPos, n);
    bitPos += n;
  }

  /** The 32 bits from {@code bitPos} on; bits past the page read as whatever follows, or 0. */
  private int next32() {
    int bytePos = (int) (bitPos >>> 3);
    int shift = (int) (bitPos & 7);
    long word;
    if (bytePos + 8 <= buf.length) {
      word = LittleEndian.getLong(buf, bytePos);
    } else {
      word = LittleEndian.getBytes(buf, bytePos, buf.length - bytePos);
    }
    return (int) (word >>> shift);
  }
}
