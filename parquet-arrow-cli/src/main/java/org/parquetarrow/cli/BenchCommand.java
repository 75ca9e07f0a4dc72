package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.nio.file.Files;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.io.LocalStorage;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code bench FILE}: times a full scan (open, footer, every column of every row decoded into
 * Arrow batches, each released before the next); {@code --write}: the file's data held in memory
 * as Arrow batches, written back to Parquet (to a temporary file, deleted after); {@code --footer}:
 * opening the file and parsing its whole footer and schema, nothing else. The median of the
 * repeats after warm-up.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Time a full scan (default), writing the data back (--write) or the footer alone (--footer); median of the repeats.")
final class BenchCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE",
      description = "The Parquet file: a local path, s3://bucket/key or http(s)://... (each run opens it anew).")
  String file;

  @Option(names = "--footer", description = "Open, read and parse the footer and schema only.")
  boolean footer;

  @Option(names = "--write", description = "Write the file's data, held in memory as Arrow batches, back to Parquet.")
  boolean write;

  @Option(names = "--codec", defaultValue = "snappy", paramLabel = "CODEC",
      description = "With --write: one of ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
  FromArrowCommand.Codec codec;

  @Option(names = "--threads", defaultValue = "1", paramLabel = "N",
      description = "Scan: a pool of N threads decoding the columns of each batch in parallel; with"
          + " --lanes above 1, the pool the lanes run on instead (default ${DEFAULT-VALUE}: no pool).")
  int threads;

  @Mixin LanesMixin lanes;

  @Option(names = "--repeat", defaultValue = "5", paramLabel = "R", description = "Timed runs (default ${DEFAULT-VALUE}).")
  int repeat;

  @Option(names = "--warmup", defaultValue = "2", paramLabel = "W", description = "Untimed runs first (default ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--json", description = "One JSON object: rows, uncompressed_bytes, median_s, rows_per_s, mb_per_s (with --footer: footers_per_s), ...")
  boolean json;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  /** Where the file is opened from; a remote file's requests are counted over all runs. */
  private Locations locations;

  @Spec CommandSpec spec;

  /** One timed unit of work. */
  private interface Run {
    void run() throws Exception;
  }

  @Override
  public Integer call() throws Exception {
    if (repeat < 1 || warmup < 0 || threads < 1) {
      throw new UserInputException("--repeat and --threads must be at least 1 and --warmup at least 0");
    }
    if (footer && write) {
      throw new UserInputException("--footer and --write are different benchmarks; choose one");
    }
    try (Locations opened = storage.locations()) {
      locations = opened;
      FileMetaData md;
      try (OpenedParquet p = OpenedParquet.open(locations, file, keys.properties())) {
        md = p.metadata; // with the column metadata of encrypted columns decrypted, for the byte count
      }
      String mode = footer ? "footer" : write ? "write" : "scan";
      long requestsBefore = locations.io().requests();
      double[] seconds;
      if (footer) {
        seconds = time(this::openAndParse);
      } else if (write) {
        seconds = timeWrite();
      } else {
        seconds = timeScan();
      }
      report(md, mode, seconds, locations.io().requests() - requestsBefore);
      return 0;
    }
  }

  private double[] time(Run run) throws Exception {
    ProgressBar bar = ProgressBar.start(spec.commandLine().getErr(), "bench", warmup + repeat);
    try {
      for (int i = 0; i < warmup; i++) {
        run.run();
        bar.update(i + 1, "runs");
      }
      double[] s = new double[repeat];
      for (int i = 0; i < repeat; i++) {
        long t0 = System.nanoTime();
        run.run();
        s[i] = (System.nanoTime() - t0) / 1e9;
        bar.update(warmup + i + 1, "runs");
      }
      Arrays.sort(s);
      return s;
    } finally {
      bar.finish();
    }
  }

  private double[] timeScan() throws Exception {
    ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads) : null;
    try (BufferAllocator allocator = new RootAllocator()) {
      return time(() -> {
        try (ParquetFileReader reader = ReaderOpener.open(locations, file, allocator, null, ReadOptions.DEFAULT_BATCH_SIZE, pool, keys.properties(), lanes.lanes)) {
          for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
            b.close();
          }
        }
      });
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
  }

  private double[] timeWrite() throws Exception {
    WriterProperties props = WriterProperties.builder().codec(codec.codec).build();
    Path out = Files.createTempFile("parquet-arrow-bench", ".parquet");
    try (BufferAllocator allocator = new RootAllocator()) {
      List<VectorSchemaRoot> batches = new ArrayList<>();
      // the batches go back to the allocator before it is closed, whatever happens
      try {
        Schema schema;
        try (ParquetFileReader reader = ReaderOpener.open(locations, file, allocator, null, ReadOptions.DEFAULT_BATCH_SIZE, null, keys.properties())) {
          for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
            try (VectorSchemaRoot batch = b) {
              batches.add(PlainBatch.decode(batch, reader.dictionaries(), allocator));
            }
          }
          schema = batches.isEmpty() ? reader.arrowSchema() : batches.get(0).getSchema();
        }
        return time(() -> {
          try (ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(out), schema, props)) {
            for (VectorSchemaRoot b : batches) {
              w.write(b);
            }
          }
        });
      } finally {
        batches.forEach(VectorSchemaRoot::close);
      }
    } finally {
      Files.deleteIfExists(out);
    }
  }

  /** @param requests the remote requests all runs (warm-up included) cost, 0 for a local file */
  private void report(FileMetaData md, String mode, double[] s, long requests) throws Exception {
    double median = repeat % 2 == 1 ? s[repeat / 2] : (s[repeat / 2 - 1] + s[repeat / 2]) / 2.0;
    long rows = 0;
    long uncompressed = 0;
    for (RowGroup rg : md.rowGroups()) {
      rows += rg.numRows();
      for (ColumnChunk c : rg.columns()) {
        if (c.metaData() != null) {
          uncompressed += c.metaData().totalUncompressedSize();
        }
      }
    }
    double rowsPerS = median > 0 ? rows / median : 0;
    double mbPerS = median > 0 ? uncompressed / 1e6 / median : 0;
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      ObjectMapper mapper = new ObjectMapper();
      ObjectNode o = mapper.createObjectNode();
      o.put("file", file.toString());
      o.put("mode", mode);
      if (write) {
        o.put("codec", codec.name());
      }
      if (!footer && !write) {
        o.put("threads", threads);
        o.put("lanes", lanes.lanes);
      }
      o.put("rows", rows);
      o.put("uncompressed_bytes", uncompressed);
      o.put("repeat", repeat);
      o.put("median_s", median);
      o.put("min_s", s[0]);
      o.put("max_s", s[repeat - 1]);
      if (footer) {
        // a footer run reads no rows: its rate is opens per second, not the file's rows over its time
        o.put("footers_per_s", median > 0 ? 1 / median : 0);
      } else {
        o.put("rows_per_s", rowsPerS);
        o.put("mb_per_s", mbPerS);
      }
      if (Locations.isRemote(file)) {
        o.put("requests_per_run", (double) requests / (warmup + repeat));
      }
      out.println(mapper.writeValueAsString(o));
    } else {
      out.printf(Locale.ROOT, "%s: %s of %d rows (%d uncompressed bytes)%n", file, mode, rows, uncompressed);
      if (footer) {
        out.printf(Locale.ROOT, "median %.6f s of %d runs (min %.6f, max %.6f): %.1f footers/s%n",
            median, repeat, s[0], s[repeat - 1], median > 0 ? 1 / median : 0);
      } else {
        out.printf(Locale.ROOT, "median %.6f s of %d runs (min %.6f, max %.6f): %.0f rows/s, %.1f MB/s%n",
            median, repeat, s[0], s[repeat - 1], rowsPerS, mbPerS);
      }
      if (Locations.isRemote(file)) {
        out.printf(Locale.ROOT, "%.1f requests per run%n", (double) requests / (warmup + repeat));
      }
    }
    out.flush();
  }

  /** One footer unit: open, read and parse the footer, build both schemas, close. */
  private void openAndParse() throws Exception {
    if (Locations.isRemote(file)) {
      // the file belongs to locations (closed when the command ends); each open asks anew
      parse(locations.open(file));
      return;
    }
    try (LocalInputFile in = OpenedParquet.openFile(LocalStorage.path(file))) {
      parse(in);
    }
  }

  private void parse(InputFile in) {
    FileMetaData md = ParquetFooter.read(in, keys.properties()).metadata();
    ArrowSchemaConverter.toArrow(md, ArrowReadOptions.defaults());
  }
}
