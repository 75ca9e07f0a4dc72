package org.parquetarrow.bench.write;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.parquetarrow.bench.data.EmitterParquetWriter;
import org.parquetarrow.bench.data.RowEmitter;

/**
 * Writes in-memory Arrow batches with parquet-java 1.18's {@code ParquetWriter} at its defaults
 * (1 MB pages, 128 MB row groups, dictionary on, data page v1) and SNAPPY (or a given codec): the data generator's
 * {@link EmitterParquetWriter}, whose records are row numbers of the current batch, emitted into
 * the record consumer straight from the Arrow vectors by {@link ArrowRecordEmitter}. parquet-java
 * has no Arrow or columnar write path; this is its lightest public one (no intermediate record
 * objects).
 *
 * <pre>{@code
 * ParquetJavaWrite.write(batches, parquetSchema, Path.of("out.parquet"));
 * }</pre>
 */
public final class ParquetJavaWrite {
  private ParquetJavaWrite() {}

  /** Writes {@code data}, whose fields follow {@code schema}'s top-level fields in order, SNAPPY-compressed. */
  public static void write(InMemoryBatches data, MessageType schema, Path file) {
    write(data, schema, file, CompressionCodecName.SNAPPY);
  }

  /** Writes {@code data} as {@link #write(InMemoryBatches, MessageType, Path)} does, with {@code codec}. */
  public static void write(InMemoryBatches data, MessageType schema, Path file, CompressionCodecName codec) {
    // the records are row numbers of the current batch, whose emitter is swapped batch by batch
    ArrowRecordEmitter[] current = new ArrowRecordEmitter[1];
    RowEmitter rows = (row, out) -> current[0].write((int) row, out);
    try (ParquetWriter<Long> w = new EmitterParquetWriter(new LocalOutputFile(file), schema, rows)
        .withConf(new PlainParquetConfiguration())
        .withCompressionCodec(codec)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build()) {
      for (VectorSchemaRoot b : data.batches()) {
        current[0] = ArrowRecordEmitter.of(schema, b);
        long n = b.getRowCount();
        for (long i = 0; i < n; i++) {
          w.write(i);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
