package org.parquetarrow.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.parquetarrow.io.InputFile;

/** An input file that counts the bytes read from it (for the {@code bytes_read} metric). */
final class CountingInputFile implements InputFile {
  private final InputFile file;
  private long bytes;

  CountingInputFile(InputFile file) {
    this.file = file;
  }

  long bytesRead() {
    return bytes;
  }

  @Override
  public String name() {
    return file.name();
  }

  @Override
  public long length() throws IOException {
    return file.length();
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    int n = dst.remaining();
    file.readFully(position, dst);
    bytes += n;
  }

  @Override
  public Locality locality() {
    return file.locality();
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
