package org.parquetarrow.bench.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.bench.ParquetArrowScan;
import org.parquetarrow.bench.ScanResult;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peers.PeerTableResult.WriteRow;
import org.parquetarrow.bench.write.ArrowCppWrite;
import org.parquetarrow.bench.write.InMemoryBatches;
import org.parquetarrow.bench.write.ParquetArrowWrite;
import org.parquetarrow.bench.write.ParquetJavaWrite;
import org.parquetarrow.format.CompressionCodec;

/**
 * Single-threaded writes of one data set, UNCOMPRESSED and SNAPPY, by every writer, interleaved
 * round by round. The Java writers and Arrow C++ write the same in-memory Arrow batches (read once
 * by parquet-arrow); DuckDB writes the same rows from a table in its own memory. Each writer runs
 * at its defaults apart from the codec; Arrow C++'s JNI writer has no codec option, so it appears
 * in the UNCOMPRESSED row only. Every file written in the last round is read back by parquet-arrow
 * and must give the input's row count and checksum.
 */
final class WriteSection {
  /** The codecs of the table, in row order. */
  static final List<CompressionCodec> CODECS = List.of(CompressionCodec.UNCOMPRESSED, CompressionCodec.SNAPPY);

  private WriteSection() {}

  static List<WriteRow> measure(BenchDataset dataset, Path source, Path outDir, BufferAllocator allocator,
      DuckDb duckDb, int warmups, int runs) throws Exception {
    List<WriteRow> rows = new ArrayList<>();
    duckDb.load(source);
    try (InMemoryBatches data = InMemoryBatches.read(source, allocator, Peers.BATCH_SIZE)) {
      BatchDigest input = new BatchDigest();
      for (VectorSchemaRoot b : data.batches()) {
        input.add(b);
      }
      for (CompressionCodec codec : CODECS) {
        Map<String, Path> outs = new LinkedHashMap<>();
        Map<String, Interleaved.Task> tasks = new LinkedHashMap<>();
        addTask(tasks, outs, outDir, dataset, codec, Peers.OURS,
            out -> ParquetArrowWrite.write(data, out, codec));
        if (codec == CompressionCodec.UNCOMPRESSED) {
          addTask(tasks, outs, outDir, dataset, codec, Peers.ARROW_CPP,
              out -> ArrowCppWrite.write(data, allocator, out));
        }
        addTask(tasks, outs, outDir, dataset, codec, Peers.PARQUET_JAVA,
            out -> ParquetJavaWrite.write(data, dataset.schema(), out, CompressionCodecName.valueOf(codec.name())));
        addTask(tasks, outs, outDir, dataset, codec, Peers.DUCKDB, out -> duckDb.write(out, codec.name()));
        Map<String, Runs> times = Interleaved.time(tasks, warmups, runs);
        Map<String, Long> sizes = new LinkedHashMap<>();
        for (Map.Entry<String, Path> out : outs.entrySet()) {
          ScanResult back = ParquetArrowScan.scan(out.getValue(), allocator, Peers.BATCH_SIZE);
          String what = "file read back (" + codec + ")";
          PeerMismatchException.requireEqual(out.getKey(), what + " rows", input.rows(), back.rows());
          PeerMismatchException.requireEqual(out.getKey(), what + " checksum",
              Long.toHexString(input.checksum()), Long.toHexString(back.checksum()));
          sizes.put(out.getKey(), Files.size(out.getValue()));
          Files.delete(out.getValue());
        }
        rows.add(new WriteRow(dataset.name(), codec.name(), data.rows(), data.arrowBytes() / 1e6, times, sizes));
      }
    } finally {
      duckDb.unload();
    }
    return rows;
  }

  private interface Writer {
    void write(Path out) throws Exception;
  }

  private static void addTask(Map<String, Interleaved.Task> tasks, Map<String, Path> outs, Path outDir,
      BenchDataset dataset, CompressionCodec codec, String peer, Writer writer) {
    Path out = outDir.resolve((dataset.name() + "-" + codec.name() + "-" + peer)
        .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]+", "-") + ".parquet");
    outs.put(peer, out);
    tasks.put(peer, new Interleaved.Task() {
      @Override
      public void prepare() throws Exception {
        Files.deleteIfExists(out);
      }

      @Override
      public void run() throws Exception {
        writer.write(out);
      }
    });
  }
}
