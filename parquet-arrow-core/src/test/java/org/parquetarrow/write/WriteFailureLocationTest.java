package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.testing.LeakCheckingAllocator;

/** An output that fails mid-file: the error says which file, row group, column and offset. */
class WriteFailureLocationTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** Takes {@code capacity} bytes, then fails every write. */
  private static final class FailingOutput implements OutputFile {
    private final long capacity;
    /** When not null, {@code commit} fails with this reason (an upload that cannot complete). */
    String commitFailure;
    boolean closed;
    boolean committed;

    FailingOutput(long capacity) {
      this.capacity = capacity;
    }

    @Override
    public String name() {
      return "failing.parquet";
    }

    @Override
    public AtomicOutput create() {
      return new AtomicOutput() {
        long position;

        @Override
        public void write(byte[] src, int off, int len) throws IOException {
          if (position + len > capacity) {
            throw new IOException("disk full");
          }
          position += len;
        }

        @Override
        public long position() {
          return position;
        }

        @Override
        public void commit() throws IOException {
          if (commitFailure != null) {
            throw new IOException(commitFailure);
          }
          committed = true;
        }

        @Override
        public void close() {
          closed = true;
        }
      };
    }
  }

  @Test
  void aFailedRowGroupNamesFileRowGroupAndColumn() {
    Schema schema = new Schema(List.of(Field.notNullable("a", new ArrowType.Int(64, true)),
        Field.notNullable("b", new ArrowType.Int(64, true))));
    // room for the magic and column a's 100 PLAIN longs with their headers, not for column b
    FailingOutput file = new FailingOutput(4 + 800 + 200);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      for (int c = 0; c < 2; c++) {
        BigIntVector v = (BigIntVector) root.getVector(c);
        v.allocateNew(100);
        for (int i = 0; i < 100; i++) {
          v.set(i, i * 7919L * (c + 1));
        }
      }
      root.setRowCount(100);
      ParquetFileWriter w = ParquetFileWriter.open(file, schema,
          WriterProperties.builder().dictionary(false).statistics(false).build());
      w.write(root);
      ParquetIOException e = assertThrows(ParquetIOException.class, w::flushRowGroup);
      assertEquals("failing.parquet", e.location().file());
      assertEquals(0, e.location().rowGroup());
      assertEquals("b", e.location().column());
      assertTrue(e.location().offset() > 800, e.getMessage());
      assertTrue(e.getCause().getMessage().contains("disk full"));
      // the storage's reason is in the message itself: the command line prints no causes
      assertTrue(e.getMessage().startsWith("cannot write a column chunk: disk full"), e.getMessage());
      assertTrue(file.closed, "the output is released");
      assertTrue(!file.committed, "nothing is published");
      // closing after the failure says why nothing was published
      WriterFailedException closing = assertThrows(WriterFailedException.class, w::close);
      assertSame(e, closing.getCause());
      assertTrue(!file.committed, "still nothing published");
    }
  }

  @Test
  void anOutputThatCannotBePublishedSaysWhyInTheMessage() {
    Schema schema = new Schema(List.of(Field.notNullable("a", new ArrowType.Int(64, true))));
    FailingOutput file = new FailingOutput(Long.MAX_VALUE);
    file.commitFailure = "cannot complete the upload of s3://b/k: no AWS credentials found";
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      BigIntVector v = (BigIntVector) root.getVector(0);
      v.allocateNew(3);
      for (int i = 0; i < 3; i++) {
        v.set(i, i);
      }
      root.setRowCount(3);
      ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults());
      w.write(root);
      ParquetIOException e = assertThrows(ParquetIOException.class, w::close);
      assertTrue(e.getMessage().startsWith("cannot write the indexes and footer: cannot complete the upload of"
          + " s3://b/k: no AWS credentials found"), e.getMessage());
      assertEquals("failing.parquet", e.location().file());
      assertTrue(file.closed, "the output is released");
      assertTrue(!file.committed, "nothing is published");
    }
  }
}
