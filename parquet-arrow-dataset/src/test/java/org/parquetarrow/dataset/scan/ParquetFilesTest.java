package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.table.Row;
import org.apache.arrow.vector.table.Table;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The one-call reads of {@link ParquetFiles}, from the user's side. The dataset is generated: in
 * {@code year=2023} ids 0..2999 and in {@code year=2024} ids 3000..5999, each file in row groups
 * of 1000 rows sorted by id, {@code name} "n" + id (null when id % 7 == 0). Every expected answer
 * is worked out from that rule, never from our reader.
 */
class ParquetFilesTest {
  private static final int GROUP = 1000;
  private static final int PER_FILE = 3000;

  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @BeforeAll
  static void writeDataset() throws Exception {
    write(dir.resolve("year=2023/part-0.parquet"), 0);
    write(dir.resolve("year=2024/part-0.parquet"), PER_FILE);
  }

  static String name(long id) {
    return id % 7 == 0 ? null : "n" + id;
  }

  private static void write(Path file, long first) throws Exception {
    Files.createDirectories(file.getParent());
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("name", ArrowType.Utf8.INSTANCE)));
    WriterProperties props = WriterProperties.builder().rowGroupRows(GROUP).pageIndex(true).build();
    try (BufferAllocator a = new org.apache.arrow.memory.RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector name = (VarCharVector) root.getVector("name");
      root.allocateNew();
      for (int i = 0; i < PER_FILE; i++) {
        id.setSafe(i, first + i);
        String n = name(first + i);
        if (n == null) {
          name.setNull(i);
        } else {
          name.setSafe(i, n.getBytes(StandardCharsets.UTF_8));
        }
      }
      root.setRowCount(PER_FILE);
      w.write(root);
    }
  }

  private static List<Long> ids(Table t) {
    List<Long> out = new ArrayList<>();
    for (Row r : t) {
      out.add(r.getBigInt("id"));
    }
    return out;
  }

  private static List<Long> range(long from, long to) {
    return LongStream.range(from, to).boxed().toList();
  }

  /** CATALOG: page 0 of {@code a} and page 1 of {@code b} carry a wrong CRC; 5,120 rows. */
  @Test
  void readTableReadsEachFileWithTheReadOptionsTemplate() {
    String damaged = org.parquetarrow.testing.TestData.parquetTesting()
        .resolve("data/datapage_v1-corrupt-checksum.parquet").toString();
    org.parquetarrow.ParquetException e = assertThrows(org.parquetarrow.ParquetException.class,
        () -> ParquetFiles.readTable(damaged, memory.allocator()).close());
    assertTrue(e instanceof org.parquetarrow.ChecksumException, e.toString());
    TableReadOptions unchecked = TableReadOptions.builder()
        .readOptions(org.parquetarrow.read.ReadOptions.builder().verifyChecksums(false).build()).build();
    try (Table t = ParquetFiles.readTable(damaged, unchecked, memory.allocator())) {
      assertEquals(5120, t.getRowCount());
    }
  }

  @Test
  void readTableOfADirectoryWithColumnsFilterAndLimitInOneCall() {
    TableReadOptions options = TableReadOptions.builder()
        .columns("id", "name")
        .filter("year = 2024 and id >= 4990 and name is not null")
        .limit(5)
        .build();
    try (Table t = ParquetFiles.readTable(dir.toString(), options, memory.allocator())) {
      assertEquals(List.of("id", "name"), t.getSchema().getFields().stream().map(Field::getName).toList());
      // 4990.. without multiples of 7 (4991 = 7 * 713, 4998 = 7 * 714)
      assertEquals(List.of(4990L, 4992L, 4993L, 4994L, 4995L), ids(t));
      List<String> names = new ArrayList<>();
      for (Row r : t) {
        names.add(r.getVarCharObj("name"));
      }
      assertEquals(List.of("n4990", "n4992", "n4993", "n4994", "n4995"), names);
    }
  }

  @Test
  void readTableOfEveryRowKeepsFileOrderAndPartitionColumns() {
    try (Table t = ParquetFiles.readTable(dir.toString(), memory.allocator())) {
      assertEquals(2 * PER_FILE, t.getRowCount());
      assertEquals(range(0, 2 * PER_FILE), ids(t));
      long nulls = 0;
      for (Row r : t) {
        assertEquals(r.getBigInt("id") < PER_FILE ? 2023L : 2024L, r.getBigInt("year"));
        nulls += r.isNull("name") ? 1 : 0;
      }
      assertEquals(LongStream.range(0, 2 * PER_FILE).filter(i -> i % 7 == 0).count(), nulls);
    }
  }

  @Test
  void aGlobLocationReadsTheMatchingFiles() {
    String glob = dir + "/year=*/part-*.parquet";
    try (Table t = ParquetFiles.readTable(glob, TableReadOptions.builder().filter("id between 2998 and 3001").build(),
        memory.allocator())) {
      assertEquals(List.of(2998L, 2999L, 3000L, 3001L), ids(t));
    }
  }

  @Test
  void aSingleFileWithAFilterIsPrunedLikeADataset() {
    Path file = dir.resolve("year=2023/part-0.parquet");
    TableReadOptions options = TableReadOptions.builder().filter("id = 2500").build();
    try (ParquetBatches batches = ParquetFiles.batches(file, options, memory.allocator())) {
      List<Long> ids = new ArrayList<>();
      for (VectorSchemaRoot b : batches) {
        BigIntVector id = (BigIntVector) b.getVector("id");
        for (int i = 0; i < b.getRowCount(); i++) {
          ids.add(id.get(i));
        }
      }
      assertEquals(List.of(2500L), ids);
      ScanMetrics m = batches.metrics();
      // ids 0..999 and 1000..1999 are below 2500 by their statistics: only group 2 is read
      assertEquals(3, m.pruning().rowGroups());
      assertEquals(2, m.pruning().rowGroupsPrunedByStatistics());
      assertEquals(1, m.rowGroupsRead());
    }
    try (Table t = ParquetFiles.readTable(file, options, memory.allocator())) {
      assertEquals(List.of(2500L), ids(t));
    }
  }

  @Test
  void readBatchesHandsOverBatchesTheCallerCloses() {
    List<VectorSchemaRoot> batches = ParquetFiles.readBatches(dir.toString(),
        TableReadOptions.builder().columns("id").filter("id < 2500").batchSize(700).build(), memory.allocator());
    try {
      List<Long> ids = new ArrayList<>();
      for (VectorSchemaRoot b : batches) {
        assertTrue(b.getRowCount() <= 700);
        BigIntVector id = (BigIntVector) b.getVector("id");
        for (int i = 0; i < b.getRowCount(); i++) {
          ids.add(id.get(i));
        }
      }
      assertEquals(range(0, 2500), ids);
      assertTrue(batches.size() >= 4);
    } finally {
      batches.forEach(VectorSchemaRoot::close);
    }
  }

  @Test
  void forEachLoopRunToTheEndClosesTheReadByItself() {
    ParquetBatches batches = ParquetFiles.batches(dir.toString(), TableReadOptions.defaults(), memory.allocator());
    long rows = 0;
    for (VectorSchemaRoot b : batches) {
      rows += b.getRowCount();
    }
    assertEquals(2 * PER_FILE, rows);
    // no close() called: the end of the loop freed every buffer
    assertEquals(0, memory.allocator().getAllocatedMemory());
  }

  @Test
  void breakingOutOfTheLoopInTryWithResourcesFreesEverything() {
    long seen = 0;
    try (ParquetBatches batches = ParquetFiles.batches(dir.toString(),
        TableReadOptions.builder().batchSize(100).build(), memory.allocator())) {
      for (VectorSchemaRoot b : batches) {
        seen += b.getRowCount();
        if (seen >= 300) {
          break;
        }
      }
      assertTrue(memory.allocator().getAllocatedMemory() > 0, "the read holds batches until closed");
    }
    assertEquals(300, seen);
    assertEquals(0, memory.allocator().getAllocatedMemory());
  }

  @Test
  void anExceptionInTheLoopBodyFreesEverything() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
      try (ParquetBatches batches = ParquetFiles.batches(dir.toString(),
          TableReadOptions.builder().batchSize(100).build(), memory.allocator())) {
        for (VectorSchemaRoot b : batches) {
          throw new IllegalStateException("consumer failed on a batch of " + b.getRowCount());
        }
      }
    });
    assertEquals("consumer failed on a batch of 100", e.getMessage());
    assertEquals(0, memory.allocator().getAllocatedMemory());
  }

  @Test
  void aStreamOfBatchesClosesWithTheStream() {
    long rows;
    try (Stream<VectorSchemaRoot> s = ParquetFiles.batches(dir.toString(),
        TableReadOptions.builder().filter("year = 2023").build(), memory.allocator()).stream()) {
      rows = s.mapToLong(VectorSchemaRoot::getRowCount).sum();
    }
    assertEquals(PER_FILE, rows);
    try (Stream<VectorSchemaRoot> s = ParquetFiles.batches(dir.toString(),
        TableReadOptions.builder().batchSize(10).build(), memory.allocator()).stream()) {
      assertEquals(10, s.findFirst().orElseThrow().getRowCount());
    }
    assertEquals(0, memory.allocator().getAllocatedMemory());
  }

  @Test
  void headReturnsTheFirstRowsInFileOrder() {
    try (Table t = ParquetFiles.head(dir.toString(), 3, memory.allocator())) {
      assertEquals(List.of(0L, 1L, 2L), ids(t));
      assertEquals(3, t.getSchema().getFields().size()); // id, name, year
    }
  }

  @Test
  void limitTenReadsExactlyOneRowGroup() {
    long firstGroupBytes;
    RowGroup g0 = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()).files().get(0).metadata().rowGroups().get(0);
    firstGroupBytes = g0.totalByteSize();
    try (ParquetBatches batches = ParquetFiles.batches(dir.toString(),
        TableReadOptions.builder().limit(10).parallelism(4).build(), memory.allocator())) {
      long rows = 0;
      for (VectorSchemaRoot b : batches) {
        rows += b.getRowCount();
      }
      assertEquals(10, rows);
      ScanMetrics m = batches.metrics();
      assertEquals(1, m.filesRead());
      assertEquals(1, m.rowGroupsRead());
      assertEquals(10, m.rowsOut());
      // what was read fits in the first row group's chunks (its uncompressed size bounds them)
      assertTrue(m.bytesRead() > 0 && m.bytesRead() <= firstGroupBytes + 4096,
          m.bytesRead() + " bytes read; row group 0 holds " + firstGroupBytes);
    }
  }

  @Test
  void limitWithAFilterStopsAtTheLimit() {
    try (Table t = ParquetFiles.readTable(dir.toString(),
        TableReadOptions.builder().filter("name is null").limit(4).parallelism(1).build(), memory.allocator())) {
      assertEquals(List.of(0L, 7L, 14L, 21L), ids(t));
    }
    try (Table t = ParquetFiles.readTable(dir.toString(), TableReadOptions.builder().limit(0).build(), memory.allocator())) {
      assertEquals(0, t.getRowCount());
    }
  }

  @Test
  void aLimitStatisticsCannotSettleStopsInTheRowGroupThatFillsIt() throws Exception {
    // name is null: every group has some nulls and some values, so all three of the file's groups
    // are planned; the first row (id 0) is in the first batch (half of group 0), so groups 1 and 2
    // must not be fetched. The reader runs on the calling thread to its end before the first batch
    // is taken, so it has to stop by itself: the caller's cancel cannot reach it in time.
    Path file = dir.resolve("year=2023/part-0.parquet");
    Dataset ds = DatasetDiscovery.file(file, DiscoveryOptions.defaults());
    long group0Bytes = ds.files().get(0).metadata().rowGroups().get(0).columns().stream()
        .mapToLong(c -> c.metaData().totalCompressedSize()).sum();
    ScanOptions options = ScanOptions.builder().filter("name is null").limit(1).parallelism(1).batchSize(GROUP / 2)
        .executor(Runnable::run).build();
    ScanMetrics m;
    try (ScanReader r = Scanner.scan(ds, options, memory.allocator())) {
      assertTrue(r.loadNextBatch());
      assertEquals(1, r.getVectorSchemaRoot().getRowCount());
      assertEquals(0L, ((BigIntVector) r.getVectorSchemaRoot().getVector("id")).get(0));
      assertFalse(r.loadNextBatch());
      m = r.metrics();
    }
    long dataBytes = m.bytesRead() - m.pruning().bytesRead();
    assertTrue(dataBytes > 0 && dataBytes <= group0Bytes, dataBytes + " bytes of pages read; group 0 holds " + group0Bytes);
    assertEquals(GROUP / 2, m.rowsRead());
  }

  @Test
  void countRowsOfADatasetAnswersFromPartitionValuesAndFooters() {
    RowCount year = ParquetFiles.countRows(dir.toString(), "year = 2024", memory.allocator());
    assertEquals(PER_FILE, year.rows());
    assertEquals(3, year.rowGroupsFromMetadata());
    assertEquals(0, year.rowGroupsRead());
    assertEquals(0, year.metrics().bytesRead());
    // ids 2500..3499: group 2 of 2023 (2000..2999) in part, group 0 of 2024 (3000..3999) in part
    RowCount range = ParquetFiles.countRows(dir.toString(), "id between 2500 and 3499", memory.allocator());
    assertEquals(1000, range.rows());
    assertEquals(2, range.rowGroupsRead());
    RowCount nulls = ParquetFiles.countRows(dir.toString(), "name is null and year = 2023", memory.allocator());
    assertEquals(LongStream.range(0, PER_FILE).filter(i -> i % 7 == 0).count(), nulls.rows());
  }

  @Test
  void badInputIsRefusedWithATypedError() {
    assertThrows(IllegalArgumentException.class, () -> TableReadOptions.builder().limit(-1));
    ExpressionBindException e = assertThrows(ExpressionBindException.class,
        () -> ParquetFiles.readTable(dir.toString(), TableReadOptions.builder().columns("nmae").build(), memory.allocator()));
    assertTrue(e.getMessage().contains("nmae") && e.getMessage().contains("name"), e.getMessage());
    assertThrows(org.parquetarrow.ParquetException.class,
        () -> ParquetFiles.readTable(dir.resolve("missing").toString(), memory.allocator()));
    assertEquals(0, memory.allocator().getAllocatedMemory());
  }

  @Test
  void aFileOverHttpIsReadThroughItsStorageWithAFilter() throws Exception {
    byte[] bytes = Files.readAllBytes(dir.resolve("year=2024/part-0.parquet"));
    HttpServer server = rangeServer(bytes);
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/part-0.parquet";
      try (Table t = ParquetFiles.readTable(url, TableReadOptions.builder().filter("id >= 5997").build(), memory.allocator())) {
        assertEquals(List.of(5997L, 5998L, 5999L), ids(t));
      }
      assertEquals(LongStream.range(PER_FILE, 2 * PER_FILE).filter(i -> i % 7 == 0).count(),
          ParquetFiles.countRows(url, "name is null", memory.allocator()).rows());
    } finally {
      server.stop(0);
    }
  }

  /** A loopback HTTP server of one object that answers Range requests (suffix and span) as S3 does. */
  private static HttpServer rangeServer(byte[] object) throws java.io.IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      String range = exchange.getRequestHeaders().getFirst("Range");
      long from = 0;
      long to = object.length - 1;
      if (range != null && range.startsWith("bytes=-")) {
        from = Math.max(0, object.length - Long.parseLong(range.substring(7)));
      } else if (range != null && range.startsWith("bytes=")) {
        String[] parts = range.substring(6).split("-");
        from = Long.parseLong(parts[0]);
        to = Math.min(to, Long.parseLong(parts[1]));
      }
      int length = (int) (to - from + 1);
      exchange.getResponseHeaders().add("Content-Range", "bytes " + from + "-" + to + "/" + object.length);
      exchange.sendResponseHeaders(range == null ? 200 : 206, length);
      try (var out = exchange.getResponseBody()) {
        out.write(object, (int) from, length);
      }
    });
    server.start();
    return server;
  }
}
