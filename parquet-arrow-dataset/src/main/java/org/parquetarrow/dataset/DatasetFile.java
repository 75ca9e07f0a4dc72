package org.parquetarrow.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.LocalStorage;
import org.parquetarrow.io.RemoteInputFile;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.SchemaMapping;

/**
 * One Parquet file of a dataset: where it is, its partition values and its footer.
 *
 * @param entry the file: its location (a local path, or a location of its {@code storage}: {@code
 *     s3://bucket/key}, an {@code https://} URL), and the size and version its footer was read
 *     from, which a scan holds the object to where the storage can (S3: {@code If-Match})
 * @param partitionValues partition column name to value, in the canonical form of the column's
 *     type ({@link org.parquetarrow.dataset.expr.Literal}); a {@code null} value is a null
 *     partition
 * @param footer its parsed footer (with the decryption state of an encrypted file read with keys,
 *     which scans reuse instead of reading the footer again)
 * @param mapping its Parquet-to-Arrow schema mapping
 * @param metadata the footer's metadata with the column metadata of encrypted chunks decrypted
 *     where their keys are known (the footer's own metadata for plaintext files): what pruning reads
 * @param storage where the file is opened from (the caller of discovery closes it)
 * @param tail the last bytes of a remote object as discovery's footer request brought them
 *     ({@code null} for local files, or when discovery kept none): a scan opens the object from
 *     them, without requesting them again
 */
public record DatasetFile(StorageEntry entry, Map<String, Object> partitionValues, ParquetFooter footer,
    SchemaMapping mapping, FileMetaData metadata, Storage storage, RemoteInputFile.Tail tail) {
  public DatasetFile {
    Objects.requireNonNull(entry, "entry");
    Objects.requireNonNull(storage, "storage");
    partitionValues = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(partitionValues));
  }

  /** A file whose footer's request is not kept: a scan opens it with a request of its own. */
  public DatasetFile(StorageEntry entry, Map<String, Object> partitionValues, ParquetFooter footer,
      SchemaMapping mapping, FileMetaData metadata, Storage storage) {
    this(entry, partitionValues, footer, mapping, metadata, storage, null);
  }

  /** A local file. */
  public DatasetFile(Path path, Map<String, Object> partitionValues, ParquetFooter footer, SchemaMapping mapping,
      FileMetaData metadata) {
    this(new StorageEntry(path.toString(), -1, null), partitionValues, footer, mapping, metadata, LocalStorage.instance());
  }

  /** A local file whose metadata is its footer's as read (plaintext, or read without keys). */
  public DatasetFile(Path path, Map<String, Object> partitionValues, ParquetFooter footer, SchemaMapping mapping) {
    this(path, partitionValues, footer, mapping, footer.metadata());
  }

  /** Where the file is: a local path, {@code s3://bucket/key}, a URL. */
  public String location() {
    return entry.location();
  }

  /** Whether the file is on the local file system (so {@link #path()} answers). */
  public boolean isLocal() {
    return storage instanceof LocalStorage;
  }

  /**
   * The local file.
   *
   * @throws IllegalStateException if the file is remote ({@link #location()} names it)
   */
  public Path path() {
    if (!isLocal()) {
      throw new IllegalStateException(location() + " is not a local file");
    }
    return LocalStorage.path(location());
  }

  /**
   * Opens the file from its storage, as the version discovery read (see {@link
   * Storage#open(StorageEntry, RemoteInputFile.Tail, IoStatistics)}: from its {@link #tail()}
   * without a request, when there is one), counting a remote file's requests and bytes into
   * {@code statistics}.
   */
  public InputFile open(IoStatistics statistics) throws IOException {
    return storage.open(entry, tail, statistics);
  }

  /** Rows in the file, from its footer. */
  public long rowCount() {
    return footer.metadata().numRows();
  }
}
