package org.parquetarrow.compress;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.parquetarrow.testing.TestData;

/**
 * Test-only: the values Arrow C++ read from a corpus file (the goldens in {@code
 * parquet-testing/expected/}), as plain Java objects, so that decompressed pages can be checked
 * against a real peer's answer.
 */
final class Goldens {
  private Goldens() {}

  /** Every value of {@code column} in the golden of {@code data/<file>}, over all batches. */
  static List<Object> column(BufferAllocator allocator, String file, String column)
      throws IOException {
    Path ipc = TestData.parquetTesting().resolve("expected").resolve("data__" + file + ".arrow");
    List<Object> values = new ArrayList<>();
    try (SeekableByteChannel channel = Files.newByteChannel(ipc);
        ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
      while (reader.loadNextBatch()) {
        FieldVector v = reader.getVectorSchemaRoot().getVector(column);
        for (int i = 0; i < v.getValueCount(); i++) {
          values.add(v.getObject(i));
        }
      }
    }
    return values;
  }
}
