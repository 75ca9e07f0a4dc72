package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.ActionType;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Result;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** doPut (atomic, refused when it does not fit), and the refresh / describe actions. */
class FlightUploadTest {
  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  Path uploads;
  Path events;
  ParquetFlightServer server;
  FlightDatasetClient client;

  @BeforeEach
  void start() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    uploads = Files.createDirectories(dir.resolve("uploads"));
    events = FlightTestData.dataset(dir.resolve("events"), 2, 500, clientMemory);
    server = ParquetFlightServer.builder(serverMemory).dataset(uploads).dataset(events).start();
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

  private void put(String dataset, VectorSchemaRoot... batches) {
    FlightClient c = client.flightClient();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(batches[0].getSchema(), clientMemory)) {
      FlightClient.ClientStreamListener l = c.startPut(FlightDescriptor.path(dataset), root, new AsyncPutListener());
      for (VectorSchemaRoot b : batches) {
        for (int i = 0; i < b.getFieldVectors().size(); i++) {
          b.getVector(i).makeTransferPair(root.getVector(i)).transfer();
        }
        root.setRowCount(b.getRowCount());
        l.putNext();
        b.close();
      }
      l.completed();
      l.getResult();
    }
  }

  private List<String> files(Path d) throws Exception {
    try (Stream<Path> s = Files.walk(d)) {
      return s.filter(Files::isRegularFile).map(p -> d.relativize(p).toString()).sorted().toList();
    }
  }

  @Test
  void putThenGetReturnsTheUploadedRows() throws Exception {
    put("uploads", FlightTestData.batch(0, 700, clientMemory), FlightTestData.batch(700, 1000, clientMemory));
    List<String> names = files(uploads);
    assertEquals(1, names.size(), names.toString());
    assertTrue(names.get(0).matches("part-[0-9a-f-]+\\.parquet"), names.toString());
    List<String> got = FlightTestData.readAll(client, FlightQuery.of("uploads"));
    List<String> expected = new ArrayList<>();
    for (long i = 0; i < 1000; i++) {
      String full = FlightTestData.row(i, 0);
      expected.add(full.substring(0, full.lastIndexOf('|')));
    }
    Collections.sort(got);
    Collections.sort(expected);
    assertEquals(expected, got);

    put("uploads", FlightTestData.batch(1000, 1100, clientMemory));
    assertEquals(2, client.info(FlightQuery.of("uploads")).getEndpoints().size());
    assertEquals(1100, client.info(FlightQuery.of("uploads")).getRecords());
  }

  @Test
  void aSchemaTheWriterRejectsIsInvalidArgumentAndLeavesNoFile() throws Exception {
    Schema schema = new Schema(List.of(Field.nullable("span", new ArrowType.Interval(IntervalUnit.DAY_TIME))));
    VectorSchemaRoot batch = VectorSchemaRoot.create(schema, clientMemory);
    ((IntervalDayVector) batch.getVector(0)).setSafe(0, 1, 2);
    batch.setRowCount(1);
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> put("uploads", batch));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
    assertTrue(e.getMessage().contains("span"), e.getMessage());
    assertEquals(List.of(), files(uploads));
  }

  @Test
  void anUploadThatDoesNotFitTheDatasetIsRefusedAndLeavesNoFile() throws Exception {
    put("uploads", FlightTestData.batch(0, 10, clientMemory));
    List<String> before = files(uploads);
    Schema other = new Schema(List.of(Field.nullable("id", ArrowType.Utf8.INSTANCE)));
    VectorSchemaRoot batch = VectorSchemaRoot.create(other, clientMemory);
    ((VarCharVector) batch.getVector(0)).setSafe(0, "x".getBytes());
    batch.setRowCount(1);
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> put("uploads", batch));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
    assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
    assertEquals(before, files(uploads));
  }

  @Test
  void putToAnUnknownDatasetIsNotFound() {
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
        () -> put("nope", FlightTestData.batch(0, 10, clientMemory)));
    assertEquals(FlightStatusCode.NOT_FOUND, e.status().code());
  }

  @Test
  void aCutOffUploadLeavesNoFileAndTheServerHealthy() throws Exception {
    FlightClient c = client.flightClient();
    try (VectorSchemaRoot root = FlightTestData.batch(0, 5000, clientMemory)) {
      FlightClient.ClientStreamListener l = c.startPut(FlightDescriptor.path("uploads"), root, new AsyncPutListener());
      l.putNext();
      // the server is mid-write once its hidden staging file exists
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (files(uploads).isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertTrue(files(uploads).stream().allMatch(n -> n.startsWith(".")), files(uploads).toString());
      assertTrue(!files(uploads).isEmpty(), "the server started writing");
      l.error(new RuntimeException("client gave up"));
      assertThrows(FlightRuntimeException.class, l::getResult);
    }
    long deadline = System.nanoTime() + 10_000_000_000L;
    while ((!files(uploads).isEmpty() || serverMemory.getAllocatedMemory() != 0) && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(List.of(), files(uploads));
    assertEquals(0, serverMemory.getAllocatedMemory(), serverMemory.toVerboseString());
    // healthy: the next upload works
    put("uploads", FlightTestData.batch(0, 10, clientMemory));
    assertEquals(10, client.info(FlightQuery.of("uploads")).getRecords());
  }

  private List<JsonNode> action(String type, String body) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    Iterator<Result> it = client.flightClient().doAction(new Action(type, body.getBytes()));
    while (it.hasNext()) {
      out.add(FlightQuery.JSON.readTree(it.next().getBody()));
    }
    return out;
  }

  @Test
  void refreshFindsFilesAddedBehindTheServersBack() throws Exception {
    assertEquals(2, client.info(FlightQuery.of("events")).getEndpoints().size());
    FlightTestData.writeFile(events.resolve("year=2020").resolve("late.parquet"), 5000, 5100, clientMemory);
    assertEquals(2, client.info(FlightQuery.of("events")).getEndpoints().size(), "not seen before a refresh");
    List<JsonNode> r = action("refresh", "events");
    assertEquals(1, r.size());
    assertEquals("events", r.get(0).get("dataset").asText());
    assertEquals(3, r.get(0).get("files").asInt());
    assertEquals(3, client.info(FlightQuery.of("events")).getEndpoints().size());
    assertEquals(2, action("refresh", "").size(), "an empty body refreshes every dataset");
  }

  @Test
  void describeSummarisesTheDataset() throws Exception {
    JsonNode d = action("describe", "events").get(0);
    assertEquals("events", d.get("dataset").asText());
    assertEquals(2, d.get("fileCount").asInt());
    assertEquals(1000, d.get("rows").asLong());
    assertEquals("year", d.get("partitionColumns").get(0).asText());
    assertEquals(List.of("id", "name", "score", "year"),
        Stream.of(d.get("schema")).flatMap(a -> java.util.stream.StreamSupport.stream(a.spliterator(), false))
            .map(c -> c.get("name").asText()).toList());
    assertEquals("year=2020/part-0.parquet", d.get("files").get(0).get("path").asText());
    assertEquals(2, d.get("files").get(0).get("rowGroups").asInt(), "500 rows in groups of 250");
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> action("describe", "nope"));
    assertEquals(FlightStatusCode.NOT_FOUND, e.status().code());
    FlightRuntimeException u = assertThrows(FlightRuntimeException.class, () -> action("drop", "events"));
    assertEquals(FlightStatusCode.UNIMPLEMENTED, u.status().code());
  }

  @Test
  void listActionsOffersRefreshDescribeAndListSplits() {
    List<String> types = new ArrayList<>();
    for (ActionType t : client.flightClient().listActions()) {
      types.add(t.getType());
    }
    assertEquals(List.of("refresh", "describe", "list-splits"), types);
  }

  private List<FlightInfo> listSplits(String body) throws Exception {
    List<FlightInfo> out = new ArrayList<>();
    Iterator<Result> it = client.flightClient().doAction(new Action("list-splits", body.getBytes(StandardCharsets.UTF_8)));
    while (it.hasNext()) {
      out.add(FlightInfo.deserialize(ByteBuffer.wrap(it.next().getBody())));
    }
    return out;
  }

  /** Every action takes the same body: a query's JSON or a bare dataset name. */
  @Test
  void everyActionTakesTheQueryJsonOrABareName() throws Exception {
    JsonNode json = action("describe", "{\"dataset\":\"events\",\"columns\":[\"id\"]}").get(0);
    assertEquals("events", json.get("dataset").asText());
    assertEquals(1000, json.get("rows").asLong());
    assertEquals(json, action("describe", " events\n").get(0), "a bare name describes the same dataset");

    List<FlightInfo> bare = listSplits("events");
    assertEquals(1, bare.size());
    assertEquals(1000, bare.get(0).getRecords());
    FlightQuery year = new FlightQuery("events", List.of("id"), "year = 2020");
    List<FlightInfo> query = listSplits(new String(year.toJsonBytes(), StandardCharsets.UTF_8));
    assertEquals(1, query.size());
    assertEquals(client.info(year).getRecords(), query.get(0).getRecords());
    assertTrue(query.get(0).getRecords() < 1000, "the filter prunes a partition");
    assertEquals(2, listSplits("").size(), "an empty body lists every dataset");

    List<JsonNode> refreshed = action("refresh", "{\"dataset\":\"events\"}");
    assertEquals(1, refreshed.size());
    assertEquals("events", refreshed.get(0).get("dataset").asText());
  }

  @Test
  void aMalformedActionBodyIsInvalidArgumentNamingTheProblem() {
    FlightRuntimeException notJson = assertThrows(FlightRuntimeException.class, () -> action("describe", "{\"dataset\":"));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, notJson.status().code());
    assertTrue(notJson.getMessage().contains("'describe'") && notJson.getMessage().contains("not valid JSON"),
        notJson.getMessage());
    FlightRuntimeException noName = assertThrows(FlightRuntimeException.class, () -> listSplits("{\"dataset\":5}"));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, noName.status().code());
    assertTrue(noName.getMessage().contains("'list-splits'") && noName.getMessage().contains("\"dataset\" string"),
        noName.getMessage());
    FlightRuntimeException array = assertThrows(FlightRuntimeException.class, () -> action("refresh", "[\"events\"]"));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, array.status().code());
    FlightRuntimeException empty = assertThrows(FlightRuntimeException.class, () -> action("describe", ""));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, empty.status().code());
    assertTrue(empty.getMessage().contains("needs a dataset"), empty.getMessage());
  }
}
