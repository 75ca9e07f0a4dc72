package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    client = FlightDatasetClient.connect(server.location(), clientMemory, null, null);
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
  void aLongFlatOrChainIsAnswered() throws Exception {
    StringBuilder chain = new StringBuilder("id = 0");
    for (int i = 3; i < 30_000; i += 3) {
      chain.append(" or id = ").append(i);
    }
    List<String> rows = FlightTestData.readAll(client, new FlightQuery("events", List.of("id"), chain.toString()));
    assertEquals(334, rows.size(), "ids 0, 3, … 999 of the 1000 rows");
  }
}
