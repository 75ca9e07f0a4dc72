package org.parquetarrow.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * An Arrow IPC file (or a stream on stdin) read batch by batch for {@code from-arrow}, where a
 * malformed file is the user's input: every failure of Arrow's reader, checked or not (a garbled
 * flatbuffer surfaces from Arrow Java as an {@code IndexOutOfBoundsException}), becomes a {@link
 * UserInputException} naming the input and the batch.
 */
final class IpcInput implements AutoCloseable {
  private final String name;
  private final BufferAllocator memory;
  private final ArrowReader reader;
  private final VectorSchemaRoot root;
  private long batches;
  private boolean broken;

  private IpcInput(String name, BufferAllocator memory, ArrowReader reader, VectorSchemaRoot root) {
    this.name = name;
    this.memory = memory;
    this.reader = reader;
    this.root = root;
  }

  /** Opens {@code in} ({@code -}: stdin) and reads its schema. */
  static IpcInput open(String in, InputStream stdin) {
    BufferAllocator memory = new RootAllocator();
    ArrowReader reader = null;
    try {
      reader = "-".equals(in) ? new ArrowStreamReader(stdin, memory)
          : new ArrowFileReader(FileChannel.open(Path.of(in), StandardOpenOption.READ), memory);
      return new IpcInput(in, memory, reader, reader.getVectorSchemaRoot());
    } catch (NoSuchFileException e) {
      memory.close();
      throw new UserInputException(in + ": no such file", e);
    } catch (IOException | RuntimeException e) {
      closeQuietly(reader);
      memory.close();
      throw new UserInputException(in + ": cannot read Arrow IPC: " + reason(e), e);
    }
  }

  /** The reader: its root holds the current batch; it is also the batches' dictionary provider. */
  ArrowReader reader() {
    return reader;
  }

  VectorSchemaRoot root() {
    return root;
  }

  /** The number of record batches the input says it holds, when it says (a file); else -1. */
  long declaredBatches() {
    try {
      return reader instanceof ArrowFileReader f ? f.getRecordBlocks().size() : -1;
    } catch (IOException | RuntimeException e) {
      broken = true;
      throw new UserInputException(name + ": cannot read Arrow IPC footer: " + reason(e), e);
    }
  }

  /** Loads the next batch into {@link #root()}; false after the last. */
  boolean next() {
    try {
      boolean more = reader.loadNextBatch();
      if (more) {
        batches++;
      }
      return more;
    } catch (IOException | RuntimeException e) {
      broken = true;
      throw new UserInputException(name + ": cannot read Arrow IPC record batch " + (batches + 1) + ": "
          + reason(e), e);
    }
  }

  private static String reason(Exception e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? "malformed (" + e.getClass().getSimpleName() + ")" : m;
  }

  @Override
  public void close() throws IOException {
    try {
      reader.close();
    } finally {
      // Arrow Java (19) does not release a message's buffer when the message turns out malformed
      // (MessageSerializer.deserializeRecordBatch): that buffer is out of reach, and closing the
      // allocator over it would only log a leak at the user after the real error. The command ends
      // right after, so that one allocator is left to the process; a clean read closes it.
      if (!broken || memory.getAllocatedMemory() == 0) {
        memory.close();
      }
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception ignored) {
        // the open's failure is the one reported
      }
    }
  }
}
