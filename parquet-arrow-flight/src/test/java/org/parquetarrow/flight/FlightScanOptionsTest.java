package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.TestData;

/**
 * A server streams with the {@link ScanOptions} it is built with: their batch size on both the
 * scan path and the row-group range path, and their read options template (checksums) on every
 * file it reads.
 */
class FlightScanOptionsTest {
  @TempDir Path dir;
  BufferAllocator allocator;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void close() {
    assertEquals(0, allocator.getAllocatedMemory(), allocator.toVerboseString());
    allocator.close();
  }

  /** The row counts of the batches of every endpoint of {@code query}, and how many endpoints there were. */
  private List<Integer> batchRows(ParquetFlightServer server, FlightQuery query, int[] endpoints) throws Exception {
    List<Integer> rows = new ArrayList<>();
    try (FlightDatasetClient client = FlightDatasetClient.builder(server.location(), allocator).connect()) {
      FlightInfo info = client.info(query);
      endpoints[0] = info.getEndpoints().size();
      client.read(info, root -> rows.add(root.getRowCount()));
    }
    return rows;
  }

  /** Two files of 1,000 rows in row groups of 250 (FlightTestData), without partitions: splittable. */
  @Test
  void batchSizeOfTheServersScanOptionsBoundsEveryStream() throws Exception {
    Path events = dir.resolve("events");
    FlightTestData.writeFile(events.resolve("a.parquet"), 0, 1000, allocator);
    FlightTestData.writeFile(events.resolve("b.parquet"), 1000, 2000, allocator);
    int[] endpoints = new int[1];
    try (ParquetFlightServer plain = ParquetFlightServer.builder(allocator).dataset(events).start()) {
      List<Integer> rows = batchRows(plain, FlightQuery.of("events"), endpoints);
      assertEquals(2000, rows.stream().mapToInt(Integer::intValue).sum());
      assertTrue(rows.stream().anyMatch(n -> n > 100), "default batches hold a row group or more: " + rows);
    }
    ScanOptions small = ScanOptions.builder().batchSize(100).build();
    for (long splitRows : new long[] {1_000_000, 300}) {
      try (ParquetFlightServer server = ParquetFlightServer.builder(allocator).dataset(events).scanOptions(small)
          .splitRows(splitRows).start()) {
        List<Integer> rows = batchRows(server, FlightQuery.of("events"), endpoints);
        assertTrue(splitRows == 300 ? endpoints[0] > 2 : endpoints[0] == 2, "whole files, or ranges of row groups: "
            + endpoints[0]);
        assertEquals(2000, rows.stream().mapToInt(Integer::intValue).sum());
        assertTrue(rows.stream().allMatch(n -> n <= 100), rows::toString);
      }
    }
  }

  /** CATALOG: page 0 of {@code a} and page 1 of {@code b} have one altered byte each; 5,120 rows. */
  @Test
  void theReadOptionsTemplateOfTheServersScanOptionsReachesEachFile() throws Exception {
    Path served = Files.createDirectories(dir.resolve("damaged"));
    Files.copy(TestData.parquetTesting().resolve("data/datapage_v1-corrupt-checksum.parquet"), served.resolve("a.parquet"));
    int[] endpoints = new int[1];
    try (ParquetFlightServer checking = ParquetFlightServer.builder(allocator).dataset(served).start()) {
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
          () -> batchRows(checking, FlightQuery.of("damaged"), endpoints));
      assertTrue(e.getMessage().contains("CRC"), e.getMessage());
    }
    ScanOptions unchecked = ScanOptions.builder()
        .readOptions(ReadOptions.builder().verifyChecksums(false).build()).build();
    try (ParquetFlightServer server = ParquetFlightServer.builder(allocator).dataset(served).scanOptions(unchecked)
        .start()) {
      assertEquals(5120, batchRows(server, FlightQuery.of("damaged"), endpoints).stream().mapToInt(Integer::intValue)
          .sum());
    }
  }

  @Test
  void scanOptionsSettingWhatEachQueryDecidesAreRefused() {
    ParquetFlightServer.Builder b = ParquetFlightServer.builder(allocator);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.scanOptions(ScanOptions.builder().columns("id").filter("id > 1").limit(3).build()));
    for (String name : List.of("columns", "filter", "limit")) {
      assertTrue(e.getMessage().contains(name), e.getMessage());
    }
  }
}
