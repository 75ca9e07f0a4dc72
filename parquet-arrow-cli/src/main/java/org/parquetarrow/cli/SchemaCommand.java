package org.parquetarrow.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.parquetarrow.format.ChunkDecoding;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.SchemaMapping;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code schema FILE}: the Parquet schema tree and the Arrow schema it reads as. */
@Command(name = "schema", mixinStandardHelpOptions = true,
    description = "Print the Parquet schema tree and the Arrow schema it reads as (footer only).")
final class SchemaCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file: a path, s3://bucket/key or http(s)://host/file.parquet.")
  String file;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    DatasetDirectories.refuse(file, "for the dataset's columns (its files' schemas unified, key=value directories"
        + " as columns) run: parquet-arrow scan DIR --limit 0; for one file's Parquet schema: parquet-arrow schema FILE");
    try (Locations locations = storage.locations();
        // the schema needs no column chunk: a wide file's stay undecoded
        OpenedParquet p = OpenedParquet.open(locations, file, keys.properties(), ChunkDecoding.ON_FIRST_ACCESS)) {
      SchemaMapping mapping = ArrowSchemaConverter.toArrow(p.metadata, ArrowReadOptions.defaults());
      PrintWriter out = spec.commandLine().getOut();
      out.println("file:       " + file);
      out.println("created by: " + p.metadata.createdBy());
      out.println("rows:       " + p.rows() + " in " + p.metadata.rowGroups().size() + " row group(s)");
      out.println("columns:    " + p.schema.columnCount() + " leaf column(s)");
      out.println();
      out.println("Parquet schema:");
      out.println(p.schema);
      out.println();
      out.println("Arrow schema:");
      // the fields, not arrowSchema(): Arrow's Schema class would load Jackson (about 570 classes)
      for (FieldMapping f : mapping.fields()) {
        out.println("  " + f.field());
      }
      out.flush();
    }
    return 0;
  }
}
