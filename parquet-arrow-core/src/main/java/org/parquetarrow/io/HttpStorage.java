package org.parquetarrow.io;

import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * HTTP(S) URLs as a {@link Storage}: single files read with range requests ({@link
 * HttpInputFile}). HTTP has no listing: a URL lists as itself, of unknown size and version, and
 * a URL ending in {@code /} (a directory) is refused.
 *
 * <pre>{@code
 * try (Storage web = new HttpStorage(RemoteReadOptions.defaults());
 *     InputFile in = web.open("https://example.com/data/trips.parquet")) { ... }
 * }</pre>
 */
public final class HttpStorage implements Storage {
  private final RemoteReadOptions options;

  public HttpStorage(RemoteReadOptions options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
  }

  /** @throws IllegalArgumentException if {@code location} is not an absolute http(s) URL */
  @Override
  public InputFile open(String location, IoStatistics statistics) {
    return HttpInputFile.open(uri(location), options, statistics);
  }

  /** Without a request when {@code tail} describes {@code entry} (see {@link Storage}). */
  @Override
  public InputFile open(StorageEntry entry, RemoteInputFile.Tail tail, IoStatistics statistics) throws IOException {
    if (tail == null || !tail.describes(entry)) {
      return open(entry, statistics);
    }
    return HttpInputFile.open(uri(entry.location()), options, statistics, tail);
  }

  /**
   * {@code location} itself (size and version unknown until opened).
   *
   * @throws UnsupportedOperationException if it ends in {@code /}: HTTP servers do not list
   */
  @Override
  public List<StorageEntry> list(String location, IoStatistics statistics) throws IOException {
    if (uri(location).getPath() == null || uri(location).getPath().isEmpty() || location.endsWith("/")) {
      throw new UnsupportedOperationException("cannot list " + location
          + ": HTTP has no directory listing; give the URL of each Parquet file (or use s3:// for a bucket)");
    }
    return List.of(new StorageEntry(location, -1, null));
  }

  private static URI uri(String location) {
    try {
      return URI.create(location);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a valid URL: " + location + " (" + e.getMessage() + ")", e);
    }
  }

  /** Nothing to release: the HTTP client is shared by the files opened this way. */
  @Override
  public void close() {}
}
