package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three servers on three ports, each with its own directory holding part of one logical dataset
 * "sales" and the other two as peers: asking any one of them gives endpoints at the servers
 * holding each file, and reading them all gives every row exactly once.
 */
class FlightScaleOutTest {
  static final long ROWS = 400;

  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  final List<ParquetFlightServer> servers = new ArrayList<>();
  final List<Location> locations = new ArrayList<>();
  /** file index to the server (0..2) holding it. */
  final Map<Integer, Integer> holder = new HashMap<>();

  @BeforeEach
  void start() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    int[][] filesOf = {{0, 1}, {2, 3, 4}, {5}};
    List<Path> roots = new ArrayList<>();
    for (int s = 0; s < 3; s++) {
      Path root = Files.createDirectories(dir.resolve("node" + s).resolve("sales"));
      for (int f : filesOf[s]) {
        FlightTestData.writeFile(root.resolve("year=" + (2020 + f % 2)).resolve("part-" + f + ".parquet"), f * ROWS,
            (f + 1) * ROWS, clientMemory);
        holder.put(f, s);
      }
      roots.add(root);
      locations.add(Location.forGrpcInsecure("localhost", freePort()));
    }
    for (int s = 0; s < 3; s++) {
      ParquetFlightServer.Builder b = ParquetFlightServer.builder(serverMemory).dataset(roots.get(s))
          .port(locations.get(s).getUri().getPort());
      for (int p = 0; p < 3; p++) {
        if (p != s) {
          b.peer(locations.get(p));
        }
      }
      servers.add(b.start());
    }
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (ParquetFlightServer s : servers) {
      s.close();
    }
    assertEquals(0, serverMemory.getAllocatedMemory());
    assertEquals(0, clientMemory.getAllocatedMemory());
    serverMemory.close();
    clientMemory.close();
  }

  private static List<String> expected(int files) {
    List<String> out = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      for (long i = f * ROWS; i < (f + 1) * ROWS; i++) {
        out.add(FlightTestData.row(i, 2020 + f % 2));
      }
    }
    Collections.sort(out);
    return out;
  }

  @Test
  void anyServerGivesEveryRowOnceWithEndpointsWhereTheFilesAre() throws Exception {
    for (int asked = 0; asked < 3; asked++) {
      try (FlightDatasetClient c = FlightDatasetClient.builder(locations.get(asked), clientMemory).connect()) {
        FlightInfo info = c.info(FlightQuery.of("sales"));
        assertEquals(6, info.getEndpoints().size());
        assertEquals(6 * ROWS, info.getRecords());
        for (FlightEndpoint e : info.getEndpoints()) {
          String file = SplitTicket.fromTicket(e.getTicket()).file();
          int f = Integer.parseInt(file.replaceAll(".*part-(\\d+)\\.parquet", "$1"));
          int at = holder.get(f);
          List<Location> expectedLocations = at == asked ? List.of() : List.of(locations.get(at));
          assertEquals(expectedLocations, e.getLocations(), file + " asked of node" + asked);
        }
        List<String> got = new ArrayList<>();
        c.read(info, root -> got.addAll(FlightTestData.rows(root)));
        Collections.sort(got);
        assertEquals(expected(6), got);
      }
    }
  }

  @Test
  void readingEveryServerAtOnceGivesEveryRowOnce() throws Exception {
    try (FlightDatasetClient c = FlightDatasetClient.builder(locations.get(0), clientMemory).connect()) {
      List<String> got = new ArrayList<>();
      long rows = c.read(c.info(FlightQuery.of("sales")), 3, root -> got.addAll(FlightTestData.rows(root)));
      assertEquals(6 * ROWS, rows);
      Collections.sort(got);
      assertEquals(expected(6), got);
    }
  }

  @Test
  void filterAndProjectionApplyOnEveryServer() throws Exception {
    FlightQuery q = new FlightQuery("sales", List.of("id"), "year = 2021 and score >= 100");
    try (FlightDatasetClient c = FlightDatasetClient.builder(locations.get(1), clientMemory).connect()) {
      List<String> got = FlightTestData.readAll(c, q);
      List<String> want = new ArrayList<>();
      for (int f = 1; f < 6; f += 2) {
        for (long i = f * ROWS; i < (f + 1) * ROWS; i++) {
          if (i / 4.0 >= 100) {
            want.add(Long.toString(i));
          }
        }
      }
      Collections.sort(got);
      Collections.sort(want);
      assertEquals(want, got);
    }
  }

  @Test
  void aFileHeldTwiceIsReadOnce() throws Exception {
    // node2 gets a copy of node0's part-0 at the same relative path
    Path copy = dir.resolve("node2/sales/year=2020/part-0.parquet");
    Files.createDirectories(copy.getParent());
    Files.copy(dir.resolve("node0/sales/year=2020/part-0.parquet"), copy);
    try (FlightDatasetClient c = FlightDatasetClient.builder(locations.get(2), clientMemory).connect()) {
      c.flightClient().doAction(new org.apache.arrow.flight.Action("refresh", new byte[0])).forEachRemaining(r -> { });
      FlightInfo info = c.info(FlightQuery.of("sales"));
      assertEquals(6, info.getEndpoints().size());
      assertEquals(-1, info.getRecords(), "a shared file makes summed counts unreliable");
      List<String> got = new ArrayList<>();
      c.read(info, root -> got.addAll(FlightTestData.rows(root)));
      Collections.sort(got);
      assertEquals(expected(6), got);
    }
  }

  @Test
  void aPeerThatIsDownIsReportedNotSilentlySkipped() throws Exception {
    Location dead = Location.forGrpcInsecure("localhost", freePort());
    try (ParquetFlightServer lonely = ParquetFlightServer.builder(serverMemory)
            .dataset(dir.resolve("node0").resolve("sales")).peer(dead).start();
        FlightDatasetClient c = FlightDatasetClient.builder(lonely.location(), clientMemory).connect()) {
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> c.info(FlightQuery.of("sales")));
      assertEquals(FlightStatusCode.UNAVAILABLE, e.status().code());
      assertTrue(e.getMessage().contains(dead.getUri().toString()), e.getMessage());
    }
  }
}
