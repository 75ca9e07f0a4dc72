package org.parquetarrow.compress;

import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.parquetarrow.format.CompressionCodec;

/**
 * BROTLI through brotli4j's streaming native encoder, with Arrow C++'s settings (default window of
 * 2^22 bytes, generic mode). The output is copied straight into the caller's buffer; the native
 * encoder cannot be reset, so each page gets a fresh one.
 */
final class BrotliPageCompressor extends AbstractCompressor {
  /** BROTLI_DEFAULT_WINDOW. */
  private static final int WINDOW_BITS = 22;

  private final int quality;

  BrotliPageCompressor(int quality) {
    super(CompressionCodec.BROTLI);
    NativeLibraries.requireBrotli();
    this.quality = quality;
  }

  @Override
  long bound(int n) {
    // BrotliEncoderMaxCompressedSize: stored meta-blocks of 2^14 bytes, 4 bytes of overhead each
    if (n == 0) {
      return 2;
    }
    return (long) n + 2 + 4L * (n >>> 14) + 3 + 1;
  }

  @Override
  void compressChecked(byte[] src, int srcOff, int srcLen, GrowableByteArray out)
      throws IOException {
    out.ensureWritable(maxCompressedLength(srcLen));
    EncoderJNI.Wrapper encoder =
        new EncoderJNI.Wrapper(Math.max(1, srcLen), quality, WINDOW_BITS, Encoder.Mode.GENERIC);
    try {
      encoder.getInputBuffer().put(src, srcOff, srcLen);
      encoder.push(EncoderJNI.Operation.FINISH, srcLen);
      while (true) {
        if (!encoder.isSuccess()) {
          throw new IOException("brotli encoder failed");
        }
        if (encoder.hasMoreOutput()) {
          ByteBuffer chunk = encoder.pull();
          int n = chunk.remaining();
          out.ensureWritable(n);
          chunk.get(out.array(), out.length(), n);
          out.advance(n);
        } else if (encoder.isFinished()) {
          return;
        } else {
          encoder.push(EncoderJNI.Operation.FINISH, 0);
        }
      }
    } finally {
      encoder.destroy();
    }
  }
}
