package org.parquetarrow.s3;

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
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The point lookup, counted on a real S3-compatible server: a 10M-row file sorted by
 * {@code id} (int64, no dictionary: the keys are unique) with a {@code name} string column
 * (dictionary-encoded), page index and a bloom filter on {@code id}, written with the writer's
 * default shape (row groups of 1,048,576 rows, pages of at most 20,000 rows). Reading row X through
 * {@link ParquetFileReader} with a file-wide row selection of that one row costs, after the footer
 * request, at most 4 requests and under 1% of the object's bytes: the offset indexes (coalesced,
 * usually inside the footer suffix already fetched), the id page, and the name column's dictionary
 * and page.
 */
@Timeout(300)
class PointLookupTest {
  private static final Logger LOG = LoggerFactory.getLogger(PointLookupTest.class);
  private static final long ROWS = SortedLookupFile.ROWS;
  private static final String KEY = "lookup/sorted.parquet";

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir static Path dir;
  private static LoopbackS3 server;
  private static S3FileSystem s3;
  private static long objectLength;

  @BeforeAll
  static void writeAndUpload() throws Exception {
    Path file = dir.resolve("sorted.parquet");
    long started = System.nanoTime();
    SortedLookupFile.write(file);
    objectLength = Files.size(file);
    LOG.info("point lookup: wrote {} rows, {} bytes in {} ms", ROWS, objectLength,
        (System.nanoTime() - started) / 1_000_000);
    server = LoopbackS3.start();
    server.put(LoopbackS3.PRIVATE_BUCKET, KEY, file);
    s3 = S3FileSystem.create(RemoteTesting.signed(server.endpoint(), RemoteReadOptions.defaults()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (s3 != null) {
      s3.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest(name = "id = {0}")
  @ValueSource(longs = {0, 7_654_321, ROWS - 1})
  void aRowSelectionOfOneRowCostsAtMostFourRequestsAndUnderOnePercent(long id) throws Exception {
    IoStatistics stats = new IoStatistics();
    try (S3InputFile in = s3.open(new S3Location(LoopbackS3.PRIVATE_BUCKET, KEY), stats)) {
      assertEquals(objectLength, in.length());
      ReadOptions options = ReadOptions.builder(memory.allocator())
          .rowSelection(RowSelection.fromRanges(id, id + 1))
          .build();
      try (ParquetFileReader reader = ParquetFileReader.open(in, options)) {
        long footerRequests = stats.requests();
        long footerBytes = stats.bytesRead();
        try (VectorSchemaRoot batch = reader.readNextBatch()) {
          assertEquals(1, batch.getRowCount());
          assertEquals(id, ((BigIntVector) batch.getVector("id")).get(0));
          assertEquals(SortedLookupFile.name(id),
              new String(((VarCharVector) batch.getVector("name")).get(0), StandardCharsets.UTF_8));
        }
        assertEquals(null, reader.readNextBatch());
        long requests = stats.requests() - footerRequests;
        long bytes = stats.bytesRead() - footerBytes;
        LOG.info("point lookup id={}: footer {} request(s) {} bytes; then {} requests, {} bytes ({}% of {})",
            id, footerRequests, footerBytes, requests, bytes, String.format("%.3f", 100.0 * bytes / objectLength),
            objectLength);
        assertTrue(requests <= 4, requests + " requests after the footer");
        assertTrue(bytes * 100 < objectLength, bytes + " bytes of " + objectLength);
      }
    }
  }
}
