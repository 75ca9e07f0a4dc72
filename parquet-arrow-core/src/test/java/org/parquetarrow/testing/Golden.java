package org.parquetarrow.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What Arrow C++ 18.3 (through arrow-dataset) made of one corpus file: its sidecar facts and,
 * when it read the file, the decoded data as an Arrow IPC file. A golden is a peer's answer, not
 * the spec (see the corpus CATALOG.md for where its type mapping and leniencies differ).
 *
 * <pre>{@code
 * Golden g = Goldens.of(TestData.parquetTesting().resolve("data/alltypes_plain.parquet"));
 * if (g.read()) {
 *   try (ArrowFileReader expected = g.open(allocator); ArrowReader actual = ...) {
 *     ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(actual), options);
 *   }
 * }
 * }</pre>
 *
 * @param source the corpus file
 * @param sidecar its {@code .json} sidecar
 * @param status {@code ok} or {@code error}
 * @param rowCount rows read ({@code -1} unless status is ok)
 * @param schema the Arrow schema Arrow C++ gave the file ({@code null} when it failed before
 *     producing one)
 * @param error the error Arrow C++ raised ({@code null} when status is ok)
 * @param ipcFile the decoded data ({@code null} unless status is ok)
 */
public record Golden(
    Path source, Path sidecar, String status, long rowCount, Schema schema, String error, Path ipcFile) {

  /** Whether Arrow C++ read the file (and {@link #ipcFile()} holds its data). */
  public boolean read() {
    return "ok".equals(status);
  }

  /** Opens the decoded data; the caller closes the reader. */
  public ArrowFileReader open(BufferAllocator allocator) throws IOException {
    if (ipcFile == null) {
      throw new IllegalStateException("Arrow C++ did not read " + source + ": " + error);
    }
    return new ArrowFileReader(Files.newByteChannel(ipcFile), allocator);
  }
}
