package org.parquetarrow.bench.data;

import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * The parquet-java writer builder for an {@link EmitterWriteSupport}: records are row numbers that
 * a {@link RowEmitter} turns into record-consumer calls (generated rows, or rows of Arrow batches).
 *
 * <pre>{@code
 * try (ParquetWriter<Long> w = new EmitterParquetWriter(file, schema, emitter).build()) {
 *   w.write(0L);
 * }
 * }</pre>
 */
public final class EmitterParquetWriter extends ParquetWriter.Builder<Long, EmitterParquetWriter> {
  private final MessageType schema;
  private final RowEmitter emitter;

  public EmitterParquetWriter(OutputFile file, MessageType schema, RowEmitter emitter) {
    super(file);
    this.schema = schema;
    this.emitter = emitter;
  }

  @Override
  protected EmitterParquetWriter self() {
    return this;
  }

  @Override
  protected WriteSupport<Long> getWriteSupport(Configuration conf) {
    return new EmitterWriteSupport(schema, emitter);
  }

  @Override
  protected WriteSupport<Long> getWriteSupport(ParquetConfiguration conf) {
    return new EmitterWriteSupport(schema, emitter);
  }
}
