package org.parquetarrow.dataset.scan;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.OpenFiles;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.dataset.SkippedFile;

/**
 * The batches of a scan as an Arrow {@link ArrowReader}. Files (or runs of a file's row groups)
 * are read on the executor, at most {@link ScanOptions#parallelism()} at once, their batches
 * queued until taken; dictionary-encoded columns get each batch's dictionary in {@link
 * #getDictionaryVectors()}; once the queued
 * batches hold {@link ScanOptions#memoryBudget()} bytes, readers pause (the one whose batches come
 * next in ordered output never waits with an empty queue, so an ordered scan cannot stall).
 * {@link #cancel()} stops the readers from any thread; {@link #close()} cancels, waits for them and
 * frees every queued batch. A failure in any file ends the scan with an exception naming the file
 * (unless the file is corrupt and the scan was asked to skip such files: {@link #skippedFiles()}).
 *
 * <pre>{@code
 * try (ScanReader reader = Scanner.scan(dataset, options, allocator)) {
 *   while (reader.loadNextBatch()) {
 *     consume(reader.getVectorSchemaRoot());
 *   }
 *   Map<String, Long> metrics = reader.metrics().toMap();
 * }
 * }</pre>
 */
public final class ScanReader extends ArrowReader {
  private final Schema schema;
  private final List<FileScanTask> tasks;
  private final ScanOptions options;
  private final ScanMetrics metrics;
  private final Executor executor;
  private final ExecutorService ownedExecutor;

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final List<Slot> slots = new ArrayList<>();
  private int head;
  private int running;
  private long inFlight;
  private volatile boolean cancelled;
  private Throwable failure;
  private final List<SkippedFile> skipped = new ArrayList<>();
  private final Set<String> skippedNames = new HashSet<>();
  /** Rows handed out, against {@link ScanOptions#limit()}. */
  private long handedOut;

  /** Files pruning opened for the readers; those no reader released are closed with the scan. */
  private final OpenFiles files;

  /** {@link ScanOptions.ReadingThread#CALLER}: the next task to open, and the open one's cursor. */
  private int nextTask;
  private FileScanTask.Cursor cursor;

  /** One file's queue of finished batches. */
  private static final class Slot {
    final String file;
    final ArrayDeque<ScanBatch> batches = new ArrayDeque<>();
    final ArrayDeque<Long> sizes = new ArrayDeque<>();
    boolean done;

    Slot(String file) {
      this.file = file;
    }
  }

  ScanReader(BufferAllocator allocator, Schema schema, List<FileScanTask> tasks, ScanOptions options,
      ScanMetrics metrics, Executor executor, ExecutorService ownedExecutor, OpenFiles files) {
    super(allocator);
    this.files = files;
    this.schema = schema;
    this.tasks = List.copyOf(tasks);
    this.options = options;
    this.metrics = metrics;
    this.executor = executor;
    this.ownedExecutor = ownedExecutor;
  }

  /** What the scan has done so far. */
  public ScanMetrics metrics() {
    return metrics;
  }

  /**
   * Stops the scan: readers stop at their next batch and {@link #loadNextBatch()} returns false.
   * A scan with a {@link ScanOptions#limit()} stops itself so once the limit's last row is out.
   */
  public void cancel() {
    cancelled = true;
    lock.lock();
    try {
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  public boolean isCancelled() {
    return cancelled;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    if (options.limit() != ScanOptions.NO_LIMIT && handedOut >= options.limit()) {
      // the limit's rows are out: nothing more is handed out, whatever the readers queued
      cancel();
      getVectorSchemaRoot().setRowCount(0);
      return false;
    }
    ScanBatch batch;
    if (options.readingThread() == ScanOptions.ReadingThread.CALLER) {
      batch = nextOnCaller();
    } else {
      lock.lock();
      try {
        batch = nextBatch();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        cancel();
        throw new IOException("interrupted while waiting for a batch", e);
      } finally {
        lock.unlock();
      }
    }
    if (batch == null) {
      getVectorSchemaRoot().setRowCount(0);
      return false;
    }
    try (batch) {
      VectorSchemaRoot root = getVectorSchemaRoot();
      VectorSchemaRoot from = batch.root();
      for (int i = 0; i < from.getFieldVectors().size(); i++) {
        from.getVector(i).makeTransferPair(root.getVector(i)).transfer();
      }
      for (Map.Entry<Long, FieldVector> d : batch.dictionaries().entrySet()) {
        d.getValue().makeTransferPair(getDictionaryVectors().get(d.getKey()).getVector()).transfer();
      }
      int rows = from.getRowCount();
      if (options.limit() != ScanOptions.NO_LIMIT) {
        rows = (int) Math.min(rows, options.limit() - handedOut);
      }
      root.setRowCount(rows);
      handedOut += rows;
      metrics.rowsOut.add(rows);
      metrics.batchesOut.increment();
    }
    if (options.limit() != ScanOptions.NO_LIMIT && handedOut >= options.limit()) {
      cancel(); // no reader goes on to rows nobody will take
    }
    return true;
  }

  /**
   * {@link ScanOptions.ReadingThread#CALLER}: the next batch decoded on this thread, the tasks
   * read one after the other; null at the end or after cancellation. A failure ends the scan as
   * with reader threads (or skips the file, if corrupt and the scan skips such files).
   */
  private ScanBatch nextOnCaller() {
    while (true) {
      if (failure != null) {
        throw failure instanceof ParquetException p ? p : new ParquetException("scan failed: " + failure, failure);
      }
      if (cancelled) {
        return null;
      }
      if (cursor == null) {
        if (nextTask == tasks.size()) {
          return null;
        }
        FileScanTask task = tasks.get(nextTask++);
        if (skippedNames.contains(task.fileName())) {
          continue; // another run of this file's row groups met the damage
        }
        cursor = task.cursor(() -> cancelled);
        // the next files' first requests go out while this one is read
        for (int next = nextTask; next < nextTask + options.prefetchFiles() && next < tasks.size(); next++) {
          files.prefetch(tasks.get(next).file());
        }
      }
      FileScanTask.Cursor open = cursor;
      String file = tasks.get(nextTask - 1).fileName();
      try {
        ScanBatch batch = open.next();
        if (batch != null) {
          return batch;
        }
        cursor = null;
        open.close();
      } catch (RuntimeException e) {
        cursor = null;
        try {
          open.close();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
        lock.lock();
        try {
          if (options.corruptFiles() == org.parquetarrow.dataset.DiscoveryOptions.CorruptFilePolicy.SKIP && isCorruption(e)) {
            skip(file, e);
          } else {
            failure = e;
          }
        } finally {
          lock.unlock();
        }
      }
    }
  }

  /** Under the lock: the next batch, or null at the end or after cancellation. */
  private ScanBatch nextBatch() throws InterruptedException {
    while (true) {
      if (failure != null) {
        cancelled = true;
        changed.signalAll();
        throw failure instanceof ParquetException p ? p : new ParquetException("scan failed: " + failure, failure);
      }
      if (cancelled) {
        return null;
      }
      startTasks();
      if (options.ordered()) {
        while (head < slots.size() && slots.get(head).done && slots.get(head).batches.isEmpty()) {
          head++;
          changed.signalAll(); // a new head may now proceed
        }
        if (head == tasks.size()) {
          return null;
        }
        if (head < slots.size() && !slots.get(head).batches.isEmpty()) {
          return take(slots.get(head));
        }
      } else {
        boolean anyOpen = slots.size() < tasks.size();
        for (Slot s : slots) {
          if (!s.batches.isEmpty()) {
            return take(s);
          }
          anyOpen |= !s.done;
        }
        if (!anyOpen) {
          return null;
        }
      }
      changed.await(100, TimeUnit.MILLISECONDS);
    }
  }

  private ScanBatch take(Slot s) {
    inFlight -= s.sizes.removeFirst();
    changed.signalAll();
    return s.batches.removeFirst();
  }

  /** Under the lock: starts files until {@code parallelism} are being read. */
  private void startTasks() {
    while (running < options.parallelism() && slots.size() < tasks.size() && !cancelled) {
      int index = slots.size();
      FileScanTask task = tasks.get(index);
      Slot slot = new Slot(task.fileName());
      slots.add(slot);
      if (skippedNames.contains(slot.file)) {
        slot.done = true; // another run of this file's row groups met the damage
        continue;
      }
      running++;
      try {
        executor.execute(() -> runTask(task, index, slot));
      } catch (RuntimeException e) {
        running--;
        slot.done = true;
        failure = e;
      }
      // the next files' first requests go out while this one is read
      for (int next = index + 1; next <= index + options.prefetchFiles() && next < tasks.size(); next++) {
        files.prefetch(tasks.get(next).file());
      }
    }
  }

  private void runTask(FileScanTask task, int index, Slot slot) {
    Throwable error = null;
    try {
      task.run(new FileScanTask.Sink() {
        @Override
        public boolean accept(ScanBatch batch) throws InterruptedException {
          return offer(index, slot, batch);
        }

        @Override
        public boolean cancelled() {
          return cancelled;
        }
      });
    } catch (Throwable t) {
      error = t;
    }
    lock.lock();
    try {
      if (error != null && options.corruptFiles() == org.parquetarrow.dataset.DiscoveryOptions.CorruptFilePolicy.SKIP && isCorruption(error)) {
        skip(slot.file, error);
      } else if (error != null && failure == null && !(cancelled && error instanceof InterruptedException)) {
        failure = error;
      }
      slot.done = true;
      running--;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private static boolean isCorruption(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof CorruptFileException) {
        return true;
      }
    }
    return false;
  }

  /** Under the lock: records {@code file} as skipped and frees its batches not yet handed out. */
  private void skip(String file, Throwable error) {
    if (!skippedNames.add(file)) {
      return;
    }
    skipped.add(new SkippedFile(file, error instanceof Exception e ? e : new ParquetException(error.toString(), error)));
    metrics.filesSkipped.increment();
    for (Slot s : slots) {
      if (s.file.equals(file)) {
        s.batches.forEach(ScanBatch::close);
        s.batches.clear();
        for (long size : s.sizes) {
          inFlight -= size;
        }
        s.sizes.clear();
      }
    }
  }

  /**
   * Files left out because their data turned out to be corrupt, when the scan was asked to skip
   * them ({@link ScanOptions#corruptFiles()}). Rows of such a file handed out before the
   * damage was met stay handed out; its batches still queued are dropped.
   */
  public List<SkippedFile> skippedFiles() {
    lock.lock();
    try {
      return List.copyOf(skipped);
    } finally {
      lock.unlock();
    }
  }

  /** Queues a reader's batch, waiting while the budget is spent; false (batch freed) once cancelled. */
  private boolean offer(int index, Slot slot, ScanBatch batch) throws InterruptedException {
    long size = batch.size();
    lock.lock();
    try {
      while (!cancelled && inFlight > 0 && inFlight + size > options.memoryBudget()
          && !(options.ordered() && index == head && slot.batches.isEmpty())) {
        changed.await(100, TimeUnit.MILLISECONDS);
      }
      if (cancelled || skippedNames.contains(slot.file)) {
        batch.close();
        return false;
      }
      slot.batches.addLast(batch);
      slot.sizes.addLast(size);
      inFlight += size;
      metrics.peakBytesInFlight.accumulateAndGet(inFlight, Math::max);
      changed.signalAll();
      return true;
    } catch (InterruptedException | RuntimeException e) {
      batch.close();
      throw e;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public long bytesRead() {
    return metrics.bytesRead();
  }

  @Override
  protected void closeReadSource() throws IOException {
    cancel();
    FileScanTask.Cursor open = cursor;
    cursor = null;
    try {
      if (open != null) {
        open.close();
      }
    } catch (RuntimeException e) {
      files.close();
      throw e;
    }
    lock.lock();
    try {
      while (running > 0) {
        changed.await(100, TimeUnit.MILLISECONDS);
      }
      for (Slot s : slots) {
        s.batches.forEach(ScanBatch::close);
        s.batches.clear();
        s.sizes.clear();
      }
      inFlight = 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while stopping the scan's readers", e);
    } finally {
      lock.unlock();
      if (ownedExecutor != null) {
        ownedExecutor.shutdown();
      }
      try {
        files.close();
      } catch (java.io.UncheckedIOException e) {
        throw e.getCause();
      }
    }
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }
}
