package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a hostile client tried against a served dataset, answered with a typed status. */
class FlightHostileClientTest {
  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  ParquetFlightServer server;
  FlightDatasetClient client;

  @BeforeEach
  void start() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    Path events = FlightTestData.dataset(dir.resolve("events"), 2, 500, clientMemory);
    server = ParquetFlightServer.builder(serverMemory).dataset(events).start();
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

  private FlightRuntimeException refused(String filter) {
    return assertThrows(FlightRuntimeException.class, () -> client.info(new FlightQuery("events", null, filter)));
  }

  @Test
  void deeplyNestedFiltersAreInvalidArgumentNamingTheLimit() {
    // each of these overflowed the server's stack and was answered UNKNOWN with a long stack trace
    StringBuilder andOr = new StringBuilder();
    for (int i = 0; i < 5_000; i++) {
      andOr.append("id = ").append(i).append(i % 2 == 0 ? " and (" : " or (");
    }
    andOr.append("id = -1").append(")".repeat(5_000));
    for (String filter : List.of("(".repeat(2_000) + "id = 1" + ")".repeat(2_000), "not ".repeat(100_000) + "id = 1",
        andOr.toString())) {
      FlightRuntimeException e = refused(filter);
      assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), e.getMessage());
      assertTrue(e.getMessage().contains("nesting limit"), e.getMessage());
      assertTrue(e.getMessage().length() < 2_000, "a short answer, not the whole filter echoed");
    }
    // the server still answers
    assertEquals(1000, client.info(FlightQuery.of("events")).getRecords());
  }

  @Test
  void describeAndErrorsShowNoServerPath() throws Exception {
    Iterator<Result> it = client.flightClient().doAction(new Action("describe", "events".getBytes(StandardCharsets.UTF_8)));
    String described = new String(it.next().getBody(), StandardCharsets.UTF_8);
    // before: "root": "/tmp/junit…/events"
    assertFalse(described.contains(dir.toString()), described);
    JsonNode d = FlightQuery.JSON.readTree(described);
    assertEquals("events", d.get("root").asText());
    assertEquals("year=2020/part-0.parquet", d.get("files").get(0).get("path").asText());

    Files.delete(dir.resolve("events/year=2020/part-0.parquet"));
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> client.info(FlightQuery.of("events")));
    assertFalse(e.getMessage().contains(dir.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("events/year=2020/part-0.parquet"), e.getMessage());
  }

  @Test
  void aSymlinkLeadingOutOfAServedDirectoryIsRefusedUnlessAllowed() throws Exception {
    Path linked = dir.resolve("linked");
    FlightTestData.writeFile(linked.resolve("part-0.parquet"), 0, 10, clientMemory);
    Path secret = dir.resolve("elsewhere/secret.parquet");
    FlightTestData.writeFile(secret, 100, 150, clientMemory);
    Files.createSymbolicLink(linked.resolve("part-1.parquet"), secret);
    try (ParquetFlightServer strict = ParquetFlightServer.builder(serverMemory).dataset(linked).start();
        FlightDatasetClient c = FlightDatasetClient.builder(strict.location(), clientMemory).connect()) {
      // before: the 50 rows behind the link were served
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> c.info(FlightQuery.of("linked")));
      assertTrue(e.getMessage().contains("linked/part-1.parquet") && e.getMessage().contains("--follow-symlinks"),
          e.getMessage());
      assertFalse(e.getMessage().contains(dir.toString()), e.getMessage());
    }
    try (ParquetFlightServer lenient = ParquetFlightServer.builder(serverMemory).dataset(linked)
            .symlinks(ParquetFlightServer.SymlinkPolicy.FOLLOW).start();
        FlightDatasetClient c = FlightDatasetClient.builder(lenient.location(), clientMemory).connect()) {
      assertEquals(60, c.info(FlightQuery.of("linked")).getRecords());
    }
  }

  @Test
  void aLongFlatOrChainIsAnswered() throws Exception {
    StringBuilder chain = new StringBuilder("id = 0");
    for (int i = 3; i < 30_000; i += 3) {
      chain.append(" or id = ").append(i);
    }
    List<String> rows = FlightTestData.readAll(client, new FlightQuery("events", List.of("id"), chain.toString()));
    assertEquals(334, rows.size(), "ids 0, 3, … 999 of the 1000 rows");
  }
}
