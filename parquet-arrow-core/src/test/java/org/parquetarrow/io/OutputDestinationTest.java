package org.parquetarrow.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/** Where a writer is pointed: a destination that can never be replaced is refused at open. */
class OutputDestinationTest {
  @Test
  void aDirectoryAsTheDestinationIsRefusedAtOpenNamingIt(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("out.parquet");
    Files.createDirectory(target);
    Files.writeString(target.resolve("inside.txt"), "kept");
    Schema schema = new Schema(List.of(Field.nullable("a", new ArrowType.Int(32, true))));

    // before: open succeeded, every row was encoded, and close failed "cannot write the indexes and
    // footer" at the rename, blaming the footer for a destination that was a directory all along
    ParquetIOException e = assertThrows(ParquetIOException.class,
        () -> ParquetFileWriter.open(target, schema, WriterProperties.defaults()));
    assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
    assertEquals(target.toString(), e.location().file());
    assertTrue(Files.isDirectory(target));
    assertEquals("kept", Files.readString(target.resolve("inside.txt")));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(List.of(target), left.toList(), "no temporary left beside it");
    }
  }
}
