package org.parquetarrow.it.peers;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point for reader tests: one seeded random {@link Table}, written by every peer under
 * every variant, each file paired with the Arrow data a reader must return.
 *
 * <pre>{@code
 * long seed = PeerFiles.seed();                       // -Dseed=... replays a failure
 * for (PeerFile f : PeerFiles.all(seed, tmpDir, allocator)) {
 *   try (VectorSchemaRoot expected = f.expected(allocator); ArrowReader actual = ourReader(f.path())) {
 *     ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual),
 *         CompareOptions.strict().ignoringMetadata());
 *   }
 * }
 * }</pre>
 *
 * <p>Sizes: {@code -Dpeer.rows=N} (default 300) rows per table.
 */
public final class PeerFiles {
  private static final Logger LOG = LoggerFactory.getLogger(PeerFiles.class);

  private PeerFiles() {}

  /** The seed from {@code -Dseed}, else a fresh random one; logged so a failure can be replayed. */
  public static long seed() {
    String given = System.getProperty("seed");
    long seed = given == null || given.isBlank() ? new SecureRandom().nextLong() : Long.parseLong(given.trim());
    LOG.info("peer data seed {} ({} rows); replay with -Dseed={}", seed, rows(), seed);
    return seed;
  }

  /** Rows per generated table: {@code -Dpeer.rows}, default 300. */
  public static int rows() {
    return Integer.getInteger("peer.rows", 300);
  }

  /** The table of {@code seed} with {@link #rows()} rows. */
  public static Table table(long seed) {
    return RandomTables.generate(seed, rows());
  }

  /** Every peer's files for {@code seed}, written into {@code dir}. */
  public static List<PeerFile> all(long seed, Path dir, BufferAllocator allocator) throws Exception {
    Table table = table(seed);
    List<PeerFile> files = new ArrayList<>();
    files.addAll(ParquetJavaPeer.write(table, dir));
    files.addAll(DuckDbPeer.write(table, dir, allocator));
    files.addAll(ArrowCppPeer.write(table, dir, allocator));
    return files;
  }
}
