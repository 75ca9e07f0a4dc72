package org.parquetarrow.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.concurrent.HelperThreads;

/**
 * The common part of files read by ranged requests over a network ({@link
 * org.parquetarrow.io.HttpInputFile}, the S3 module's {@code S3InputFile}): a subclass sends
 * one request, this class does everything around it.
 *
 * <ul>
 *   <li>The first request asks for the object's last {@link RemoteReadOptions#footerSuffixSize()}
 *       bytes; its response gives the length and the version (ETag, else Last-Modified) and its
 *       bytes are kept, so the footer is parsed without another request.
 *   <li>Every later request must find the same version (subclasses send it as a precondition,
 *       {@code If-Match}); a different one fails with {@link ObjectChangedException}, never with
 *       bytes of two versions.
 *   <li>Failures a subclass reports as {@link IOException} (throttling, server errors, resets,
 *       timeouts, a body cut short) are retried with exponential backoff and jitter, asking only
 *       for the bytes still missing, within {@link RemoteReadOptions#maxAttempts()} and {@link
 *       RemoteReadOptions#requestDeadline()}; a {@link ParquetException} (not found, access
 *       denied, changed) is final.
 *   <li>At most {@link RemoteReadOptions#maxConcurrentRequests()} requests are in flight; {@link
 *       #readRangesAsync} spreads ranges over them.
 *   <li>Bytes are counted in an {@link IoStatistics}; subclasses count their requests there.
 * </ul>
 *
 * <pre>{@code
 * final class MyStoreFile extends RemoteInputFile {
 *   MyStoreFile(...) { super(name, options, statistics); fetchFooterSuffix(); }
 *   protected RangeResponse requestSuffix(int bytes, boolean retry) throws IOException { ... }
 *   protected RangeResponse requestRange(FileRange range, ObjectVersion expected, boolean retry)
 *       throws IOException { ... }
 * }
 * }</pre>
 */
public abstract class RemoteInputFile implements InputFile {
  /**
   * What a response says about the object: its length ({@code -1} when not told), ETag and
   * Last-Modified date ({@code null} when not told). Every response must agree with the first.
   */
  public record ObjectVersion(long length, String etag, String lastModified) {

    /**
     * Whether {@code other} describes the same version: same length (where both know it), same
     * ETag where both have one, otherwise the same Last-Modified where both have one.
     */
    public boolean sameAs(ObjectVersion other) {
      if (length >= 0 && other.length >= 0 && length != other.length) {
        return false;
      }
      if (etag != null && other.etag != null) {
        return etag.equals(other.etag);
      }
      return lastModified == null || other.lastModified == null || lastModified.equals(other.lastModified);
    }

    @Override
    public String toString() {
      return length + " bytes" + (etag == null ? "" : ", ETag " + etag)
          + (lastModified == null ? "" : ", Last-Modified " + lastModified);
    }
  }

  /**
   * What an object's first request brought: its version and its last bytes, from {@code start}
   * to its end. A dataset's discovery keeps it with the footer it parsed from it, so that the
   * scan opening the object again ({@link Storage#open(StorageEntry, Tail, IoStatistics)}) sends
   * no request for bytes it already has (the footer, and the page index that usually lies just
   * before it); the object is still held to that version by the precondition of every later
   * request.
   *
   * <pre>{@code
   * RemoteInputFile.Tail tail = ((RemoteInputFile) in).tail();
   * try (InputFile again = storage.open(entry, tail, statistics)) { ... }   // no footer request
   * }</pre>
   */
  public static final class Tail {
    private final ObjectVersion version;
    private final long start;
    private final ByteBuffer bytes;

    /** @throws IllegalArgumentException unless the bytes run from {@code start} to the version's length */
    public Tail(ObjectVersion version, long start, ByteBuffer bytes) {
      this.version = Objects.requireNonNull(version, "version");
      this.bytes = Objects.requireNonNull(bytes, "bytes").asReadOnlyBuffer();
      this.start = start;
      if (start < 0 || version.length() < 0 || start + this.bytes.remaining() != version.length()) {
        throw new IllegalArgumentException("a tail of " + this.bytes.remaining() + " bytes from " + start
            + " does not end the object of " + version);
      }
    }

    public ObjectVersion version() {
      return version;
    }

    /** Where its bytes start in the object. */
    public long start() {
      return start;
    }

    /** Its bytes, read-only, from {@link #start()} to the object's end. */
    public ByteBuffer bytes() {
      return bytes.duplicate();
    }

    /** Bytes it holds. */
    public int size() {
      return bytes.remaining();
    }

    /**
     * Whether it is the tail of the object {@code entry} describes: the same length and the
     * same ETag (an entry without an ETag cannot be told apart from a rewritten object).
     */
    public boolean describes(StorageEntry entry) {
      return entry.size() == version.length() && StorageEntry.isEtag(entry.version())
          && entry.version().equals(version.etag());
    }

    @Override
    public String toString() {
      return "Tail[" + size() + " bytes from " + start + " of " + version + "]";
    }
  }

  /**
   * A subclass's answer to a request: the version the response reports, where its body starts in
   * the object, and the body, which this class reads and closes.
   */
  protected record RangeResponse(ObjectVersion version, long start, InputStream body) {
    public RangeResponse {
      Objects.requireNonNull(version, "version");
      Objects.requireNonNull(body, "body");
    }
  }

  /**
   * A throttling answer (HTTP 429, 503) that a subclass reports for a retry, with the wait the
   * server asked for ({@code Retry-After}), if any: the next attempt waits at least that long,
   * up to {@link RemoteReadOptions#maxBackoff()}.
   */
  protected static final class ThrottledException extends IOException {
    private static final long serialVersionUID = 1L;
    private final transient Duration retryAfter;

    public ThrottledException(String message, Duration retryAfter) {
      super(message);
      this.retryAfter = retryAfter;
    }

    /** The wait the server asked for, or {@code null}. */
    public Duration retryAfter() {
      return retryAfter;
    }
  }

  private final String name;
  private final RemoteReadOptions options;
  private final IoStatistics statistics;
  private final Semaphore permits;
  private final AtomicBoolean closed = new AtomicBoolean();
  private ExecutorService pool;
  private ObjectVersion version;
  private long length;
  private ByteBuffer suffix;
  private long suffixStart;

  /**
   * @param name the object's name for messages, without credentials or query parameters
   */
  protected RemoteInputFile(String name, RemoteReadOptions options, IoStatistics statistics) {
    this.name = Objects.requireNonNull(name, "name");
    this.options = Objects.requireNonNull(options, "options");
    this.statistics = Objects.requireNonNull(statistics, "statistics");
    this.permits = new Semaphore(options.maxConcurrentRequests());
  }

  /**
   * Sends a request for the object's last {@code bytes} bytes (all of it if it is shorter), and
   * counts it in {@link #statistics()}.
   *
   * @param retry whether it repeats one that failed
   */
  protected abstract RangeResponse requestSuffix(int bytes, boolean retry) throws IOException;

  /**
   * Sends a request for {@code range}, conditional on the object still being {@code expected}
   * (a subclass throws {@link #changed} when the server says it is not), and counts it in {@link
   * #statistics()}.
   *
   * @param retry whether it repeats (all or the rest of) one that failed
   */
  protected abstract RangeResponse requestRange(FileRange range, ObjectVersion expected, boolean retry)
      throws IOException;

  /**
   * The first request: the object's length, version and last bytes. Subclasses call it once
   * from their factory, before handing the file out.
   *
   * @throws ParquetIOException if it fails after the retries, {@link MissingFileException} if
   *     there is no such object
   */
  protected final void fetchFooterSuffix() {
    RetryBackoff backoff = new RetryBackoff(options);
    int want = options.footerSuffixSize();
    for (int attempt = 1; ; attempt++) {
      RangeResponse r = null;
      try {
        permits.acquire();
        try {
          r = requestSuffix(want, attempt > 1);
        } finally {
          permits.release();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw failure("interrupted", null, new InterruptedIOException());
      } catch (IOException e) {
        pauseBeforeRetry(backoff, attempt, null, e);
        continue;
      }
      long total = r.version().length();
      if (total < 0 || r.start() < 0 || r.start() > total) {
        closeQuietly(r.body());
        throw failure("the response did not tell the object's length", null, null);
      }
      if (total - r.start() > want) {
        closeQuietly(r.body());
        throw failure("the server answered with " + (total - r.start()) + " bytes from " + r.start(), null, null);
      }
      version = r.version();
      length = total;
      suffixStart = r.start();
      ByteBuffer bytes = ByteBuffer.allocate((int) (total - suffixStart));
      // a body cut short is completed by ranged requests for the rest, with the version as precondition
      try (InputStream body = r.body()) {
        ResponseBodyReader.read(body, bytes, options.readTimeout(), statistics);
      } catch (IOException e) {
        // the rest is asked for below
      }
      if (bytes.hasRemaining()) {
        fetchWithRetries(FileRange.of(suffixStart + bytes.position(), bytes.remaining()), bytes, 1);
      }
      bytes.flip();
      suffix = bytes.asReadOnlyBuffer();
      return;
    }
  }

  /**
   * Takes {@code tail} (an earlier open's {@link #tail()} of this object) instead of sending the
   * first request: subclasses call it, instead of {@link #fetchFooterSuffix()}, from a factory
   * given one.
   */
  protected final void adoptTail(Tail tail) {
    version = tail.version();
    length = tail.version().length();
    suffixStart = tail.start();
    suffix = tail.bytes().duplicate();
  }

  /** The object's version and the last bytes its first request brought (or {@link #adoptTail} took). */
  public Tail tail() {
    return new Tail(version, suffixStart, suffix.duplicate());
  }

  /**
   * Fails unless this object is still the version {@code expected} describes (an earlier read of
   * it, such as the footer a dataset's discovery parsed): opening an object again must not pair
   * an old footer with new bytes.
   *
   * @throws ObjectChangedException naming the object if its length or ETag differ
   */
  public void requireVersion(ObjectVersion expected) {
    if (!version.sameAs(expected)) {
      long start = Math.max(0, length - options.footerSuffixSize());
      throw new ObjectChangedException(name, FileRange.of(start, length - start),
          "it is now " + version + ", not " + expected + " as when its footer was read");
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public Locality locality() {
    return Locality.REMOTE;
  }

  /** The object's version as its first response gave it; every later response must agree. */
  public ObjectVersion version() {
    return version;
  }

  /** Requests and bytes this file has cost (shared with other files when they were opened with the same instance). */
  public IoStatistics statistics() {
    return statistics;
  }

  public RemoteReadOptions options() {
    return options;
  }

  @Override
  public void readFully(long position, ByteBuffer dst) throws IOException {
    if (closed.get()) {
      throw new IOException(name + " is closed");
    }
    int want = dst.remaining();
    if (position < 0 || position > length - want) {
      throw new EOFException("cannot read " + want + " bytes at " + position + " of " + name + " (" + length + " bytes)");
    }
    long end = position + want;
    if (end > suffixStart && position < suffixStart) {
      // the part before the kept suffix is fetched, the rest copied
      ByteBuffer head = dst.duplicate();
      head.limit(head.position() + (int) (suffixStart - position));
      fetchWithRetries(FileRange.of(position, head.remaining()), head, 0);
      dst.position(head.position());
      position = suffixStart;
    }
    if (position >= suffixStart) {
      ByteBuffer src = suffix.duplicate();
      src.position((int) (position - suffixStart)).limit((int) (end - suffixStart));
      dst.put(src);
      return;
    }
    fetchWithRetries(FileRange.of(position, want), dst, 0);
  }

  @Override
  public List<ByteBuffer> readRanges(List<FileRange> ranges) throws IOException {
    try {
      return readRangesAsync(ranges).join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }

  @Override
  public CompletableFuture<List<ByteBuffer>> readRangesAsync(List<FileRange> ranges) {
    List<CompletableFuture<ByteBuffer>> parts = new ArrayList<>(ranges.size());
    for (FileRange r : ranges) {
      parts.add(readAsync(r));
    }
    return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0])).thenApply(done -> {
      List<ByteBuffer> out = new ArrayList<>(parts.size());
      for (CompletableFuture<ByteBuffer> p : parts) {
        out.add(p.join());
      }
      return out;
    });
  }

  private CompletableFuture<ByteBuffer> readAsync(FileRange r) {
    if (closed.get()) {
      return CompletableFuture.failedFuture(new IOException(name + " is closed"));
    }
    ByteBuffer buf;
    try {
      buf = ByteBuffer.allocate(InputFile.bufferLength(r)).order(ByteOrder.LITTLE_ENDIAN);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    if (r.offset() >= suffixStart || r.length() == 0) {
      try {
        readFully(r.offset(), buf);
        return CompletableFuture.completedFuture(buf.flip());
      } catch (IOException | RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    try {
      return CompletableFuture.supplyAsync(() -> {
        try {
          readFully(r.offset(), buf);
        } catch (IOException e) {
          throw new CompletionException(e);
        }
        return buf.flip();
      }, pool());
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // closed meanwhile
      return CompletableFuture.failedFuture(new IOException(name + " is closed", e));
    }
  }

  private synchronized ExecutorService pool() {
    if (pool == null) {
      pool = Executors.newFixedThreadPool(options.maxConcurrentRequests(),
          HelperThreads.daemons("parquet-arrow-remote-"));
    }
    return pool;
  }

  /**
   * Fills {@code dst} with {@code range} (its length is {@code dst.remaining()}), retrying what is
   * missing after each failure.
   */
  private void fetchWithRetries(FileRange range, ByteBuffer dst, int failedBefore) {
    RetryBackoff backoff = new RetryBackoff(options);
    int startPosition = dst.position();
    for (int attempt = 1 + failedBefore; ; attempt++) {
      FileRange rest = FileRange.of(range.offset() + (dst.position() - startPosition), dst.remaining());
      IOException failure;
      try {
        permits.acquire();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw failure("interrupted", rest, new InterruptedIOException());
      }
      int before = dst.position();
      try {
        RangeResponse r = requestRange(rest, version, attempt > 1);
        try (InputStream body = r.body()) {
          checkResponse(r, rest);
          ResponseBodyReader.read(body, dst, options.readTimeout(), statistics);
        }
        if (!dst.hasRemaining()) {
          return;
        }
        failure = new EOFException(
            "the response body ended after " + (dst.position() - before) + " of " + rest.length() + " bytes");
      } catch (IOException e) {
        failure = e;
      } finally {
        permits.release();
      }
      if (!dst.hasRemaining()) {
        return;  // the failure came when closing a body already read in full
      }
      pauseBeforeRetry(backoff, attempt, FileRange.of(range.offset() + (dst.position() - startPosition),
          dst.remaining()), failure);
    }
  }

  private void checkResponse(RangeResponse r, FileRange asked) {
    if (!r.version().sameAs(version)) {
      throw changed(asked, "it was " + version + " and is now " + r.version());
    }
    if (r.start() != asked.offset()) {
      throw failure("the server answered with bytes from " + r.start() + " instead of " + asked.offset(), asked, null);
    }
  }

  /** Sleeps before the next attempt, or throws the final failure when {@code backoff} gives up. */
  private void pauseBeforeRetry(RetryBackoff backoff, int attempt, FileRange range, IOException cause) {
    try {
      backoff.pause(attempt, cause);
    } catch (RetryBackoff.GaveUp e) {
      throw failure(e.getMessage(), range, cause);
    }
  }

  /**
   * A final failure reading {@code range} of this object; a {@code null} range stands for the
   * first request, for the object's last bytes.
   */
  protected final ParquetIOException failure(String problem, FileRange range, IOException cause) {
    String what = range == null ? "the last " + options.footerSuffixSize() + " bytes" : "bytes " + range;
    ParquetIOException e = new ParquetIOException("cannot read " + what + " of " + name + ": " + problem, cause);
    e.locate(range == null ? ErrorLocation.ofFile(name) : ErrorLocation.ofFile(name).withOffset(range.offset()));
    return e;
  }

  /**
   * The object is gone ({@code 404}): a {@link MissingFileException} naming it; {@code range} as
   * in {@link #failure}.
   */
  protected final MissingFileException missing(FileRange range, String detail) {
    MissingFileException e = new MissingFileException("no such object " + name + " (" + detail + ")", null);
    e.locate(range == null ? ErrorLocation.ofFile(name) : ErrorLocation.ofFile(name).withOffset(range.offset()));
    return e;
  }

  /** The object changed while being read: an {@link ObjectChangedException} naming it and {@code range}. */
  protected final ObjectChangedException changed(FileRange range, String detail) {
    return new ObjectChangedException(name, range, detail);
  }

  /** Closes a body without letting its failure hide the one being reported. */
  protected static void closeQuietly(InputStream body) {
    try {
      body.close();
    } catch (IOException | RuntimeException ignored) {
      // the response is abandoned either way
    }
  }

  /** Stops the file's request threads; subclasses release their client after calling it. */
  @Override
  public void close() throws IOException {
    if (closed.compareAndSet(false, true)) {
      synchronized (this) {
        if (pool != null) {
          pool.shutdownNow();
        }
      }
    }
  }
}
