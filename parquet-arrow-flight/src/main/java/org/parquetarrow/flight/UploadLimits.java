package org.parquetarrow.flight;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link ParquetFlightServer} lets uploads ({@code doPut}) take: how many run at once, the
 * heap their writers may reserve together, the largest message a client may send, and how long an
 * upload may send nothing. An upload over a limit is refused with {@code RESOURCE_EXHAUSTED} (an
 * idle one ends with {@code TIMED_OUT}) and leaves nothing behind.
 *
 * <pre>{@code
 * ParquetFlightServer.builder(allocator).dataset(dir)
 *     .uploadLimits(UploadLimits.builder().concurrent(2).idleTimeout(Duration.ofMinutes(1)).build())
 *     .start();
 * }</pre>
 *
 * <p>An upload reserves, before its writer opens, the writer's row group buffer ({@code
 * WriterProperties.rowGroupBytes}) and {@value #WRITER_BYTES_PER_COLUMN} bytes per leaf column
 * (the writer's state per column before data is about 3 KiB), and gives them back when it ends.
 */
public final class UploadLimits {
  /** The heap reserved per leaf column of an upload, beside its row group buffer. */
  public static final long WRITER_BYTES_PER_COLUMN = 4096;

  private final int concurrent;
  private final long writerMemory;
  private final int maxMessageBytes;
  private final Duration idleTimeout;

  private UploadLimits(Builder b) {
    this.concurrent = b.concurrent;
    this.writerMemory = b.writerMemory;
    this.maxMessageBytes = b.maxMessageBytes;
    this.idleTimeout = b.idleTimeout;
  }

  /**
   * Four uploads at once, writers reserving up to half the heap together, messages up to 256 MiB,
   * five minutes of silence.
   */
  public static UploadLimits defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Uploads running at once; one more is refused. */
  public int concurrent() {
    return concurrent;
  }

  /** Heap bytes the running uploads' writers may reserve together. */
  public long writerMemory() {
    return writerMemory;
  }

  /** The largest message (one batch) a client may send, in bytes: gRPC refuses a larger one. */
  public int maxMessageBytes() {
    return maxMessageBytes;
  }

  /** How long an upload may send nothing before it is ended. */
  public Duration idleTimeout() {
    return idleTimeout;
  }

  /** Builder of {@link UploadLimits}. */
  public static final class Builder {
    private int concurrent = 4;
    private long writerMemory = Runtime.getRuntime().maxMemory() / 2;
    private int maxMessageBytes = 256 << 20;
    private Duration idleTimeout = Duration.ofMinutes(5);

    private Builder() {}

    public Builder concurrent(int uploads) {
      if (uploads < 1) {
        throw new IllegalArgumentException("concurrent uploads " + uploads + " is below 1");
      }
      this.concurrent = uploads;
      return this;
    }

    public Builder writerMemory(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("upload writer memory " + bytes + " is below 1 byte");
      }
      this.writerMemory = bytes;
      return this;
    }

    public Builder maxMessageBytes(int bytes) {
      if (bytes < 1 << 20) {
        throw new IllegalArgumentException("the largest message, " + bytes + " bytes, is below 1 MiB");
      }
      this.maxMessageBytes = bytes;
      return this;
    }

    public Builder idleTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "timeout");
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("idle timeout " + timeout + " is not positive");
      }
      this.idleTimeout = timeout;
      return this;
    }

    public UploadLimits build() {
      return new UploadLimits(this);
    }
  }
}
