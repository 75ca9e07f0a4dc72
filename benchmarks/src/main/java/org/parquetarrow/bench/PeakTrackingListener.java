package org.parquetarrow.bench;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.dataset.jni.ReservationListener;

/**
 * Follows what Arrow C++ reserves from a listenable native memory pool and keeps the peak. Called
 * from native threads, hence atomics.
 */
final class PeakTrackingListener implements ReservationListener {
  private final AtomicLong current = new AtomicLong();
  private final AtomicLong peak = new AtomicLong();

  @Override
  public void reserve(long size) {
    long now = current.addAndGet(size);
    peak.accumulateAndGet(now, Math::max);
  }

  @Override
  public void unreserve(long size) {
    current.addAndGet(-size);
  }

  /** Starts a new peak from what is held now (a previous scan's read-ahead may still be freeing). */
  void restartPeak() {
    peak.set(current.get());
  }

  long peak() {
    return peak.get();
  }
}
