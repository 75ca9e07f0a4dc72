package org.parquetarrow.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Prefetch on a real S3-compatible server behind a proxy adding {@value #LATENCY_MS} ms to every
 * request: with it, the request for the next row group goes out before the current one has been
 * decoded (row group 1 together with row group 0), so fetching overlaps decoding; without it, each
 * row group is asked for only after the one before it has come back, at least the latency later.
 * Asserted on when the requests reach the proxy, with the latency as the margin.
 */
@Timeout(120)
class RemotePrefetchTest {
  private static final long LATENCY_MS = 300;
  private static final int GROUP_ROWS = 50_000;
  private static final int GROUPS = 4;
  private static final String KEY = "prefetch/groups.parquet";
  private static final Pattern RANGE = Pattern.compile("range=bytes=(\\d+)-");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  private static LoopbackS3 server;
  private static FaultProxy proxy;
  private static FileMetaData metadata;

  @BeforeAll
  static void start() throws Exception {
    Path file = dir.resolve("groups.parquet");
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true))));
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema,
            WriterProperties.builder().rowGroupRows(GROUP_ROWS).dictionary(false).build())) {
      BigIntVector ids = (BigIntVector) root.getVector("id");
      int rows = GROUP_ROWS * GROUPS;
      ids.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        ids.set(i, i);
      }
      root.setRowCount(rows);
      w.write(root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      metadata = ParquetFooter.read(in).metadata();
    }
    assertEquals(GROUPS, metadata.rowGroups().size());
    server = LoopbackS3.start();
    server.put(LoopbackS3.PRIVATE_BUCKET, KEY, file);
    proxy = new FaultProxy(server.endpoint().getPort());
  }

  @AfterAll
  static void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theNextRowGroupIsRequestedWhileTheCurrentOneIsInFlight() throws Exception {
    long[] arrivals = readAndTimeRequests(FetchOptions.defaults());
    // row group 1 is asked for together with row group 0, and each later one as soon as the one
    // before it starts decoding: the last request goes out well before the (GROUPS - 1) round
    // trips that requesting one row group after another takes
    assertTrue(millis(arrivals[1] - arrivals[0]) < LATENCY_MS, () -> gaps(arrivals));
    assertTrue(millis(arrivals[GROUPS - 1] - arrivals[0]) < (GROUPS - 1) * LATENCY_MS, () -> gaps(arrivals));
  }

  @Test
  void aDepthOfAllRowGroupsRequestsThemAllAtOnce() throws Exception {
    long[] arrivals = readAndTimeRequests(FetchOptions.builder().prefetchRowGroups(GROUPS - 1).build());
    assertTrue(millis(arrivals[GROUPS - 1] - arrivals[0]) < LATENCY_MS, () -> gaps(arrivals));
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }

  private static String gaps(long[] arrivals) {
    StringBuilder sb = new StringBuilder("request arrivals after the first (ms):");
    for (long a : arrivals) {
      sb.append(' ').append(millis(a - arrivals[0]));
    }
    return sb.toString();
  }

  @Test
  void withoutPrefetchTheRequestsFollowEachOther() throws Exception {
    long[] arrivals = readAndTimeRequests(FetchOptions.builder().prefetchRowGroups(0).build());
    for (int g = 1; g < GROUPS; g++) {
      // a row group is asked for only once the one before it has come back
      assertTrue(millis(arrivals[g] - arrivals[g - 1]) >= LATENCY_MS, gaps(arrivals));
    }
  }

  /** Reads every row through the proxy; per row group, when the request for its data arrived (ns). */
  private long[] readAndTimeRequests(FetchOptions fetch) throws Exception {
    long[] arrivals = new long[GROUPS];
    List<String> unmatched = Collections.synchronizedList(new ArrayList<>());
    proxy.reset();
    proxy.latencyMillis = LATENCY_MS;
    proxy.onRequestLogged = entry -> {
      long now = System.nanoTime();
      Matcher m = RANGE.matcher(entry);
      int g = m.find() ? rowGroupAt(Long.parseLong(m.group(1))) : -1;
      if (g >= 0) {
        synchronized (arrivals) {
          arrivals[g] = now;
        }
      } else {
        unmatched.add(entry);
      }
    };
    try (S3InputFile in = S3InputFile.open(new S3Location(LoopbackS3.PRIVATE_BUCKET, KEY),
            RemoteTesting.signed(proxy.endpoint(), RemoteReadOptions.defaults()));
        ParquetFileReader reader = ParquetFileReader.open(in,
            ReadOptions.builder(memory.allocator()).batchSize(GROUP_ROWS).fetchOptions(fetch).build())) {
      long next = 0;
      for (VectorSchemaRoot batch = reader.readNextBatch(); batch != null; batch = reader.readNextBatch()) {
        try (VectorSchemaRoot b = batch) {
          BigIntVector ids = (BigIntVector) b.getVector("id");
          for (int i = 0; i < b.getRowCount(); i++) {
            assertEquals(next++, ids.get(i));
          }
        }
      }
      assertEquals((long) GROUP_ROWS * GROUPS, next);
    } finally {
      proxy.reset();
    }
    synchronized (arrivals) {
      for (int g = 0; g < GROUPS; g++) {
        assertTrue(arrivals[g] != 0, "no request for row group " + g + "; others: " + unmatched);
      }
      return arrivals.clone();
    }
  }

  private static int rowGroupAt(long offset) {
    for (int g = 0; g < GROUPS; g++) {
      ColumnMetaData m = metadata.rowGroups().get(g).columns().get(0).metaData();
      if (offset >= m.dataPageOffset() && offset < m.dataPageOffset() + m.totalCompressedSize()) {
        return g;
      }
    }
    return -1;
  }
}
