package org.parquetarrow.io;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a remote file ({@link org.parquetarrow.io.HttpInputFile}, the S3 module's
 * {@code S3InputFile}) is read: timeouts, retries, concurrency and the size of the footer's
 * suffix request. Immutable; build one with {@link #builder()}.
 *
 * <pre>{@code
 * RemoteReadOptions options = RemoteReadOptions.builder()
 *     .connectTimeout(Duration.ofSeconds(5))
 *     .maxAttempts(6)
 *     .maxConcurrentRequests(16)
 *     .footerSuffixSize(256 * 1024)
 *     .header("Authorization", "Bearer " + token)     // HTTP only
 *     .build();
 * }</pre>
 *
 * <p>A request (one range) is retried, with exponential backoff and jitter, after throttling
 * (HTTP 429, 503 / SlowDown), server errors (500, 502, 504), a connection reset, a timeout or a
 * body that ends early (then only the missing rest is asked for again); it fails after {@link
 * #maxAttempts()} attempts or once {@link #requestDeadline()} has passed since its first attempt,
 * whichever comes first.
 */
public final class RemoteReadOptions {
  /** Footer suffix asked for by default: holds the footer of most files written with row-group sizes of 128 MiB. */
  public static final int DEFAULT_FOOTER_SUFFIX_SIZE = 64 * 1024;

  private static final RemoteReadOptions DEFAULTS = builder().build();

  private final Duration connectTimeout;
  private final Duration requestTimeout;
  private final Duration readTimeout;
  private final Duration requestDeadline;
  private final int maxAttempts;
  private final Duration initialBackoff;
  private final Duration maxBackoff;
  private final int maxConcurrentRequests;
  private final int footerSuffixSize;
  private final Map<String, String> headers;

  private RemoteReadOptions(Builder b) {
    this.connectTimeout = b.connectTimeout;
    this.requestTimeout = b.requestTimeout;
    this.readTimeout = b.readTimeout;
    this.requestDeadline = b.requestDeadline;
    this.maxAttempts = b.maxAttempts;
    this.initialBackoff = b.initialBackoff;
    this.maxBackoff = b.maxBackoff;
    this.maxConcurrentRequests = b.maxConcurrentRequests;
    this.footerSuffixSize = b.footerSuffixSize;
    this.headers = Map.copyOf(b.headers);
  }

  public static RemoteReadOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.connectTimeout = connectTimeout;
    b.requestTimeout = requestTimeout;
    b.readTimeout = readTimeout;
    b.requestDeadline = requestDeadline;
    b.maxAttempts = maxAttempts;
    b.initialBackoff = initialBackoff;
    b.maxBackoff = maxBackoff;
    b.maxConcurrentRequests = maxConcurrentRequests;
    b.footerSuffixSize = footerSuffixSize;
    b.headers.putAll(headers);
    return b;
  }

  /** Longest wait for a connection to be established (default 10 s). */
  public Duration connectTimeout() {
    return connectTimeout;
  }

  /** Longest wait, per attempt, from sending a request to its response's headers (default 30 s). */
  public Duration requestTimeout() {
    return requestTimeout;
  }

  /** Longest stall while a response body is read before the attempt is abandoned (default 30 s). */
  public Duration readTimeout() {
    return readTimeout;
  }

  /** Longest time one request may take over all its attempts and backoffs (default 2 min). */
  public Duration requestDeadline() {
    return requestDeadline;
  }

  /** Attempts per request, the first included (default 5). */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** Backoff before the first retry; it doubles for each further one, with jitter (default 100 ms). */
  public Duration initialBackoff() {
    return initialBackoff;
  }

  /** Largest backoff between two attempts (default 5 s). */
  public Duration maxBackoff() {
    return maxBackoff;
  }

  /** Requests one file has in flight at most (default 8). */
  public int maxConcurrentRequests() {
    return maxConcurrentRequests;
  }

  /**
   * Bytes of the object's end fetched by the first request and kept, so that the footer is read
   * without another request (default {@value #DEFAULT_FOOTER_SUFFIX_SIZE}).
   */
  public int footerSuffixSize() {
    return footerSuffixSize;
  }

  /** Headers sent with every HTTP request, e.g. {@code Authorization}; not used for S3. */
  public Map<String, String> headers() {
    return headers;
  }

  public static final class Builder {
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Duration readTimeout = Duration.ofSeconds(30);
    private Duration requestDeadline = Duration.ofMinutes(2);
    private int maxAttempts = 5;
    private Duration initialBackoff = Duration.ofMillis(100);
    private Duration maxBackoff = Duration.ofSeconds(5);
    private int maxConcurrentRequests = 8;
    private int footerSuffixSize = DEFAULT_FOOTER_SUFFIX_SIZE;
    private final Map<String, String> headers = new LinkedHashMap<>();

    private Builder() {}

    public Builder connectTimeout(Duration d) {
      this.connectTimeout = positive(d, "connectTimeout");
      return this;
    }

    public Builder requestTimeout(Duration d) {
      this.requestTimeout = positive(d, "requestTimeout");
      return this;
    }

    public Builder readTimeout(Duration d) {
      this.readTimeout = positive(d, "readTimeout");
      return this;
    }

    public Builder requestDeadline(Duration d) {
      this.requestDeadline = positive(d, "requestDeadline");
      return this;
    }

    /** @throws IllegalArgumentException unless {@code n >= 1} */
    public Builder maxAttempts(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1, got " + n);
      }
      this.maxAttempts = n;
      return this;
    }

    /** @throws IllegalArgumentException if {@code initial} is negative or {@code max} is shorter */
    public Builder backoff(Duration initial, Duration max) {
      Objects.requireNonNull(initial, "initial");
      Objects.requireNonNull(max, "max");
      if (initial.isNegative() || max.compareTo(initial) < 0) {
        throw new IllegalArgumentException("backoff must satisfy 0 <= initial <= max, got " + initial + " and " + max);
      }
      this.initialBackoff = initial;
      this.maxBackoff = max;
      return this;
    }

    /** @throws IllegalArgumentException unless {@code n >= 1} */
    public Builder maxConcurrentRequests(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("maxConcurrentRequests must be at least 1, got " + n);
      }
      this.maxConcurrentRequests = n;
      return this;
    }

    /** @throws IllegalArgumentException unless {@code 8 <= bytes <= 64 MiB} */
    public Builder footerSuffixSize(int bytes) {
      if (bytes < 8 || bytes > 64 << 20) {
        throw new IllegalArgumentException(
            "footerSuffixSize must be between 8 bytes (footer length and magic) and 64 MiB, got " + bytes);
      }
      this.footerSuffixSize = bytes;
      return this;
    }

    /** Adds a header sent with every HTTP request (a later one of the same name replaces it). */
    public Builder header(String name, String value) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, "value");
      if (name.isBlank()) {
        throw new IllegalArgumentException("header name is blank");
      }
      headers.put(name, value);
      return this;
    }

    public RemoteReadOptions build() {
      return new RemoteReadOptions(this);
    }

    private static Duration positive(Duration d, String what) {
      Objects.requireNonNull(d, what);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(what + " must be positive, got " + d);
      }
      return d;
    }
  }
}
