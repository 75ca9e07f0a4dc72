package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Result;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One broken dataset stays that dataset's problem; an upload is either stored and served, or gone. */
class FlightBrokenDatasetTest {
  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  final List<AutoCloseable> open = new ArrayList<>();

  @BeforeEach
  void memory() {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
  }

  @AfterEach
  void stop() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
    assertEquals(0, serverMemory.getAllocatedMemory(), serverMemory.toVerboseString());
    assertEquals(0, clientMemory.getAllocatedMemory(), clientMemory.toVerboseString());
    serverMemory.close();
    clientMemory.close();
  }

  private FlightDatasetClient serve(Path... datasets) {
    ParquetFlightServer.Builder b = ParquetFlightServer.builder(serverMemory);
    for (Path d : datasets) {
      b.dataset(d);
    }
    ParquetFlightServer server = b.start();
    open.add(server);
    FlightDatasetClient client = FlightDatasetClient.builder(server.location(), clientMemory).connect();
    open.add(client);
    return client;
  }

  private static List<String> listed(FlightDatasetClient client) {
    List<String> names = new ArrayList<>();
    for (FlightInfo info : client.flightClient().listFlights(Criteria.ALL)) {
      names.add(info.getDescriptor().getPath().get(0));
    }
    return names;
  }

  private static List<JsonNode> action(FlightDatasetClient client, String type, String body) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    Iterator<Result> it = client.flightClient().doAction(new Action(type, body.getBytes(StandardCharsets.UTF_8)));
    while (it.hasNext()) {
      out.add(FlightQuery.JSON.readTree(it.next().getBody()));
    }
    return out;
  }

  private static List<String> files(Path d) throws Exception {
    try (Stream<Path> s = Files.walk(d)) {
      return s.filter(Files::isRegularFile).map(p -> d.relativize(p).toString()).sorted().toList();
    }
  }

  private static void corrupt(Path file) throws Exception {
    Files.write(file, "PAR1 this is not a Parquet file PAR1".getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void aFileDeletedFromOneDatasetLeavesTheOthersListed() throws Exception {
    Path events = FlightTestData.dataset(dir.resolve("events"), 2, 500, clientMemory);
    Path other = FlightTestData.dataset(dir.resolve("other"), 1, 100, clientMemory);
    FlightDatasetClient client = serve(events, other);
    Files.delete(events.resolve("year=2020/part-0.parquet"));
    // before: listFlights failed with INTERNAL for every dataset
    assertEquals(List.of("other"), listed(client));
    assertEquals(100, client.info(FlightQuery.of("other")).getRecords());
    // a refresh of every dataset answers each; the repaired listing holds both again
    List<JsonNode> refreshed = action(client, "refresh", "");
    assertEquals(2, refreshed.size(), refreshed.toString());
    assertEquals(List.of("events", "other"), listed(client));
    assertEquals(500, client.info(FlightQuery.of("events")).getRecords());
  }

  @Test
  void aServerStartsOverABrokenDatasetServesTheRestAndNamesWhy() throws Exception {
    Path good = FlightTestData.dataset(dir.resolve("good"), 1, 100, clientMemory);
    Path bad = Files.createDirectories(dir.resolve("bad"));
    corrupt(bad.resolve("part-0.parquet"));
    // before: start() threw, nothing was served
    FlightDatasetClient client = serve(good, bad);
    assertEquals(100, client.info(FlightQuery.of("good")).getRecords());
    assertEquals(List.of("good"), listed(client));
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> client.info(FlightQuery.of("bad")));
    assertEquals(FlightStatusCode.INTERNAL, e.status().code());
    assertTrue(e.getMessage().contains("'bad' is unavailable") && e.getMessage().contains("part-0.parquet"),
        e.getMessage());

    Files.delete(bad.resolve("part-0.parquet"));
    FlightTestData.writeFile(bad.resolve("part-1.parquet"), 0, 10, clientMemory);
    assertEquals(1, action(client, "refresh", "bad").get(0).get("files").asInt());
    assertEquals(10, client.info(FlightQuery.of("bad")).getRecords());
  }

  @Test
  void anUploadThatCannotBeServedIsNotStored() throws Exception {
    Path uploads = Files.createDirectories(dir.resolve("uploads"));
    FlightTestData.writeFile(uploads.resolve("part-0.parquet"), 0, 10, clientMemory);
    FlightDatasetClient client = serve(uploads);
    corrupt(uploads.resolve("part-junk.parquet"));
    List<String> before = files(uploads);

    FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
        () -> put(client, FlightDescriptor.path("uploads"), FlightTestData.batch(10, 20, clientMemory)));
    assertEquals(FlightStatusCode.INTERNAL, e.status().code());
    assertTrue(e.getMessage().contains("not stored"), e.getMessage());
    // before: the failed upload's file stayed in the dataset
    assertEquals(before, files(uploads));
    assertEquals(10, client.info(FlightQuery.of("uploads")).getRecords());
  }

  @Test
  void racingUploadsWithConflictingSchemasLandOnlyOne() throws Exception {
    Path uploads = Files.createDirectories(dir.resolve("uploads"));
    FlightDatasetClient client = serve(uploads);
    FlightClient c = client.flightClient();
    Schema longs = new Schema(List.of(Field.nullable("x", new ArrowType.Int(64, true))));
    Schema strings = new Schema(List.of(Field.nullable("x", ArrowType.Utf8.INSTANCE)));
    try (VectorSchemaRoot a = VectorSchemaRoot.create(longs, clientMemory)) {
      ((BigIntVector) a.getVector(0)).setSafe(0, 7);
      a.setRowCount(1);
      FlightClient.ClientStreamListener slow = c.startPut(FlightDescriptor.path("uploads"), a, new AsyncPutListener());
      slow.putNext();
      awaitStagingFile(uploads);

      VectorSchemaRoot b = VectorSchemaRoot.create(strings, clientMemory);
      ((VarCharVector) b.getVector(0)).setSafe(0, "seven".getBytes(StandardCharsets.UTF_8));
      b.setRowCount(1);
      put(client, FlightDescriptor.path("uploads"), b);

      slow.completed();
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class, slow::getResult);
      assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), e.getMessage());
      assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
    }
    // before: both landed, and the dataset failed on every read and refresh
    assertEquals(1, files(uploads).size(), files(uploads).toString());
    FlightInfo info = client.info(FlightQuery.of("uploads"));
    assertEquals(strings, info.getSchema());
    assertEquals(1, action(client, "refresh", "uploads").get(0).get("files").asInt());
    assertEquals(1, serve(uploads).info(FlightQuery.of("uploads")).getRecords());
  }

  @Test
  void aServerStartingRemovesTheStagingFilesOfAKilledOne() throws Exception {
    Path uploads = Files.createDirectories(dir.resolve("uploads"));
    FlightTestData.writeFile(uploads.resolve("part-0.parquet"), 0, 10, clientMemory);
    String id = "0b6f1c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e";
    // what kill -9 mid-upload leaves: the writer's temporary, or a written upload not yet published
    Path writing = aged(uploads.resolve("..upload-" + id + ".parquet.5e0c1d.tmp"), Duration.ofHours(1));
    Path staged = aged(uploads.resolve(".upload-" + id + ".parquet"), Duration.ofHours(1));
    Path fresh = aged(uploads.resolve(".upload-1b6f1c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e.parquet"), Duration.ZERO);
    Path notOurs = aged(uploads.resolve(".upload-notes.txt"), Duration.ofHours(1));
    FlightDatasetClient client = serve(uploads);
    // before: both stayed for ever
    assertFalse(Files.exists(writing));
    assertFalse(Files.exists(staged));
    assertTrue(Files.exists(fresh), "an upload being published by another server is left alone");
    assertTrue(Files.exists(notOurs), "only names of our pattern are removed");
    assertEquals(10, client.info(FlightQuery.of("uploads")).getRecords());
  }

  private static Path aged(Path file, Duration age) throws Exception {
    Files.write(file, new byte[1024]);
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
    return file;
  }

  private static void awaitStagingFile(Path d) throws Exception {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (files(d).stream().noneMatch(f -> f.contains(".upload-"))) {
      assertTrue(System.nanoTime() < deadline, "the slow upload never started writing");
      Thread.sleep(20);
    }
  }

  /** Uploads {@code batch} (closed here) and waits for the server's answer. */
  private void put(FlightDatasetClient client, FlightDescriptor where, VectorSchemaRoot batch) {
    try (batch) {
      FlightClient.ClientStreamListener l = client.flightClient().startPut(where, batch, new AsyncPutListener());
      l.putNext();
      l.completed();
      l.getResult();
    }
  }
}
