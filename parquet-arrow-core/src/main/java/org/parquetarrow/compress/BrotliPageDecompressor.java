package org.parquetarrow.compress;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.parquetarrow.format.CompressionCodec;

/**
 * BROTLI through brotli4j's streaming native decoder.
 *
 * <p>brotli4j's one-shot calls return a new array of whatever size the stream decodes to, which a
 * decompression bomb would make huge. The streaming decoder instead hands out its output a window
 * at a time (at most its ring buffer, 16 MiB for standard streams), so the output is counted as it
 * comes and decoding stops as soon as it would exceed the page size. The native decoder cannot be
 * reset, so each page gets a fresh one.
 */
final class BrotliPageDecompressor extends AbstractDecompressor {
  /** Input is fed in slices of at most this much, which bounds the decoder's input copy. */
  private static final int MAX_INPUT_SLICE = 1 << 20;

  BrotliPageDecompressor() {
    super(CompressionCodec.BROTLI);
    NativeLibraries.requireBrotli();
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen)
      throws IOException {
    DecoderJNI.Wrapper decoder =
        new DecoderJNI.Wrapper(Math.max(1, Math.min(srcLen, MAX_INPUT_SLICE)));
    try {
      return decode(decoder, src, srcOff, srcOff + srcLen, dst, dstOff, dstOff + uncompressedLen);
    } finally {
      decoder.destroy();
    }
  }

  private int decode(
      DecoderJNI.Wrapper decoder, byte[] src, int pos, int end, byte[] dst, int out, int outEnd) {
    int outStart = out;
    boolean flushedAfterLastInput = false;
    while (true) {
      switch (decoder.getStatus()) {
        case NEEDS_MORE_INPUT:
          if (decoder.hasOutput()) {
            out = take(decoder, dst, out, outEnd);
          } else if (pos < end) {
            ByteBuffer input = decoder.getInputBuffer();
            input.clear();
            int n = Math.min(input.capacity(), end - pos);
            input.put(src, pos, n);
            pos += n;
            decoder.push(n);
          } else if (!flushedAfterLastInput) {
            // lets the decoder finish with what it has buffered
            flushedAfterLastInput = true;
            decoder.push(0);
          } else {
            throw corrupt("truncated stream");
          }
          break;
        case NEEDS_MORE_OUTPUT:
          out = take(decoder, dst, out, outEnd);
          break;
        case OK:
          decoder.push(0);
          break;
        case DONE:
          if (decoder.hasOutput()) {
            out = take(decoder, dst, out, outEnd);
            break;
          }
          if (pos < end) {
            throw corrupt((end - pos) + " bytes after the end of the stream");
          }
          return out - outStart;
        default:
          throw corrupt("malformed stream");
      }
    }
  }

  /** Copies the decoder's pending output to {@code dst[out, outEnd)}; more than fits is corrupt. */
  private int take(DecoderJNI.Wrapper decoder, byte[] dst, int out, int outEnd) {
    ByteBuffer chunk = decoder.pull();
    int n = chunk.remaining();
    if (n > outEnd - out) {
      throw corrupt("data decompresses to more bytes than the page header announces");
    }
    chunk.get(dst, out, n);
    return out + n;
  }
}
