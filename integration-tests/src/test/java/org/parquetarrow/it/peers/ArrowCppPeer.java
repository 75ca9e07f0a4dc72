package org.parquetarrow.it.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.dataset.file.DatasetFileWriter;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;

/**
 * Writes a {@link Table} with Arrow C++ (the parquet-cpp-arrow writer inside the arrow-dataset
 * 18.3.0 JNI bundle), and reads any Parquet file with it.
 *
 * <p>What the JNI API reaches: only {@code DatasetFileWriter.write(allocator, reader, format,
 * uri[, partitionColumns, maxPartitions, baseNameTemplate])}. No Parquet writer option is exposed,
 * so every file gets Arrow C++'s defaults: UNCOMPRESSED, dictionary encoding on (RLE_DICTIONARY
 * with PLAIN fallback), data page v1, format version 2.6 types, no ARROW:schema metadata. What we
 * can vary is the batch split: each input batch becomes its own row group.
 *
 * <p>Expected Arrow data: the table without {@code ts_int96} (INT96 is not reachable from an Arrow
 * type); every other column maps back to its own Arrow type.
 */
public final class ArrowCppPeer {
  private ArrowCppPeer() {}

  public static final String NAME = "arrow-cpp";

  /** The columns this peer writes. */
  public static Table expected(Table table) {
    return table.select(n -> !n.equals("ts_int96"));
  }

  public static List<PeerFile> write(Table master, Path dir, BufferAllocator allocator) {
    Table t = expected(master);
    List<PeerFile> files = new ArrayList<>();
    files.add(write(t, List.of(t), dir, "one-row-group", allocator));
    // uneven batches, a one-row batch among them: each becomes a row group
    files.add(write(t, t.unevenBatches(), dir, "row-group-per-batch", allocator));
    return files;
  }

  private static PeerFile write(Table t, List<Table> batches, Path dir, String variant, BufferAllocator allocator) {
    Path target = dir.resolve(NAME + "-" + variant + ".parquet");
    try {
      Path scratch = Files.createTempDirectory(dir, NAME);
      try (ArrowStreamReader reader = ArrowIpc.reader(ArrowIpc.stream(batches, allocator), allocator)) {
        DatasetFileWriter.write(allocator, reader, FileFormat.PARQUET, scratch.toUri().toString(),
            new String[0], 1, "part-{i}.parquet");
      }
      Path written;
      try (Stream<Path> s = Files.list(scratch)) {
        List<Path> out = s.toList();
        if (out.size() != 1) {
          throw new IllegalStateException("Arrow C++ wrote " + out + ", expected one file");
        }
        written = out.get(0);
      }
      Files.move(written, target, StandardCopyOption.REPLACE_EXISTING);
      Files.delete(scratch);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new PeerFile(NAME, variant, target, "UNCOMPRESSED", t);
  }

  /** Arrow C++ reading a Parquet file; closing it frees the native scanner. */
  public static final class Scan implements AutoCloseable {
    private final FileSystemDatasetFactory factory;
    private final Dataset dataset;
    private final Scanner scanner;
    private final ArrowReader reader;

    private Scan(FileSystemDatasetFactory factory, Dataset dataset, Scanner scanner, ArrowReader reader) {
      this.factory = factory;
      this.dataset = dataset;
      this.scanner = scanner;
      this.reader = reader;
    }

    public ArrowReader reader() {
      return reader;
    }

    @Override
    public void close() throws Exception {
      try (factory; dataset; scanner; reader) {
        // closed in reverse order by try-with-resources
      }
    }
  }

  /** Reads {@code file} with Arrow C++ in batches of {@code batchSize} rows. */
  public static Scan read(Path file, BufferAllocator allocator, int batchSize) {
    FileSystemDatasetFactory factory = new FileSystemDatasetFactory(
        allocator, NativeMemoryPool.getDefault(), FileFormat.PARQUET, file.toUri().toString());
    Dataset dataset = factory.finish();
    Scanner scanner = dataset.newScan(new ScanOptions(batchSize));
    return new Scan(factory, dataset, scanner, scanner.scanBatches());
  }
}
