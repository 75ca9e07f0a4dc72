package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A server over a generated dataset of 6 files (1,000 rows each, in year=2020 and year=2021) on
 * loopback: getFlightInfo + getStream of every endpoint return exactly the rows a local scan and
 * the generator's formula give, with and without filter and projection; bad input gets a clear
 * Flight status.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FlightStreamingTest {
  static final int FILES = 6;
  static final long ROWS_PER_FILE = 1000;

  @TempDir static Path dir;
  BufferAllocator allocator;
  Path events;
  ParquetFlightServer server;
  FlightDatasetClient client;

  @BeforeAll
  void start() throws Exception {
    allocator = new RootAllocator();
    events = FlightTestData.dataset(dir.resolve("events"), FILES, ROWS_PER_FILE, allocator);
    server = ParquetFlightServer.builder(allocator).dataset(events)
        .scanOptions(ParquetFlightServer.DEFAULT_SCAN_OPTIONS.toBuilder().batchSize(300).build()).start();
    client = FlightDatasetClient.builder(server.location(), allocator).connect();
  }

  @AfterAll
  void stop() throws Exception {
    client.close();
    server.close();
    assertEquals(0, allocator.getAllocatedMemory(), allocator.toVerboseString());
    allocator.close();
  }

  static Stream<FlightQuery> queries() {
    return Stream.of(
        FlightQuery.of("events"),
        new FlightQuery("events", null, "id >= 1500 and id < 4200"),
        new FlightQuery("events", List.of("score", "id"), null),
        new FlightQuery("events", List.of("id", "year"), "year = 2021 and name = 'n3'"),
        new FlightQuery("events", List.of("name"), "name is null"));
  }

  @ParameterizedTest
  @MethodSource("queries")
  void everyEndpointTogetherEqualsALocalScan(FlightQuery q) throws Exception {
    List<String> flight = FlightTestData.readAll(client, q);
    List<String> local = FlightTestData.localScan(events, q, allocator);
    Collections.sort(flight);
    Collections.sort(local);
    assertFalse(local.isEmpty());
    assertEquals(local, flight);
  }

  @Test
  void wholeDatasetIsEveryGeneratedRowOnceWithFooterCounts() throws Exception {
    FlightInfo info = client.info(FlightQuery.of("events"));
    assertEquals(FILES, info.getEndpoints().size(), "one endpoint per file");
    assertEquals(FILES * ROWS_PER_FILE, info.getRecords());
    assertTrue(info.getBytes() > 0);
    assertEquals(List.of("id", "name", "score", "year"),
        info.getSchema().getFields().stream().map(f -> f.getName()).toList());
    for (FlightEndpoint e : info.getEndpoints()) {
      assertTrue(e.getLocations().isEmpty(), "a single server's endpoints are redeemed where asked");
    }
    List<String> expected = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      for (long i = f * ROWS_PER_FILE; i < (f + 1) * ROWS_PER_FILE; i++) {
        expected.add(FlightTestData.row(i, 2020 + f % 2));
      }
    }
    List<String> got = new ArrayList<>();
    client.read(info, root -> got.addAll(FlightTestData.rows(root)));
    Collections.sort(expected);
    Collections.sort(got);
    assertEquals(expected, got);
  }

  @Test
  void filterPrunesWholeFilesFromTheEndpoints() throws Exception {
    // year=2021 holds files 1, 3, 5; id < 3000 keeps files 0..2 by statistics
    FlightInfo info = client.info(new FlightQuery("events", null, "year = 2021 and id < 3000"));
    assertEquals(1, info.getEndpoints().size());
    assertEquals(-1, info.getRecords(), "rows under a filter are unknown until read");
    List<String> got = new ArrayList<>();
    client.read(info, root -> got.addAll(FlightTestData.rows(root)));
    assertEquals(1000, got.size());
    assertTrue(got.stream().allMatch(r -> r.endsWith("|2021")));
  }

  @Test
  void projectionShapesTheSchemaOfInfoAndStream() throws Exception {
    FlightInfo info = client.info(new FlightQuery("events", List.of("score", "id"), null));
    assertEquals(List.of("score", "id"), info.getSchema().getFields().stream().map(f -> f.getName()).toList());
    try (FlightStream s = client.flightClient().getStream(info.getEndpoints().get(0).getTicket())) {
      assertEquals(info.getSchema(), s.getSchema());
      assertTrue(s.next());
      assertEquals(300, s.getRoot().getRowCount(), "the server's batch size");
      while (s.next()) {
        // drain
      }
    }
  }

  @Test
  void largeFilesAreSplitIntoRowGroupRangesWhenTheFileReaderAloneCanServeThem() throws Exception {
    try (ParquetFlightServer split = ParquetFlightServer.builder(allocator).dataset(events).splitRows(300).start();
        FlightDatasetClient c = FlightDatasetClient.builder(split.location(), allocator).connect()) {
      // 1,000 rows per file in row groups of 250: ranges [0, 2) and [2, 4) of about 300+ rows
      FlightQuery fileColumns = new FlightQuery("events", List.of("score", "id", "name"), null);
      FlightInfo info = c.info(fileColumns);
      assertEquals(2 * FILES, info.getEndpoints().size());
      List<String> ranges = new ArrayList<>();
      for (FlightEndpoint e : info.getEndpoints()) {
        SplitTicket t = SplitTicket.fromTicket(e.getTicket());
        ranges.add(t.firstRowGroup() + "-" + t.endRowGroup());
      }
      assertEquals(List.of("0-2", "2-4"), ranges.subList(0, 2));
      List<String> flight = new ArrayList<>();
      c.read(info, root -> {
        assertEquals(info.getSchema(), root.getSchema());
        flight.addAll(FlightTestData.rows(root));
      });
      List<String> local = FlightTestData.localScan(events, fileColumns, allocator);
      Collections.sort(flight);
      Collections.sort(local);
      assertEquals(FILES * ROWS_PER_FILE, local.size());
      assertEquals(local, flight);

      // the partition column, or a filter, needs the dataset scan: whole files then
      assertEquals(FILES, c.info(FlightQuery.of("events")).getEndpoints().size());
      assertEquals(3, c.info(new FlightQuery("events", List.of("id"), "year = 2020")).getEndpoints().size());
    }
  }

  @Test
  void filesWithDifferentColumnsAreServedAsOneUnifiedSplit() throws Exception {
    Path mixed = dir.resolve("mixed");
    FlightTestData.writeFile(mixed.resolve("a.parquet"), 0, 40, allocator);
    Schema narrow = new Schema(FlightTestData.SCHEMA.getFields().subList(0, 2));
    try (VectorSchemaRoot full = FlightTestData.batch(40, 70, allocator);
        VectorSchemaRoot root = new VectorSchemaRoot(List.of(full.getVector("id"), full.getVector("name")));
        ParquetFileWriter w = ParquetFileWriter.open(mixed.resolve("b.parquet"), narrow, WriterProperties.defaults())) {
      w.write(root);
    }
    try (ParquetFlightServer s = ParquetFlightServer.builder(allocator).dataset(mixed).start();
        FlightDatasetClient c = FlightDatasetClient.builder(s.location(), allocator).connect()) {
      FlightInfo info = c.info(FlightQuery.of("mixed"));
      assertEquals(1, info.getEndpoints().size());
      assertEquals(70, info.getRecords());
      List<String> got = new ArrayList<>();
      c.read(info, root -> got.addAll(FlightTestData.rows(root)));
      List<String> want = new ArrayList<>();
      for (long i = 0; i < 70; i++) {
        String full = FlightTestData.row(i, 0);
        String row = full.substring(0, full.lastIndexOf('|'));
        want.add(i < 40 ? row : row.substring(0, row.lastIndexOf('|')) + "|null");
      }
      assertEquals(want, got);
    }
  }

  @Test
  void listFlightsNamesTheDataset() {
    List<FlightInfo> all = new ArrayList<>();
    client.flightClient().listFlights(org.apache.arrow.flight.Criteria.ALL).forEach(all::add);
    assertEquals(1, all.size());
    assertEquals(FlightDescriptor.path("events"), all.get(0).getDescriptor());
    assertEquals(FILES, all.get(0).getEndpoints().size());
  }

  @Test
  void unknownDatasetIsNotFound() {
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> client.info(FlightQuery.of("nope")));
    assertEquals(FlightStatusCode.NOT_FOUND, e.status().code());
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
  }

  @Test
  void malformedFilterIsInvalidArgument() {
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
        () -> client.info(new FlightQuery("events", null, "id >>= 3")));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
    assertTrue(e.getMessage().contains("malformed filter"), e.getMessage());
  }

  @Test
  void unknownColumnIsInvalidArgument() {
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
        () -> client.info(new FlightQuery("events", List.of("id", "missing"), null)));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
    assertTrue(e.getMessage().contains("missing"), e.getMessage());
  }

  @Test
  void commandThatIsNotJsonIsInvalidArgument() {
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
        () -> client.flightClient().getInfo(FlightDescriptor.command("events".getBytes())));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
  }

  @Test
  void aRangeBeyondTheFileIsNotFound() throws Exception {
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> {
      try (FlightStream s = client.flightClient().getStream(new Ticket(("{\"dataset\":\"events\",\"columns\":[\"id\"],"
          + "\"file\":\"year=2020/part-0.parquet\",\"rowGroups\":[2,9]}").getBytes()))) {
        s.next();
      }
    });
    assertEquals(FlightStatusCode.NOT_FOUND, e.status().code());
    assertTrue(e.getMessage().contains("4 row groups"), e.getMessage());
  }

  @Test
  void forgedTicketIsRefused() throws Exception {
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> {
      try (FlightStream s = client.flightClient().getStream(new Ticket(
          "{\"dataset\":\"events\",\"file\":\"../../etc/passwd\"}".getBytes()))) {
        s.next();
      }
    });
    assertEquals(FlightStatusCode.NOT_FOUND, e.status().code());
  }
}
