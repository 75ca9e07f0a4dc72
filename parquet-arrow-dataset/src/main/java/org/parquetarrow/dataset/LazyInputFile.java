package org.parquetarrow.dataset;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;

/**
 * A dataset file opened at its first read: pruning that decides from the footer alone (no filter,
 * or statistics enough) then costs a remote file no request.
 */
final class LazyInputFile implements InputFile {
  private final DatasetFile file;
  private final IoStatistics statistics;
  private InputFile opened;

  LazyInputFile(DatasetFile file, IoStatistics statistics) {
    this.file = file;
    this.statistics = statistics;
  }

  private synchronized InputFile in() throws IOException {
    if (opened == null) {
      opened = file.open(statistics);
    }
    return opened;
  }

  /** Whether a read has opened the file. */
  synchronized boolean isOpened() {
    return opened != null;
  }

  @Override
  public String name() {
    return file.location();
  }

  @Override
  public long length() throws IOException {
    return in().length();
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    in().readFully(position, dst);
  }

  @Override
  public ByteBuffer read(long position, int length) throws IOException {
    return in().read(position, length);
  }

  @Override
  public List<ByteBuffer> readRanges(List<FileRange> ranges) throws IOException {
    return in().readRanges(ranges);
  }

  @Override
  public CompletableFuture<List<ByteBuffer>> readRangesAsync(List<FileRange> ranges) {
    try {
      return in().readRangesAsync(ranges);
    } catch (IOException | RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  @Override
  public Locality locality() {
    return file.isLocal() ? Locality.LOCAL : Locality.REMOTE;
  }

  @Override
  public synchronized void close() throws IOException {
    if (opened != null) {
      opened.close();
    }
  }
}
