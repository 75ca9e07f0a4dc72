package org.parquetarrow.bench.peers;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.parquetarrow.bench.WideFileFixture;
import org.parquetarrow.bench.peers.PeerTableResult.FooterRow;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * Warm opens of the 2,000-column, 10-row-group file (the one {@code FooterBenchmark} measures): each
 * reader's public way to open a file and get its schema, so the footer is read and parsed.
 * parquet-arrow: {@code ParquetFileReader.open} and {@code arrowSchema()}; Arrow C++: a
 * {@code FileSystemDatasetFactory} and {@code inspect()} (through JNI, schema handed over as
 * Arrow IPC); parquet-java: {@code ParquetFileReader.readFooter}. Each checks the column count.
 */
final class FooterSection {
  private FooterSection() {}

  static FooterRow measure(Path dataDir, BufferAllocator allocator, int opensPerRun, int warmups, int runs)
      throws Exception {
    Path file = WideFileFixture.ensure(dataDir.resolve("wide-2000x10.parquet"));
    String uri = file.toUri().toString();
    int columns = WideFileFixture.COLUMNS;
    Map<String, Interleaved.Task> tasks = new LinkedHashMap<>();
    tasks.put(Peers.OURS, repeat(opensPerRun, () -> {
      try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(allocator).build())) {
        PeerMismatchException.requireEqual(Peers.OURS, "columns", columns, r.arrowSchema().getFields().size());
      }
    }));
    tasks.put(Peers.ARROW_CPP, repeat(opensPerRun, () -> {
      try (FileSystemDatasetFactory f = new FileSystemDatasetFactory(
          allocator, NativeMemoryPool.getDefault(), FileFormat.PARQUET, uri)) {
        PeerMismatchException.requireEqual(Peers.ARROW_CPP, "columns", columns, f.inspect().getFields().size());
      }
    }));
    tasks.put(Peers.PARQUET_JAVA, repeat(opensPerRun, () -> {
      ParquetMetadata m = org.apache.parquet.hadoop.ParquetFileReader.readFooter(
          new org.apache.parquet.io.LocalInputFile(file), ParquetMetadataConverter.NO_FILTER);
      PeerMismatchException.requireEqual(Peers.PARQUET_JAVA, "columns", columns, m.getFileMetaData().getSchema().getColumns().size());
    }));
    Map<String, Runs> perRun = Interleaved.time(tasks, warmups, runs);
    Map<String, Runs> perOpen = new LinkedHashMap<>();
    perRun.forEach((peer, r) -> perOpen.put(peer,
        new Runs(r.seconds().stream().map(s -> s / opensPerRun).toList())));
    return new FooterRow(file.getFileName().toString(), columns, WideFileFixture.ROW_GROUPS, perOpen);
  }

  private static Interleaved.Task repeat(int times, Interleaved.Task once) {
    return () -> {
      for (int i = 0; i < times; i++) {
        once.run();
      }
    };
  }

  /** The peers of the footer table, in column order (DuckDB is not in it). */
  static final List<String> PEERS = List.of(Peers.OURS, Peers.ARROW_CPP, Peers.PARQUET_JAVA);
}
