package org.parquetarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.crypto.EncryptedWriteFixture;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.write.DataPageVersion;

/**
 * A server given the keys through its discovery options serves an encrypted dataset (two copies
 * of {@link EncryptedWriteFixture}'s 5000-row table, encrypted footer, {@code name} under its own
 * key) both ways: whole-file scans with a filter, and row-group ranges read by the file reader.
 */
class EncryptedDatasetServingTest {
  @TempDir Path dir;

  /** Row i of the fixture as "id|name": name is "n(i % 37)", null when i % 11 == 0. */
  private static String row(long i) {
    return i + "|" + (i % 11 == 0 ? null : "n" + (i % 37));
  }

  private static void collect(org.apache.arrow.vector.VectorSchemaRoot root, List<String> into) {
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector name = (VarCharVector) root.getVector("name");
    for (int i = 0; i < root.getRowCount(); i++) {
      into.add(id.get(i) + "|" + (name.isNull(i) ? null : new String(name.get(i), java.nio.charset.StandardCharsets.UTF_8)));
    }
  }

  @Test
  void servesEncryptedFilesWithTheDiscoveryKeys() throws Exception {
    Path root = dir.resolve("enc");
    Files.createDirectories(root);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (String f : List.of("a.parquet", "b.parquet")) {
        EncryptedWriteFixture.write(allocator, root.resolve(f),
            EncryptedWriteFixture.writer(EncryptedWriteFixture.columnKeys().build(), DataPageVersion.V1).build());
      }
      DiscoveryOptions keys = DiscoveryOptions.builder().decryption(EncryptedWriteFixture.readKeys().build()).build();
      try (ParquetFlightServer server = ParquetFlightServer.builder(allocator).dataset(root).discovery(keys)
              .splitRows(2000).start();
          FlightDatasetClient c = FlightDatasetClient.builder(server.location(), allocator).connect()) {
        List<String> want = new ArrayList<>();
        for (int copy = 0; copy < 2; copy++) {
          for (long i = 0; i < EncryptedWriteFixture.ROWS; i++) {
            want.add(row(i));
          }
        }
        Collections.sort(want);

        // file columns only, no filter: row-group ranges, read by the file reader
        FlightInfo ranges = c.info(new FlightQuery("enc", List.of("id", "name"), null));
        assertTrue(ranges.getEndpoints().size() > 2, "split into row-group ranges: " + ranges.getEndpoints().size());
        for (FlightEndpoint e : ranges.getEndpoints()) {
          assertTrue(SplitTicket.fromTicket(e.getTicket()).isRowGroupRange());
        }
        List<String> got = new ArrayList<>();
        c.read(ranges, r -> collect(r, got));
        Collections.sort(got);
        assertEquals(want, got);

        // a filter on the encrypted column: the dataset scan
        List<String> n5 = new ArrayList<>();
        c.read(c.info(new FlightQuery("enc", List.of("id", "name"), "name = 'n5'")), r -> collect(r, n5));
        List<String> wantN5 = want.stream().filter(s -> s.endsWith("|n5")).toList();
        Collections.sort(n5);
        assertEquals(wantN5, n5);
        assertEquals(2 * 123, n5.size()); // i % 37 == 5 for 135 of 0..4999, 12 of them multiples of 11
      }
    }
  }
}
