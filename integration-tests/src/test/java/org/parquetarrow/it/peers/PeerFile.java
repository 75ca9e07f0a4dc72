package org.parquetarrow.it.peers;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A Parquet file written by a real peer, with the Arrow data a correct reader must return for it.
 *
 * <pre>{@code
 * try (VectorSchemaRoot expected = f.expected(allocator); ArrowReader actual = ourReader(f.path())) {
 *   ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual), CompareOptions.strict());
 * }
 * }</pre>
 *
 * @param peer the writer: {@code parquet-java}, {@code duckdb} or {@code arrow-cpp}
 * @param variant the writer settings, e.g. {@code v2-zstd-dict}
 * @param path the file
 * @param codec the Parquet compression codec name the file uses (as in the thrift enum)
 * @param table the expected rows, with the Arrow schema expected for this peer's Parquet types
 */
public record PeerFile(String peer, String variant, Path path, String codec, Table table) {

  /** A new root holding the expected data; the caller closes it. */
  public VectorSchemaRoot expected(BufferAllocator allocator) {
    return table.toRoot(allocator);
  }

  public Schema expectedSchema() {
    return table.schema();
  }

  @Override
  public String toString() {
    return peer + "/" + variant;
  }
}
