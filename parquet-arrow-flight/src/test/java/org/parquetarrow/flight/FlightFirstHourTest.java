package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A new user's mistakes against a served dataset: paths out of the root, broken tickets, misspelled columns, a client gone mid-stream. */
@Timeout(120)
class FlightFirstHourTest {
  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  ParquetFlightServer server;
  FlightDatasetClient client;

  @BeforeEach
  void start() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    Path events = FlightTestData.dataset(dir.resolve("served/events"), 2, 200_000, clientMemory);
    FlightTestData.dataset(dir.resolve("secret"), 1, 10, clientMemory);
    server = ParquetFlightServer.builder(serverMemory)
        .dataset(events)
        .scanOptions(ParquetFlightServer.DEFAULT_SCAN_OPTIONS.toBuilder().batchSize(1_000).build())
        .start();
    client = FlightDatasetClient.builder(server.location(), clientMemory).connect();
  }

  @AfterEach
  void stop() throws Exception {
    client.close();
    server.close();
    assertEquals(0, serverMemory.getAllocatedMemory(), serverMemory.toVerboseString());
    assertEquals(0, clientMemory.getAllocatedMemory(), clientMemory.toVerboseString());
    serverMemory.close();
    clientMemory.close();
  }

  private void assertNoServerPath(FlightRuntimeException e) {
    assertFalse(e.getMessage().contains(dir.toString()), e.getMessage());
    assertFalse(e.getMessage().contains("\tat "), "no stack trace: " + e.getMessage());
  }

  private FlightRuntimeException get(String ticket) {
    return assertThrows(FlightRuntimeException.class, () -> {
      try (FlightStream s = client.flightClient().getStream(new Ticket(ticket.getBytes(StandardCharsets.UTF_8)))) {
        while (s.next()) {
          // drained: the failure may come with the first batch or after it
        }
      }
    });
  }

  @Test
  void datasetPathsOutsideTheRootAreNotFound() {
    for (String name : List.of("../secret", "events/../../secret", "..", "/etc", "events/..")) {
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> client.info(FlightQuery.of(name)));
      assertEquals(FlightStatusCode.NOT_FOUND, e.status().code(), name + ": " + e.getMessage());
      assertNoServerPath(e);
    }
    FlightRuntimeException d = assertThrows(FlightRuntimeException.class,
        () -> client.flightClient().getInfo(FlightDescriptor.path("../secret")));
    assertEquals(FlightStatusCode.NOT_FOUND, d.status().code(), d.getMessage());
    // a path of two elements is not a dataset's name at all
    FlightRuntimeException two = assertThrows(FlightRuntimeException.class,
        () -> client.flightClient().getInfo(FlightDescriptor.path("..", "secret")));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, two.status().code(), two.getMessage());
    for (String ticket : List.of("{\"dataset\":\"../secret\"}", "{\"dataset\":\"events\",\"file\":\"../../secret/year=2020/part-0.parquet\"}")) {
      FlightRuntimeException e = get(ticket);
      assertEquals(FlightStatusCode.NOT_FOUND, e.status().code(), ticket + ": " + e.getMessage());
      assertNoServerPath(e);
    }
  }

  @Test
  void malformedTicketsAreInvalidArgument() {
    for (String ticket : List.of("", "events", "{\"dataset\":", "[1,2]", "{\"dataset\":42}",
        "{\"dataset\":\"events\",\"columns\":\"id\"}", "{\"dataset\":\"events\",\"rowGroups\":\"x\"}")) {
      FlightRuntimeException e = get(ticket);
      assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), "[" + ticket + "]: " + e.getMessage());
      // before: a ticket was called "the descriptor command", and Jackson's source excerpt followed its message
      assertFalse(e.getMessage().contains("descriptor command"), e.getMessage());
      assertFalse(e.getMessage().contains("[Source:"), e.getMessage());
      assertNoServerPath(e);
    }
  }

  @Test
  void aMisspelledColumnInATicketIsInvalidArgumentWithASuggestion() {
    FlightRuntimeException e = get("{\"dataset\":\"events\",\"columns\":[\"id\",\"nmae\"]}");
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), e.getMessage());
    assertTrue(e.getMessage().contains("nmae"), e.getMessage());
    assertTrue(e.getMessage().contains("did you mean name?"), e.getMessage());
    assertNoServerPath(e);
    FlightRuntimeException i = assertThrows(FlightRuntimeException.class,
        () -> client.info(new FlightQuery("events", List.of("id", "scroe"), null)));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, i.status().code(), i.getMessage());
    assertTrue(i.getMessage().contains("did you mean score?"), i.getMessage());
    assertNoServerPath(i);
    FlightRuntimeException f = assertThrows(FlightRuntimeException.class,
        () -> client.info(new FlightQuery("events", null, "nmae = 'n1'")));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, f.status().code(), f.getMessage());
    assertTrue(f.getMessage().contains("did you mean name?"), f.getMessage());
    assertNoServerPath(f);
  }

  @Test
  void aClientGoneMidStreamLeavesNoServerMemory() throws Exception {
    BufferAllocator goneMemory = new RootAllocator();
    try (CuttableProxy proxy = new CuttableProxy(server.port())) {
      FlightClient gone = FlightClient.builder(goneMemory, Location.forGrpcInsecure("127.0.0.1", proxy.port())).build();
      FlightStream s = gone.getStream(new Ticket("{\"dataset\":\"events\"}".getBytes(StandardCharsets.UTF_8)));
      assertTrue(s.next());
      assertTrue(serverMemory.getAllocatedMemory() > 0, "the server is mid-stream");
      // the client's machine goes away: the server sees the connection reset, not a cancel
      proxy.cut();
      assertThrows(RuntimeException.class, () -> {
        while (s.next()) {
          // what was already in flight
        }
      });
      s.close();
      gone.close();
    }
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (serverMemory.getAllocatedMemory() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(0, serverMemory.getAllocatedMemory(), serverMemory.toVerboseString());
    goneMemory.close();
    // and the server still serves
    assertEquals(400_000, client.info(FlightQuery.of("events")).getRecords());
  }
}
