package org.parquetarrow.io;

import java.util.Set;

/**
 * Makes the {@link Storage} of URI schemes the core does not serve itself. Modules register one
 * with {@link java.util.ServiceLoader} ({@code META-INF/services/org.parquetarrow.io.StorageProvider});
 * {@code parquet-arrow-s3} registers {@code s3} (and {@code s3a}), so code that takes a location
 * string reads from S3 when that module is on the class path, without depending on it.
 */
public interface StorageProvider {
  /** The lower-case URI schemes served, e.g. {@code s3}. */
  Set<String> schemes();

  /** A storage for those schemes, configured by {@code options}; the caller closes it. */
  Storage create(StorageOptions options);
}
