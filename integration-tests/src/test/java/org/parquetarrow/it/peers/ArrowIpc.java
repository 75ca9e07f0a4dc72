package org.parquetarrow.it.peers;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/** Tables as Arrow IPC streams: how the JNI peers (Arrow C++, DuckDB) take their input. */
public final class ArrowIpc {
  private ArrowIpc() {}

  /** The parts, one record batch each, as an IPC stream. */
  public static byte[] stream(List<Table> parts, BufferAllocator allocator) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (VectorSchemaRoot first = parts.get(0).toRoot(allocator);
        ArrowStreamWriter w = new ArrowStreamWriter(first, null, out)) {
      w.start();
      w.writeBatch();
      for (Table part : parts.subList(1, parts.size())) {
        try (VectorSchemaRoot next = part.toRoot(allocator)) {
          // the writer sends whatever its root holds: move the next part's buffers in
          try (ArrowRecordBatch batch = new VectorUnloader(next).getRecordBatch()) {
            new VectorLoader(first).load(batch);
          }
        }
        w.writeBatch();
      }
      w.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  public static ArrowStreamReader reader(byte[] ipc, BufferAllocator allocator) {
    return new ArrowStreamReader(new ByteArrayInputStream(ipc), allocator);
  }
}
