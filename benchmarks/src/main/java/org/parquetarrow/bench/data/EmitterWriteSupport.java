package org.parquetarrow.bench.data;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-java write support that generates each row on the fly: the generators call the record
 * consumer directly, so writing 10M rows does not build 10M example {@code Group} objects first.
 */
final class EmitterWriteSupport extends WriteSupport<Long> {
  private final MessageType schema;
  private final RowEmitter emitter;
  private RecordConsumer out;

  EmitterWriteSupport(MessageType schema, RowEmitter emitter) {
    this.schema = schema;
    this.emitter = emitter;
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
    this.out = recordConsumer;
  }

  @Override
  public void write(Long row) {
    out.startMessage();
    emitter.write(row, out);
    out.endMessage();
  }
}
