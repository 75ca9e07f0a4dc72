package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.write.WriterProperties;

/** Uploads within bounds: slots, writer memory, idle time, clients that leave, very wide uploads. */
class FlightUploadLimitsTest {
  @TempDir Path dir;
  BufferAllocator serverMemory;
  BufferAllocator clientMemory;
  Path uploads;
  final List<AutoCloseable> open = new ArrayList<>();

  @BeforeEach
  void memory() throws Exception {
    serverMemory = new RootAllocator();
    clientMemory = new RootAllocator();
    uploads = Files.createDirectories(dir.resolve("uploads"));
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

  private FlightDatasetClient serve(UploadLimits limits, WriterProperties properties) {
    ParquetFlightServer server = ParquetFlightServer.builder(serverMemory).dataset(uploads).uploadLimits(limits)
        .writerProperties(properties).start();
    open.add(server);
    FlightDatasetClient client = FlightDatasetClient.builder(server.location(), clientMemory).connect();
    open.add(client);
    return client;
  }

  /** An upload that has sent one batch and waits: the server is writing it. */
  private FlightClient.ClientStreamListener startSlowUpload(FlightClient c, VectorSchemaRoot root) throws Exception {
    FlightClient.ClientStreamListener l = c.startPut(FlightDescriptor.path("uploads"), root, new AsyncPutListener());
    l.putNext();
    awaitFiles(f -> f.stream().anyMatch(n -> n.contains(".upload-")), "the slow upload never started writing");
    return l;
  }

  private static void put(FlightDatasetClient client, VectorSchemaRoot batch) {
    FlightClient.ClientStreamListener l = client.flightClient().startPut(FlightDescriptor.path("uploads"), batch,
        new AsyncPutListener());
    l.putNext();
    l.completed();
    l.getResult();
  }

  private List<String> files() throws Exception {
    try (Stream<Path> s = Files.list(uploads)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private void awaitFiles(java.util.function.Predicate<List<String>> done, String failure) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!done.test(files())) {
      assertTrue(System.nanoTime() < deadline, failure + ": " + files());
      Thread.sleep(20);
    }
  }

  @Test
  void anUploadBeyondTheConcurrencyLimitIsResourceExhausted() throws Exception {
    FlightDatasetClient client = serve(UploadLimits.builder().concurrent(1).build(), WriterProperties.defaults());
    try (VectorSchemaRoot slowBatch = FlightTestData.batch(0, 10, clientMemory);
        VectorSchemaRoot second = FlightTestData.batch(10, 20, clientMemory)) {
      FlightClient.ClientStreamListener slow = startSlowUpload(client.flightClient(), slowBatch);
      // before: every upload was taken, however many ran at once
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> put(client, second));
      assertEquals(FlightStatusCode.RESOURCE_EXHAUSTED, e.status().code(), e.getMessage());
      assertTrue(e.getMessage().contains("1 uploads are running"), e.getMessage());
      slow.completed();
      slow.getResult();
      put(client, second);
    }
    assertEquals(20, client.info(FlightQuery.of("uploads")).getRecords());
  }

  @Test
  void anUploadOverTheWriterMemoryLeftIsResourceExhausted() throws Exception {
    // each upload reserves its 1 MiB row group buffer and 4 KiB per column: two do not fit in 1.5 MiB
    FlightDatasetClient client = serve(UploadLimits.builder().writerMemory(3 << 19).build(),
        WriterProperties.builder().rowGroupBytes(1 << 20).build());
    try (VectorSchemaRoot slowBatch = FlightTestData.batch(0, 10, clientMemory);
        VectorSchemaRoot second = FlightTestData.batch(10, 20, clientMemory)) {
      FlightClient.ClientStreamListener slow = startSlowUpload(client.flightClient(), slowBatch);
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class, () -> put(client, second));
      assertEquals(FlightStatusCode.RESOURCE_EXHAUSTED, e.status().code(), e.getMessage());
      assertTrue(e.getMessage().contains("an upload of 3 columns needs about 1.0 MiB"), e.getMessage());
      slow.completed();
      slow.getResult();
      // the first upload gave its memory back
      put(client, second);
    }
    assertEquals(List.of(), files().stream().filter(n -> n.startsWith(".")).toList());
  }

  @Test
  void anIdleUploadIsEndedAndLeavesNothing() throws Exception {
    FlightDatasetClient client = serve(UploadLimits.builder().concurrent(1).idleTimeout(Duration.ofMillis(500)).build(),
        WriterProperties.defaults());
    try (VectorSchemaRoot idleBatch = FlightTestData.batch(0, 10, clientMemory)) {
      FlightClient.ClientStreamListener idle = startSlowUpload(client.flightClient(), idleBatch);
      // the client sends nothing more; before, the server waited for ever, holding a thread and the staging file
      FlightRuntimeException e = assertThrows(FlightRuntimeException.class,
          () -> assertTimeoutPreemptively(Duration.ofSeconds(30), idle::getResult));
      assertEquals(FlightStatusCode.TIMED_OUT, e.status().code(), e.getMessage());
    }
    awaitFiles(List::isEmpty, "the idle upload's staging file stayed");
    // its slot is free again
    try (VectorSchemaRoot batch = FlightTestData.batch(0, 5, clientMemory)) {
      put(client, batch);
    }
    assertEquals(5, client.info(FlightQuery.of("uploads")).getRecords());
  }

  @Test
  void aClientThatLeavesMidUploadLeavesNoStagingFileAndNoSlotTaken() throws Exception {
    FlightDatasetClient client = serve(UploadLimits.builder().concurrent(1).build(), WriterProperties.defaults());
    ParquetFlightServer server = (ParquetFlightServer) open.get(0);
    try (CuttableProxy proxy = new CuttableProxy(server.port());
        VectorSchemaRoot batch = FlightTestData.batch(0, 10, clientMemory)) {
      FlightClient leaving = FlightClient.builder(clientMemory, Location.forGrpcInsecure("localhost", proxy.port()))
          .build();
      FlightClient.ClientStreamListener l = startSlowUpload(leaving, batch);
      // the client's connection drops mid-upload (its process died); before, the upload waited for ever
      proxy.cut();
      assertThrows(FlightRuntimeException.class, l::getResult);
      leaving.close();
    }
    awaitFiles(List::isEmpty, "the staging file of a client that left stayed");
    try (VectorSchemaRoot batch = FlightTestData.batch(0, 5, clientMemory)) {
      put(client, batch);
    }
    assertEquals(5, client.info(FlightQuery.of("uploads")).getRecords());
  }

  @Test
  void twoRowsOfAHundredThousandColumnsAreStored() throws Exception {
    // before: the writer held about 74 KiB per column before any data, 7 GiB here: OutOfMemoryError
    FlightDatasetClient client = serve(UploadLimits.defaults(), WriterProperties.defaults());
    int width = 100_000;
    List<Field> fields = new ArrayList<>(width);
    for (int i = 0; i < width; i++) {
      fields.add(Field.nullable("c" + i, new ArrowType.Int(64, true)));
    }
    Schema schema = new Schema(fields);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, clientMemory)) {
      for (FieldVector v : root.getFieldVectors()) {
        v.setInitialCapacity(2);
        v.allocateNew();
        ((BigIntVector) v).set(0, 1);
        ((BigIntVector) v).set(1, 2);
      }
      root.setRowCount(2);
      put(client, root);
    }
    // checked in the stored file's footer: planning a scan of 100,000 columns is another matter
    List<String> stored = files();
    assertEquals(1, stored.size(), stored.toString());
    try (ParquetFileReader r = ParquetFileReader.open(uploads.resolve(stored.get(0)),
        ReadOptions.builder(clientMemory).build())) {
      assertEquals(2, r.metadata().numRows());
      assertEquals(width + 1, r.metadata().schema().size(), "the root and one leaf per column");
      assertEquals(width, r.metadata().rowGroups().get(0).columns().size());
    }
  }
}
