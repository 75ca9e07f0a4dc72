package org.parquetarrow.compress;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import org.parquetarrow.format.CompressionCodec;

/** ZSTD through zstd-jni: one frame with its content size, from one reused native context. */
final class ZstdPageCompressor extends AbstractCompressor {
  private final ZstdCompressCtx ctx;

  ZstdPageCompressor(int level) {
    super(CompressionCodec.ZSTD);
    NativeLibraries.requireZstd();
    this.ctx = new ZstdCompressCtx();
    ctx.setLevel(level);
  }

  @Override
  long bound(int n) {
    return Zstd.compressBound(n);
  }

  @Override
  void compressChecked(byte[] src, int srcOff, int srcLen, GrowableByteArray out) {
    out.ensureWritable(maxCompressedLength(srcLen));
    int n =
        ctx.compressByteArray(out.array(), out.length(), out.writableBytes(), src, srcOff, srcLen);
    out.advance(n);
  }

  @Override
  void release() {
    ctx.close();
  }
}
