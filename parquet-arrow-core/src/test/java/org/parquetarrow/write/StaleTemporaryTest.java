package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Issue 19, item 7: a writer killed mid-write ({@code kill -9}) leaves its hidden temporary beside
 * the destination; the next write to the same destination removes it, and nothing else.
 */
class StaleTemporaryTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema SCHEMA = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));

  /** A file of {@code bytes} zeros last modified {@code age} ago. */
  private static Path leftBehind(Path file, Duration age) throws Exception {
    Files.write(file, new byte[4096]);
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
    return file;
  }

  private void write(Path destination) throws Exception {
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(destination, SCHEMA, WriterProperties.defaults())) {
      ((BigIntVector) root.getVector(0)).setSafe(0, 42);
      root.setRowCount(1);
      w.write(root);
    }
  }

  @Test
  void theNextWriteToTheDestinationRemovesADeadWritersTemporary() throws Exception {
    Path out = dir.resolve("out.parquet");
    // the naming LocalOutputFile gives its temporaries: .<name>.<hex>.tmp
    Path dead = leftBehind(dir.resolve(".out.parquet.7f3a9c01d2e4b5a6.tmp"), Duration.ofHours(2));
    Path recent = leftBehind(dir.resolve(".out.parquet.1b.tmp"), Duration.ZERO);
    Path otherDestination = leftBehind(dir.resolve(".other.parquet.7f3a.tmp"), Duration.ofHours(2));
    Path notOurNaming = leftBehind(dir.resolve(".out.parquet.backup.tmp"), Duration.ofHours(2));
    Path live = leftBehind(dir.resolve(".out.parquet.c0ffee.tmp"), Duration.ofHours(2));
    try (FileChannel writing = FileChannel.open(live, StandardOpenOption.WRITE);
        FileLock lock = writing.lock()) {
      // before: nothing was ever removed
      write(out);
    }
    assertFalse(Files.exists(dead), "a dead writer's temporary of the same destination is removed");
    assertTrue(Files.exists(recent), "one modified within a minute may be a writer's still");
    assertTrue(Files.exists(live), "one a writer holds locked is kept however old");
    assertTrue(Files.exists(otherDestination), "another destination's temporaries are its own writes' to clean");
    assertTrue(Files.exists(notOurNaming), "a name not of our pattern is kept");
    assertTrue(Files.size(out) > 0);
    try (var s = Files.list(dir)) {
      assertEquals(5, s.count(), "the destination and the four kept files");
    }
  }
}
