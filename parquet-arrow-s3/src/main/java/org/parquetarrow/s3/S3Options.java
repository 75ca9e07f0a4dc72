package org.parquetarrow.s3;

import java.net.URI;
import java.util.Objects;
import org.parquetarrow.io.RemoteReadOptions;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/**
 * How to reach an S3-compatible object store: region, endpoint, addressing, credentials, and the
 * {@link RemoteReadOptions} (timeouts, retries, concurrency, footer suffix) reads use. Immutable;
 * build one with {@link #builder()}.
 *
 * <pre>{@code
 * // Amazon S3, credentials from the standard chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
 * // ~/.aws, the instance role, ...), the region from AWS_REGION unless given
 * S3Options aws = S3Options.builder().region("eu-west-1").build();
 *
 * // an S3-compatible server (MinIO, Ceph, S3Proxy ...), path-style
 * S3Options local = S3Options.builder()
 *     .endpoint(URI.create("http://127.0.0.1:9000"))
 *     .addressing(S3Options.Addressing.PATH_STYLE)
 *     .build();
 *
 * // a public bucket, without credentials
 * S3Options open = S3Options.builder().region("us-east-1").credentials(S3Options.Credentials.ANONYMOUS).build();
 * }</pre>
 */
public final class S3Options {
  /** Where credentials come from. */
  public enum Credentials {
    /**
     * The AWS SDK's default chain: system properties, the environment ({@code AWS_ACCESS_KEY_ID},
     * {@code AWS_SECRET_ACCESS_KEY}, {@code AWS_SESSION_TOKEN}), web identity, the shared
     * profile files, container and instance roles.
     */
    DEFAULT_CHAIN,
    /** No credentials: unsigned requests, for public buckets. */
    ANONYMOUS
  }

  /** How the bucket goes into a request's URL. */
  public enum Addressing {
    /** {@code https://bucket.host/key}: Amazon S3's default. */
    VIRTUAL_HOSTED,
    /** {@code https://host/bucket/key}: what most S3-compatible servers expect. */
    PATH_STYLE
  }

  private final String region;
  private final URI endpoint;
  private final Addressing addressing;
  private final Credentials credentials;
  private final AwsCredentialsProvider credentialsProvider;
  private final RemoteReadOptions readOptions;

  private S3Options(Builder b) {
    this.region = b.region;
    this.endpoint = b.endpoint;
    this.addressing = b.addressing;
    this.credentials = b.credentials;
    this.credentialsProvider = b.credentialsProvider;
    this.readOptions = b.readOptions;
  }

  public static S3Options defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The region, or {@code null} to take the SDK's region chain ({@code AWS_REGION}, profile ...). */
  public String region() {
    return region;
  }

  /** The store's endpoint, or {@code null} for Amazon S3. */
  public URI endpoint() {
    return endpoint;
  }

  public Addressing addressing() {
    return addressing;
  }

  public Credentials credentials() {
    return credentials;
  }

  /** A provider given explicitly, used instead of {@link #credentials()}; usually {@code null}. */
  public AwsCredentialsProvider credentialsProvider() {
    return credentialsProvider;
  }

  public RemoteReadOptions readOptions() {
    return readOptions;
  }

  public static final class Builder {
    private String region;
    private URI endpoint;
    private Addressing addressing = Addressing.VIRTUAL_HOSTED;
    private Credentials credentials = Credentials.DEFAULT_CHAIN;
    private AwsCredentialsProvider credentialsProvider;
    private RemoteReadOptions readOptions = RemoteReadOptions.defaults();

    private Builder() {}

    public Builder region(String region) {
      Objects.requireNonNull(region, "region");
      if (region.isBlank()) {
        throw new IllegalArgumentException("region is blank");
      }
      this.region = region;
      return this;
    }

    /**
     * The endpoint of an S3-compatible server, e.g. {@code http://127.0.0.1:9000}.
     *
     * @throws IllegalArgumentException unless it is an absolute http or https URI
     */
    public Builder endpoint(URI endpoint) {
      Objects.requireNonNull(endpoint, "endpoint");
      String scheme = endpoint.getScheme();
      if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || endpoint.getHost() == null) {
        throw new IllegalArgumentException("the S3 endpoint must be an http(s) URL, got " + endpoint);
      }
      this.endpoint = endpoint;
      return this;
    }

    public Builder addressing(Addressing addressing) {
      this.addressing = Objects.requireNonNull(addressing, "addressing");
      return this;
    }

    public Builder credentials(Credentials credentials) {
      this.credentials = Objects.requireNonNull(credentials, "credentials");
      return this;
    }

    /** Uses {@code provider} for credentials, instead of {@link #credentials(Credentials)}. */
    public Builder credentialsProvider(AwsCredentialsProvider provider) {
      this.credentialsProvider = Objects.requireNonNull(provider, "provider");
      return this;
    }

    /** Timeouts, retries, concurrency and footer suffix; its {@code headers} are not used for S3. */
    public Builder readOptions(RemoteReadOptions readOptions) {
      this.readOptions = Objects.requireNonNull(readOptions, "readOptions");
      return this;
    }

    public S3Options build() {
      return new S3Options(this);
    }
  }
}
