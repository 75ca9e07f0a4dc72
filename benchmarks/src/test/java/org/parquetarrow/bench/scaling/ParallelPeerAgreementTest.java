package org.parquetarrow.bench.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.bench.BatchDigest;
import org.parquetarrow.bench.ScanResult;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peer.ParquetJavaScan;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.read.ReadOptions.PageReadAhead;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * A parallel read against parquet-java, an independent reader: on 1% of the four data sets
 * (written by parquet-java with offset indexes and dictionary pages; NESTED's lists and structs,
 * LINEITEM's two row groups) read in 1,000-row batches, so that 2 and 3 threads decode many windows
 * that split row groups and pages, parquet-arrow's rows and checksum must be parquet-java's, with
 * the page read-ahead on and off, on the shared decoding threads and with an executor that never
 * runs a task (the caller then decodes every batch itself). The digest is order-insensitive, so
 * the batches' order is checked against one thread by {@code ScalingCurveSmokeTest} and the core
 * tests; here the values are.
 */
class ParallelPeerAgreementTest {
  /** parquet-java's scan of each data set, read once. */
  private static final Map<BenchDataset, ScanResult> PEER = new ConcurrentHashMap<>();

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static Stream<Arguments> reads() {
    List<Arguments> all = new ArrayList<>();
    for (BenchDataset d : BenchDataset.values()) {
      for (int threads : new int[] {2, 3}) {
        for (PageReadAhead readAhead : PageReadAhead.values()) {
          for (String executor : new String[] {"shared threads", "drops every task"}) {
            all.add(Arguments.of(d, threads, readAhead, executor));
          }
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}, {1} threads, read-ahead {2}, {3}")
  @MethodSource("reads")
  void parallelReadsGiveParquetJavasRowsAndChecksum(BenchDataset set, int threads, PageReadAhead readAhead,
      String executor) throws Exception {
    Path file = set.ensure(Path.of("target/bench-data"), 0.01);
    ScanResult peer = PEER.get(set);
    if (peer == null) {
      peer = ParquetJavaScan.scan(file, memory.allocator(), 700);
      PEER.put(set, peer);
    }
    assertTrue(peer.rows() > 3 * 1000, set + " has rows for several windows: " + peer.rows());
    List<Runnable> dropped = new ArrayList<>();
    Executor chosen = executor.equals("shared threads") ? null : dropped::add;
    BatchDigest digest = new BatchDigest();
    try (BufferAllocator scan = memory.allocator().newChildAllocator("scan", 0, Long.MAX_VALUE);
        ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(scan).batchSize(1000)
            .parallelism(threads).pageReadAhead(readAhead).executor(chosen).build())) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          digest.add(batch);
        }
      }
    }
    assertEquals(peer.rows(), digest.rows(), "rows");
    assertEquals(peer.checksum(), digest.checksum(), "checksum of parquet-java's values");
    assertEquals(chosen != null, !dropped.isEmpty(), "helpers handed to the caller's executor");
    dropped.forEach(Runnable::run); // late helpers find the reader closed
  }
}
