package org.parquetarrow.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;

/**
 * Where a command writes Arrow IPC: an IPC file that appears only once complete (written beside
 * it as {@code NAME.partial}, then moved into place), or, for {@code -}, an IPC stream on stdout.
 * Closing without {@link #commit} removes the partial file.
 *
 * <pre>{@code
 * try (ArrowIpcOutput out = ArrowIpcOutput.open("out.arrow");
 *      ArrowWriter w = out.writer(root, null)) {
 *   ...
 *   w.end();
 *   out.commit();
 * }
 * }</pre>
 */
final class ArrowIpcOutput implements AutoCloseable {
  private final String name;
  private final Path target;
  private final Path partial;
  private final WritableByteChannel channel;
  private boolean committed;

  private ArrowIpcOutput(String name, Path target, Path partial, WritableByteChannel channel) {
    this.name = name;
    this.target = target;
    this.partial = partial;
    this.channel = channel;
  }

  /** {@code "-"} for a stream on stdout, otherwise the file to write. */
  static ArrowIpcOutput open(String target) {
    if ("-".equals(target)) {
      return new ArrowIpcOutput(target, null, null, Channels.newChannel(nonClosing(System.out)));
    }
    Path path = Path.of(target).toAbsolutePath();
    Path partial = path.resolveSibling(path.getFileName() + ".partial");
    try {
      return new ArrowIpcOutput(target, path, partial, FileChannel.open(partial, StandardOpenOption.CREATE,
          StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING));
    } catch (IOException e) {
      // said of the file asked for, not of the temporary beside it that the JDK's message names
      throw failure(target, e);
    }
  }

  /** A file writer, or a stream writer on stdout, of {@code root}'s batches. */
  ArrowWriter writer(VectorSchemaRoot root, DictionaryProvider dictionaries) {
    return target == null ? new ArrowStreamWriter(root, dictionaries, channel)
        : new ArrowFileWriter(root, dictionaries, channel);
  }

  /** The file written, or {@code null} for stdout. */
  Path target() {
    return target;
  }

  /** Makes the output final: the file synced and moved into place, or stdout flushed. */
  void commit() {
    try {
      if (channel instanceof FileChannel file) {
        file.force(true);
      }
      channel.close();
      if (target == null) {
        System.out.flush();
      } else {
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
      }
      committed = true;
    } catch (IOException e) {
      throw failure(name, e);
    }
  }

  /** The user-facing error for an I/O failure while writing to {@code target} ({@code -}: stdout). */
  static UserInputException failure(String target, IOException e) {
    return FileErrors.cannotWrite(target, e);
  }

  @Override
  public void close() throws IOException {
    if (committed) {
      return;
    }
    try {
      channel.close();
    } finally {
      if (partial != null) {
        Files.deleteIfExists(partial);
      }
    }
  }

  /** stdout stays open for whoever else writes to it after the stream. */
  private static OutputStream nonClosing(OutputStream s) {
    return new FilterOutputStream(s) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
  }
}
