package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.read.ParquetFileReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code head FILE [-n N] [--columns …]}: the first rows as an aligned table. Cells are shown as in
 * {@code cat --json} (nested values as JSON, binaries base64), strings without quotes, nulls as
 * {@code null}, each cut to {@value #MAX_CELL} characters.
 */
@Command(name = "head", mixinStandardHelpOptions = true,
    description = "Print the first rows as an aligned table (binary values base64).")
final class HeadCommand implements Callable<Integer> {
  static final int MAX_CELL = 40;

  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file: a path, s3://bucket/key or http(s)://host/file.parquet.")
  String file;

  @Option(names = "-n", defaultValue = "10", paramLabel = "N", description = "Rows to show (default ${DEFAULT-VALUE}).")
  int rows;

  @Option(names = "--columns", split = ",", paramLabel = "COL",
      description = "Top-level fields or dotted leaf paths to show, in the order given (a name given twice comes once; default all, in file order).")
  String[] columns = new String[0];

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    if (rows < 0) {
      throw new UserInputException("-n must be at least 0, not " + rows);
    }
    DatasetDirectories.refuse(file, "to read the dataset in it (its files, key=value directories as columns) run:"
        + " parquet-arrow scan DIR --limit " + rows);
    List<String> header = new ArrayList<>();
    List<String[]> cells = new ArrayList<>();
    try (Locations locations = storage.locations();
        BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ReaderOpener.open(locations, file, allocator, columns, Math.max(1, rows), null, keys.properties())) {
      for (Field f : reader.arrowSchema().getFields()) {
        header.add(f.getName());
      }
      while (cells.size() < rows) {
        VectorSchemaRoot batch = reader.readNextBatch();
        if (batch == null) {
          break;
        }
        try (batch) {
          ValueJson json = new ValueJson(reader.dictionaries());
          List<FieldVector> vectors = batch.getFieldVectors();
          for (int r = 0; r < batch.getRowCount() && cells.size() < rows; r++) {
            String[] row = new String[vectors.size()];
            for (int c = 0; c < row.length; c++) {
              row[c] = cell(json.value(vectors.get(c), r));
            }
            cells.add(row);
          }
        }
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    printTable(out, header, cells);
    out.flush();
    return 0;
  }

  static String cell(JsonNode value) {
    String s = value.isTextual() ? value.asText() : value.toString();
    s = s.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
    return s.length() > MAX_CELL ? s.substring(0, MAX_CELL - 1) + "…" : s;
  }

  /** The rows as one {@link RowTable}, every row counting for the column widths. */
  static void printTable(PrintWriter out, List<String> header, List<String[]> cells) {
    RowTable table = new RowTable(out, header, Integer.MAX_VALUE);
    cells.forEach(table::add);
    table.finish();
  }
}
