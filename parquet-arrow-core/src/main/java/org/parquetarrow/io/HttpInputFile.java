package org.parquetarrow.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.parquetarrow.ParquetIOException;

/**
 * A file read over HTTP(S) with {@code Range} requests, on the JDK's {@link HttpClient}. Opening
 * it sends one request, for the object's last {@link RemoteReadOptions#footerSuffixSize()} bytes,
 * which gives the length and the version (a strong ETag, else Last-Modified) and holds the footer
 * of most files; every later request carries {@code If-Match} (or {@code If-Unmodified-Since}), so
 * an object replaced while being read fails with {@link org.parquetarrow.io.ObjectChangedException}.
 * Throttling, server errors, resets, timeouts and cut bodies are retried as {@link
 * RemoteReadOptions} says. A server that ignores {@code Range} is refused (unless the whole object
 * fits in the suffix), as reading a large file would download all of it for every range.
 *
 * <pre>{@code
 * try (HttpInputFile in = HttpInputFile.open(URI.create("https://example.com/data/trips.parquet"),
 *         RemoteReadOptions.defaults());
 *     ParquetFileReader reader = ParquetFileReader.open(in, ReadOptions.defaults(allocator))) {
 *   ... reader.readNextBatch() ...
 *   log.info("{}", in.statistics());   // e.g. "3 requests (0 retries), 1843210 bytes"
 * }
 * }</pre>
 */
public final class HttpInputFile extends RemoteInputFile {
  private static final Pattern CONTENT_RANGE = Pattern.compile("bytes\\s+(\\d+)-(\\d+)/(\\d+|\\*)");

  private static final ConcurrentMap<Duration, HttpClient> SHARED_CLIENTS = new ConcurrentHashMap<>();

  private final HttpClient client;
  private final URI uri;

  private HttpInputFile(HttpClient client, URI uri, RemoteReadOptions options, IoStatistics statistics) {
    super(displayName(uri), options, statistics);
    this.client = client;
    this.uri = uri;
  }

  /**
   * Opens {@code uri} with a client shared by the files opened this way with the same connect
   * timeout; see {@link #open(HttpClient, URI, RemoteReadOptions, IoStatistics)}.
   */
  public static HttpInputFile open(URI uri, RemoteReadOptions options) {
    return open(uri, options, new IoStatistics());
  }

  /** {@link #open(URI, RemoteReadOptions)}, counting requests and bytes into {@code statistics}. */
  public static HttpInputFile open(URI uri, RemoteReadOptions options, IoStatistics statistics) {
    // a client holds a selector thread and a connection pool: one per file would cost both per file
    HttpClient client = SHARED_CLIENTS.computeIfAbsent(options.connectTimeout(), t -> newClient(options));
    return open(client, uri, options, statistics);
  }

  /**
   * {@link #open(URI, RemoteReadOptions, IoStatistics)} without the first request: {@code tail}
   * (an earlier open's {@link #tail()} of this object) gives the length, version and last bytes.
   */
  public static HttpInputFile open(URI uri, RemoteReadOptions options, IoStatistics statistics,
      RemoteInputFile.Tail tail) {
    Objects.requireNonNull(tail, "tail");
    HttpClient client = SHARED_CLIENTS.computeIfAbsent(options.connectTimeout(), t -> newClient(options));
    HttpInputFile file = new HttpInputFile(client, checked(uri), options, statistics);
    file.adoptTail(tail);
    return file;
  }

  /**
   * Opens {@code uri} with {@code client} (share one among many files: it holds the connection
   * pool), counting requests and bytes into {@code statistics}. Sends the first request.
   *
   * @throws IllegalArgumentException if {@code uri} is not an absolute http or https URI
   * @throws org.parquetarrow.MissingFileException if the server answers 404 or 410
   * @throws ParquetIOException if the object cannot be read (access denied, a server that ignores
   *     {@code Range} for a large object, failures that outlast the retries)
   */
  public static HttpInputFile open(HttpClient client, URI uri, RemoteReadOptions options, IoStatistics statistics) {
    Objects.requireNonNull(client, "client");
    HttpInputFile file = new HttpInputFile(client, checked(uri), options, statistics);
    file.fetchFooterSuffix();
    return file;
  }

  private static URI checked(URI uri) {
    Objects.requireNonNull(uri, "uri");
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
      throw new IllegalArgumentException("not an http(s) URL: " + displayName(uri));
    }
    return uri;
  }

  /** A client with the connect timeout of {@code options}, following redirects except from https to http. */
  public static HttpClient newClient(RemoteReadOptions options) {
    return HttpClient.newBuilder()
        .connectTimeout(options.connectTimeout())
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
  }

  /** The URL as shown in messages and {@link #name()}: without user info, and with the query hidden. */
  static String displayName(URI uri) {
    StringBuilder sb = new StringBuilder();
    if (uri.getScheme() != null) {
      sb.append(uri.getScheme()).append("://");
    }
    if (uri.getHost() != null) {
      sb.append(uri.getHost());
    }
    if (uri.getPort() >= 0) {
      sb.append(':').append(uri.getPort());
    }
    if (uri.getRawPath() != null) {
      sb.append(uri.getRawPath());
    }
    if (uri.getRawQuery() != null) {
      // presigned URLs carry their signature in the query
      sb.append("?…");
    }
    return sb.toString();
  }

  public URI uri() {
    return uri;
  }

  @Override
  protected RangeResponse requestSuffix(int bytes, boolean retry) throws IOException {
    FileRange asked = null;  // the suffix, in messages
    HttpResponse<InputStream> response = send(request("bytes=-" + bytes).build(), retry);
    int status = response.statusCode();
    HttpHeaders h = response.headers();
    if (status == 206) {
      return ranged(response, asked);
    }
    if (status == 200) {
      OptionalLong length = h.firstValueAsLong("Content-Length");
      if (length.isPresent() && length.getAsLong() <= bytes) {
        // the whole object fits in what was asked for anyway
        return new RangeResponse(version(h, length.getAsLong()), 0, response.body());
      }
      closeQuietly(response.body());
      throw failure("the server does not honour Range requests: it answered with the whole object (HTTP 200"
          + (length.isPresent() ? ", " + length.getAsLong() + " bytes" : "") + "); reading a Parquet file needs"
          + " ranged reads", asked, null);
    }
    if (status == 416) {
      // a suffix range is unsatisfiable only on an empty object (RFC 9110, 14.1.2); the footer
      // parser reports it as too short
      closeQuietly(response.body());
      return new RangeResponse(version(h, 0), 0, InputStream.nullInputStream());
    }
    throw statusFailure(response, asked);
  }

  @Override
  protected RangeResponse requestRange(FileRange range, ObjectVersion expected, boolean retry)
      throws IOException {
    HttpRequest.Builder b = request("bytes=" + range.offset() + "-" + (range.end() - 1));
    String precondition;
    if (isStrong(expected.etag())) {
      b.header("If-Match", expected.etag());
      precondition = "If-Match: " + expected.etag();
    } else if (expected.lastModified() != null) {
      b.header("If-Unmodified-Since", expected.lastModified());
      precondition = "If-Unmodified-Since: " + expected.lastModified();
    } else {
      precondition = null;
    }
    HttpResponse<InputStream> response = send(b.build(), retry);
    int status = response.statusCode();
    if (status == 206) {
      return ranged(response, range);
    }
    closeQuietly(response.body());
    if (status == 412) {
      throw changed(range, "the server answered 412 Precondition Failed to " + precondition);
    }
    if (status == 416) {
      throw changed(range, "the server answered 416 Range Not Satisfiable: the object is now shorter than "
          + expected.length() + " bytes");
    }
    if (status == 200) {
      throw failure("the server ignored the Range header and answered with the whole object (HTTP 200)", range, null);
    }
    throw statusFailure(response, range);
  }

  private HttpRequest.Builder request(String range) {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET().timeout(options().requestTimeout());
    for (Map.Entry<String, String> e : options().headers().entrySet()) {
      b.header(e.getKey(), e.getValue());
    }
    // identity: a compressed body would not be the bytes of the range
    return b.header("Range", range).header("Accept-Encoding", "identity");
  }

  private HttpResponse<InputStream> send(HttpRequest request, boolean retry) throws IOException {
    statistics().recordRequest(retry);
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw (InterruptedIOException) new InterruptedIOException("interrupted while requesting " + name()).initCause(e);
    }
  }

  private RangeResponse ranged(HttpResponse<InputStream> response, FileRange asked) {
    HttpHeaders h = response.headers();
    String contentRange = h.firstValue("Content-Range").orElse("");
    Matcher m = CONTENT_RANGE.matcher(contentRange);
    if (!m.matches()) {
      closeQuietly(response.body());
      throw failure("the server answered 206 Partial Content with the Content-Range \"" + contentRange
          + "\", which is not one range of bytes", asked, null);
    }
    long total = m.group(3).equals("*") ? -1 : Long.parseLong(m.group(3));
    return new RangeResponse(version(h, total), Long.parseLong(m.group(1)), response.body());
  }

  private static ObjectVersion version(HttpHeaders h, long length) {
    return new ObjectVersion(length, h.firstValue("ETag").orElse(null), h.firstValue("Last-Modified").orElse(null));
  }

  /** The wait a {@code Retry-After} header asks for in seconds, or {@code null} (dates are not taken). */
  private static Duration retryAfter(HttpHeaders h) {
    String v = h.firstValue("Retry-After").orElse("").trim();
    if (!v.matches("\\d{1,6}")) {
      return null;
    }
    return Duration.ofSeconds(Long.parseLong(v));
  }

  /** A weak ETag ({@code W/"…"}) never matches {@code If-Match}, which compares strongly. */
  private static boolean isStrong(String etag) {
    return etag != null && !etag.startsWith("W/");
  }

  /**
   * What a status other than the expected ones means: throttling and server errors are retried
   * (an {@link IOException}); the rest is final.
   */
  private IOException statusFailure(HttpResponse<InputStream> response, FileRange range) {
    closeQuietly(response.body());
    int status = response.statusCode();
    switch (status) {
      case 429, 503:
        return new ThrottledException("HTTP " + status + " (throttled)", retryAfter(response.headers()));
      case 500, 502, 504:
        return new IOException("HTTP " + status + " (server error)");
      case 404, 410:
        throw missing(range, "HTTP " + status);
      case 401, 403:
        throw failure("access denied (HTTP " + status + "); credentials go in RemoteReadOptions headers, e.g."
            + " Authorization", range, null);
      default:
        throw failure("unexpected HTTP status " + status, range, null);
    }
  }
}
