package org.parquetarrow.it.rust;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * arrow-rs's {@code parquet} crate (59.x, compiled to WebAssembly by the npm package {@code
 * parquet-wasm}) run under node: converts Arrow IPC streams to Parquet with chosen writer
 * properties, and Parquet files to Arrow IPC streams. Jobs are batched so that one node process
 * converts many files.
 *
 * <p>The node project lives in {@code src/test/node} (override with {@code -Drust.peer.dir});
 * {@code npm ci} must have been run there ({@code bin/run-tests} does it).
 *
 * <pre>{@code
 * RustPeer.run(dir, List.of(
 *     RustPeer.write(ipc, parquet, RustWriteOptions.small().compression("ZSTD")),
 *     RustPeer.read(parquet, backIpc, 97)));
 * }</pre>
 */
final class RustPeer {
  private RustPeer() {}

  /** Wall-clock limit for one node process (it converts every job of a test in one go). */
  private static final long TIMEOUT_SECONDS = 120;

  /** One conversion for the node script, as its JSON job object. */
  record Job(Map<String, Object> json) {}

  /** Arrow IPC stream {@code ipc} to Parquet {@code parquet}, written by arrow-rs with {@code options}. */
  static Job write(Path ipc, Path parquet, RustWriteOptions options) {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("op", "write");
    j.put("in", ipc.toAbsolutePath().toString());
    j.put("out", parquet.toAbsolutePath().toString());
    j.put("options", options.json());
    return new Job(j);
  }

  /** Parquet {@code parquet} read by arrow-rs in batches of {@code batchSize}, saved as an IPC stream. */
  static Job read(Path parquet, Path ipc, int batchSize) {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("op", "read");
    j.put("in", parquet.toAbsolutePath().toString());
    j.put("out", ipc.toAbsolutePath().toString());
    j.put("batchSize", batchSize);
    return new Job(j);
  }

  /** As {@link #read(Path, Path, int)}, only the {@code limit} rows from row {@code offset} of the file. */
  static Job read(Path parquet, Path ipc, int batchSize, int offset, int limit) {
    Map<String, Object> j = new LinkedHashMap<>(read(parquet, ipc, batchSize).json());
    j.put("offset", offset);
    j.put("limit", limit);
    return new Job(j);
  }

  /** Runs every job in one node process; fails with node's message if any job failed. */
  static void run(Path scratch, List<Job> jobs) throws IOException, InterruptedException {
    Path nodeDir = nodeDir();
    Path script = nodeDir.resolve("rust-peer.mjs");
    if (!Files.isDirectory(nodeDir.resolve("node_modules/parquet-wasm"))) {
      throw new IllegalStateException("parquet-wasm is not installed: run `npm ci` in " + nodeDir);
    }
    List<Object> list = new ArrayList<>();
    jobs.forEach(j -> list.add(j.json()));
    Path jobFile = Files.createTempFile(scratch, "rust-jobs", ".json");
    Files.writeString(jobFile, Json.of(list), StandardCharsets.UTF_8);
    Path log = Files.createTempFile(scratch, "rust-peer", ".log");
    Process p;
    try {
      p = new ProcessBuilder("node", script.toString(), jobFile.toString())
          .directory(nodeDir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start node (install nodejs; bin/run-tests does): " + e.getMessage(), e);
    }
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new IllegalStateException("node rust-peer.mjs did not finish in " + TIMEOUT_SECONDS + " s: "
          + Files.readString(log));
    }
    if (p.exitValue() != 0) {
      throw new IllegalStateException("node rust-peer.mjs exited with " + p.exitValue() + ":\n" + Files.readString(log));
    }
  }

  static Path nodeDir() {
    return Path.of(System.getProperty("rust.peer.dir", "src/test/node")).toAbsolutePath();
  }

  static byte[] readAll(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
