package org.parquetarrow.dataset.scan;

import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.ParquetIOException;

/**
 * The batches of one read ({@link ParquetFiles#batches}) for a for-each loop or a stream: each
 * element is the same {@link VectorSchemaRoot}, loaded with the next batch (valid until the next
 * one; transfer or copy what you keep). Reaching the end, or a failure while loading, closes the
 * read; leaving the loop early ({@code break}, an exception in its body) is covered by
 * try-with-resources, as for a {@code Files.lines} stream. Closing twice is harmless.
 *
 * <pre>{@code
 * try (ParquetBatches batches = ParquetFiles.batches("events/", options, allocator)) {
 *   for (VectorSchemaRoot batch : batches) {
 *     total += batch.getRowCount();
 *   }
 * }
 * try (Stream<VectorSchemaRoot> s = ParquetFiles.batches("events/", options, allocator).stream()) {
 *   long rows = s.mapToLong(VectorSchemaRoot::getRowCount).sum();
 * }
 * }</pre>
 */
public final class ParquetBatches implements Iterable<VectorSchemaRoot>, AutoCloseable {
  private final OpenedDataset source;
  private final ScanReader reader;
  private VectorSchemaRoot current;
  private boolean iterated;
  private boolean closed;

  ParquetBatches(OpenedDataset source, ScanReader reader) {
    this.source = source;
    this.reader = reader;
  }

  /**
   * The batches, once: a second call fails with {@link IllegalStateException}, since the read
   * does not start over.
   */
  @Override
  public Iterator<VectorSchemaRoot> iterator() {
    if (iterated) {
      throw new IllegalStateException("the batches of a read can be iterated once");
    }
    iterated = true;
    return new Iterator<>() {
      private Boolean loaded;

      @Override
      public boolean hasNext() {
        if (loaded == null) {
          loaded = load();
        }
        return loaded;
      }

      @Override
      public VectorSchemaRoot next() {
        if (!hasNext()) {
          throw new NoSuchElementException("no batch left");
        }
        loaded = null;
        return current;
      }
    };
  }

  private boolean load() {
    if (closed) {
      return false;
    }
    try {
      if (reader.loadNextBatch()) {
        current = reader.getVectorSchemaRoot();
        return true;
      }
    } catch (IOException e) {
      close();
      throw new ParquetIOException("cannot read the next batch: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    close();
    return false;
  }

  /** The batches as a sequential stream; closing the stream closes this. */
  public Stream<VectorSchemaRoot> stream() {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL),
        false).onClose(this::close);
  }

  /** What the read has done so far: pruning, bytes read, rows out. */
  public ScanMetrics metrics() {
    return reader.metrics();
  }

  /** Stops the read and frees every buffer it holds, the current batch's included. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      reader.close();
    } catch (IOException e) {
      throw new ParquetIOException("cannot close the read: " + e.getMessage(), e);
    } finally {
      source.close();
    }
  }
}
