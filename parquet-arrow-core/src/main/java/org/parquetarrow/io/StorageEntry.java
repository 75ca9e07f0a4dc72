package org.parquetarrow.io;

import java.util.Objects;

/**
 * One file (object) a {@link Storage} listed: where it is, its size and its version.
 *
 * @param location the file's location, in the form {@link Storage#open} takes ({@code
 *     s3://bucket/key}, a local path)
 * @param size its length in bytes, or {@code -1} when the listing does not say (a URL given as is)
 * @param version what changes when the file is rewritten (an ETag, a modification time), or
 *     {@code null} when unknown; a cache trusts an entry only with a version
 */
public record StorageEntry(String location, long size, String version) {
  public StorageEntry {
    Objects.requireNonNull(location, "location");
  }

  /** Whether {@code version} is an HTTP entity tag ({@code "..."} or {@code W/"..."}), not a date. */
  public static boolean isEtag(String version) {
    return version != null && (version.startsWith("\"") || version.startsWith("W/\""));
  }
}
