package org.parquetarrow.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.apache.arrow.vector.types.pojo.Field;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.ParquetFooter;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.schema.SchemaMapping;

/**
 * Prints what a Parquet file holds: writer, rows, row groups, the Parquet schema tree and the Arrow
 * schema it reads as. A stop-gap until the {@code parquet-arrow} command lands; it reads only the
 * footer, never the data.
 *
 * <pre>
 * mvn -q -pl parquet-arrow-core exec:java -Dexec.args=FILE.parquet
 * </pre>
 */
public final class ShowSchema {
  private ShowSchema() {}

  public static void main(String[] args) {
    if (args.length == 0) {
      System.err.println("usage: ShowSchema FILE.parquet [FILE.parquet ...]");
      System.exit(2);
    }
    int failures = 0;
    for (String arg : args) {
      try {
        describe(Path.of(arg), System.out);
      } catch (ParquetException | IOException e) {
        System.err.println(arg + ": " + e.getMessage());
        failures++;
      }
    }
    if (failures > 0) {
      System.exit(1);
    }
  }

  /** Writes the description of {@code file} to {@code out}. */
  public static void describe(Path file, PrintStream out) throws IOException {
    FileMetaData md;
    try (LocalInputFile in = LocalInputFile.open(file)) {
      md = ParquetFooter.read(in).metadata();
    }
    long rows = 0;
    for (RowGroup rg : md.rowGroups()) {
      rows += rg.numRows();
    }
    ParquetSchema schema = ParquetSchema.fromElements(md.schema());
    SchemaMapping mapping = ArrowSchemaConverter.toArrow(md, ArrowReadOptions.defaults());
    out.println("file:        " + file);
    out.println("created by:  " + md.createdBy());
    out.println("rows:        " + rows + " in " + md.rowGroups().size() + " row group(s)");
    out.println("columns:     " + schema.columnCount() + " leaf column(s)");
    out.println();
    out.println("Parquet schema:");
    out.println(schema);
    out.println();
    out.println("Arrow schema:");
    for (Field f : mapping.arrowSchema().getFields()) {
      out.println("  " + f);
    }
  }
}
