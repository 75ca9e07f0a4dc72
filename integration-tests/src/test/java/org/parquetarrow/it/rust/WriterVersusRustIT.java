package org.parquetarrow.it.rust;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.it.peers.ArrowIpc;
import org.parquetarrow.it.peers.PeerFiles;
import org.parquetarrow.it.peers.Table;
import org.parquetarrow.it.write.WriterVariants;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Files our writer makes from {@link org.parquetarrow.it.peers.RandomTables} data — each codec,
 * v1 and v2 data pages, dictionary on and off, each non-default encoding on every column (nested
 * leaves included) that accepts it, dictionary fallback, page CRCs — read by arrow-rs ({@link
 * RustPeer}, all files in one node process) and compared value by value, Arrow types included,
 * with the table written (map entries named as arrow-rs names them, see {@link
 * RustTables#withMapEntriesNamedKeyValue}).
 *
 * <p>The seed is logged by {@link PeerFiles#seed()}; replay a failure with {@code -Dseed=...}.
 */
class WriterVersusRustIT {
  @TempDir Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  record Variant(String name, WriterProperties properties) {}

  /** The configurations the other peers read too. */
  static List<Variant> variants() {
    return WriterVariants.all().stream().map(v -> new Variant(v.name(), v.properties())).toList();
  }

  @Test
  void arrowRsReadsEveryFileAsWritten() throws Exception {
    long seed = PeerFiles.seed();
    Table table = PeerFiles.table(seed);
    List<Variant> variants = variants();
    // rows read by offset and limit: for 300 rows, 77 to 181, from inside a page into the next row group
    int partFrom = table.rowCount() / 4 + 2;
    int partTo = Math.max(partFrom, table.rowCount() * 3 / 5 + 1);
    List<RustPeer.Job> jobs = new ArrayList<>();
    for (Variant v : variants) {
      Path file = dir.resolve(v.name() + ".parquet");
      write(table, file, v.properties());
      jobs.add(RustPeer.read(file, back(v), 97));
      jobs.add(RustPeer.read(file, part(v), 97, partFrom, partTo - partFrom));
    }
    RustPeer.run(dir, jobs);

    for (Variant v : variants) {
      // arrow-rs finds the pages of these rows through our offset index (where we write one)
      try (VectorSchemaRoot expected = RustTables.withMapEntriesNamedKeyValue(table.slice(partFrom, partTo))
              .toRoot(memory.allocator());
          ArrowStreamReader actual = ArrowIpc.reader(RustPeer.readAll(part(v)), memory.allocator())) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual),
            CompareOptions.strict().ignoringMetadata());
      } catch (AssertionError e) {
        throw new AssertionError("arrow-rs reading rows " + partFrom + " to " + partTo + " of our " + v.name()
            + " (seed " + seed + "): " + e.getMessage(), e);
      }
      byte[] ipc = RustPeer.readAll(back(v));
      try (VectorSchemaRoot expected = RustTables.withMapEntriesNamedKeyValue(table).toRoot(memory.allocator());
          ArrowStreamReader actual = ArrowIpc.reader(ipc, memory.allocator())) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual),
            CompareOptions.strict().ignoringMetadata());
      } catch (AssertionError e) {
        throw new AssertionError("arrow-rs reading our " + v.name() + " (seed " + seed + "): " + e.getMessage(), e);
      }
    }
  }

  /**
   * Arrow-only types ({@link RustTables#arrowOnly}) written by us in v1 and v2 pages, with and
   * without dictionary, read by arrow-rs with the types of our stored {@code ARROW:schema} where it
   * restores them ({@link RustTables#arrowOnlyAsRustReadsOurs}).
   */
  @Test
  void arrowRsReadsArrowOnlyTypesAsWritten() throws Exception {
    long seed = PeerFiles.seed();
    Table table = RustTables.arrowOnly(seed, PeerFiles.rows());
    List<Variant> variants = new ArrayList<>();
    for (DataPageVersion v : DataPageVersion.values()) {
      for (boolean dictionary : new boolean[] {true, false}) {
        variants.add(new Variant("arrow-only-" + v + (dictionary ? "-dict" : "-plain"),
            WriterVariants.small().codec(CompressionCodec.ZSTD).dataPageVersion(v).dictionary(dictionary).build()));
      }
    }
    List<RustPeer.Job> jobs = new ArrayList<>();
    for (Variant v : variants) {
      Path file = dir.resolve(v.name() + ".parquet");
      write(table, file, v.properties());
      jobs.add(RustPeer.read(file, back(v), 97));
    }
    RustPeer.run(dir, jobs);
    for (Variant v : variants) {
      try (VectorSchemaRoot expected = RustTables.arrowOnlyAsRustReadsOurs(table).toRoot(memory.allocator());
          ArrowStreamReader actual = ArrowIpc.reader(RustPeer.readAll(back(v)), memory.allocator())) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual),
            CompareOptions.strict().ignoringMetadata());
      } catch (AssertionError e) {
        throw new AssertionError("arrow-rs reading our " + v.name() + " (seed " + seed + "): " + e.getMessage(), e);
      }
    }
  }

  /** A dictionary-typed column we write (dictionary on and off, v1 and v2) comes back dictionary-typed from arrow-rs. */
  @Test
  void arrowRsReadsDictionaryTypedColumnAsWritten() throws Exception {
    long seed = PeerFiles.seed();
    try (DictionaryColumn column = DictionaryColumn.generate(seed, PeerFiles.rows(), memory.allocator())) {
      List<Variant> variants = new ArrayList<>();
      for (DataPageVersion v : DataPageVersion.values()) {
        for (boolean dictionary : new boolean[] {true, false}) {
          variants.add(new Variant("dictionary-typed-" + v + (dictionary ? "-dict" : "-plain"),
              WriterVariants.small().dataPageVersion(v).dictionary(dictionary).build()));
        }
      }
      List<RustPeer.Job> jobs = new ArrayList<>();
      for (Variant v : variants) {
        Path file = dir.resolve(v.name() + ".parquet");
        try (ParquetFileWriter w = ParquetFileWriter.open(org.parquetarrow.io.LocalOutputFile.of(file),
            column.root().getSchema(), column.provider(), v.properties())) {
          w.write(column.root());
        }
        jobs.add(RustPeer.read(file, back(v), 97));
      }
      RustPeer.run(dir, jobs);
      for (Variant v : variants) {
        try (ArrowStreamReader actual = ArrowIpc.reader(RustPeer.readAll(back(v)), memory.allocator())) {
          ArrowAssertions.assertSameSchemaAndData(Batches.of(List.of(column.root()), column.provider()),
              Batches.of(actual), CompareOptions.strict().ignoringMetadata());
        } catch (AssertionError e) {
          throw new AssertionError("arrow-rs reading our " + v.name() + " (seed " + seed + "): " + e.getMessage(), e);
        }
      }
    }
  }


  private Path part(Variant v) {
    return dir.resolve(v.name() + ".part.rust.arrows");
  }

  private Path back(Variant v) {
    return dir.resolve(v.name() + ".rust.arrows");
  }

  /** Writes {@code t} in uneven batches (one of a single row), so pages and row groups cut across them. */
  private void write(Table t, Path file, WriterProperties properties) {
    try (ParquetFileWriter w = ParquetFileWriter.open(file, t.schema(), properties)) {
      for (Table part : t.unevenBatches()) {
        try (VectorSchemaRoot root = part.toRoot(memory.allocator())) {
          w.write(root);
        }
      }
    }
  }
}
