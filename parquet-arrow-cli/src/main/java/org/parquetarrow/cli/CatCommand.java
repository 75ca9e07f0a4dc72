package org.parquetarrow.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.parquetarrow.read.ReadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code cat FILE [--columns …] [--json]}: every row, as JSON lines (one object per row: structs as
 * objects, lists as arrays, maps as objects, binaries as base64 strings) or, without
 * {@code --json}, as tab-separated cells.
 */
@Command(name = "cat", mixinStandardHelpOptions = true,
    description = "Print every row: JSON lines with --json (binary values base64), else tab-separated.")
final class CatCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file: a path, s3://bucket/key or http(s)://host/file.parquet.")
  String file;

  @Option(names = "--columns", split = ",", paramLabel = "COL",
      description = "Top-level fields or dotted leaf paths to print, in the order given (a name given twice comes once; default all, in file order).")
  String[] columns = new String[0];

  @Option(names = "--json", description = "One JSON object per row.")
  boolean json;

  @Mixin LanesMixin lanes;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    DatasetDirectories.refuse(file, "to read the dataset in it (its files, key=value directories as columns) run:"
        + " parquet-arrow scan DIR --limit 10 (all its rows: scan DIR" + (json ? " --json" : "") + ")");
    PrintWriter out = spec.commandLine().getOut();
    // rows go to the output as they are generated, not through a String of the whole row: a value
    // of a gigabyte would otherwise be held three times over (text, JSON string, encoded line)
    ObjectWriter rowWriter = new ObjectMapper().writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
        .without(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
    try (Locations locations = storage.locations();
        BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ReaderOpener.open(locations, file, allocator, columns, ReadOptions.DEFAULT_BATCH_SIZE, null, keys.properties(),
            lanes.lanes)) {
      List<String> names = new ArrayList<>();
      for (Field f : reader.arrowSchema().getFields()) {
        names.add(f.getName());
      }
      if (!json) {
        out.println(String.join("\t", names));
      }
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          ValueJson values = new ValueJson(reader.dictionaries());
          List<FieldVector> vectors = batch.getFieldVectors();
          for (int r = 0; r < batch.getRowCount(); r++) {
            if (json) {
              ObjectNode row = JsonNodeFactory.instance.objectNode();
              for (int c = 0; c < vectors.size(); c++) {
                row.set(names.get(c), values.value(vectors.get(c), r));
              }
              rowWriter.writeValue(out, row);
              out.println();
            } else {
              StringBuilder line = new StringBuilder();
              for (int c = 0; c < vectors.size(); c++) {
                var v = values.value(vectors.get(c), r);
                if (c > 0) {
                  line.append('\t');
                }
                line.append(v.isTextual() ? v.asText().replace('\t', ' ').replace('\n', ' ') : v.toString());
              }
              out.println(line);
            }
          }
        }
      }
    }
    out.flush();
    return 0;
  }
}
