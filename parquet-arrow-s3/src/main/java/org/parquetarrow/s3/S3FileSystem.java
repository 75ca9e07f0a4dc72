package org.parquetarrow.s3;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.RemoteInputFile;
import org.parquetarrow.io.RemoteReadOptions;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsRequest;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * One S3 client (connections, credentials, retry policy) shared by many {@link S3InputFile}s:
 * opening a file costs one request, not a client. Close it after the files opened from it.
 *
 * <pre>{@code
 * try (S3FileSystem s3 = S3FileSystem.create(S3Options.builder().region("us-east-1").build())) {
 *   for (S3ObjectInfo o : s3.list(S3Location.parse("s3://my-bucket/trips/"))) {
 *     try (S3InputFile in = s3.open(o.location());
 *         ParquetFileReader r = ParquetFileReader.open(in, ReadOptions.defaults(allocator))) { ... }
 *   }
 * }
 * }</pre>
 *
 * <p>The SDK retries throttling (503 SlowDown, 429) and server errors with its standard retry
 * strategy, configured from {@link RemoteReadOptions#maxAttempts()} and the backoff there; a
 * response body cut short is completed by the file itself. Requests are timed out per attempt
 * ({@link RemoteReadOptions#requestTimeout()}) and in total ({@link
 * RemoteReadOptions#requestDeadline()}), and a stalled body after {@link
 * RemoteReadOptions#readTimeout()}.
 */
public final class S3FileSystem implements AutoCloseable {
  private final S3Client client;
  private final S3Options options;
  // the provider this class made (the caller closes one it gave); it may hold refresh threads
  private final AwsCredentialsProvider ownCredentials;

  private S3FileSystem(S3Client client, S3Options options, AwsCredentialsProvider ownCredentials) {
    this.client = client;
    this.options = options;
    this.ownCredentials = ownCredentials;
  }

  /** A client for the store {@code options} describe. */
  public static S3FileSystem create(S3Options options) {
    Objects.requireNonNull(options, "options");
    AwsCredentialsProvider credentials = credentials(options);
    S3Client client = newClient(options, credentials);
    return new S3FileSystem(client, options, credentials == options.credentialsProvider() ? null : credentials);
  }

  private static S3Client newClient(S3Options options, AwsCredentialsProvider credentials) {
    RemoteReadOptions read = options.readOptions();
    Duration base = read.initialBackoff().isZero() ? Duration.ofMillis(1) : read.initialBackoff();
    BackoffStrategy backoff = BackoffStrategy.exponentialDelay(base, read.maxBackoff());
    ClientOverrideConfiguration override = ClientOverrideConfiguration.builder()
        .retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
            .maxAttempts(read.maxAttempts())
            .backoffStrategy(backoff)
            .throttlingBackoffStrategy(backoff)
            // the token bucket would stop retrying a throttled store exactly when retries are needed
            .circuitBreakerEnabled(false)
            .build())
        .apiCallAttemptTimeout(read.requestTimeout())
        .apiCallTimeout(read.requestDeadline())
        .addExecutionInterceptor(new RequestCounter())
        .build();
    S3ClientBuilder b = S3Client.builder()
        .httpClientBuilder(UrlConnectionHttpClient.builder()
            .connectionTimeout(read.connectTimeout())
            .socketTimeout(read.readTimeout()))
        .overrideConfiguration(override)
        .forcePathStyle(options.addressing() == S3Options.Addressing.PATH_STYLE)
        .credentialsProvider(credentials)
        // ranged reads cannot be checked against a whole-object checksum
        .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
        .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED);
    if (options.endpoint() != null) {
      b.endpointOverride(options.endpoint());
    }
    if (options.region() != null) {
      b.region(Region.of(options.region()));
    } else {
      b.region(defaultRegion());
      if (options.endpoint() == null) {
        // without a region given, a bucket elsewhere is followed rather than failing
        b.crossRegionAccessEnabled(true);
      }
    }
    return b.build();
  }

  private static AwsCredentialsProvider credentials(S3Options options) {
    if (options.credentialsProvider() != null) {
      return options.credentialsProvider();
    }
    return options.credentials() == S3Options.Credentials.ANONYMOUS
        ? AnonymousCredentialsProvider.create()
        : DefaultCredentialsProvider.builder().build();
  }

  /** The region of the SDK's chain, else {@code us-east-1} (where S3 answers for every bucket). */
  private static Region defaultRegion() {
    try {
      return new DefaultAwsRegionProviderChain().getRegion();
    } catch (SdkClientException e) {
      return Region.US_EAST_1;
    }
  }

  public S3Options options() {
    return options;
  }

  /** The SDK client, for requests this class does not make. It belongs to this file system. */
  public S3Client client() {
    return client;
  }

  /**
   * Opens the object at {@code location}, sending its first request (the footer's suffix).
   *
   * @throws MissingFileException if there is no such object or bucket
   * @throws ParquetIOException if it cannot be read
   */
  public S3InputFile open(S3Location location) {
    return open(location, new IoStatistics());
  }

  /** Opens the object at {@code location}, counting requests and bytes into {@code statistics}. */
  public S3InputFile open(S3Location location, IoStatistics statistics) {
    return S3InputFile.open(this, location, statistics, false);
  }

  /**
   * Opens the object at {@code location} from {@code tail}, what an earlier open of it brought
   * ({@link S3InputFile#tail()}), without a request; later requests are conditional on the
   * tail's version ({@code If-Match}), so a replaced object still fails with {@link
   * org.parquetarrow.io.ObjectChangedException}.
   */
  public S3InputFile open(S3Location location, RemoteInputFile.Tail tail, IoStatistics statistics) {
    return S3InputFile.open(this, location, statistics, tail);
  }

  /**
   * Every object whose key starts with {@code prefix}'s key, in key order, over as many
   * ListObjectsV2 pages as it takes.
   *
   * @throws MissingFileException if there is no such bucket
   * @throws ParquetIOException if listing fails
   */
  public List<S3ObjectInfo> list(S3Location prefix) {
    return list(prefix, new IoStatistics());
  }

  /** {@link #list(S3Location)}, counting its requests into {@code statistics}. */
  public List<S3ObjectInfo> list(S3Location prefix, IoStatistics statistics) {
    return list(prefix, 1_000, statistics);
  }

  /**
   * {@link #list(S3Location, IoStatistics)} asking for {@code pageSize} keys per request (S3's
   * {@code max-keys}; the store may return fewer).
   *
   * @throws IllegalArgumentException unless {@code pageSize} is 1 to 1,000
   */
  public List<S3ObjectInfo> list(S3Location prefix, int pageSize, IoStatistics statistics) {
    Objects.requireNonNull(prefix, "prefix");
    if (pageSize < 1 || pageSize > 1_000) {
      throw new IllegalArgumentException("pageSize must be 1 to 1000, not " + pageSize);
    }
    List<S3ObjectInfo> out = new ArrayList<>();
    ListObjectsV2Request request = ListObjectsV2Request.builder()
        .bucket(prefix.bucket())
        .prefix(prefix.key())
        .maxKeys(pageSize)
        .overrideConfiguration(o -> o.putExecutionAttribute(RequestCounter.STATISTICS, statistics))
        .build();
    try {
      for (ListObjectsV2Response page : client.listObjectsV2Paginator(request)) {
        if (page.name() == null) {
          // S3 names the bucket in every listing; without it the answer was no listing at all
          // (another server at the endpoint), and its emptiness would pass for an empty prefix
          ParquetIOException x = new ParquetIOException("cannot list " + prefix + ": the endpoint "
              + S3InputFile.endpoint(options) + " did not answer with an S3 listing: is it the S3 API's endpoint?", (java.io.IOException) null);
          x.locate(ErrorLocation.ofFile(prefix.toString()));
          throw x;
        }
        for (S3Object o : page.contents()) {
          out.add(new S3ObjectInfo(prefix.withKey(o.key()), o.size(), o.eTag(), o.lastModified()));
        }
      }
    } catch (SdkException e) {
      throw listingFailure(prefix, e, options);
    }
    return out;
  }

  /**
   * The multipart uploads started and neither completed nor aborted whose keys start with {@code
   * prefix}'s key: what a crashed writer left (it is billed, and invisible to object listings).
   * A committer finds its own strays among them by key and aborts them.
   *
   * <pre>{@code
   * for (PendingUpload.MultipartUpload u : s3.listUploads(S3Location.parse("s3://b/table/"))) {
   *   if (u.key().contains(jobId)) {
   *     u.abort(s3);
   *   }
   * }
   * }</pre>
   *
   * @throws MissingFileException if there is no such bucket
   * @throws ParquetIOException if listing fails
   */
  public List<PendingUpload.MultipartUpload> listUploads(S3Location prefix) {
    Objects.requireNonNull(prefix, "prefix");
    List<PendingUpload.MultipartUpload> out = new ArrayList<>();
    ListMultipartUploadsRequest request = ListMultipartUploadsRequest.builder()
        .bucket(prefix.bucket()).prefix(prefix.key()).build();
    try {
      for (ListMultipartUploadsResponse page : client.listMultipartUploadsPaginator(request)) {
        for (MultipartUpload u : page.uploads()) {
          // a server that ignores the prefix must not hand us another table's uploads
          if (u.key().startsWith(prefix.key())) {
            out.add(new PendingUpload.MultipartUpload(prefix.bucket(), u.key(), u.uploadId()));
          }
        }
      }
    } catch (SdkException e) {
      throw listingFailure(prefix, e, options);
    }
    return out;
  }

  private static ParquetIOException listingFailure(S3Location prefix, SdkException e, S3Options options) {
    ParquetIOException x;
    if (e instanceof S3Exception s && s.statusCode() == 404) {
      x = new MissingFileException("cannot list " + prefix + ": no such bucket (" + S3InputFile.code(s) + ")", null);
    } else {
      x = new ParquetIOException("cannot list " + prefix + ": " + S3InputFile.describe(e, options), new java.io.IOException(e));
    }
    x.locate(ErrorLocation.ofFile(prefix.toString()));
    return x;
  }

  /** Closes the SDK client; files opened from it can no longer read. */
  @Override
  public void close() {
    try {
      client.close();
    } finally {
      if (ownCredentials instanceof AutoCloseable c) {
        try {
          c.close();
        } catch (Exception e) {
          // nothing is left to read with it
        }
      }
    }
  }
}
