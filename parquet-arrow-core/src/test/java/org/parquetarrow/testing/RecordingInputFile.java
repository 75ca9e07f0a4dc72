package org.parquetarrow.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;

/**
 * An {@link InputFile} that records every range read through it, for tests that count what a
 * reader fetched: which bytes, how many reads, whether a region was touched. It is our own
 * interface wrapped, not a stand-in for a third-party component. Thread-safe; closing it closes the
 * wrapped file.
 *
 * <pre>{@code
 * try (RecordingInputFile in = new RecordingInputFile(LocalInputFile.open(path))) {
 *   ParquetFooter footer = ParquetFooter.read(in);
 *   in.clear();                       // count what comes after the footer
 *   ...
 *   assertEquals(1, in.reads().size());
 * }
 * }</pre>
 */
public final class RecordingInputFile implements InputFile {
  private final InputFile in;
  private final List<FileRange> reads = new ArrayList<>();

  public RecordingInputFile(InputFile in) {
    this.in = in;
  }

  /** The ranges read since creation or the last {@link #clear()}, in the order they were read. */
  public synchronized List<FileRange> reads() {
    return List.copyOf(reads);
  }

  /** The bytes of {@link #reads()}, a byte read twice counted twice. */
  public synchronized long bytesRead() {
    return reads.stream().mapToLong(FileRange::length).sum();
  }

  /** Whether any read reached past {@code offset}. */
  public synchronized boolean touchedFrom(long offset) {
    return reads.stream().anyMatch(r -> r.end() > offset);
  }

  /** Forgets the reads so far (for example the footer's). */
  public synchronized void clear() {
    reads.clear();
  }

  @Override
  public String name() {
    return in.name();
  }

  @Override
  public long length() throws IOException {
    return in.length();
  }

  @Override
  public Locality locality() {
    return in.locality();
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    synchronized (this) {
      reads.add(FileRange.of(position, dst.remaining()));
    }
    in.readFully(position, dst);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
