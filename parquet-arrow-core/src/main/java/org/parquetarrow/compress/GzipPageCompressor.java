package org.parquetarrow.compress;

import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.parquetarrow.format.CompressionCodec;

/** GZIP: one gzip member (RFC 1952) around raw deflate from the JDK's zlib. */
final class GzipPageCompressor extends AbstractCompressor {
  private static final int HEADER_LENGTH = 10;
  private static final int TRAILER_LENGTH = 8;
  private static final int OS_UNKNOWN = 255;
  private static final int XFL_MAX_COMPRESSION = 2;
  private static final int XFL_FASTEST = 4;

  private final Deflater deflater;
  private final CRC32 crc = new CRC32();
  private final int extraFlags;

  GzipPageCompressor(int level) {
    super(CompressionCodec.GZIP);
    this.deflater = new Deflater(level, true);
    this.extraFlags =
        level == Deflater.BEST_COMPRESSION
            ? XFL_MAX_COMPRESSION
            : level == Deflater.BEST_SPEED ? XFL_FASTEST : 0;
  }

  @Override
  long bound(int n) {
    // zlib's compressBound() (deflate's worst case, stored blocks) plus the gzip wrapper
    return (long) n + (n >>> 12) + (n >>> 14) + (n >>> 25) + 13 + HEADER_LENGTH + TRAILER_LENGTH;
  }

  @Override
  void compressChecked(byte[] src, int srcOff, int srcLen, GrowableByteArray out) {
    out.ensureWritable(maxCompressedLength(srcLen));
    out.write(GzipMemberHeader.ID1);
    out.write(GzipMemberHeader.ID2);
    out.write(GzipMemberHeader.CM_DEFLATE);
    out.write(0); // no flags: no name, comment, extra field or header CRC
    out.writeIntLittleEndian(0); // no modification time
    out.write(extraFlags);
    out.write(OS_UNKNOWN);

    deflater.reset();
    deflater.setInput(src, srcOff, srcLen);
    deflater.finish();
    while (!deflater.finished()) {
      if (out.writableBytes() == 0) {
        out.ensureWritable(Math.max(64, out.capacity() >> 2));
      }
      int n = deflater.deflate(out.array(), out.length(), out.writableBytes());
      out.advance(n);
    }
    crc.reset();
    crc.update(src, srcOff, srcLen);
    out.writeIntLittleEndian((int) crc.getValue());
    out.writeIntLittleEndian(srcLen);
  }

  @Override
  void release() {
    deflater.end();
  }
}
