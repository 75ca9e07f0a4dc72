package org.parquetarrow.cli;

import java.net.URI;
import org.parquetarrow.io.StorageOptions;
import picocli.CommandLine.Option;

/**
 * The options of reading commands for files in object stores and on the web ({@code s3://},
 * {@code http(s)://}): where the S3 server is and how to sign. Credentials come from the AWS
 * default chain ({@code AWS_ACCESS_KEY_ID} / {@code AWS_SECRET_ACCESS_KEY}, {@code ~/.aws}, ...).
 */
final class StorageMixin {
  @Option(names = "--s3-endpoint", paramLabel = "URL",
      description = "An S3-compatible server (MinIO, Ceph, S3Proxy ...), addressed path-style, e.g. http://127.0.0.1:9000.")
  URI s3Endpoint;

  @Option(names = "--s3-region", paramLabel = "REGION",
      description = "The S3 region (default: AWS_REGION or the AWS profile; us-east-1 with --s3-endpoint).")
  String s3Region;

  @Option(names = "--anonymous",
      description = "Send S3 requests unsigned, for public buckets (no credentials looked up).")
  boolean anonymous;

  StorageOptions options() {
    StorageOptions.Builder b = StorageOptions.builder();
    try {
      if (s3Endpoint != null) {
        b.s3Endpoint(s3Endpoint);
      }
      if (s3Region != null) {
        b.s3Region(s3Region);
      }
    } catch (IllegalArgumentException e) {
      throw new UserInputException(e.getMessage(), e);
    }
    if (anonymous) {
      b.credentials(StorageOptions.Credentials.ANONYMOUS);
    }
    return b.build();
  }

  /** Where a command's files are opened from, closed when the command ends. */
  Locations locations() {
    return new Locations(options());
  }
}
