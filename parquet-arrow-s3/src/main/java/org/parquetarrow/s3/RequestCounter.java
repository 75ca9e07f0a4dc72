package org.parquetarrow.s3;

import java.util.concurrent.atomic.AtomicInteger;
import org.parquetarrow.io.IoStatistics;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Counts every HTTP request the SDK transmits, its own retries included, into the {@link
 * IoStatistics} the request was tagged with: a file's requests are what was sent, not how often
 * the SDK was called.
 */
final class RequestCounter implements ExecutionInterceptor {
  static final ExecutionAttribute<IoStatistics> STATISTICS = new ExecutionAttribute<>("parquet-arrow.io-statistics");
  /** Whether the call itself repeats one that failed (a body cut short), beyond the SDK's retries. */
  static final ExecutionAttribute<Boolean> RETRY = new ExecutionAttribute<>("parquet-arrow.retry");
  private static final ExecutionAttribute<AtomicInteger> ATTEMPTS = new ExecutionAttribute<>("parquet-arrow.attempts");

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    attributes.putAttribute(ATTEMPTS, new AtomicInteger());
  }

  @Override
  public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    IoStatistics statistics = attributes.getAttribute(STATISTICS);
    AtomicInteger attempts = attributes.getAttribute(ATTEMPTS);
    if (statistics == null || attempts == null) {
      return;
    }
    int attempt = attempts.incrementAndGet();
    statistics.recordRequest(attempt > 1 || Boolean.TRUE.equals(attributes.getAttribute(RETRY)));
  }
}
