package org.parquetarrow.spark;

import java.io.Serializable;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.parquetarrow.io.StorageOptions;

/**
 * How tasks reach an object store, from the data source options, else the session's Hadoop S3A
 * settings ({@code spark.hadoop.fs.s3a.*}), so a job set up for Spark's own {@code s3a://} reader
 * reads through ours unchanged. Serializable so the driver's settings reach the executors.
 *
 * <table>
 *   <caption>Options (ours, or the S3A name Spark users know)</caption>
 *   <tr><td>{@code s3.endpoint} / {@code fs.s3a.endpoint}</td><td>an S3-compatible server's URL
 *       (a bare host gets {@code https://})</td></tr>
 *   <tr><td>{@code s3.region} / {@code fs.s3a.endpoint.region}</td><td>the region</td></tr>
 *   <tr><td>{@code s3.pathStyle} / {@code fs.s3a.path.style.access}</td><td>{@code true}:
 *       path-style requests; {@code false}: virtual-hosted; unset: path-style with an endpoint</td></tr>
 *   <tr><td>{@code s3.anonymous}</td><td>{@code true}: unsigned requests (public buckets); also
 *       when {@code fs.s3a.aws.credentials.provider} names S3A's anonymous provider</td></tr>
 *   <tr><td>{@code s3.accessKeyId} / {@code fs.s3a.access.key} and {@code s3.secretAccessKey} /
 *       {@code fs.s3a.secret.key}</td><td>a fixed key pair; without one, the AWS SDK's default
 *       chain</td></tr>
 * </table>
 */
record StorageSettings(String endpoint, String region, Boolean pathStyle, boolean anonymous, String accessKeyId,
    String secretAccessKey) implements Serializable {

  /**
   * The settings in {@code options} (case-insensitive keys), each falling back to {@code session}
   * (Spark conf keys, e.g. {@code spark.hadoop.fs.s3a.endpoint}; answers {@code null} when unset).
   */
  static StorageSettings parse(Map<String, String> options, Function<String, String> session) {
    Function<String[], String> get = names -> {
      for (String n : names) {
        String v = option(options, n);
        if (v != null) {
          return v;
        }
      }
      for (String n : names) {
        if (n.startsWith("fs.s3a.")) {
          String v = session.apply("spark.hadoop." + n);
          if (v != null) {
            return v;
          }
        }
      }
      return null;
    };
    String endpoint = get.apply(new String[] {"s3.endpoint", "fs.s3a.endpoint"});
    String region = get.apply(new String[] {"s3.region", "fs.s3a.endpoint.region"});
    String pathStyle = get.apply(new String[] {"s3.pathStyle", "fs.s3a.path.style.access"});
    String anonymous = get.apply(new String[] {"s3.anonymous"});
    String provider = get.apply(new String[] {"fs.s3a.aws.credentials.provider"});
    String key = get.apply(new String[] {"s3.accessKeyId", "fs.s3a.access.key"});
    String secret = get.apply(new String[] {"s3.secretAccessKey", "fs.s3a.secret.key"});
    if ((key == null) != (secret == null)) {
      throw new IllegalArgumentException("options s3.accessKeyId (fs.s3a.access.key) and s3.secretAccessKey"
          + " (fs.s3a.secret.key) go together; only " + (key == null ? "the secret" : "the access key") + " is set");
    }
    boolean anon = bool("s3.anonymous", anonymous, false)
        || provider != null && provider.contains("AnonymousAWSCredentialsProvider");
    if (anon && key != null) {
      throw new IllegalArgumentException("option s3.anonymous=true and a key pair (s3.accessKeyId) exclude each other");
    }
    StorageSettings s = new StorageSettings(endpoint == null ? null : withScheme(endpoint.trim()),
        region == null || region.isBlank() ? null : region.trim(),
        pathStyle == null ? null : bool("s3.pathStyle", pathStyle, false), anon, key, secret);
    s.toOptions(); // a bad endpoint fails on the driver, naming the option
    return s;
  }

  private static String option(Map<String, String> options, String name) {
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey().equalsIgnoreCase(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** S3A takes a bare host name as the endpoint; so do we, as HTTPS. */
  private static String withScheme(String endpoint) {
    return endpoint.contains("://") ? endpoint : "https://" + endpoint;
  }

  private static boolean bool(String option, String value, boolean fallback) {
    if (value == null) {
      return fallback;
    }
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("option " + option + " must be true or false, not '" + value + "'");
    };
  }

  /** Our storage options for these settings. */
  StorageOptions toOptions() {
    StorageOptions.Builder b = StorageOptions.builder();
    if (endpoint != null) {
      try {
        b.s3Endpoint(URI.create(endpoint));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("option s3.endpoint (fs.s3a.endpoint): " + e.getMessage(), e);
      }
    }
    if (region != null) {
      b.s3Region(region);
    }
    if (pathStyle != null) {
      b.s3Addressing(pathStyle ? StorageOptions.S3Addressing.PATH_STYLE : StorageOptions.S3Addressing.VIRTUAL_HOSTED);
    }
    if (anonymous) {
      b.credentials(StorageOptions.Credentials.ANONYMOUS);
    } else if (accessKeyId != null) {
      b.staticCredentials(accessKeyId, secretAccessKey);
    }
    return b.build();
  }

  @Override
  public String toString() {
    // never the secret: this lands in plans and logs
    return "StorageSettings[endpoint=" + endpoint + ", region=" + region + ", pathStyle=" + pathStyle + ", anonymous="
        + anonymous + ", accessKeyId=" + (accessKeyId == null ? "none" : "set") + "]";
  }
}
