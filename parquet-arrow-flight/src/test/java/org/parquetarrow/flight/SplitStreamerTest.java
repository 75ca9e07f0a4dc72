package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.WriterProperties;

/**
 * The doGet loop against a listener the test controls: nothing is sent while the transport is not
 * ready, everything once it is, and a cancel stops the scan with every buffer released.
 */
class SplitStreamerTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** A listener whose readiness and cancellation the test sets. */
  static final class ScriptedListener implements ServerStreamListener {
    final AtomicBoolean ready = new AtomicBoolean();
    final AtomicBoolean cancelled = new AtomicBoolean();
    final AtomicInteger sent = new AtomicInteger();
    final List<String> rows = new ArrayList<>();
    volatile Runnable onReady = () -> {};
    volatile Runnable onCancel = () -> {};
    volatile VectorSchemaRoot root;
    volatile boolean completed;
    volatile Throwable error;

    @Override
    public boolean isCancelled() {
      return cancelled.get();
    }

    @Override
    public void setOnCancelHandler(Runnable handler) {
      onCancel = handler;
    }

    @Override
    public boolean isReady() {
      return ready.get();
    }

    @Override
    public void setOnReadyHandler(Runnable handler) {
      onReady = handler;
    }

    @Override
    public void start(VectorSchemaRoot root, DictionaryProvider dictionaries, IpcOption option) {
      this.root = root;
    }

    @Override
    public void putNext() {
      rows.addAll(FlightTestData.rows(root));
      sent.incrementAndGet();
    }

    @Override
    public void putNext(ArrowBuf metadata) {
      putNext();
    }

    @Override
    public void putMetadata(ArrowBuf metadata) {}

    @Override
    public void error(Throwable ex) {
      error = ex;
    }

    @Override
    public void completed() {
      completed = true;
    }

    void becomeReady() {
      ready.set(true);
      onReady.run();
    }

    void cancel() {
      cancelled.set(true);
      onCancel.run();
    }
  }

  private CompletableFuture<Void> stream(ScriptedListener l, long stallMillis) throws Exception {
    FlightTestData.writeFile(dir.resolve("t").resolve("a.parquet"), 0, 5000, memory.allocator());
    ServedDataset served = ServedDataset.discover("t", dir.resolve("t"), DiscoveryOptions.defaults());
    SplitStreamer streamer = new SplitStreamer(new ServerSettings(
        ScanOptions.builder().batchSize(100).memoryBudget(1 << 16).parallelism(1).build(), stallMillis,
        WriterProperties.defaults(), 1_000_000, UploadLimits.defaults()));
    SplitTicket ticket = new SplitTicket(FlightQuery.of("t"), "a.parquet");
    return CompletableFuture.runAsync(() -> streamer.stream(served, ticket, l, memory.allocator()));
  }

  @Test
  void sendsNothingUntilTheTransportIsReadyThenEverything() throws Exception {
    ScriptedListener l = new ScriptedListener();
    CompletableFuture<Void> done = stream(l, 60_000);
    Thread.sleep(300);
    assertEquals(0, l.sent.get(), "no batch while the client's transport is full");
    assertFalse(done.isDone());
    l.becomeReady();
    done.get(30, TimeUnit.SECONDS);
    assertTrue(l.completed);
    assertNull(l.error);
    assertEquals(50, l.sent.get(), "5000 rows in batches of 100");
    List<String> want = new ArrayList<>();
    for (long i = 0; i < 5000; i++) {
      String full = FlightTestData.row(i, 0);
      want.add(full.substring(0, full.lastIndexOf('|')));
    }
    assertEquals(want, l.rows);
  }

  @Test
  void aCancelWhileWaitingStopsTheScanAndFreesEverything() throws Exception {
    ScriptedListener l = new ScriptedListener();
    CompletableFuture<Void> done = stream(l, 60_000);
    Thread.sleep(200);
    l.cancel();
    done.get(30, TimeUnit.SECONDS);
    assertFalse(l.completed);
    assertEquals(0, l.sent.get());
    assertEquals(0, memory.allocator().getAllocatedMemory());
  }

  @Test
  void aClientThatNeverReadsTimesOut() throws Exception {
    ScriptedListener l = new ScriptedListener();
    stream(l, 200).get(30, TimeUnit.SECONDS);
    assertFalse(l.completed);
    assertTrue(l.error != null && l.error.getMessage().contains("read nothing"), String.valueOf(l.error));
  }
}
