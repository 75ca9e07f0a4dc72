package org.parquetarrow.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code to-arrow IN.parquet OUT.arrow [--columns a,b.c] [--batch-size N]}: a Parquet file to an
 * Arrow IPC file, or with {@code -} an IPC stream on stdout. Dictionary fields are written decoded
 * to their value type (the reader gives each batch its own dictionary, which an IPC file cannot
 * hold).
 */
@Command(name = "to-arrow", mixinStandardHelpOptions = true,
    description = "Convert a Parquet file to an Arrow IPC file ('-': an IPC stream on stdout).")
final class ToArrowCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "IN.parquet", description = "The Parquet file.")
  Path in;

  @Parameters(index = "1", paramLabel = "OUT.arrow", description = "The Arrow IPC file to write, or '-' for a stream on stdout.")
  String out;

  @Option(names = "--columns", split = ",", paramLabel = "COL",
      description = "Top-level fields or dotted leaf paths to convert, kept in file order (default all).")
  String[] columns = new String[0];

  @Option(names = "--batch-size", defaultValue = "" + ReadOptions.DEFAULT_BATCH_SIZE, paramLabel = "N",
      description = "Most rows per record batch (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Mixin DecryptionMixin keys;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    boolean toStdout = "-".equals(out);
    PrintWriter err = spec.commandLine().getErr();
    long rows = 0;
    Path target = toStdout ? null : Path.of(out);
    Path partial = toStdout ? null : target.resolveSibling(target.getFileName() + ".partial");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ReaderOpener.open(in, allocator, columns, batchSize, null, keys.properties())) {
      ProgressBar bar = ProgressBar.start(err, "to-arrow", reader.metadata().numRows());
      VectorSchemaRoot first = reader.readNextBatch();
      DictionaryProvider dictionaries = reader.dictionaries();
      Schema schema;
      try {
        schema = PlainBatch.plainSchema(reader.arrowSchema(), dictionaries);
      } catch (RuntimeException e) {
        if (first != null) {
          first.close();
        }
        throw e;
      }
      try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
          WritableByteChannel channel = toStdout ? Channels.newChannel(nonClosing(System.out)) : create(partial);
          ArrowWriter writer = toStdout ? new ArrowStreamWriter(root, null, channel) : new ArrowFileWriter(root, null, channel)) {
        writer.start();
        for (VectorSchemaRoot next = first; next != null; next = reader.readNextBatch()) {
          try (VectorSchemaRoot batch = next;
              VectorSchemaRoot plain = PlainBatch.decode(batch, reader.dictionaries(), allocator)) {
            for (int i = 0; i < schema.getFields().size(); i++) {
              plain.getVector(i).makeTransferPair(root.getVector(i)).transfer();
            }
            root.setRowCount(plain.getRowCount());
            writer.writeBatch();
            rows += plain.getRowCount();
          }
          bar.update(rows, "rows");
        }
        writer.end();
      } finally {
        bar.finish();
      }
    } catch (IOException | RuntimeException e) {
      if (partial != null) {
        Files.deleteIfExists(partial);
      }
      if (e instanceof IOException io) {
        throw new UserInputException((toStdout ? "stdout" : out) + ": cannot write: " + io.getMessage(), io);
      }
      throw e;
    }
    if (partial != null) {
      Files.move(partial, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      PrintWriter o = spec.commandLine().getOut();
      o.printf(Locale.ROOT, "wrote %d rows to %s%n", rows, target);
      o.flush();
    } else {
      System.out.flush();
    }
    return 0;
  }

  private static FileChannel create(Path path) throws IOException {
    return FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING);
  }

  /** stdout stays open for whoever else writes to it after the stream. */
  private static OutputStream nonClosing(OutputStream s) {
    return new java.io.FilterOutputStream(s) {
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
