package org.parquetarrow.io;

import java.io.IOException;
import java.util.List;

/**
 * Where files live, addressed by location strings: the local file system (plain paths and {@code
 * file:} URIs), HTTP(S) (single URLs), and through providers on the class path other stores
 * ({@code s3://bucket/key} with {@code parquet-arrow-s3}). It opens files for reading and lists
 * the files below a directory or key prefix. A storage holds clients and connections: close it
 * after the files opened from it.
 *
 * <pre>{@code
 * StorageOptions options = StorageOptions.builder().s3Region("eu-west-1").build();
 * try (Storage storage = Storage.forLocation("s3://my-bucket/trips/", options)) {
 *   for (StorageEntry e : storage.list("s3://my-bucket/trips/")) {
 *     try (InputFile in = storage.open(e.location())) { ... }
 *   }
 * }
 * }</pre>
 */
public interface Storage extends AutoCloseable {

  /**
   * The storage for {@code location}'s scheme: {@link LocalStorage} for plain paths and {@code
   * file:} URIs, {@link HttpStorage} for {@code http(s)://}, and a {@link StorageProvider} found by
   * {@link java.util.ServiceLoader} for any other scheme ({@code s3://} when {@code parquet-arrow-s3}
   * is on the class path).
   *
   * @throws IllegalArgumentException if no provider serves the scheme (naming it and the schemes
   *     that are served)
   */
  static Storage forLocation(String location, StorageOptions options) {
    return Storages.forLocation(location, options);
  }

  /** Whether {@code location} names a local file ({@code file:} URI or a plain path). */
  static boolean isLocal(String location) {
    String scheme = Storages.scheme(location);
    return scheme == null || scheme.equals("file");
  }

  /**
   * Opens the file at {@code location}, counting the requests and bytes of a remote file into
   * {@code statistics} (a local file counts nothing). A remote file sends its first request (the
   * footer's suffix) here.
   *
   * @throws java.nio.file.NoSuchFileException or {@link org.parquetarrow.MissingFileException} if
   *     there is no such file
   * @throws IOException if it cannot be opened
   */
  InputFile open(String location, IoStatistics statistics) throws IOException;

  /**
   * Opens the file {@code entry} describes, failing if a remote object is no longer that version
   * (its length or ETag differ): a dataset scan opens its files so, against the version their
   * footers were read from, and never decodes new bytes with an old footer.
   *
   * @throws org.parquetarrow.io.ObjectChangedException naming the object if it changed
   */
  default InputFile open(StorageEntry entry, IoStatistics statistics) throws IOException {
    InputFile in = open(entry.location(), statistics);
    if (in instanceof RemoteInputFile r && entry.size() >= 0 && StorageEntry.isEtag(entry.version())) {
      try {
        r.requireVersion(new RemoteInputFile.ObjectVersion(entry.size(), entry.version(), null));
      } catch (RuntimeException e) {
        in.close();
        throw e;
      }
    }
    return in;
  }

  /**
   * {@link #open(StorageEntry, IoStatistics)}, from {@code tail} (what an earlier open of the same
   * version brought, {@link RemoteInputFile#tail()}) where it {@linkplain RemoteInputFile.Tail#describes
   * describes} {@code entry}: a remote file then sends no first request, and later requests still
   * hold the object to that version. Storages of local files, and a {@code null} or unrelated tail,
   * open as without one. A dataset scan opens its files so, from the tails discovery kept.
   *
   * <pre>{@code
   * InputFile in = storage.open(entry, tail, statistics);   // no request for the footer
   * }</pre>
   */
  default InputFile open(StorageEntry entry, RemoteInputFile.Tail tail, IoStatistics statistics) throws IOException {
    return open(entry, statistics);
  }

  /** {@link #open(String, IoStatistics)} with statistics of the file's own. */
  default InputFile open(String location) throws IOException {
    return open(location, new IoStatistics());
  }

  /**
   * The file at {@code location} if there is one, else every file below it (a directory, or a
   * key prefix taken as a directory: {@code s3://b/data} lists {@code s3://b/data/...}, not
   * {@code s3://b/database/...}), at any depth, in location order. Every entry's location starts
   * with {@code location}'s, so the part after it is the file's path relative to the root.
   *
   * @throws org.parquetarrow.MissingFileException naming {@code location} if nothing is there (a
   *     {@link java.nio.file.NoSuchFileException} for a local path)
   * @throws UnsupportedOperationException if the storage cannot list (HTTP)
   * @throws IOException if listing fails
   */
  List<StorageEntry> list(String location, IoStatistics statistics) throws IOException;

  /** {@link #list(String, IoStatistics)}, its requests not counted. */
  default List<StorageEntry> list(String location) throws IOException {
    return list(location, new IoStatistics());
  }

  /** Releases the clients and connections of this storage; files opened from it can no longer read. */
  @Override
  void close();
}
