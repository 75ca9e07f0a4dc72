package org.parquetarrow.flight;

import java.nio.file.Path;
import java.util.Locale;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;

/**
 * Throughput of one {@code doGet} stream over loopback beside a local scan of the same file (one
 * reading thread each), for the README, logged at INFO. Not a test: run by hand with the module's
 * test classpath:
 * {@code java -cp … org.parquetarrow.flight.FlightThroughput /tmp/bench-data/lineitem-x1.0.parquet}.
 */
public final class FlightThroughput {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(FlightThroughput.class);

  private FlightThroughput() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int r = 0; r < rounds; r++) {
        long t0 = System.nanoTime();
        long[] local = localScan(file, allocator);
        long t1 = System.nanoTime();
        long[] flight = flight(file, allocator);
        long t2 = System.nanoTime();
        report("local scan ", local, t1 - t0);
        report("flight doGet", flight, t2 - t1);
      }
    }
  }

  private static void report(String what, long[] rowsAndBytes, long nanos) {
    double s = nanos / 1e9;
    LOG.info(String.format(Locale.ROOT, "%s: %,d rows, %,d MB of Arrow buffers in %.2f s = %.1f M rows/s, %.0f MB/s",
        what, rowsAndBytes[0], rowsAndBytes[1] >> 20, s, rowsAndBytes[0] / s / 1e6, (rowsAndBytes[1] >> 20) / s));
  }

  private static long[] localScan(Path file, BufferAllocator allocator) throws Exception {
    long[] out = new long[2];
    try (ScanReader r = Scanner.scan(DatasetDiscovery.file(file, DiscoveryOptions.defaults()),
        ScanOptions.builder().parallelism(1).build(), allocator)) {
      while (r.loadNextBatch()) {
        count(r.getVectorSchemaRoot(), out);
      }
    }
    return out;
  }

  private static long[] flight(Path file, BufferAllocator allocator) throws Exception {
    long[] out = new long[2];
    try (ParquetFlightServer server = ParquetFlightServer.builder(allocator).dataset("bench", file)
            .splitRows(Long.MAX_VALUE).start();
        FlightDatasetClient c = FlightDatasetClient.builder(server.location(), allocator).connect()) {
      FlightInfo info = c.info(FlightQuery.of("bench"));
      c.read(info, root -> count(root, out));
    }
    return out;
  }

  private static void count(VectorSchemaRoot root, long[] out) {
    out[0] += root.getRowCount();
    for (FieldVector v : root.getFieldVectors()) {
      out[1] += v.getBufferSize();
    }
  }
}
