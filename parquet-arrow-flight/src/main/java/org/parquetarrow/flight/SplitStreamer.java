package org.parquetarrow.flight;

import java.io.IOException;
import org.apache.arrow.flight.BackpressureStrategy;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.memory.BufferAllocator;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Streams one split to a client: batches go from the scan straight to the listener, each sent only
 * once the client's transport is ready for it (Flight's callback back-pressure), so a slow client
 * holds at most the scan's memory budget. A cancel or disconnect stops the scan at once; every
 * buffer comes from a child allocator closed at the end, so a leak fails loudly.
 *
 * <p>{@link #stream} blocks, so it must not run on the thread of the gRPC call: gRPC delivers a
 * call's ready and cancel callbacks one at a time on that call's executor, and a loop waiting
 * there would wait for callbacks that cannot arrive. The producer runs it on its own threads.
 */
final class SplitStreamer {
  private static final Logger LOG = LoggerFactory.getLogger(SplitStreamer.class);

  private final ServerSettings settings;

  SplitStreamer(ServerSettings settings) {
    this.settings = settings;
  }

  void stream(ServedDataset served, SplitTicket ticket, ServerStreamListener listener, BufferAllocator parent) {
    Dataset ds = served.dataset();
    if (ds == null) {
      throw CallStatus.NOT_FOUND.withDescription("dataset '" + served.name() + "' holds no files").toRuntimeException();
    }
    DatasetFile file = null;
    if (ticket.file() != null) {
      file = served.files().get(ticket.file());
      if (file == null) {
        throw CallStatus.NOT_FOUND.withDescription("dataset '" + served.name() + "' has no file " + ticket.file()
            + " (refreshed since the ticket was issued?)").toRuntimeException();
      }
    }
    StreamBackpressure backpressure = new StreamBackpressure();
    try (BufferAllocator allocator = parent.newChildAllocator("doGet " + ticket.splitKey(), 0, Long.MAX_VALUE);
        BatchSource source = open(served, file, ticket, allocator)) {
      backpressure.onCancel(source::cancel);
      backpressure.register(listener);
      listener.start(source.root());
      while (source.next()) {
        BackpressureStrategy.WaitResult ready = awaitReady(backpressure, listener);
        if (ready == BackpressureStrategy.WaitResult.CANCELLED || listener.isCancelled()) {
          LOG.debug("client cancelled the stream of {} {}", served.name(), ticket.splitKey());
          source.cancel();
          return;
        }
        if (ready != BackpressureStrategy.WaitResult.READY) {
          source.cancel();
          listener.error(CallStatus.TIMED_OUT
              .withDescription("the client read nothing for " + settings.stallTimeoutMillis() + " ms")
              .toRuntimeException());
          return;
        }
        listener.putNext();
      }
      if (listener.isCancelled()) {
        return;
      }
      listener.completed();
    } catch (IOException e) {
      throw CallStatus.INTERNAL.withDescription("reading " + served.name() + ": " + e.getMessage())
          .withCause(e).toRuntimeException();
    }
  }

  private BatchSource open(ServedDataset served, DatasetFile file, SplitTicket ticket, BufferAllocator allocator) {
    if (ticket.isRowGroupRange()) {
      if (!RowGroupRanges.servable(served, ticket.query(), LocalSplits.projectedSchema(served, ticket.query(),
          allocator))) {
        throw CallStatus.INVALID_ARGUMENT.withDescription("a row-group range of dataset '" + served.name()
            + "' cannot be read with this query").toRuntimeException();
      }
      return BatchSource.rowGroups(file, ticket.query().columns(), ticket.firstRowGroup(), ticket.endRowGroup(),
          settings.scan().readOptions(), allocator);
    }
    ScanOptions.Builder options = ticket.query().scanOptions(settings.scan());
    if (file != null) {
      options.parallelism(1);
      return BatchSource.scan(served.singleFile(file), options.build(), allocator);
    }
    return BatchSource.scan(served.dataset(), options.build(), allocator);
  }

  /**
   * Waits for the transport in short slices up to the stall timeout: a slice ending re-checks the
   * listener, so a cancel that came before the handlers were registered is still seen.
   */
  private BackpressureStrategy.WaitResult awaitReady(StreamBackpressure backpressure, ServerStreamListener listener) {
    long deadline = System.nanoTime() + settings.stallTimeoutMillis() * 1_000_000L;
    while (true) {
      long left = (deadline - System.nanoTime()) / 1_000_000L;
      if (left <= 0) {
        return BackpressureStrategy.WaitResult.TIMEOUT;
      }
      BackpressureStrategy.WaitResult r = backpressure.waitForListener(Math.min(left, 500));
      if (r != BackpressureStrategy.WaitResult.TIMEOUT) {
        return r;
      }
      if (listener.isCancelled()) {
        return BackpressureStrategy.WaitResult.CANCELLED;
      }
    }
  }

  /** Flight's callback strategy, also stopping the scan the moment the client goes away. */
  private static final class StreamBackpressure extends BackpressureStrategy.CallbackBackpressureStrategy {
    private volatile Runnable onCancel = () -> {};

    void onCancel(Runnable r) {
      onCancel = r;
    }

    @Override
    protected void cancelCallback() {
      onCancel.run();
    }
  }
}
