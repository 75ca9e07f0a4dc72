package org.parquetarrow.io;

/**
 * When a {@link LocalOutputFile} asks the operating system to put its bytes on disk. Either way the
 * file is published (renamed onto its destination) only after a full {@code fsync} of all of it
 * succeeded, and a failed sync fails the commit: a published file is on disk.
 *
 * <pre>{@code
 * OutputFile out = LocalOutputFile.of(Path.of("out.parquet"), SyncPolicy.AT_COMMIT);
 * }</pre>
 */
public enum SyncPolicy {
  /** One sync of the whole file when it is committed. */
  AT_COMMIT,
  /**
   * Also while the file grows: after every {@link LocalOutputFile#EARLY_SYNC_BYTES} written, a
   * helper thread syncs what is written so far (data only, as RocksDB's {@code bytes_per_sync}
   * does), so that the sync at commit has only the tail left. The default.
   */
  EARLY
}
