package org.parquetarrow.s3;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.RemoteInputFile;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.io.StorageOptions;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * S3 and S3-compatible stores as a {@link Storage}, over one {@link S3FileSystem}: locations are
 * {@code s3://bucket/key}; a location that is not an object lists as a prefix taken as a
 * directory; an entry's version is its ETag. {@link Storage#forLocation} makes one for {@code
 * s3://} locations when this module is on the class path.
 *
 * <pre>{@code
 * try (Storage s3 = new S3Storage(StorageOptions.builder().s3Region("us-east-1").build())) {
 *   List<StorageEntry> files = s3.list("s3://my-bucket/trips/");
 * }
 * }</pre>
 */
public final class S3Storage implements Storage {
  private final S3FileSystem fileSystem;
  private final int listPageSize;

  /** A storage with a client configured by {@code options}. */
  public S3Storage(StorageOptions options) {
    this(S3FileSystem.create(s3Options(options)), options.listPageSize());
  }

  /** A storage over {@code fileSystem}, which it closes when closed. */
  public S3Storage(S3FileSystem fileSystem, int listPageSize) {
    this.fileSystem = Objects.requireNonNull(fileSystem, "fileSystem");
    this.listPageSize = listPageSize;
  }

  /** The {@link S3Options} that {@code options} describe. */
  public static S3Options s3Options(StorageOptions options) {
    S3Options.Builder b = S3Options.builder()
        .readOptions(options.readOptions())
        .addressing(options.s3PathStyle() ? S3Options.Addressing.PATH_STYLE : S3Options.Addressing.VIRTUAL_HOSTED);
    URI endpoint = options.s3Endpoint();
    if (endpoint != null) {
      b.endpoint(endpoint);
    }
    if (options.s3Region() != null) {
      b.region(options.s3Region());
    } else if (endpoint != null) {
      // an S3-compatible server ignores the region, but the SDK signs with one
      b.region("us-east-1");
    }
    switch (options.credentials()) {
      case ANONYMOUS -> b.credentials(S3Options.Credentials.ANONYMOUS);
      case STATIC -> b.credentialsProvider(StaticCredentialsProvider.create(
          AwsBasicCredentials.create(options.accessKeyId(), options.secretAccessKey())));
      case DEFAULT_CHAIN -> b.credentials(S3Options.Credentials.DEFAULT_CHAIN);
    }
    return b.build();
  }

  public S3FileSystem fileSystem() {
    return fileSystem;
  }

  /** @throws IllegalArgumentException if {@code location} is not {@code s3://bucket/key} */
  @Override
  public InputFile open(String location, IoStatistics statistics) {
    return fileSystem.open(S3Location.parse(location), statistics);
  }

  /** Without a request when {@code tail} describes {@code entry} (see {@link Storage}). */
  @Override
  public InputFile open(StorageEntry entry, RemoteInputFile.Tail tail, IoStatistics statistics) throws IOException {
    if (tail == null || !tail.describes(entry)) {
      return open(entry, statistics);
    }
    return fileSystem.open(S3Location.parse(entry.location()), tail, statistics);
  }

  @Override
  public List<StorageEntry> list(String location, IoStatistics statistics) {
    S3Location root = S3Location.parse(location);
    boolean directory = root.key().isEmpty() || root.key().endsWith("/");
    List<S3ObjectInfo> objects = fileSystem.list(root, listPageSize, statistics);
    List<StorageEntry> out = new ArrayList<>();
    if (!directory) {
      for (S3ObjectInfo o : objects) {
        if (o.location().key().equals(root.key())) {
          return List.of(entry(location, o));
        }
      }
    }
    // keys below the prefix taken as a directory, named from the location as given
    String dirKey = directory ? root.key() : root.key() + "/";
    String base = directory ? location : location + "/";
    for (S3ObjectInfo o : objects) {
      String key = o.location().key();
      if (key.startsWith(dirKey) && key.length() > dirKey.length() && !key.endsWith("/")) {
        out.add(entry(base + key.substring(dirKey.length()), o));
      }
    }
    if (out.isEmpty()) {
      MissingFileException e = new MissingFileException("no object and nothing below " + location, null);
      e.locate(ErrorLocation.ofFile(location));
      throw e;
    }
    return out;
  }

  private static StorageEntry entry(String location, S3ObjectInfo o) {
    String version = o.etag() != null ? o.etag() : o.lastModified() == null ? null : o.lastModified().toString();
    return new StorageEntry(location, o.size(), version);
  }

  @Override
  public void close() {
    fileSystem.close();
  }

  @Override
  public String toString() {
    return "S3 (" + fileSystem.options().endpoint() + ")";
  }
}
