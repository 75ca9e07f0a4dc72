package org.parquetarrow.bench.peers;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.bench.peers.PeerTableResult.FooterRow;
import org.parquetarrow.bench.peers.PeerTableResult.ReadRow;
import org.parquetarrow.bench.peers.PeerTableResult.Section;
import org.parquetarrow.bench.peers.PeerTableResult.WriteRow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peer table of issue 18 in one invocation: builds the four data sets, then on this machine
 * and in this JVM measures reading (one decoding thread, with the decompress-only floor), writing
 * (UNCOMPRESSED and SNAPPY) and the warm footer parse of a 2,000-column file, for parquet-arrow,
 * Arrow C++ (JNI), parquet-java and DuckDB (JDBC). Writes {@code peer-table.md} and
 * {@code peer-table.json} into the output directory. Any peer that sees other rows or values than
 * parquet-arrow stops the run with a {@link PeerMismatchException}.
 *
 * <pre>
 * bin/bench-peers --scale 0.3          # or: java -cp benchmarks.jar org.parquetarrow.bench.peers.PeerTable --quick
 * </pre>
 */
public final class PeerTable {
  private static final Logger LOG = LoggerFactory.getLogger(PeerTable.class);

  private PeerTable() {}

  public static void main(String[] args) throws Exception {
    PeerTableOptions options = PeerTableOptions.parse(args);
    String command = System.getProperty("bench.command", "PeerTable " + String.join(" ", args));
    PeerTableResult result = run(options, command);
    Path markdown = write(result, options.outDir());
    LOG.info("peer table written to {} (and peer-table.json)", markdown);
  }

  /** Runs every section; throws {@link PeerMismatchException} when a peer disagrees with parquet-arrow. */
  public static PeerTableResult run(PeerTableOptions o, String command) throws Exception {
    String started = now();
    Files.createDirectories(o.outDir());
    List<Path> files = new ArrayList<>();
    for (BenchDataset d : BenchDataset.values()) {
      LOG.info("data set {} at scale {}", d, o.scale());
      files.add(d.ensure(o.dataDir(), o.scale()));
    }
    try (BufferAllocator allocator = new RootAllocator(); DuckDb duckDb = DuckDb.open()) {
      String before = Machine.loadAverage();
      List<ReadRow> reads = new ArrayList<>();
      for (BenchDataset d : BenchDataset.values()) {
        LOG.info("reading {}", d);
        reads.add(ReadSection.measure(d, files.get(d.ordinal()), allocator, duckDb, o.warmups(), o.runs()));
      }
      Section<ReadRow> reading = new Section<>(before, Machine.loadAverage(), reads);

      before = Machine.loadAverage();
      List<WriteRow> writes = new ArrayList<>();
      for (BenchDataset d : BenchDataset.values()) {
        LOG.info("writing {}", d);
        writes.addAll(WriteSection.measure(d, files.get(d.ordinal()), o.outDir(), allocator, duckDb,
            o.warmups(), o.runs()));
      }
      Section<WriteRow> writing = new Section<>(before, Machine.loadAverage(), writes);

      before = Machine.loadAverage();
      LOG.info("footer of the wide file");
      FooterRow footerRow = FooterSection.measure(o.dataDir(), allocator, o.footerOpensPerRun(),
          Math.max(o.warmups(), 1), o.runs());
      Section<FooterRow> footer = new Section<>(before, Machine.loadAverage(), List.of(footerRow));

      return new PeerTableResult(command, started, now(), Machine.current(), duckDb.version(),
          o.scale(), o.warmups(), o.runs(), reading, writing, footer);
    }
  }

  /** Writes {@code peer-table.md} and {@code peer-table.json} into {@code dir}; returns the former. */
  public static Path write(PeerTableResult result, Path dir) throws java.io.IOException {
    Files.createDirectories(dir);
    Path markdown = dir.resolve("peer-table.md");
    Files.writeString(markdown, PeerTableMarkdown.render(result), StandardCharsets.UTF_8);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .writeValue(dir.resolve("peer-table.json").toFile(), result);
    return markdown;
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
