package org.parquetarrow.bench.write;

import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.write.PageCompression;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Writes in-memory batches with parquet-arrow's writer at its defaults (dictionary on, 1 MiB
 * pages, 1Mi-row row groups, data page v1, statistics and page index on) and the given codec.
 *
 * <pre>{@code
 * ParquetArrowWrite.write(batches, Path.of("out.parquet"), CompressionCodec.SNAPPY);
 * }</pre>
 */
public final class ParquetArrowWrite {
  private ParquetArrowWrite() {}

  public static void write(InMemoryBatches data, Path file, CompressionCodec codec) {
    write(data, file, codec, WriterProperties.builder().build().pageCompression());
  }

  /** As {@link #write(InMemoryBatches, Path, CompressionCodec)}, with pages compressed {@code where}. */
  public static void write(InMemoryBatches data, Path file, CompressionCodec codec, PageCompression where) {
    WriterProperties properties = WriterProperties.builder().codec(codec).pageCompression(where).build();
    try (ParquetFileWriter w = ParquetFileWriter.open(file, data.schema(), properties)) {
      for (VectorSchemaRoot b : data.batches()) {
        w.write(b);
      }
    }
  }
}
