package org.parquetarrow.s3;

import java.util.Objects;

/**
 * A bucket and a key (or key prefix) in an S3-compatible object store, as written {@code
 * s3://bucket/key}.
 *
 * <pre>{@code
 * S3Location file = S3Location.parse("s3://my-bucket/trips/2024/01.parquet");
 * S3Location prefix = S3Location.parse("s3://my-bucket/trips/");
 * }</pre>
 *
 * @param bucket the bucket name
 * @param key the object key, or a prefix; {@code ""} for the whole bucket
 */
public record S3Location(String bucket, String key) {

  public S3Location {
    Objects.requireNonNull(bucket, "bucket");
    Objects.requireNonNull(key, "key");
    if (bucket.isEmpty() || bucket.contains("/")) {
      throw new IllegalArgumentException("invalid bucket name \"" + bucket + "\"");
    }
  }

  /**
   * Parses {@code s3://bucket/key} ({@code s3a://} is taken too, as Hadoop users write it).
   *
   * @throws IllegalArgumentException if {@code uri} is not of that form
   */
  public static S3Location parse(String uri) {
    Objects.requireNonNull(uri, "uri");
    String rest;
    if (uri.startsWith("s3://")) {
      rest = uri.substring(5);
    } else if (uri.startsWith("s3a://")) {
      rest = uri.substring(6);
    } else {
      throw new IllegalArgumentException("not an S3 location (s3://bucket/key): " + uri);
    }
    int slash = rest.indexOf('/');
    String bucket = slash < 0 ? rest : rest.substring(0, slash);
    if (bucket.isEmpty()) {
      throw new IllegalArgumentException("no bucket in S3 location " + uri);
    }
    return new S3Location(bucket, slash < 0 ? "" : rest.substring(slash + 1));
  }

  /** The location of {@code key} in the same bucket. */
  public S3Location withKey(String key) {
    return new S3Location(bucket, key);
  }

  @Override
  public String toString() {
    return "s3://" + bucket + "/" + key;
  }
}
