package org.parquetarrow.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import org.apache.arrow.memory.BufferAllocator;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/** Opens a {@link ParquetFileReader} for a command, turning bad arguments into input errors. */
final class ReaderOpener {
  private ReaderOpener() {}

  /**
   * @param columns top-level names or dotted leaf paths, empty for all
   * @param executor where columns are decoded in parallel, or {@code null}
   */
  static ParquetFileReader open(Path file, BufferAllocator allocator, String[] columns, int batchSize,
      Executor executor) {
    return open(file, allocator, columns, batchSize, executor, null);
  }

  /**
   * @param columns top-level names or dotted leaf paths, empty for all
   * @param executor where columns are decoded in parallel, or {@code null}
   * @param keys the keys of an encrypted file ({@link DecryptionMixin#properties()}), or {@code null}
   */
  static ParquetFileReader open(Locations locations, String location, BufferAllocator allocator, String[] columns,
      int batchSize, Executor executor, FileDecryptionProperties keys) {
    return open(locations, location, allocator, columns, batchSize, executor, keys, 1);
  }

  /**
   * @param lanes {@link ReadOptions.Builder#parallelism(int)} ({@code --lanes}), at least 1
   */
  static ParquetFileReader open(Locations locations, String location, BufferAllocator allocator, String[] columns,
      int batchSize, Executor executor, FileDecryptionProperties keys, int lanes) {
    if (!Locations.isRemote(location)) {
      return open(org.parquetarrow.io.LocalStorage.path(location), allocator, columns, batchSize, executor, keys,
          lanes);
    }
    ReadOptions options = options(location, allocator, columns, batchSize, executor, keys, lanes);
    try {
      // the file belongs to locations, closed after the reader
      return ParquetFileReader.open(locations.open(location), options);
    } catch (IllegalArgumentException e) {
      throw new UserInputException(location + ": " + e.getMessage(), e);
    }
  }

  private static ReadOptions options(String file, BufferAllocator allocator, String[] columns, int batchSize,
      Executor executor, FileDecryptionProperties keys, int lanes) {
    if (batchSize < 1) {
      throw new UserInputException("--batch-size must be positive, not " + batchSize);
    }
    ReadOptions.Builder b = ReadOptions.builder(allocator).batchSize(batchSize).executor(executor).decryption(keys)
        .parallelism(lanes);
    if (columns != null && columns.length > 0) {
      b.columns(columns);
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new UserInputException(file + ": " + e.getMessage(), e);
    }
  }

  static ParquetFileReader open(Path file, BufferAllocator allocator, String[] columns, int batchSize,
      Executor executor, FileDecryptionProperties keys) {
    return open(file, allocator, columns, batchSize, executor, keys, 1);
  }

  static ParquetFileReader open(Path file, BufferAllocator allocator, String[] columns, int batchSize,
      Executor executor, FileDecryptionProperties keys, int lanes) {
    if (batchSize < 1) {
      throw new UserInputException("--batch-size must be positive, not " + batchSize);
    }
    if (!Files.exists(file)) {
      throw new UserInputException(file + ": no such file");
    }
    ReadOptions.Builder b = ReadOptions.builder(allocator).batchSize(batchSize).executor(executor).decryption(keys)
        .parallelism(lanes);
    if (columns != null && columns.length > 0) {
      b.columns(columns);
    }
    try {
      return ParquetFileReader.open(file, b.build());
    } catch (IllegalArgumentException e) {
      throw new UserInputException(file + ": " + e.getMessage(), e);
    }
  }
}
