package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Issue 13, item 2: a failed write never publishes a file. Before, a try-with-resources block
 * around a write that threw (a null in a non-nullable field, a batch with the wrong number of
 * fields) committed the rows written so far (or none) at the destination.
 */
class FailedWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** How the second batch fails. */
  enum Failure {
    /** The batch's field {@code f} has another type. */
    TYPE_MISMATCH,
    /** Field {@code f} is not nullable and the batch holds a null in it. */
    NULL_IN_NON_NULLABLE,
    /** The batch has one field more than the writer's schema. */
    EXTRA_FIELD
  }

  static Stream<Arguments> cases() {
    List<Arguments> all = new ArrayList<>();
    for (WriterTypeCases.Case c : WriterTypeCases.all()) {
      for (Failure f : Failure.values()) {
        // the null type is always nullable: the writer refuses a non-nullable one at open
        if (!(c.nullType() && f == Failure.NULL_IN_NON_NULLABLE)) {
          all.add(Arguments.of(c, f));
        }
      }
    }
    return all.stream();
  }

  private static Schema schema(WriterTypeCases.Case c, Failure failure) {
    return new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
        c.field(failure != Failure.NULL_IN_NON_NULLABLE)));
  }

  /** The batch that fails the writer, after a good one. */
  private VectorSchemaRoot failing(WriterTypeCases.Case c, Failure failure) {
    Schema schema = schema(c, failure);
    Field id = schema.getFields().get(0);
    return switch (failure) {
      case TYPE_MISMATCH -> WriterTypeCases.batch(memory.allocator(), new Schema(List.of(id, c.wrongField())), 3,
          null);
      case NULL_IN_NON_NULLABLE -> WriterTypeCases.batch(memory.allocator(), schema, 3, "f");
      case EXTRA_FIELD -> WriterTypeCases.batch(memory.allocator(), new Schema(List.of(id,
          schema.getFields().get(1), Field.nullable("g", ArrowType.Utf8.INSTANCE))), 3, null);
    };
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void tryWithResourcesAroundAFailedWriteLeavesNoFile(WriterTypeCases.Case c, Failure failure) throws Exception {
    Schema schema = schema(c, failure);
    Path file = dir.resolve("out.parquet");
    try (DictionaryProvider.MapDictionaryProvider dictionaries = WriterTypeCases.dictionaries(memory.allocator());
        VectorSchemaRoot good = WriterTypeCases.batch(memory.allocator(), schema, 3, null);
        VectorSchemaRoot bad = failing(c, failure)) {
      RuntimeException e = assertThrows(RuntimeException.class, () -> {
        try (ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, dictionaries,
            WriterProperties.defaults())) {
          w.write(good);
          w.write(bad);
        }
      });
      if (failure == Failure.NULL_IN_NON_NULLABLE) {
        assertInstanceOf(IllegalArgumentException.class, e);
        assertTrue(e.getMessage().contains("f") && e.getMessage().contains("null"), e.getMessage());
      } else {
        assertInstanceOf(SchemaMismatchException.class, e);
      }
      // close() said why it published nothing, and the write's failure stays the one thrown
      assertEquals(1, e.getSuppressed().length, "close() threw");
      WriterFailedException closing = assertInstanceOf(WriterFailedException.class, e.getSuppressed()[0]);
      assertSame(e, closing.getCause());
      String why = e instanceof SchemaMismatchException m ? m.problem() : e.getMessage();
      assertTrue(closing.getMessage().contains(e.getClass().getSimpleName() + ": " + why), closing.getMessage());
    }
    assertNoFile(file);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("org.parquetarrow.write.WriterSchemaCheckTest#cases")
  void aWriterWithoutFailurePublishesAsBefore(WriterTypeCases.Case c) throws Exception {
    Schema schema = schema(c, Failure.TYPE_MISMATCH);
    Path file = dir.resolve("out.parquet");
    try (DictionaryProvider.MapDictionaryProvider dictionaries = WriterTypeCases.dictionaries(memory.allocator());
        VectorSchemaRoot good = WriterTypeCases.batch(memory.allocator(), schema, 3, null);
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, dictionaries,
            WriterProperties.defaults())) {
      w.write(good);
      w.write(good);
    }
    assertEquals(6, rowsIn(file, memory.allocator()));
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(file), s.toList(), "the file alone, no temporary file");
    }
  }

  @Test
  void rowsWrittenBeforeTheFailureAreNotPublishedAndLaterCallsNameTheFailure() throws Exception {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.notNullable("name", ArrowType.Utf8.INSTANCE)));
    Path file = dir.resolve("out.parquet");
    try (VectorSchemaRoot good = WriterTypeCases.batch(memory.allocator(), schema, 3, null);
        VectorSchemaRoot withNull = WriterTypeCases.batch(memory.allocator(), schema, 3, "name")) {
      ParquetFileWriter w = ParquetFileWriter.open(file, schema,
          WriterProperties.builder().rowGroupRows(2).build());
      w.write(good);
      w.flushRowGroup(); // whole row groups are in the temporary file already
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(withNull));
      assertTrue(e.getMessage().contains("name"), e.getMessage());
      assertNoFile(file); // aborted at once, not only at close
      WriterFailedException again = assertThrows(WriterFailedException.class, () -> w.write(good));
      assertSame(e, again.getCause());
      assertTrue(again.getMessage().startsWith("cannot write a batch: an earlier failure aborted the writer"),
          again.getMessage());
      assertSame(e, assertThrows(WriterFailedException.class, w::flushRowGroup).getCause());
      assertSame(e, assertThrows(WriterFailedException.class, w::close).getCause());
      w.close(); // said once: close() stays idempotent
      assertSame(e, assertThrows(WriterFailedException.class, () -> w.write(good)).getCause(), "still failed");
    }
    assertNoFile(file);
  }

  @Test
  void abortAfterAFailureClosesQuietly() throws Exception {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true))));
    Path file = dir.resolve("out.parquet");
    try (VectorSchemaRoot withNull = WriterTypeCases.batch(memory.allocator(), schema, 3, "id")) {
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        assertThrows(IllegalArgumentException.class, () -> w.write(withNull));
        w.abort(); // the caller has handled the failure: the implicit close() does not throw
      }
    }
    assertNoFile(file);
  }

  @Test
  void writeAllPublishesNothingWhenABatchFails() throws Exception {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true))));
    Path file = dir.resolve("all.parquet");
    try (VectorSchemaRoot good = WriterTypeCases.batch(memory.allocator(), schema, 3, null);
        VectorSchemaRoot withNull = WriterTypeCases.batch(memory.allocator(), schema, 3, "id");
        ArrowReader reader = new Batches(memory.allocator(), schema, List.of(good, withNull))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> ParquetFileWriter.writeAll(reader, file, WriterProperties.defaults()));
      assertTrue(e.getMessage().contains("id"), e.getMessage());
    }
    assertNoFile(file);
  }

  private void assertNoFile(Path file) throws IOException {
    assertFalse(Files.exists(file), "nothing at the destination");
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(), s.toList(), "no temporary file left");
    }
  }

  private static long rowsIn(Path file, BufferAllocator allocator) {
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(allocator).build())) {
      return r.metadata().numRows();
    }
  }

  /** An {@link ArrowReader} over batches held in memory (copied into its own root one by one). */
  private static final class Batches extends ArrowReader {
    private final Schema schema;
    private final List<VectorSchemaRoot> batches;
    private int next;

    Batches(BufferAllocator allocator, Schema schema, List<VectorSchemaRoot> batches) {
      super(allocator);
      this.schema = schema;
      this.batches = batches;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      if (next == batches.size()) {
        return false;
      }
      VectorSchemaRoot from = batches.get(next++);
      VectorSchemaRoot to = getVectorSchemaRoot();
      for (int i = 0; i < from.getFieldVectors().size(); i++) {
        to.getVector(i).clear();
        from.getVector(i).makeTransferPair(to.getVector(i)).splitAndTransfer(0, from.getRowCount());
      }
      to.setRowCount(from.getRowCount());
      return true;
    }

    @Override
    public long bytesRead() {
      return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
      return schema;
    }
  }
}
