package org.parquetarrow.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * A wide file written by parquet-java, the peer whose footer parser we measure against: 2,000 leaf
 * columns of mixed types (so every column chunk carries statistics of its own kind) in 10 row
 * groups of 100 rows.
 */
public final class WideFileFixture {
  public static final int COLUMNS = 2000;
  public static final int ROW_GROUPS = 10;
  public static final int ROWS_PER_GROUP = 100;

  private WideFileFixture() {}

  /** Writes the file at {@code path} unless a file is already there; returns {@code path}. */
  public static Path ensure(Path path) throws IOException {
    if (Files.isRegularFile(path) && Files.size(path) > 0) {
      return path;
    }
    Files.createDirectories(path.getParent());
    Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
    MessageType schema = schema();
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    Random random = new Random(42);
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(tmp))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .withCompressionCodec(CompressionCodecName.SNAPPY)
            .withRowGroupRowCountLimit(ROWS_PER_GROUP)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .build()) {
      for (int row = 0; row < ROW_GROUPS * ROWS_PER_GROUP; row++) {
        Group g = groups.newGroup();
        for (int c = 0; c < COLUMNS; c++) {
          String name = name(c);
          switch (c % 6) {
            case 0 -> g.add(name, random.nextInt());
            case 1 -> { if (row % 7 != 0) g.add(name, random.nextLong()); }
            case 2 -> { if (row % 5 != 0) g.add(name, random.nextDouble()); }
            case 3 -> { if (row % 3 != 0) g.add(name, "value-" + random.nextInt(1000)); }
            case 4 -> g.add(name, 18_000 + random.nextInt(3000));
            default -> { if (row % 11 != 0) g.add(name, 1_700_000_000_000_000L + random.nextInt()); }
          }
        }
        writer.write(g);
      }
    }
    Files.move(tmp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return path;
  }

  static MessageType schema() {
    Types.MessageTypeBuilder b = Types.buildMessage();
    for (int c = 0; c < COLUMNS; c++) {
      String name = name(c);
      switch (c % 6) {
        case 0 -> b.primitive(PrimitiveTypeName.INT32, Repetition.REQUIRED).named(name);
        case 1 -> b.primitive(PrimitiveTypeName.INT64, Repetition.OPTIONAL).named(name);
        case 2 -> b.primitive(PrimitiveTypeName.DOUBLE, Repetition.OPTIONAL).named(name);
        case 3 -> b.primitive(PrimitiveTypeName.BINARY, Repetition.OPTIONAL)
            .as(LogicalTypeAnnotation.stringType()).named(name);
        case 4 -> b.primitive(PrimitiveTypeName.INT32, Repetition.OPTIONAL)
            .as(LogicalTypeAnnotation.dateType()).named(name);
        default -> b.primitive(PrimitiveTypeName.INT64, Repetition.OPTIONAL)
            .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS)).named(name);
      }
    }
    return b.named("wide");
  }

  static String name(int c) {
    return String.format("column_%04d", c);
  }
}
