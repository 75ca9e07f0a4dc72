package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load and faults: 32 concurrent clients read the whole dataset correctly; clients that cancel
 * or disconnect mid-stream leave the server healthy and its memory back at zero while it runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FlightLoadTest {
  static final int FILES = 4;
  static final long ROWS_PER_FILE = 5000;

  @TempDir static Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  ParquetFlightServer server;
  List<String> expected;

  @BeforeAll
  void start() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    FlightTestData.dataset(dir.resolve("events"), FILES, ROWS_PER_FILE, clientMemory);
    server = ParquetFlightServer.builder(serverMemory).dataset(dir.resolve("events"))
        .scanOptions(ParquetFlightServer.DEFAULT_SCAN_OPTIONS.toBuilder().batchSize(500).build()).start();
    expected = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      for (long i = f * ROWS_PER_FILE; i < (f + 1) * ROWS_PER_FILE; i++) {
        expected.add(FlightTestData.row(i, 2020 + f % 2));
      }
    }
    Collections.sort(expected);
  }

  @AfterAll
  void stop() throws Exception {
    server.close();
    assertEquals(0, serverMemory.getAllocatedMemory(), serverMemory.toVerboseString());
    assertEquals(0, clientMemory.getAllocatedMemory(), clientMemory.toVerboseString());
    serverMemory.close();
    clientMemory.close();
  }

  private List<String> readAll() throws Exception {
    try (FlightDatasetClient c = FlightDatasetClient.builder(server.location(), clientMemory).connect()) {
      List<String> got = FlightTestData.readAll(c, FlightQuery.of("events"));
      Collections.sort(got);
      return got;
    }
  }

  /** The server's memory goes back to zero once it has cleaned up after the clients. */
  private void awaitServerMemoryFreed() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (serverMemory.getAllocatedMemory() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(0, serverMemory.getAllocatedMemory(), () -> serverMemory.toVerboseString() + serverThreads());
  }

  /** Where the server's threads are, for a failure message. */
  private static String serverThreads() {
    StringBuilder sb = new StringBuilder();
    Thread.getAllStackTraces().forEach((t, stack) -> {
      if (t.getName().startsWith("flight-server")) {
        sb.append('\n').append(t.getName());
        for (StackTraceElement e : stack) {
          sb.append("\n  at ").append(e);
        }
      }
    });
    return sb.toString();
  }

  @Test
  void thirtyTwoConcurrentClientsEachGetEveryRow() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(32);
    try {
      List<Future<List<String>>> results = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        results.add(pool.submit(this::readAll));
      }
      for (Future<List<String>> r : results) {
        assertEquals(expected, r.get(60, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
    awaitServerMemoryFreed();
  }

  @Test
  void aClientThatCancelsMidStreamLeavesTheServerHealthyAndLeakFree() throws Exception {
    try (FlightDatasetClient c = FlightDatasetClient.builder(server.location(), clientMemory).connect()) {
      FlightInfo info = c.info(FlightQuery.of("events"));
      for (int k = 0; k < 8; k++) {
        FlightStream s = c.flightClient().getStream(info.getEndpoints().get(k % FILES).getTicket());
        assertTrue(s.next());
        assertEquals(500, s.getRoot().getRowCount());
        s.cancel("enough", null);
        s.close();
      }
    }
    awaitServerMemoryFreed();
    assertEquals(expected, readAll());
  }

  @Test
  void aClientThatDisconnectsMidStreamLeavesTheServerHealthyAndLeakFree() throws Exception {
    // a crashed client's memory dies with it: these clients get an allocator of their own, which the
    // test cannot close cleanly (FlightClient.close finds the open stream's buffers)
    BufferAllocator crashed = new RootAllocator();
    for (int k = 0; k < 4; k++) {
      FlightClient raw = FlightClient.builder(crashed, server.location()).build();
      FlightInfo info = raw.getInfo(FlightQuery.of("events").toDescriptor());
      FlightStream s = raw.getStream(info.getEndpoints().get(k).getTicket());
      assertTrue(s.next());
      // drop the connection under the open stream
      try {
        raw.close();
      } catch (IllegalStateException clientSideLeakOfTheOpenStream) {
        // expected: see above
      }
    }
    awaitServerMemoryFreed();
    assertEquals(expected, readAll());
  }
}
