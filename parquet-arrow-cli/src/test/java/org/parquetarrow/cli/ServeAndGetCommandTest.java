package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import picocli.CommandLine;

/** {@code serve} runs in-process until interrupted; {@code get} reads from it. */
class ServeAndGetCommandTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)), Field.nullable("tag", ArrowType.Utf8.INSTANCE)));

  /** Rows {@code [from, to)}: id = i, tag = "t" + i % 3. */
  private void write(Path file, int from, int to, BufferAllocator allocator) throws Exception {
    Files.createDirectories(file.getParent());
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, WriterProperties.defaults())) {
      root.allocateNew();
      for (int i = from; i < to; i++) {
        ((BigIntVector) root.getVector(0)).setSafe(i - from, i);
        ((VarCharVector) root.getVector(1)).setSafe(i - from, ("t" + i % 3).getBytes());
      }
      root.setRowCount(to - from);
      w.write(root);
    }
  }

  /** A running {@code serve}: its thread, what it printed, and the location it printed. */
  record Running(Thread thread, AtomicInteger exit, StringWriter out, StringWriter err, String location) {
    void stop() throws InterruptedException {
      thread.interrupt();
      thread.join(TimeUnit.SECONDS.toMillis(30));
      assertFalse(thread.isAlive(), "serve stops when interrupted");
      assertEquals(0, exit.get(), err.toString());
    }
  }

  private Running serve(String... args) throws Exception {
    CommandLine cl = ParquetArrowCommand.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    AtomicInteger exit = new AtomicInteger(-1);
    Thread t = new Thread(() -> exit.set(cl.execute(args)), "serve-under-test");
    t.start();
    Pattern p = Pattern.compile("serving \\d+ datasets? on (grpc\\+tcp://[^ ]+:\\d+)");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      Matcher m = p.matcher(out.toString());
      if (m.find()) {
        return new Running(t, exit, out, err, m.group(1));
      }
      assertTrue(t.isAlive(), "serve ended early: " + err);
      Thread.sleep(20);
    }
    throw new AssertionError("serve printed no location: " + out + err);
  }

  @Test
  void getReadsWhatServeServes() throws Exception {
    write(dir.resolve("events").resolve("a.parquet"), 0, 100, memory.allocator());
    write(dir.resolve("events").resolve("b.parquet"), 100, 250, memory.allocator());
    Running s = serve("serve", dir.resolve("events").toString(), "--port", "0");
    try {
      Path arrow = dir.resolve("out.arrow");
      Cli all = Cli.run("get", s.location(), "events", "--out", arrow.toString(), "--parallel", "2");
      assertEquals(0, all.exit(), all.err());
      assertTrue(all.out().startsWith("wrote 250 rows in 2 batches from 2 endpoints"), all.out());
      List<Long> ids = new ArrayList<>();
      try (ArrowFileReader r = new ArrowFileReader(Files.newByteChannel(arrow), memory.allocator())) {
        assertEquals(SCHEMA.getFields().stream().map(Field::getName).toList(),
            r.getVectorSchemaRoot().getSchema().getFields().stream().map(Field::getName).toList());
        while (r.loadNextBatch()) {
          BigIntVector id = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
          VarCharVector tag = (VarCharVector) r.getVectorSchemaRoot().getVector("tag");
          for (int i = 0; i < id.getValueCount(); i++) {
            ids.add(id.get(i));
            assertEquals("t" + id.get(i) % 3, new String(tag.get(i)));
          }
        }
      }
      ids.sort(null);
      List<Long> want = new ArrayList<>();
      for (long i = 0; i < 250; i++) {
        want.add(i);
      }
      assertEquals(want, ids);

      // the plain grpc:// form of the examples
      Cli some = Cli.run("get", s.location().replace("grpc+tcp://", "grpc://"), "events",
          "--filter", "id >= 90 and id < 110 and tag = 't0'",
          "--columns", "id");
      assertEquals(0, some.exit(), some.err());
      // ids 90..109 divisible by 3: 90, 93, …, 108
      assertTrue(some.out().startsWith("read 7 rows"), some.out());

      Cli unknown = Cli.run("get", s.location(), "nope");
      assertEquals(2, unknown.exit());
      assertTrue(unknown.err().contains("NOT_FOUND"), unknown.err());
      Cli badFilter = Cli.run("get", s.location(), "events", "--filter", "id <");
      assertEquals(2, badFilter.exit());
      assertTrue(badFilter.err().contains("INVALID_ARGUMENT") && badFilter.err().contains("malformed filter"),
          badFilter.err());
    } finally {
      s.stop();
    }
  }

  /** 100 and 150 rows in batches of at most 40: 3 + 4 batches. */
  @Test
  void serveStreamsBatchesOfItsBatchSize() throws Exception {
    write(dir.resolve("events").resolve("a.parquet"), 0, 100, memory.allocator());
    write(dir.resolve("events").resolve("b.parquet"), 100, 250, memory.allocator());
    Running s = serve("serve", dir.resolve("events").toString(), "--port", "0", "--batch-size", "40");
    try {
      Cli all = Cli.run("get", s.location(), "events", "--out", dir.resolve("out.arrow").toString());
      assertEquals(0, all.exit(), all.err());
      assertTrue(all.out().startsWith("wrote 250 rows in 7 batches from 2 endpoints"), all.out());
    } finally {
      s.stop();
    }
    Cli zero = Cli.run("serve", dir.resolve("events").toString(), "--port", "0", "--batch-size", "0");
    assertEquals(2, zero.exit());
    assertTrue(zero.err().contains("--batch-size must be at least 1"), zero.err());
  }

  @Test
  void aTokenProtectedServerRefusesGetWithoutIt() throws Exception {
    write(dir.resolve("sales").resolve("a.parquet"), 0, 10, memory.allocator());
    Running s = serve("serve", dir.resolve("sales").toString(), "--port", "0", "--token", "tok");
    try {
      Cli without = Cli.run("get", s.location(), "sales");
      assertEquals(2, without.exit());
      assertTrue(without.err().contains("UNAUTHENTICATED"), without.err());
      Cli with = Cli.run("get", s.location(), "sales", "--token", "tok");
      assertEquals(0, with.exit(), with.err());
      assertTrue(with.out().startsWith("read 10 rows"), with.out());
    } finally {
      s.stop();
    }
  }

  @Test
  void theTokenComesFromAFileAndOnTheCommandLineItWarns() throws Exception {
    write(dir.resolve("sales").resolve("a.parquet"), 0, 10, memory.allocator());
    Path tokenFile = Files.writeString(dir.resolve("token"), "from-a-file\n");
    Running s = serve("serve", dir.resolve("sales").toString(), "--port", "0", "--token-file", tokenFile.toString());
    try {
      assertTrue(Cli.run("get", s.location(), "sales").err().contains("UNAUTHENTICATED"));
      Cli with = Cli.run("get", s.location(), "sales", "--token", "from-a-file");
      assertEquals(0, with.exit(), with.err());
      assertFalse(s.err().toString().contains("warning"), s.err().toString());
    } finally {
      s.stop();
    }
    Running onCommandLine = serve("serve", dir.resolve("sales").toString(), "--port", "0", "--token", "tok");
    try {
      assertTrue(onCommandLine.err().toString().contains("warning: --token puts the token in the process arguments"),
          onCommandLine.err().toString());
    } finally {
      onCommandLine.stop();
    }
  }

  @Test
  void theTokenGoesToAPlainPeerOnlyWhenAllowed() throws Exception {
    write(dir.resolve("node1").resolve("orders").resolve("a.parquet"), 0, 30, memory.allocator());
    write(dir.resolve("node2").resolve("orders").resolve("b.parquet"), 30, 50, memory.allocator());
    Path tokenFile = Files.writeString(dir.resolve("token"), "tok");
    Running second = serve("serve", dir.resolve("node2").resolve("orders").toString(), "--port", "0",
        "--token-file", tokenFile.toString());
    try {
      Cli refused = Cli.run("serve", dir.resolve("node1").resolve("orders").toString(), "--port", "0",
          "--token-file", tokenFile.toString(), "--peer", second.location());
      assertEquals(2, refused.exit());
      assertTrue(refused.err().contains("plain text") && refused.err().contains("ALSO_PLAINTEXT"), refused.err());
      Running first = serve("serve", dir.resolve("node1").resolve("orders").toString(), "--port", "0",
          "--token-file", tokenFile.toString(), "--peer", second.location(), "--peer-token-transport", "ALSO_PLAINTEXT");
      try {
        Cli r = Cli.run("get", first.location(), "orders", "--token", "tok");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("read 50 rows"), r.out());
      } finally {
        first.stop();
      }
    } finally {
      second.stop();
    }
  }

  @Test
  void servePeersJoinOneDatasetFromTwoDirectories() throws Exception {
    write(dir.resolve("node1").resolve("orders").resolve("a.parquet"), 0, 30, memory.allocator());
    write(dir.resolve("node2").resolve("orders").resolve("b.parquet"), 30, 50, memory.allocator());
    Running second = serve("serve", dir.resolve("node2").resolve("orders").toString(), "--port", "0");
    try {
      Running first = serve("serve", dir.resolve("node1").resolve("orders").toString(), "--port", "0",
          "--peer", second.location());
      try {
        Cli r = Cli.run("get", first.location(), "orders");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("read 50 rows in 2 batches from 2 endpoints"), r.out());
      } finally {
        first.stop();
      }
    } finally {
      second.stop();
    }
  }

  @Test
  void serveRefusesAMissingPath() {
    Cli r = Cli.run("serve", dir.resolve("absent").toString(), "--port", "0");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("no such file or directory"), r.err());
  }

  /**
   * A server that is not there is said to be unreachable, and why; gRPC's own "UNAVAILABLE: io
   * exception" named neither.
   */
  @Test
  void getFromAServerThatIsNotThereSaysWhy() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort(); // free once closed: nothing listens there
    }
    Cli refused = Cli.run("get", "grpc://127.0.0.1:" + port, "any");
    assertEquals(2, refused.exit(), refused.err());
    assertTrue(refused.err().contains("grpc://127.0.0.1:" + port + ": cannot reach the server: connection refused"),
        refused.err());

    Cli unresolved = Cli.run("get", "grpc://no-such-host.invalid:5000", "any");
    assertEquals(2, unresolved.exit(), unresolved.err());
    assertTrue(unresolved.err().contains("grpc://no-such-host.invalid:5000: cannot reach the server: the host name does not resolve"),
        unresolved.err());
  }
}
