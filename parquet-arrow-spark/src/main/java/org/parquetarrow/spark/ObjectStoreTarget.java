package org.parquetarrow.spark;

import java.io.Serializable;
import org.parquetarrow.io.Storage;
import org.parquetarrow.s3.S3FileSystem;
import org.parquetarrow.s3.S3Location;
import org.parquetarrow.s3.S3Storage;

/**
 * An S3 destination of a write ({@code s3://} or {@code s3a://bucket/prefix}) and how to reach it:
 * the same settings and the same shared client as a read of it. Files go to {@code
 * <prefix>/<partition dirs>/<file>}.
 */
record ObjectStoreTarget(String location, StorageSettings settings) implements Serializable {
  ObjectStoreTarget {
    S3Location.parse(location); // an s3 location with a bucket, or IllegalArgumentException
    while (location.endsWith("/")) {
      location = location.substring(0, location.length() - 1);
    }
  }

  static boolean isObjectStore(String location) {
    return location.startsWith("s3://") || location.startsWith("s3a://");
  }

  /** The client of this JVM for the settings, shared with reads. */
  S3FileSystem fileSystem() {
    Storage storage = SharedStorages.forLocation(location, settings);
    return ((S3Storage) storage).fileSystem();
  }

  /** The prefix every object of the destination starts with: the key and a slash. */
  S3Location prefix() {
    S3Location at = S3Location.parse(location);
    return at.key().isEmpty() ? at : at.withKey(at.key() + "/");
  }

  /** Where a file named relative to the destination ({@code year=2024/part-...parquet}) goes. */
  S3Location file(String relative) {
    S3Location p = prefix();
    return p.withKey(p.key() + relative);
  }
}
