package org.parquetarrow.compress;

import com.github.luben.zstd.ZstdDecompressCtx;
import org.parquetarrow.format.CompressionCodec;

/**
 * ZSTD through zstd-jni, with one reused native context.
 *
 * <p>{@code ZSTD_decompressDCtx} decodes every frame in the input (with or without a content size,
 * skippable frames included) into a bounded output, and fails rather than write past it.
 */
final class ZstdPageDecompressor extends AbstractDecompressor {
  private final ZstdDecompressCtx ctx;

  ZstdPageDecompressor() {
    super(CompressionCodec.ZSTD);
    NativeLibraries.requireZstd();
    this.ctx = new ZstdDecompressCtx();
  }

  @Override
  int decompressChecked(
      byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int uncompressedLen) {
    return ctx.decompressByteArray(dst, dstOff, uncompressedLen, src, srcOff, srcLen);
  }

  @Override
  void release() {
    ctx.close();
  }
}
