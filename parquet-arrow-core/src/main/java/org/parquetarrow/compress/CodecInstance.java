package org.parquetarrow.compress;

import org.parquetarrow.format.CompressionCodec;

/**
 * What a compressor and a decompressor share: the codec they work with, and a close that frees
 * the library's resources once, after which every call fails.
 *
 * <pre>{@code
 * final class MyDecompressor extends AbstractDecompressor {   // a CodecInstance
 *   void release() { context.close(); }                       // runs on the first close()
 * }
 * }</pre>
 */
abstract class CodecInstance implements AutoCloseable {
  private final CompressionCodec codec;
  private boolean closed;

  CodecInstance(CompressionCodec codec) {
    this.codec = codec;
  }

  public final CompressionCodec codec() {
    return codec;
  }

  /**
   * @param role what this instance is, for the message ({@code "compressor"})
   * @throws IllegalStateException naming the codec once this instance is closed
   */
  final void checkOpen(String role) {
    if (closed) {
      throw new IllegalStateException(codec + " " + role + " is closed");
    }
  }

  /** Frees what the codec holds; called once. */
  void release() {}

  @Override
  public final void close() {
    if (!closed) {
      closed = true;
      release();
    }
  }
}
