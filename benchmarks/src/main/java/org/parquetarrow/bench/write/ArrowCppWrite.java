package org.parquetarrow.bench.write;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.dataset.file.DatasetFileWriter;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Writes in-memory batches with Arrow C++ (parquet-cpp-arrow in the arrow-dataset 18.3 JNI
 * bundle) through {@code DatasetFileWriter.write}, the only writer the JNI reaches: it exposes no
 * Parquet option, so files get Arrow C++'s defaults (UNCOMPRESSED, dictionary on, data page v1).
 * The batches are handed over through the C data interface by reference.
 *
 * <pre>{@code
 * ArrowCppWrite.write(batches, allocator, Path.of("out.parquet"));
 * }</pre>
 */
public final class ArrowCppWrite {
  private ArrowCppWrite() {}

  /** Writes one file at {@code file} (the dataset writer makes a directory; its one file is moved there). */
  public static void write(InMemoryBatches data, BufferAllocator allocator, Path file) {
    try {
      Path scratch = Files.createTempDirectory(file.toAbsolutePath().getParent(), "arrow-cpp-write");
      try (ArrowReader reader = data.reader()) {
        DatasetFileWriter.write(allocator, reader, FileFormat.PARQUET, scratch.toUri().toString(),
            new String[0], 1, "part-{i}.parquet");
      }
      List<Path> written;
      try (Stream<Path> s = Files.list(scratch)) {
        written = s.toList();
      }
      if (written.size() != 1) {
        throw new IllegalStateException("Arrow C++ wrote " + written + ", expected one file");
      }
      Files.move(written.get(0), file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      Files.delete(scratch);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
