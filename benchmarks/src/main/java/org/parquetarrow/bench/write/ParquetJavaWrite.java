package org.parquetarrow.bench.write;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes in-memory Arrow batches with parquet-java 1.18's {@code ParquetWriter} at its defaults
 * (1 MB pages, 128 MB row groups, dictionary on, data page v1) and SNAPPY: a {@link WriteSupport}
 * whose records are row numbers of the current batch, emitted into the record consumer straight
 * from the Arrow vectors by {@link ArrowRecordEmitter}. parquet-java has no Arrow or columnar
 * write path; this is its lightest public one (no intermediate record objects).
 *
 * <pre>{@code
 * ParquetJavaWrite.write(batches, parquetSchema, Path.of("out.parquet"));
 * }</pre>
 */
public final class ParquetJavaWrite {
  private ParquetJavaWrite() {}

  /** Writes {@code data}, whose fields follow {@code schema}'s top-level fields in order. */
  public static void write(InMemoryBatches data, MessageType schema, Path file) {
    BatchWriteSupport support = new BatchWriteSupport(schema);
    try (ParquetWriter<Integer> w = new Builder(new LocalOutputFile(file), support)
        .withConf(new PlainParquetConfiguration())
        .withCompressionCodec(CompressionCodecName.SNAPPY)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build()) {
      for (VectorSchemaRoot b : data.batches()) {
        support.emitter = ArrowRecordEmitter.of(schema, b);
        int rows = b.getRowCount();
        for (int i = 0; i < rows; i++) {
          w.write(i);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final class BatchWriteSupport extends WriteSupport<Integer> {
    private final MessageType schema;
    private RecordConsumer out;
    ArrowRecordEmitter emitter;

    BatchWriteSupport(MessageType schema) {
      this.schema = schema;
    }

    @Override
    public WriteContext init(Configuration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      out = recordConsumer;
    }

    @Override
    public void write(Integer row) {
      out.startMessage();
      emitter.write(row, out);
      out.endMessage();
    }
  }

  private static final class Builder extends ParquetWriter.Builder<Integer, Builder> {
    private final BatchWriteSupport support;

    Builder(OutputFile file, BatchWriteSupport support) {
      super(file);
      this.support = support;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<Integer> getWriteSupport(Configuration conf) {
      return support;
    }

    @Override
    protected WriteSupport<Integer> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }
  }
}
