package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanMetrics;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.s3.LoopbackS3;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * {@link ScanOptions#fetchOptions()} reaches the readers of a dataset scan on S3 (S3Proxy on
 * loopback): the same full scan of an uncompressed file of 3 int64 columns in 2 row groups costs
 * one request a row group with the defaults (a row group's column chunks touch, so they coalesce),
 * and one request a column chunk when requests may not grow past a single range. Chunks lying
 * wholly in the footer's suffix, which discovery fetched, cost none. Reading columns a and c only,
 * the default gap reads through b, and {@link ScanMetrics#bytesRequested()} counts it while {@link
 * ScanMetrics#bytesRead()} does not. The expectations are worked out from the footer's offsets.
 */
@Timeout(120)
class DatasetFetchOptionsTest {
  private static final int ROWS_PER_GROUP = 100_000;
  private static final String PREFIX = "s3://private/fetch/";

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir static Path dir;
  private static LoopbackS3 server;
  private static FileMetaData footer;
  private static long objectLength;

  @BeforeAll
  static void writeAndUpload() throws Exception {
    Path file = dir.resolve("wide.parquet");
    Schema schema = new Schema(List.of(
        new Field("a", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("b", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("c", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    WriterProperties props = WriterProperties.builder().rowGroupRows(ROWS_PER_GROUP).dictionary(false)
        .codec(CompressionCodec.UNCOMPRESSED).pageIndex(false).build();
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, props)) {
      for (int g = 0; g < 2; g++) {
        for (int col = 0; col < 3; col++) {
          BigIntVector v = (BigIntVector) root.getVector(col);
          for (int i = 0; i < ROWS_PER_GROUP; i++) {
            v.setSafe(i, (g * ROWS_PER_GROUP + i) * 0x9E3779B97F4A7C15L + col);
          }
        }
        root.setRowCount(ROWS_PER_GROUP);
        w.write(root);
      }
    }
    objectLength = Files.size(file);
    try (BufferAllocator a = new RootAllocator();
        ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.builder(a).build())) {
      footer = r.metadata();
    }
    assertEquals(2, footer.rowGroups().size());
    server = LoopbackS3.start();
    server.put(LoopbackS3.PRIVATE_BUCKET, "fetch/wide.parquet", file);
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theDefaultsCoalesceARowGroupsColumnsIntoOneRequest() throws Exception {
    long requests = scan(ScanOptions.builder().parallelism(1).build()).requests();
    assertEquals(rowGroupsBeforeTheSuffix(), requests);
  }

  @Test
  void aMaximumRequestOfZeroFetchesEachColumnChunkAlone() throws Exception {
    FetchOptions apart = FetchOptions.builder().remoteMaxRequest(0).build();
    long requests = scan(ScanOptions.builder().parallelism(1).fetchOptions(apart).build()).requests();
    long chunks = chunksBeforeTheSuffix();
    assertTrue(chunks > rowGroupsBeforeTheSuffix(), "the file is shaped for this test");
    assertEquals(chunks, requests);
  }

  @Test
  void bytesRequestedCountTheHoleACoalescedRequestReadsThrough() throws Exception {
    // columns a and c: b lies between them, about 800 KB, under the default remote gap of 1 MiB
    ScanMetrics bridged = scan(ScanOptions.builder().columns("a", "c").parallelism(1).build());
    ScanMetrics apart = scan(ScanOptions.builder().columns("a", "c").parallelism(1)
        .fetchOptions(FetchOptions.builder().remoteGap(0).build()).build());
    long pages = 0;
    long span = 0;
    for (RowGroup g : footer.rowGroups()) {
      ColumnMetaData a = g.columns().get(0).metaData();
      ColumnMetaData c = g.columns().get(2).metaData();
      pages += a.totalCompressedSize() + c.totalCompressedSize();
      span += chunkStart(g.columns().get(2)) + c.totalCompressedSize() - chunkStart(g.columns().get(0));
    }
    assertTrue(span > pages + 500_000, "the file is shaped for this test");
    assertEquals(pages, bridged.bytesRead(), bridged.toString());
    assertEquals(span, bridged.bytesRequested(), bridged.toString());
    assertEquals(span, bridged.toMap().get("bytes_requested"));
    assertEquals(pages, apart.bytesRead(), apart.toString());
    assertEquals(pages, apart.bytesRequested(), apart.toString());
  }

  private ScanMetrics scan(ScanOptions options) throws Exception {
    StorageOptions storage = StorageOptions.builder()
        .s3Endpoint(server.endpoint())
        .staticCredentials(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY)
        .build();
    try (Storage s3 = Storage.forLocation(PREFIX, storage)) {
      Dataset ds = DatasetDiscovery.location(PREFIX, s3, DiscoveryOptions.defaults());
      long rows = 0;
      ScanMetrics metrics;
      try (ScanReader r = Scanner.scan(ds, options, memory.allocator())) {
        while (r.loadNextBatch()) {
          rows += r.getVectorSchemaRoot().getRowCount();
        }
        metrics = r.metrics();
      }
      assertEquals(2L * ROWS_PER_GROUP, rows);
      return metrics;
    }
  }

  /** Where the footer request's suffix (kept by discovery) starts. */
  private static long suffixStart() {
    return objectLength - RemoteReadOptions.DEFAULT_FOOTER_SUFFIX_SIZE;
  }

  private static long chunkStart(ColumnChunk chunk) {
    ColumnMetaData m = chunk.metaData();
    return m.dictionaryPageOffset() != null ? m.dictionaryPageOffset() : m.dataPageOffset();
  }

  private static long chunksBeforeTheSuffix() {
    long n = 0;
    for (RowGroup g : footer.rowGroups()) {
      for (ColumnChunk c : g.columns()) {
        n += chunkStart(c) < suffixStart() ? 1 : 0;
      }
    }
    return n;
  }

  private static long rowGroupsBeforeTheSuffix() {
    long n = 0;
    for (RowGroup g : footer.rowGroups()) {
      n += chunkStart(g.columns().get(0)) < suffixStart() ? 1 : 0;
    }
    return n;
  }
}
