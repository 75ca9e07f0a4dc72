package org.parquetarrow.flight;

import java.util.concurrent.Semaphore;
import org.apache.arrow.flight.CallStatus;

/**
 * Admits uploads within their {@link UploadLimits}: a slot of {@link UploadLimits#concurrent()}
 * each, and the writer heap each reserves from {@link UploadLimits#writerMemory()}. Nothing waits:
 * an upload that does not fit now is refused with {@code RESOURCE_EXHAUSTED}, so a flood of
 * uploads cannot pile up threads or memory.
 */
final class UploadGate {
  private final UploadLimits limits;
  private final Semaphore slots;
  private long memoryLeft;

  UploadGate(UploadLimits limits) {
    this.limits = limits;
    this.slots = new Semaphore(limits.concurrent());
    this.memoryLeft = limits.writerMemory();
  }

  /**
   * A slot for one upload, to close when it ends.
   *
   * @throws org.apache.arrow.flight.FlightRuntimeException {@code RESOURCE_EXHAUSTED} when every slot is taken
   */
  Permit enter() {
    if (!slots.tryAcquire()) {
      throw CallStatus.RESOURCE_EXHAUSTED.withDescription(limits.concurrent() + " uploads are running, as many as"
          + " this server takes at once; retry later").toRuntimeException();
    }
    return new Permit();
  }

  /** One running upload's slot and reserved memory. */
  final class Permit implements AutoCloseable {
    private long reserved;
    private boolean closed;

    /**
     * Reserves {@code bytes} of writer heap for {@code what}.
     *
     * @throws org.apache.arrow.flight.FlightRuntimeException {@code RESOURCE_EXHAUSTED} naming the
     *     need and what is left
     */
    void reserve(long bytes, String what) {
      synchronized (UploadGate.this) {
        if (bytes > memoryLeft) {
          throw CallStatus.RESOURCE_EXHAUSTED.withDescription(what + " needs about " + mib(bytes) + " of writer"
              + " memory; the server's uploads have " + mib(memoryLeft) + " of " + mib(limits.writerMemory())
              + " left").toRuntimeException();
        }
        memoryLeft -= bytes;
        reserved += bytes;
      }
    }

    @Override
    public void close() {
      synchronized (UploadGate.this) {
        if (closed) {
          return;
        }
        closed = true;
        memoryLeft += reserved;
      }
      slots.release();
    }
  }

  private static String mib(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
  }
}
