package org.parquetarrow.s3;

import java.util.Set;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.io.StorageProvider;

/** Serves {@code s3://} (and {@code s3a://}) locations with an {@link S3Storage}. */
public final class S3StorageProvider implements StorageProvider {
  @Override
  public Set<String> schemes() {
    return Set.of("s3", "s3a");
  }

  @Override
  public Storage create(StorageOptions options) {
    return new S3Storage(options);
  }
}
