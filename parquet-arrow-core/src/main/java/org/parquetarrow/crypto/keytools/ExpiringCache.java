package org.parquetarrow.crypto.keytools;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A map whose entries are recomputed once older than a lifetime: key-encryption keys are reused
 * across files for a while (fewer KMS calls) but not forever (parquet-java's
 * {@code parquet.encryption.cache.lifetime.seconds}, 600 by default).
 */
final class ExpiringCache<K, V> {
  private record Entry<V>(V value, long createdNanos) {}

  private final ConcurrentHashMap<K, Entry<V>> entries = new ConcurrentHashMap<>();
  private final long lifetimeNanos;
  private final LongSupplier clock;

  ExpiringCache(long lifetimeSeconds) {
    this(lifetimeSeconds, System::nanoTime);
  }

  ExpiringCache(long lifetimeSeconds, LongSupplier clock) {
    this.lifetimeNanos = Math.multiplyExact(lifetimeSeconds, 1_000_000_000L);
    this.clock = clock;
  }

  /** The live value of {@code key}, computed by {@code load} when absent or expired. */
  V get(K key, Function<K, V> load) {
    long now = clock.getAsLong();
    return entries.compute(key, (k, e) -> e != null && now - e.createdNanos() < lifetimeNanos ? e
        : new Entry<>(load.apply(k), now)).value();
  }
}
