package org.parquetarrow.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
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
  @Parameters(index = "0", paramLabel = "IN.parquet", description = "The Parquet file: a path, s3://bucket/key or http(s)://host/file.parquet.")
  String in;

  @Parameters(index = "1", paramLabel = "OUT.arrow", description = "The Arrow IPC file to write, or '-' for a stream on stdout.")
  String out;

  @Option(names = "--columns", split = ",", paramLabel = "COL",
      description = "Top-level fields or dotted leaf paths to convert, in the order given (a name given twice comes once; default all, in file order).")
  String[] columns = new String[0];

  @Option(names = "--batch-size", defaultValue = "" + ReadOptions.DEFAULT_BATCH_SIZE, paramLabel = "N",
      description = "Most rows per record batch (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Mixin LanesMixin lanes;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    DatasetDirectories.refuse(in, "to convert the dataset in it (its files, key=value directories as columns) run:"
        + " parquet-arrow scan DIR --out " + out + " (or look first: scan DIR --limit 10)");
    PrintWriter err = spec.commandLine().getErr();
    long rows = 0;
    Path target;
    try (Locations locations = storage.locations();
        BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ReaderOpener.open(locations, in, allocator, columns, batchSize, null, keys.properties(), lanes.lanes)) {
      ProgressBar bar = ProgressBar.start(err, "to-arrow", reader.metadata().numRows());
      // read before the schema: a dictionary column's plain type is known once its first batch is
      VectorSchemaRoot first = reader.readNextBatch();
      boolean firstTaken = false;
      try {
        Schema schema = PlainBatch.plainSchema(reader.arrowSchema(), reader.dictionaries());
        try (ArrowIpcOutput output = ArrowIpcOutput.open(out);
            VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
            ArrowWriter writer = output.writer(root, null)) {
          writer.start();
          firstTaken = true;
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
          output.commit();
          target = output.target();
        } catch (IOException e) {
          throw ArrowIpcOutput.failure(out, e);
        }
      } finally {
        bar.finish();
        if (!firstTaken && first != null) {
          first.close(); // the output could not be opened or started
        }
      }
    }
    if (target != null) {
      PrintWriter o = spec.commandLine().getOut();
      o.printf(Locale.ROOT, "wrote %d rows to %s%n", rows, out);
      o.flush();
    }
    return 0;
  }
}
