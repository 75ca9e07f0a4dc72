package org.parquetarrow.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.RemoteInputFile;
import org.parquetarrow.io.RemoteReadOptions;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * An object in Amazon S3 or an S3-compatible store, read with ranged GETs. Opening it sends one
 * GET for the object's last {@link RemoteReadOptions#footerSuffixSize()} bytes, whose response
 * gives the length (from {@code Content-Range}) and the ETag and holds the footer of most files;
 * every later GET carries {@code If-Match: <etag>}, so an object replaced while being read fails
 * with {@link org.parquetarrow.io.ObjectChangedException} naming it and the range.
 *
 * <pre>{@code
 * try (S3InputFile in = S3InputFile.open(S3Location.parse("s3://my-bucket/trips.parquet"),
 *         S3Options.builder().region("eu-west-1").build());
 *     ParquetFileReader reader = ParquetFileReader.open(in, ReadOptions.defaults(allocator))) {
 *   ... reader.readNextBatch() ...
 * }
 * }</pre>
 *
 * <p>A file opened this way has a client of its own, closed with it; to read many objects, open
 * them from one {@link S3FileSystem}.
 */
public final class S3InputFile extends RemoteInputFile {
  private static final Pattern CONTENT_RANGE = Pattern.compile("bytes\\s+(\\d+)-(\\d+)/(\\d+|\\*)");

  private final S3FileSystem fileSystem;
  private final S3Location location;
  private final boolean ownsFileSystem;

  private S3InputFile(S3FileSystem fileSystem, S3Location location, IoStatistics statistics, boolean owns) {
    super(location.toString(), fileSystem.options().readOptions(), statistics);
    this.fileSystem = fileSystem;
    this.location = location;
    this.ownsFileSystem = owns;
  }

  /**
   * Opens {@code location} with a client of its own (closed with the file).
   *
   * @throws org.parquetarrow.MissingFileException if there is no such object or bucket
   * @throws org.parquetarrow.ParquetIOException if it cannot be read
   */
  public static S3InputFile open(S3Location location, S3Options options) {
    Objects.requireNonNull(location, "location");
    S3FileSystem fs = S3FileSystem.create(options);
    try {
      return open(fs, location, new IoStatistics(), true);
    } catch (RuntimeException e) {
      fs.close();
      throw e;
    }
  }

  static S3InputFile open(S3FileSystem fs, S3Location location, IoStatistics statistics, boolean owns) {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(statistics, "statistics");
    S3InputFile file = new S3InputFile(fs, location, statistics, owns);
    file.fetchFooterSuffix();
    return file;
  }

  /** As the other {@code open}, without the first request: {@code tail} gives length, version and last bytes. */
  static S3InputFile open(S3FileSystem fs, S3Location location, IoStatistics statistics, RemoteInputFile.Tail tail) {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(statistics, "statistics");
    Objects.requireNonNull(tail, "tail");
    S3InputFile file = new S3InputFile(fs, location, statistics, false);
    file.adoptTail(tail);
    return file;
  }

  public S3Location location() {
    return location;
  }

  @Override
  protected RangeResponse requestSuffix(int bytes, boolean retry) throws IOException {
    FileRange asked = null;  // the suffix, in messages
    ResponseInputStream<GetObjectResponse> in = get(request("bytes=-" + bytes, retry).build(), asked, null);
    if (in == null) {
      // an empty object has no last bytes; the footer parser reports it as too short
      return new RangeResponse(new ObjectVersion(0, null, null), 0, InputStream.nullInputStream());
    }
    GetObjectResponse r = in.response();
    if (r.eTag() == null && r.contentType() != null && r.contentType().startsWith("text/html")) {
      // every S3 store gives an object's ETag; a web page without one is another server at the
      // endpoint (a console's port, a proxy's page), whose bytes would otherwise be parsed as a footer
      in.abort();
      throw failure("the endpoint " + endpoint(fileSystem.options()) + " answered with a web page (text/html,"
          + " no ETag), not an object: is it the S3 API's endpoint?", asked, null);
    }
    if (r.contentRange() == null) {
      // the whole object: a store answers so when it is shorter than the suffix asked for
      long length = r.contentLength() == null ? -1 : r.contentLength();
      if (length < 0 || length > bytes) {
        in.abort();
        throw failure("the store answered a ranged GET with the whole object (" + length + " bytes)", asked, null);
      }
      return new RangeResponse(version(r, length), 0, body(in, length));
    }
    return ranged(in, asked);
  }

  @Override
  protected RangeResponse requestRange(FileRange range, ObjectVersion expected, boolean retry) throws IOException {
    GetObjectRequest.Builder b = request("bytes=" + range.offset() + "-" + (range.end() - 1), retry);
    String precondition;
    if (expected.etag() != null) {
      b.ifMatch(expected.etag());
      precondition = "If-Match: " + expected.etag();
    } else if (expected.lastModified() != null) {
      b.ifUnmodifiedSince(Instant.parse(expected.lastModified()));
      precondition = "If-Unmodified-Since: " + expected.lastModified();
    } else {
      precondition = null;
    }
    ResponseInputStream<GetObjectResponse> in = get(b.build(), range, precondition);
    if (in.response().contentRange() == null) {
      in.abort();
      throw failure("the store ignored the Range of a GET and answered with the whole object", range, null);
    }
    return ranged(in, range);
  }

  private GetObjectRequest.Builder request(String range, boolean retry) {
    return GetObjectRequest.builder()
        .bucket(location.bucket())
        .key(location.key())
        .range(range)
        .overrideConfiguration(o -> o.putExecutionAttribute(RequestCounter.STATISTICS, statistics())
            .putExecutionAttribute(RequestCounter.RETRY, retry));
  }

  /**
   * Sends {@code request}. The SDK has retried what it retries (throttling, server errors,
   * connections that failed before a response) by the time it throws, so what it throws is final.
   * Returns {@code null} for a 416 to an unconditional (suffix) request: the object is empty.
   */
  private ResponseInputStream<GetObjectResponse> get(GetObjectRequest request, FileRange range, String precondition) {
    try {
      return fileSystem.client().getObject(request);
    } catch (S3Exception e) {
      switch (e.statusCode()) {
        case 412:
          throw changed(range, "S3 answered 412 " + code(e) + " to " + precondition);
        case 416:
          if (precondition != null) {
            throw changed(range, "S3 answered 416 " + code(e) + ": the object is now shorter");
          }
          return null;
        case 404:
          // a misspelled bucket and a misspelled key are different mistakes: say which it was
          throw missing(range, "NoSuchBucket".equals(code(e))
              ? "S3 NoSuchBucket: there is no bucket \"" + location.bucket() + "\""
              : "S3 " + code(e));
        default:
          break;
      }
      throw failure(describe(e, fileSystem.options()), range, new IOException(e));
    } catch (SdkException e) {
      throw failure(describe(e, fileSystem.options()), range, new IOException(e));
    }
  }

  private RangeResponse ranged(ResponseInputStream<GetObjectResponse> in, FileRange asked) {
    GetObjectResponse r = in.response();
    Matcher m = CONTENT_RANGE.matcher(r.contentRange());
    if (!m.matches()) {
      in.abort();
      throw failure("the store answered with the Content-Range \"" + r.contentRange()
          + "\", which is not one range of bytes", asked, null);
    }
    long total = m.group(3).equals("*") ? -1 : Long.parseLong(m.group(3));
    long start = Long.parseLong(m.group(1));
    long bodyLength = Long.parseLong(m.group(2)) - start + 1;
    return new RangeResponse(version(r, total), start, body(in, bodyLength));
  }

  private static ObjectVersion version(GetObjectResponse r, long length) {
    return new ObjectVersion(length, r.eTag(), r.lastModified() == null ? null : r.lastModified().toString());
  }

  /**
   * The body, closed by aborting the connection unless it was read to its end: closing normally
   * would first download the rest of a body that is being abandoned.
   */
  private static InputStream body(ResponseInputStream<GetObjectResponse> response, long length) {
    return new FilterInputStream(response) {
      private long read;

      @Override
      public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
          read++;
        }
        return b;
      }

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
          read += n;
        }
        return n;
      }

      @Override
      public void close() throws IOException {
        if (read < length) {
          response.abort();
        }
        super.close();
      }
    };
  }

  static String code(AwsServiceException e) {
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    return code == null ? "HTTP " + e.statusCode() : code;
  }

  /**
   * What went wrong, for a message: the store's code, why a denial may have happened and where
   * the credentials came from, or the endpoint a request could not reach. Never the keys or the
   * request's signature.
   */
  static String describe(SdkException e, S3Options options) {
    if (e instanceof AwsServiceException s) {
      if (s.statusCode() == 401 || s.statusCode() == 403) {
        return accessDenied(s, options);
      }
      String message = s.awsErrorDetails() == null ? null : s.awsErrorDetails().errorMessage();
      return "S3 answered " + s.statusCode() + " " + code(s) + (message == null ? "" : ": " + message);
    }
    if (e.getMessage() != null && e.getMessage().startsWith("Unable to load credentials")) {
      // the SDK lists every provider of its chain and why each failed: pages, not a reason
      return "no AWS credentials found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile;"
          + " a public bucket is read anonymously)";
    }
    // no answer at all (connection refused, unknown host, time-out): the endpoint is what to check
    return "the S3 request to " + endpoint(options) + " failed: " + e.getMessage();
  }

  private static String accessDenied(AwsServiceException e, S3Options options) {
    String code = code(e);
    String why = switch (code) {
      case "SignatureDoesNotMatch" -> "; the secret key does not match the access key";
      case "InvalidAccessKeyId" -> "; the store does not know the access key";
      case "RequestTimeTooSkewed" -> "; this machine's clock is too far from the store's";
      default -> "";
    };
    String source;
    if (options.credentialsProvider() != null) {
      source = "credentials from the provider given to S3Options";
    } else if (options.credentials() == S3Options.Credentials.ANONYMOUS) {
      source = "the request was anonymous (S3Options.Credentials.ANONYMOUS): a private bucket needs credentials";
    } else {
      source = "credentials from the AWS default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, ~/.aws ...)";
    }
    return "access denied (S3 " + code + why + "); " + source;
  }

  static String endpoint(S3Options options) {
    java.net.URI e = options.endpoint();
    if (e != null) {
      // user info in an endpoint URL would be a secret
      return e.getScheme() + "://" + e.getHost() + (e.getPort() < 0 ? "" : ":" + e.getPort())
          + (e.getRawPath() == null ? "" : e.getRawPath());
    }
    return "Amazon S3" + (options.region() == null ? "" : " (" + options.region() + ")");
  }

  /** Stops the file's request threads, and closes its client if it has one of its own. */
  @Override
  public void close() throws IOException {
    try {
      super.close();
    } finally {
      if (ownsFileSystem) {
        fileSystem.close();
      }
    }
  }
}
