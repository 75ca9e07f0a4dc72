package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.s3.LoopbackS3;
import org.parquetarrow.s3.SortedLookupFile;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The point lookup through the dataset scan on a real S3-compatible server (S3Proxy on
 * loopback): a 10M-row file sorted by {@code id} (int64, plain) with a dictionary-encoded {@code
 * name} column, page index and a bloom filter on {@code id} of 1M distinct values at 1% (1 MiB a
 * row group), written with the writer's default shape (row groups of 1,048,576 rows). After
 * discovery (listing and the footer request, whose suffix also holds the page index), the scan of
 * {@code id = X} opens the object from the bytes discovery fetched, without a request, and costs
 * at most 4 requests, reading under 1% of the object's bytes in all: statistics keep one row group,
 * its bloom filter is probed by its header and the one block the hash selects (2 requests), its
 * page index narrows the rows to one page, and the reader fetches that id page and the name
 * column's dictionary and page (2 requests).
 */
@Timeout(300)
class DatasetPointLookupTest {
  private static final Logger LOG = LoggerFactory.getLogger(DatasetPointLookupTest.class);
  private static final long ROWS = SortedLookupFile.ROWS;
  private static final String PREFIX = "s3://private/lookup/";

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir static Path dir;
  private static LoopbackS3 server;
  private static long objectLength;

  @BeforeAll
  static void writeAndUpload() throws Exception {
    Path file = dir.resolve("sorted.parquet");
    SortedLookupFile.write(file);
    objectLength = Files.size(file);
    server = LoopbackS3.start();
    server.put(LoopbackS3.PRIVATE_BUCKET, "lookup/sorted.parquet", file);
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest(name = "id = {0}")
  @ValueSource(longs = {0, 7_654_321, ROWS - 1})
  void aPointLookupScanCostsAtMostFourRequestsAndUnderOnePercent(long id) throws Exception {
    StorageOptions storage = StorageOptions.builder()
        .s3Endpoint(server.endpoint())
        .staticCredentials(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)
        .build();
    try (Storage s3 = Storage.forLocation(PREFIX, storage)) {
      Dataset ds = DatasetDiscovery.location(PREFIX, s3, DiscoveryOptions.defaults());
      assertEquals(1, ds.files().size());
      ScanOptions options = ScanOptions.builder().columns("id", "name").filter("id = " + id).build();
      int rows = 0;
      ScanMetrics metrics;
      try (ScanReader r = Scanner.scan(ds, options, memory.allocator())) {
        while (r.loadNextBatch()) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          for (int i = 0; i < root.getRowCount(); i++) {
            assertEquals(id, ((BigIntVector) root.getVector("id")).get(i));
            assertEquals(SortedLookupFile.name(id), new String(((VarCharVector) root.getVector("name")).get(i), StandardCharsets.UTF_8));
            rows++;
          }
        }
        metrics = r.metrics();
      }
      assertEquals(1, rows);
      // discovery: one listing page and one footer request
      assertEquals(2, ds.discoveryStatistics().requests(), ds.discoveryStatistics().toString());
      // counted from discovery's footer: the scan sends no footer request of its own
      long requests = metrics.requests();
      long bytes = metrics.io().bytesRead();
      LOG.info("dataset point lookup id={}: discovery {}; scan {} requests, {} bytes ({}% of {}), {}",
          id, ds.discoveryStatistics(), requests, bytes,
          String.format("%.3f", 100.0 * bytes / objectLength), objectLength, metrics);
      assertTrue(requests <= 4, requests + " requests after discovery's footer");
      assertTrue(bytes * 100 < objectLength, bytes + " bytes of " + objectLength);
      assertTrue(metrics.bytesRead() * 100 < objectLength, metrics.bytesRead() + " bytes (scan metrics) of " + objectLength);
    }
  }
}
