package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.FooterCache;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.s3.FaultProxy;
import org.parquetarrow.s3.LoopbackS3;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A dataset scan on S3 (S3Proxy on loopback, 20 ms added per request) opens the next file while
 * the one before it is read: with footers from a {@link FooterCache}, discovery keeps no file's
 * tail, so each file's open costs a footer request. Three files of 30 batches each, read in order
 * one at a time with a memory budget that lets one batch wait: the request log and the batches
 * consumed, in one list, show the second file's footer request sent before the first file's
 * second batch is consumed; with {@code prefetchFiles(0)} it is sent only after most of the first
 * file (its reader starts when the first one's has finished).
 */
@Timeout(120)
class DatasetFilePrefetchTest {
  private static final int ROWS = 30_000;
  private static final String PREFIX = "s3://private/ahead/";

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir static Path dir;
  private static LoopbackS3 server;
  private static FaultProxy proxy;

  @BeforeAll
  static void upload() throws Exception {
    server = LoopbackS3.start();
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    for (int f = 1; f <= 3; f++) {
      Path file = dir.resolve("f" + f + ".parquet");
      try (BufferAllocator a = new RootAllocator();
          VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
          ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, WriterProperties.defaults())) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < ROWS; i++) {
          id.setSafe(i, f * 1_000_000L + i);
        }
        root.setRowCount(ROWS);
        w.write(root);
      }
      server.put(LoopbackS3.PRIVATE_BUCKET, "ahead/f=" + f + "/part.parquet", file);
    }
    proxy = new FaultProxy(server.endpoint().getPort());
    proxy.latency(20);
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
  void theNextFilesFooterRequestGoesOutWhileTheFileBeforeIsRead() throws Exception {
    List<String> events = scanEvents(ScanOptions.DEFAULT_PREFETCH_FILES);
    int footer2 = indexOf(events, "request GET /private/ahead/f%3D2/part.parquet range=bytes=-");
    int secondBatch1 = nthIndexOf(events, "batch f=1", 2);
    assertTrue(footer2 >= 0 && footer2 < secondBatch1, () -> "f=2's footer request at " + footer2
        + ", f=1's second batch at " + secondBatch1 + ": " + events);
  }

  @Test
  void withoutPrefetchTheNextFileIsOpenedOnlyWhenItsReaderStarts() throws Exception {
    List<String> events = scanEvents(0);
    int footer2 = indexOf(events, "request GET /private/ahead/f%3D2/part.parquet range=bytes=-");
    int secondBatch1 = nthIndexOf(events, "batch f=1", 2);
    assertTrue(secondBatch1 >= 0 && footer2 > secondBatch1, () -> "f=2's footer request at " + footer2
        + ", f=1's second batch at " + secondBatch1 + ": " + events);
  }

  /** The requests the proxy saw and the batches the scan handed out, in the order they happened. */
  private List<String> scanEvents(int prefetchFiles) throws Exception {
    StorageOptions storage = StorageOptions.builder()
        .s3Endpoint(proxy.endpoint())
        .staticCredentials(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)
        .build();
    FooterCache footers = new FooterCache(100);
    DiscoveryOptions discovery = DiscoveryOptions.builder().footerCache(footers).build();
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    try (Storage s3 = Storage.forLocation(PREFIX, storage)) {
      DatasetDiscovery.location(PREFIX, s3, discovery);
      Dataset ds = DatasetDiscovery.location(PREFIX, s3, discovery);
      for (DatasetFile f : ds.files()) {
        assertNull(f.tail(), "a footer from the cache comes without the object's tail");
      }
      ScanOptions options = ScanOptions.builder().parallelism(1).batchSize(1_000).memoryBudget(1)
          .prefetchFiles(prefetchFiles).build();
      long rows = 0;
      proxy.onRequestLogged(entry -> events.add("request " + entry));
      try (ScanReader r = Scanner.scan(ds, options, memory.allocator())) {
        while (r.loadNextBatch()) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          events.add("batch f=" + root.getVector("f").getObject(0));
          rows += root.getRowCount();
        }
      } finally {
        proxy.onRequestLogged(entry -> {});
      }
      assertEquals(3L * ROWS, rows);
    }
    return List.copyOf(events);
  }

  private static int indexOf(List<String> events, String prefix) {
    for (int i = 0; i < events.size(); i++) {
      if (events.get(i).startsWith(prefix)) {
        return i;
      }
    }
    return -1;
  }

  private static int nthIndexOf(List<String> events, String event, int n) {
    for (int i = 0, seen = 0; i < events.size(); i++) {
      if (events.get(i).equals(event) && ++seen == n) {
        return i;
      }
    }
    return -1;
  }
}
