package org.parquetarrow.io;

import java.io.EOFException;
import java.nio.ByteBuffer;

/**
 * A file held in memory, for tests, network payloads and files already fetched whole.
 *
 * <pre>{@code
 * InputFile in = new ByteBufferInputFile("upload.parquet", ByteBuffer.wrap(bytes));
 * }</pre>
 */
public final class ByteBufferInputFile implements InputFile {
  private final String name;
  private final ByteBuffer data;

  public ByteBufferInputFile(String name, ByteBuffer data) {
    this.name = name;
    this.data = data.duplicate();
  }

  public ByteBufferInputFile(String name, byte[] data) {
    this(name, ByteBuffer.wrap(data));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return data.remaining();
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws EOFException {
    int want = dst.remaining();
    if (position < 0 || position > data.remaining() || want > data.remaining() - position) {
      throw new EOFException(
          "cannot read " + want + " bytes at " + position + " of " + name + " (" + data.remaining() + " bytes)");
    }
    ByteBuffer src = data.duplicate();
    src.position(data.position() + (int) position).limit(data.position() + (int) position + want);
    dst.put(src);
  }
}
