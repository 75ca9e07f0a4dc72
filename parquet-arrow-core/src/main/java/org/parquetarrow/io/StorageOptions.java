package org.parquetarrow.io;

import java.net.URI;
import java.util.Objects;

/**
 * How {@link Storage#forLocation} reaches stores: the S3 settings (endpoint, region, addressing,
 * credentials, listing page size) and the {@link RemoteReadOptions} of remote reads (HTTP and
 * S3). Settings a store does not use are ignored. Immutable; build one with {@link #builder()}.
 *
 * <pre>{@code
 * // a local S3-compatible server (MinIO, S3Proxy ...): path-style, credentials from the AWS chain
 * StorageOptions minio = StorageOptions.builder().s3Endpoint(URI.create("http://127.0.0.1:9000")).build();
 * // a public bucket on Amazon S3
 * StorageOptions open = StorageOptions.builder().s3Region("us-east-1")
 *     .credentials(StorageOptions.Credentials.ANONYMOUS).build();
 * }</pre>
 */
public final class StorageOptions {
  /** Where an object store's credentials come from. */
  public enum Credentials {
    /**
     * The store's standard chain; for S3 the AWS SDK's default chain (system properties, {@code
     * AWS_ACCESS_KEY_ID} / {@code AWS_SECRET_ACCESS_KEY} / {@code AWS_SESSION_TOKEN}, profiles,
     * container and instance roles).
     */
    DEFAULT_CHAIN,
    /** None: unsigned requests, for public buckets. */
    ANONYMOUS,
    /** The key pair given with {@link Builder#staticCredentials}. */
    STATIC
  }

  /** How the bucket goes into an S3 request's URL. */
  public enum S3Addressing {
    /** Path-style with a custom {@link #s3Endpoint()} (what S3-compatible servers expect), else virtual-hosted. */
    AUTO,
    /** {@code https://bucket.host/key}. */
    VIRTUAL_HOSTED,
    /** {@code https://host/bucket/key}. */
    PATH_STYLE
  }

  /** The most keys one ListObjectsV2 page holds on Amazon S3. */
  public static final int DEFAULT_LIST_PAGE_SIZE = 1_000;

  private final URI s3Endpoint;
  private final String s3Region;
  private final S3Addressing s3Addressing;
  private final Credentials credentials;
  private final String accessKeyId;
  private final String secretAccessKey;
  private final int listPageSize;
  private final RemoteReadOptions readOptions;

  private StorageOptions(Builder b) {
    this.s3Endpoint = b.s3Endpoint;
    this.s3Region = b.s3Region;
    this.s3Addressing = b.s3Addressing;
    this.credentials = b.credentials;
    this.accessKeyId = b.accessKeyId;
    this.secretAccessKey = b.secretAccessKey;
    this.listPageSize = b.listPageSize;
    this.readOptions = b.readOptions;
  }

  public static StorageOptions defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The S3 endpoint, or {@code null} for Amazon S3. */
  public URI s3Endpoint() {
    return s3Endpoint;
  }

  /** The S3 region, or {@code null} for the SDK's region chain ({@code AWS_REGION}, profile ...). */
  public String s3Region() {
    return s3Region;
  }

  public S3Addressing s3Addressing() {
    return s3Addressing;
  }

  /** Whether S3 requests go path-style, {@link S3Addressing#AUTO} resolved. */
  public boolean s3PathStyle() {
    return s3Addressing == S3Addressing.PATH_STYLE || s3Addressing == S3Addressing.AUTO && s3Endpoint != null;
  }

  public Credentials credentials() {
    return credentials;
  }

  /** The access key of {@link Credentials#STATIC}, else {@code null}. */
  public String accessKeyId() {
    return accessKeyId;
  }

  /** The secret key of {@link Credentials#STATIC}, else {@code null}. */
  public String secretAccessKey() {
    return secretAccessKey;
  }

  /** Keys asked for per listing request (ListObjectsV2 {@code max-keys}). */
  public int listPageSize() {
    return listPageSize;
  }

  public RemoteReadOptions readOptions() {
    return readOptions;
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.s3Endpoint = s3Endpoint;
    b.s3Region = s3Region;
    b.s3Addressing = s3Addressing;
    b.credentials = credentials;
    b.accessKeyId = accessKeyId;
    b.secretAccessKey = secretAccessKey;
    b.listPageSize = listPageSize;
    b.readOptions = readOptions;
    return b;
  }

  @Override
  public String toString() {
    // never the secret
    return "StorageOptions[s3Endpoint=" + s3Endpoint + ", s3Region=" + s3Region + ", s3Addressing=" + s3Addressing
        + ", credentials=" + credentials + ", listPageSize=" + listPageSize + "]";
  }

  public static final class Builder {
    private URI s3Endpoint;
    private String s3Region;
    private S3Addressing s3Addressing = S3Addressing.AUTO;
    private Credentials credentials = Credentials.DEFAULT_CHAIN;
    private String accessKeyId;
    private String secretAccessKey;
    private int listPageSize = DEFAULT_LIST_PAGE_SIZE;
    private RemoteReadOptions readOptions = RemoteReadOptions.defaults();

    private Builder() {}

    /**
     * The endpoint of an S3-compatible server, e.g. {@code http://127.0.0.1:9000}.
     *
     * @throws IllegalArgumentException unless it is an absolute http or https URL
     */
    public Builder s3Endpoint(URI endpoint) {
      Objects.requireNonNull(endpoint, "endpoint");
      String scheme = endpoint.getScheme();
      if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || endpoint.getHost() == null) {
        throw new IllegalArgumentException("the S3 endpoint must be an http(s) URL, got " + endpoint);
      }
      this.s3Endpoint = endpoint;
      return this;
    }

    /** @throws IllegalArgumentException if {@code region} is blank */
    public Builder s3Region(String region) {
      Objects.requireNonNull(region, "region");
      if (region.isBlank()) {
        throw new IllegalArgumentException("the S3 region is blank");
      }
      this.s3Region = region;
      return this;
    }

    public Builder s3Addressing(S3Addressing addressing) {
      this.s3Addressing = Objects.requireNonNull(addressing, "addressing");
      return this;
    }

    /** {@link Credentials#DEFAULT_CHAIN} or {@link Credentials#ANONYMOUS}; for a key pair see {@link #staticCredentials}. */
    public Builder credentials(Credentials credentials) {
      Objects.requireNonNull(credentials, "credentials");
      if (credentials == Credentials.STATIC) {
        throw new IllegalArgumentException("give the key pair with staticCredentials(accessKeyId, secretAccessKey)");
      }
      this.credentials = credentials;
      this.accessKeyId = null;
      this.secretAccessKey = null;
      return this;
    }

    /** A fixed key pair ({@link Credentials#STATIC}). */
    public Builder staticCredentials(String accessKeyId, String secretAccessKey) {
      this.accessKeyId = Objects.requireNonNull(accessKeyId, "accessKeyId");
      this.secretAccessKey = Objects.requireNonNull(secretAccessKey, "secretAccessKey");
      this.credentials = Credentials.STATIC;
      return this;
    }

    /** @throws IllegalArgumentException unless 1 to 1,000 (the most S3 returns per page) */
    public Builder listPageSize(int keys) {
      if (keys < 1 || keys > DEFAULT_LIST_PAGE_SIZE) {
        throw new IllegalArgumentException("listPageSize must be 1 to 1000, not " + keys);
      }
      this.listPageSize = keys;
      return this;
    }

    public Builder readOptions(RemoteReadOptions options) {
      this.readOptions = Objects.requireNonNull(options, "readOptions");
      return this;
    }

    public StorageOptions build() {
      return new StorageOptions(this);
    }
  }
}
