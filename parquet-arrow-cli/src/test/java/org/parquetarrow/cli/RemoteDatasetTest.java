package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.MissingFileException;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.FooterCache;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.io.ObjectChangedException;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageOptions;
import org.parquetarrow.s3.LoopbackS3;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Datasets and the reading commands on a real S3-compatible server (S3Proxy on loopback) and over
 * plain HTTP. The dataset follows rules, so the expected rows are worked out here:
 *
 * <pre>
 * sales/region={east,west}/year={2023,2024}/day={2024-01-05,2024-01-06}/part-0.parquet
 * file number f = 0..7 in that (sorted) order; id = f * 100 + i for i in 0..99; v = id % 7
 * plus sales/_SUCCESS, sales/_temporary/part-9.parquet and a .crc file, all junk to be skipped
 * </pre>
 */
@Timeout(120)
class RemoteDatasetTest {
  private static final String[] REGIONS = {"east", "west"};
  private static final int[] YEARS = {2023, 2024};
  private static final String[] DAYS = {"2024-01-05", "2024-01-06"};
  private static final int ROWS = 100;
  /** Data files plus the three junk keys. */
  private static final int KEYS = 8 + 3;

  @TempDir static Path local;
  @TempDir Path outputs;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static LoopbackS3 server;
  private static Path dataset;

  @BeforeAll
  static void upload() throws Exception {
    server = LoopbackS3.start();
    dataset = local.resolve("sales");
    int f = 0;
    for (String region : REGIONS) {
      for (int year : YEARS) {
        for (String day : DAYS) {
          String rel = "region=" + region + "/year=" + year + "/day=" + day + "/part-0.parquet";
          write(dataset.resolve(rel), f++ * ROWS);
          server.put(LoopbackS3.PRIVATE_BUCKET, "sales/" + rel, dataset.resolve(rel));
        }
      }
    }
    byte[] junk = "not parquet".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    server.put(LoopbackS3.PRIVATE_BUCKET, "sales/_SUCCESS", junk);
    server.put(LoopbackS3.PRIVATE_BUCKET, "sales/_temporary/part-9.parquet", junk);
    server.put(LoopbackS3.PRIVATE_BUCKET, "sales/region=east/.part-0.parquet.crc", junk);
    // a key sharing the prefix's letters but not below it as a directory
    server.put(LoopbackS3.PRIVATE_BUCKET, "salesman.txt", junk);
    server.put(LoopbackS3.PUBLIC_BUCKET, "alltypes_plain.parquet",
        TestData.parquetTesting().resolve("data/alltypes_plain.parquet"));
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static void write(Path file, long firstId) throws Exception {
    Files.createDirectories(file.getParent());
    Schema schema = new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("v", FieldType.notNullable(new ArrowType.Int(32, true)), null),
        new Field("name", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null)));
    WriterProperties props = WriterProperties.builder().rowGroupRows(50).pageIndex(true).statistics(true).build();
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      IntVector v = (IntVector) root.getVector("v");
      VarCharVector name = (VarCharVector) root.getVector("name");
      for (int i = 0; i < ROWS; i++) {
        long x = firstId + i;
        id.setSafe(i, x);
        v.setSafe(i, (int) (x % 7));
        name.setSafe(i, ("n" + x).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      root.setRowCount(ROWS);
      w.write(root);
    }
  }

  private static StorageOptions.Builder signed() {
    return StorageOptions.builder()
        .s3Endpoint(server.endpoint())
        .staticCredentials(LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY);
  }

  /** The ids the filter {@code region = 'west' and year = 2024 and v < 3} keeps, from the rules. */
  private static List<String> expectedWest2024() {
    List<String> out = new ArrayList<>();
    int f = 0;
    for (String region : REGIONS) {
      for (int year : YEARS) {
        for (String day : DAYS) {
          for (int i = 0; i < ROWS; i++) {
            long id = f * ROWS + i;
            if (region.equals("west") && year == 2024 && id % 7 < 3) {
              out.add(id + "|" + day);
            }
          }
          f++;
        }
      }
    }
    Collections.sort(out);
    return out;
  }

  private List<String> scan(Dataset ds, String filter) {
    List<String> rows = new ArrayList<>();
    ScanOptions options = ScanOptions.builder().columns("id", "day").filter(filter).build();
    try (ScanReader r = Scanner.scan(ds, options, memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          rows.add(root.getVector("id").getObject(i) + "|" + java.time.LocalDate.ofEpochDay(
              ((org.apache.arrow.vector.DateDayVector) root.getVector("day")).get(i)));
        }
      }
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    Collections.sort(rows);
    return rows;
  }

  @Test
  void hivePartitionedDatasetOnS3ScansWithFiltersToTheRowsOfTheLocalCopy() {
    String filter = "region = 'west' and year = 2024 and v < 3";
    try (Storage s3 = Storage.forLocation("s3://private/sales/", signed().build())) {
      Dataset remote = DatasetDiscovery.location("s3://private/sales/", s3, DiscoveryOptions.defaults());
      Dataset copy = DatasetDiscovery.directory(dataset, DiscoveryOptions.defaults());
      // three junk keys skipped, partition types inferred from the keys
      assertEquals(8, remote.files().size());
      assertEquals(new ArrowType.Utf8(), remote.schema().findField("region").getType());
      assertEquals(new ArrowType.Int(64, true), remote.schema().findField("year").getType());
      assertEquals(new ArrowType.Date(DateUnit.DAY), remote.schema().findField("day").getType());
      List<String> expected = expectedWest2024();
      assertEquals(86, expected.size());
      assertEquals(expected, scan(remote, filter));
      assertEquals(scan(copy, filter), scan(remote, filter));
      assertEquals("s3://private/sales/region=west/year=2024/day=2024-01-06/part-0.parquet",
          remote.files().get(7).location());
    }
  }

  @Test
  void listingFollowsEveryPageOfTheStore() {
    // two keys a page: six ListObjectsV2 requests for the eleven keys below sales/
    StorageOptions o = signed().listPageSize(2).build();
    try (Storage s3 = Storage.forLocation("s3://private/sales", o)) {
      Dataset ds = DatasetDiscovery.location("s3://private/sales", s3, DiscoveryOptions.defaults());
      assertEquals(8, ds.files().size());
      // pages + one suffix GET per footer
      assertEquals((KEYS + 1) / 2 + 8, ds.discoveryStatistics().requests());
      assertEquals(List.of("region", "year", "day"),
          ds.partitionSchema().getFields().stream().map(Field::getName).toList());
    }
  }

  @Test
  void aGlobMatchesKeysBelowItsFixedPartWithPartitionsFromThere() throws Exception {
    Cli r = Cli.run("scan", "s3://public-glob/sales/region=*/year=2024/day=2024-01-06/*.parquet",
        "--s3-endpoint", server.anonymousEndpoint().toString(), "--anonymous", "--columns", "id,region,year", "--json");
    // no such bucket: named
    assertTrue(r.exit() != 0);
    assertTrue(r.err().contains("s3://public-glob/sales/"), r.err());
    Cli g = Cli.run("scan", "s3://private/sales/region=*/year=2024/day=2024-01-06/*.parquet",
        "--s3-endpoint", server.anonymousEndpoint().toString(), "--anonymous", "--columns", "id,region,year", "--json");
    assertEquals(0, g.exit(), g.err());
    List<String> rows = new ArrayList<>();
    for (String line : g.out().split("\n")) {
      if (!line.isBlank()) {
        JsonNode n = new ObjectMapper().readTree(line);
        rows.add(n.get("region").asText() + "|" + n.get("year").asLong() + "|" + n.get("id").asLong());
      }
    }
    // files 3 (east, 2024, 2024-01-06) and 7 (west, 2024, 2024-01-06): ids 300..399 and 700..799
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      expected.add("east|2024|" + (300 + i));
      expected.add("west|2024|" + (700 + i));
    }
    Collections.sort(expected);
    Collections.sort(rows);
    assertEquals(expected, rows);
  }

  @Test
  void aMissingBucketOrPrefixIsAMissingFileNamingIt() {
    try (Storage s3 = Storage.forLocation("s3://private/", signed().build())) {
      MissingFileException noBucket = assertThrows(MissingFileException.class,
          () -> DatasetDiscovery.location("s3://no-such-bucket/sales/", s3, DiscoveryOptions.defaults()));
      assertTrue(noBucket.getMessage().contains("s3://no-such-bucket/sales/"), noBucket.getMessage());
      MissingFileException noPrefix = assertThrows(MissingFileException.class,
          () -> DatasetDiscovery.location("s3://private/nothing-here/", s3, DiscoveryOptions.defaults()));
      assertTrue(noPrefix.getMessage().contains("s3://private/nothing-here/"), noPrefix.getMessage());
    }
  }

  @Test
  void theFooterCacheSparesFooterRequestsUntilAnObjectChanges() throws Exception {
    FooterCache cache = new FooterCache(100);
    DiscoveryOptions o = DiscoveryOptions.builder().footerCache(cache).build();
    String key = "cached/region=east/year=2023/day=2024-01-05/part-0.parquet";
    Path first = dataset.resolve("region=east/year=2023/day=2024-01-05/part-0.parquet");
    Path other = dataset.resolve("region=west/year=2024/day=2024-01-06/part-0.parquet");
    server.put(LoopbackS3.PRIVATE_BUCKET, key, first);
    server.put(LoopbackS3.PRIVATE_BUCKET, "cached/region=east/year=2023/day=2024-01-06/part-0.parquet", other);
    try (Storage s3 = Storage.forLocation("s3://private/cached/", signed().build())) {
      Dataset a = DatasetDiscovery.location("s3://private/cached/", s3, o);
      assertEquals(1 + 2, a.discoveryStatistics().requests());
      Dataset b = DatasetDiscovery.location("s3://private/cached/", s3, o);
      // the listing only
      assertEquals(1, b.discoveryStatistics().requests());
      assertEquals(List.of("0|2024-01-05"), scan(b, "id = 0"));
      // one object replaced by another file: its footer is read again, and its rows are the new ones
      server.put(LoopbackS3.PRIVATE_BUCKET, key, other);
      Dataset c = DatasetDiscovery.location("s3://private/cached/", s3, o);
      assertEquals(1 + 1, c.discoveryStatistics().requests());
      assertEquals(List.of("799|2024-01-05", "799|2024-01-06"), scan(c, "id = 799"));
    }
  }

  @Test
  void anObjectReplacedBetweenDiscoveryAndScanFailsNamingIt() throws Exception {
    Path f1 = dataset.resolve("region=east/year=2023/day=2024-01-06/part-0.parquet");
    Path f2 = dataset.resolve("region=east/year=2024/day=2024-01-05/part-0.parquet");
    server.put(LoopbackS3.PRIVATE_BUCKET, "replaced/day=2024-01-06/part-0.parquet", f1);
    // a footer request of 8 bytes (length and magic) leaves every other byte to requests that hold
    // the object to its version; with the default 64 KiB these small files would be read whole from
    // the bytes discovery fetched, the version discovered, and the scan would send no request
    RemoteReadOptions eightBytes = RemoteReadOptions.builder().footerSuffixSize(8).build();
    try (Storage s3 = Storage.forLocation("s3://private/replaced/", signed().readOptions(eightBytes).build())) {
      Dataset ds = DatasetDiscovery.location("s3://private/replaced/", s3, DiscoveryOptions.defaults());
      // rewritten after its footer was read: the scan must not read the new bytes with the old footer
      server.put(LoopbackS3.PRIVATE_BUCKET, "replaced/day=2024-01-06/part-0.parquet", f2);
      AssertionError e = assertThrows(AssertionError.class, () -> scan(ds, "id >= 0"));
      Throwable changed = e.getCause();
      while (changed != null && !(changed instanceof ObjectChangedException)) {
        changed = changed.getCause();
      }
      assertTrue(changed != null, "not an ObjectChangedException: " + e.getCause());
      assertTrue(changed.getMessage().contains("s3://private/replaced/day=2024-01-06/part-0.parquet"), changed.getMessage());
    }
  }

  @Test
  void cliScansAnS3PrefixWithAnEndpointAndReportsRequests() throws Exception {
    Path metrics = outputs.resolve("m.json");
    // the AWS default chain: system properties come first, as the environment variables would
    System.setProperty("aws.accessKeyId", LoopbackS3.ACCESS_KEY);
    System.setProperty("aws.secretAccessKey", LoopbackS3.SECRET_KEY);
    Cli r;
    try {
      r = Cli.run("scan", "s3://private/sales/", "--s3-endpoint", server.endpoint().toString(),
          "--filter", "region = 'west' and year = 2024 and v < 3", "--columns", "id,day", "--json",
          "--metrics-json", metrics.toString());
    } finally {
      System.clearProperty("aws.accessKeyId");
      System.clearProperty("aws.secretAccessKey");
    }
    assertEquals(0, r.exit(), r.err());
    List<String> rows = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : r.out().split("\n")) {
      if (!line.isBlank()) {
        JsonNode n = json.readTree(line);
        rows.add(n.get("id").asLong() + "|" + n.get("day").asText());
      }
    }
    Collections.sort(rows);
    assertEquals(expectedWest2024(), rows);
    JsonNode m = json.readTree(metrics.toFile());
    // two files kept by their partitions; discovery's footer request brought each of these small
    // files whole, and the scan opens them from those bytes: no request of its own
    assertEquals(0, m.get("requests").asLong(), m.toString());
    assertTrue(m.get("bytes_read").asLong() > 0, m.toString());
    // listing (one page) and eight footers
    assertEquals(1 + 8, m.get("discovery_requests").asLong());
    assertTrue(r.err().contains("requests:"), r.err());
  }

  @Test
  void cliReadsAPublicBucketAnonymouslyAndAFileOverHttp() {
    String localFile = TestData.parquetTesting().resolve("data/alltypes_plain.parquet").toString();
    Cli local = Cli.run("head", "-n", "5", localFile);
    Cli s3 = Cli.run("head", "-n", "5", "s3://public/alltypes_plain.parquet",
        "--s3-endpoint", server.anonymousEndpoint().toString(), "--anonymous");
    String url = server.httpUrl(LoopbackS3.PUBLIC_BUCKET, "alltypes_plain.parquet").toString();
    Cli http = Cli.run("head", "-n", "5", url);
    assertEquals(0, local.exit(), local.err());
    assertEquals(0, s3.exit(), s3.err());
    assertEquals(0, http.exit(), http.err());
    assertEquals(local.out(), s3.out());
    assertEquals(local.out(), http.out());
    for (List<String> command : List.of(List.of("cat"), List.of("schema"), List.of("meta"), List.of("pages"),
        List.of("bloom", "--column", "id", "--value", "3"))) {
      List<String> args = new ArrayList<>(command);
      args.add(1, localFile);
      Cli l = Cli.run(args.toArray(String[]::new));
      args.set(1, url);
      Cli h = Cli.run(args.toArray(String[]::new));
      assertEquals(0, l.exit(), l.err());
      assertEquals(0, h.exit(), h.err());
      assertEquals(l.out().replace(localFile, url), h.out(), command.toString());
    }
    Cli meta = Cli.run("meta", "--json", url);
    assertEquals(0, meta.exit(), meta.err());
    assertEquals(1851, meta.json().get("file_bytes").asLong());
  }

  @Test
  void cliNamesWhatIsMissing() {
    Cli r = Cli.run("scan", "s3://private/nothing-here/", "--s3-endpoint", server.endpoint().toString(),
        "--anonymous");
    assertTrue(r.exit() != 0);
    assertTrue(r.err().contains("s3://private/nothing-here/"), r.err());
    // HTTP cannot list: a directory URL is refused, saying so
    Cli dir = Cli.run("scan", server.httpUrl(LoopbackS3.PUBLIC_BUCKET, "").toString());
    assertTrue(dir.exit() != 0);
    assertTrue(dir.err().contains("HTTP has no directory listing"), dir.err());
    Cli scheme = Cli.run("head", "gs://bucket/file.parquet");
    assertTrue(scheme.exit() != 0);
    assertTrue(scheme.err().contains("no storage for the scheme \"gs\""), scheme.err());
  }

  @Test
  void serveGivesTheRowsOfADatasetInS3() throws Exception {
    picocli.CommandLine cl = ParquetArrowCommand.commandLine();
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    cl.setOut(new java.io.PrintWriter(out, true));
    cl.setErr(new java.io.PrintWriter(err, true));
    java.util.concurrent.atomic.AtomicInteger exit = new java.util.concurrent.atomic.AtomicInteger(-1);
    Thread serve = new Thread(() -> exit.set(cl.execute("serve", "s3://private/sales/", "--port", "0",
        "--s3-endpoint", server.anonymousEndpoint().toString(), "--anonymous")), "serve-s3-under-test");
    serve.start();
    try {
      java.util.regex.Pattern p = java.util.regex.Pattern.compile("serving 1 dataset on (grpc\\+tcp://[^ ]+:\\d+)");
      String location = null;
      for (long deadline = System.nanoTime() + 30_000_000_000L; location == null && System.nanoTime() < deadline; ) {
        java.util.regex.Matcher m = p.matcher(out.toString());
        if (m.find()) {
          location = m.group(1);
        } else {
          assertTrue(serve.isAlive(), err.toString());
          Thread.sleep(20);
        }
      }
      assertTrue(location != null, "serve did not start: " + err);
      Path arrow = outputs.resolve("served.arrow");
      // served under the prefix's last component
      Cli get = Cli.run("get", location, "sales", "--filter", "region = 'west' and year = 2024 and v < 3",
          "--columns", "id,day", "--out", arrow.toString());
      assertEquals(0, get.exit(), get.err());
      List<String> rows = new ArrayList<>();
      try (BufferAllocator a = memory.allocator().newChildAllocator("served", 0, Long.MAX_VALUE);
          var in = new org.apache.arrow.vector.ipc.ArrowFileReader(Files.newByteChannel(arrow), a)) {
        while (in.loadNextBatch()) {
          VectorSchemaRoot root = in.getVectorSchemaRoot();
          for (int i = 0; i < root.getRowCount(); i++) {
            rows.add(root.getVector("id").getObject(i) + "|" + java.time.LocalDate.ofEpochDay(
                ((org.apache.arrow.vector.DateDayVector) root.getVector("day")).get(i)));
          }
        }
      }
      Collections.sort(rows);
      assertEquals(expectedWest2024(), rows);
    } finally {
      serve.interrupt();
      serve.join(30_000);
    }
    assertTrue(!serve.isAlive(), "serve stops when interrupted");
    assertEquals(0, exit.get(), err.toString());
  }

  @Test
  void cliToArrowFromS3WritesTheRowsOfTheFile() throws Exception {
    Path out = outputs.resolve("x.arrow");
    Cli r = Cli.run("to-arrow", "s3://public/alltypes_plain.parquet", out.toString(),
        "--s3-endpoint", server.anonymousEndpoint().toString(), "--anonymous");
    assertEquals(0, r.exit(), r.err());
    try (BufferAllocator a = memory.allocator().newChildAllocator("arrow", 0, Long.MAX_VALUE);
        var in = new org.apache.arrow.vector.ipc.ArrowFileReader(Files.newByteChannel(out), a)) {
      long rows = 0;
      while (in.loadNextBatch()) {
        rows += in.getVectorSchemaRoot().getRowCount();
      }
      // alltypes_plain has 8 rows (parquet-testing's README)
      assertEquals(8, rows);
    }
  }
}
