package org.parquetarrow.bench.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * A data set held in memory as Arrow batches, the input of every writer in {@link
 * org.parquetarrow.bench.WriteBenchmark}: read once (by parquet-arrow) so that writing measures
 * only the writer.
 *
 * <pre>{@code
 * try (InMemoryBatches data = InMemoryBatches.read(Path.of("numeric.parquet"), allocator, 65_536)) {
 *   ParquetArrowWrite.write(data, Path.of("out.parquet"), CompressionCodec.SNAPPY);
 * }
 * }</pre>
 */
public final class InMemoryBatches implements AutoCloseable {
  private final Schema schema;
  private final List<VectorSchemaRoot> batches;
  private final BufferAllocator allocator;

  private InMemoryBatches(Schema schema, List<VectorSchemaRoot> batches, BufferAllocator allocator) {
    this.schema = schema;
    this.batches = batches;
    this.allocator = allocator;
  }

  /** Every row of {@code file} in batches of {@code batchSize} rows. */
  public static InMemoryBatches read(Path file, BufferAllocator allocator, int batchSize) {
    List<VectorSchemaRoot> batches = new ArrayList<>();
    try (ParquetFileReader reader = ParquetFileReader.open(file,
        ReadOptions.builder(allocator).batchSize(batchSize).build())) {
      VectorSchemaRoot b;
      while ((b = reader.readNextBatch()) != null) {
        batches.add(b);
      }
      return new InMemoryBatches(reader.arrowSchema(), batches, allocator);
    } catch (RuntimeException e) {
      batches.forEach(VectorSchemaRoot::close);
      throw e;
    }
  }

  public Schema schema() {
    return schema;
  }

  public List<VectorSchemaRoot> batches() {
    return batches;
  }

  public long rows() {
    long n = 0;
    for (VectorSchemaRoot b : batches) {
      n += b.getRowCount();
    }
    return n;
  }

  /** Bytes of the Arrow buffers (validity, offsets, data) of every batch: the data a writer consumes. */
  public long arrowBytes() {
    long n = 0;
    for (VectorSchemaRoot b : batches) {
      for (FieldVector v : b.getFieldVectors()) {
        n += v.getBufferSize();
      }
    }
    return n;
  }

  /** A fresh reader over the batches (sharing their buffers), for writers that take an {@link ArrowReader}. */
  public ArrowReader reader() {
    return new BatchListReader(allocator, schema, batches);
  }

  @Override
  public void close() {
    batches.forEach(VectorSchemaRoot::close);
    batches.clear();
  }
}
