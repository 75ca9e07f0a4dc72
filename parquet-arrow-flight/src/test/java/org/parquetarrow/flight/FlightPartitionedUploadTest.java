package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * doPut into a hive-partitioned dataset ({@code events/year=2020|2021/part-f.parquet}, see {@link
 * FlightTestData#dataset}) with the partition column in the stream: the rows go to the
 * directories of their values, new ones made, the column left out of the files; all or nothing.
 */
class FlightPartitionedUploadTest {
  private static final Schema UPLOAD = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)),
      Field.nullable("name", ArrowType.Utf8.INSTANCE),
      Field.nullable("score", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("year", new ArrowType.Int(32, true))));

  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  Path events;
  ParquetFlightServer server;
  FlightDatasetClient client;

  @BeforeEach
  void start() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    events = FlightTestData.dataset(dir.resolve("events"), 2, 500, clientMemory);
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

  /** Rows {@code [from, to)} as {@link FlightTestData#batch} makes them, with year 2021 + id % 2. */
  private VectorSchemaRoot batch(long from, long to) {
    VectorSchemaRoot root = VectorSchemaRoot.create(UPLOAD, clientMemory);
    root.allocateNew();
    int n = Math.toIntExact(to - from);
    for (int k = 0; k < n; k++) {
      long i = from + k;
      ((BigIntVector) root.getVector("id")).setSafe(k, i);
      if (i % 7 == 0) {
        ((VarCharVector) root.getVector("name")).setNull(k);
      } else {
        ((VarCharVector) root.getVector("name")).setSafe(k, ("n" + (i % 10)).getBytes(StandardCharsets.UTF_8));
      }
      ((Float8Vector) root.getVector("score")).setSafe(k, i / 4.0);
      ((IntVector) root.getVector("year")).setSafe(k, (int) (2021 + i % 2));
    }
    root.setRowCount(n);
    return root;
  }

  private void put(VectorSchemaRoot batch) {
    FlightClient c = client.flightClient();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(batch.getSchema(), clientMemory)) {
      FlightClient.ClientStreamListener l = c.startPut(FlightDescriptor.path("events"), root, new AsyncPutListener());
      for (int i = 0; i < batch.getFieldVectors().size(); i++) {
        batch.getVector(i).makeTransferPair(root.getVector(i)).transfer();
      }
      root.setRowCount(batch.getRowCount());
      batch.close();
      l.putNext();
      l.completed();
      l.getResult();
    }
  }

  /** Every file and directory below {@code events}, relative, sorted. */
  private List<String> tree() throws Exception {
    try (Stream<Path> s = Files.walk(events)) {
      return s.filter(p -> !p.equals(events)).map(p -> events.relativize(p).toString()).sorted().toList();
    }
  }

  @Test
  void rowsGoToTheDirectoriesOfTheirPartitionValues() throws Exception {
    put(batch(1000, 1100));

    List<String> expected = new ArrayList<>();
    for (long i = 0; i < 1000; i++) {
      expected.add(FlightTestData.row(i, (int) (2020 + i / 500)));
    }
    for (long i = 1000; i < 1100; i++) {
      expected.add(FlightTestData.row(i, (int) (2021 + i % 2)));
    }
    List<String> got = FlightTestData.readAll(client, FlightQuery.of("events"));
    Collections.sort(expected);
    Collections.sort(got);
    assertEquals(expected, got);

    List<String> tree = tree();
    List<String> uploaded = tree.stream().filter(p -> p.matches("year=202[12]/part-[0-9a-f-]{36}-0\\.parquet")).toList();
    assertEquals(2, uploaded.size(), tree.toString());
    assertTrue(tree.contains("year=2022"), "a directory made for the new value: " + tree);
    assertTrue(tree.stream().noneMatch(p -> p.startsWith(".")), "no staging left: " + tree);
    for (String f : uploaded) {
      try (ParquetFileReader r = ParquetFileReader.open(events.resolve(f), ReadOptions.builder(serverMemory).build())) {
        assertEquals(List.of("id", "name", "score"),
            r.arrowSchema().getFields().stream().map(Field::getName).toList(), f + " leaves the partition column out");
        assertEquals(50, r.metadata().numRows(), f);
      }
    }
    assertEquals(1100, client.info(FlightQuery.of("events")).getRecords());
    List<String> ids2022 = FlightTestData.readAll(client, new FlightQuery("events", List.of("id"), "year = 2022"));
    List<String> odd = new ArrayList<>();
    for (long i = 1001; i < 1100; i += 2) {
      odd.add(Long.toString(i));
    }
    Collections.sort(ids2022);
    assertEquals(odd, ids2022);
  }

  @Test
  void anUploadThatDoesNotFitLeavesNoFileAndNoDirectory() throws Exception {
    List<String> before = tree();
    Schema wrong = new Schema(List.of(Field.nullable("id", ArrowType.Utf8.INSTANCE),
        Field.nullable("year", new ArrowType.Int(32, true))));
    VectorSchemaRoot batch = VectorSchemaRoot.create(wrong, clientMemory);
    ((VarCharVector) batch.getVector("id")).setSafe(0, "x".getBytes(StandardCharsets.UTF_8));
    ((IntVector) batch.getVector("year")).setSafe(0, 2030);
    batch.setRowCount(1);
    FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> put(batch));
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
    assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
    assertTrue(!e.getMessage().contains(dir.toString()), "no server path: " + e.getMessage());
    assertEquals(before, tree());
    assertEquals(1000, client.info(FlightQuery.of("events")).getRecords());
  }

  @Test
  void aServerStartingOverAStaleStagingDirectoryRemovesIt() throws Exception {
    Path stale = events.resolve(".upload-0b6e1c52-7f3a-4d2e-9c41-5a8b2e6f1d03.d/year=2021");
    Files.createDirectories(stale);
    Files.write(stale.resolve("part-x-0.parquet"), new byte[100]);
    FileTime old = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
    for (Path p : List.of(stale.resolve("part-x-0.parquet"), stale, stale.getParent())) {
      Files.setLastModifiedTime(p, old);
    }
    try (ParquetFlightServer again = ParquetFlightServer.builder(serverMemory).dataset(events).start()) {
      assertTrue(again.location() != null);
    }
    assertTrue(Files.notExists(stale.getParent()), tree().toString());
  }
}
