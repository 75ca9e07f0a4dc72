package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;

/** The values of one column of an Arrow C++ golden IPC file, as Java objects (a peer's answer). */
final class GoldenValues {
  private GoldenValues() {}

  static List<Object> column(Path ipc, String name) throws IOException {
    List<Object> values = new ArrayList<>();
    try (BufferAllocator a = new RootAllocator();
        ArrowFileReader r = new ArrowFileReader(FileChannel.open(ipc, StandardOpenOption.READ), a)) {
      while (r.loadNextBatch()) {
        FieldVector v = r.getVectorSchemaRoot().getVector(name);
        for (int i = 0; i < v.getValueCount(); i++) {
          Object o = v.getObject(i);
          values.add(o == null ? null : o instanceof org.apache.arrow.vector.util.Text t ? t.toString() : o);
        }
      }
    }
    return values;
  }
}
