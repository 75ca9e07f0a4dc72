package org.parquetarrow.bench;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.parquetarrow.format.ChunkDecoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;

/**
 * Footer parsing of a 2,000-column, 10-row-group file written by parquet-java, measured side by
 * side with parquet-java's own footer parser.
 *
 * <ul>
 *   <li>{@code *File}: from the path, as a user opens a file (positional reads, thrift decode, and
 *       for parquet-java the conversion into its {@code ParquetMetadata} model that every
 *       parquet-java read goes through; for Arrow C++ (JNI) {@code FileSystemDatasetFactory.inspect},
 *       which reads the footer and converts its schema).
 *   <li>{@code parquetArrowFileOnAccess}: the footer with wide row groups' column chunks left
 *       undecoded ({@code ChunkDecoding.ON_FIRST_ACCESS}), as a projected read opens it.
 *   <li>{@code parquetArrowFileAllChunks}: the footer decoded at once, then every column chunk of
 *       every row group used (a read of every column); {@code parquetArrowFileThreeColumns}: the
 *       footer decoded on access, then the chunks of three columns (a projected read);
 *       {@code parquetArrowFileOnAccessAllChunks}: decoded on access, yet every chunk used.
 *   <li>{@code *Bytes}: the thrift decode alone from the footer bytes in memory (parquet-java:
 *       its generated {@code FileMetaData} classes).
 * </ul>
 *
 * <pre>
 * mvn -q -Pbench -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar FooterBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--sun-misc-unsafe-memory-access=allow",
    "--enable-native-access=ALL-UNNAMED"})
public class FooterBenchmark {
  private BufferAllocator allocator;
  private Path file;
  private byte[] footer;

  @Setup
  public void setup() throws IOException {
    file = WideFileFixture.ensure(Path.of(System.getProperty("bench.dir", "target/bench-data"),
        "wide-2000x10.parquet"));
    footer = footerBytes(file);
    allocator = new RootAllocator();
  }

  @Benchmark
  public FileMetaData parquetArrowFile() throws IOException {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      return ParquetFooter.read(in).metadata();
    }
  }

  @Benchmark
  public ParquetMetadata parquetJavaFile() throws IOException {
    return ParquetFileReader.readFooter(
        new org.apache.parquet.io.LocalInputFile(file), ParquetMetadataConverter.NO_FILTER);
  }

  /** The footer with wide row groups' chunks left as bytes, as a projected read opens it. */
  @Benchmark
  public FileMetaData parquetArrowFileOnAccess() throws IOException {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      return ParquetFooter.read(in, MetadataLimits.DEFAULT, null, ChunkDecoding.ON_FIRST_ACCESS).metadata();
    }
  }

  /** A read of every column: the footer decoded at once, then every chunk used. */
  @Benchmark
  public int parquetArrowFileAllChunks() throws IOException {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      return touchChunks(ParquetFooter.read(in).metadata(), Integer.MAX_VALUE);
    }
  }

  /** A projected read of three columns: their chunks decoded on first access, the others never. */
  @Benchmark
  public int parquetArrowFileThreeColumns() throws IOException {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      return touchChunks(ParquetFooter.read(in, MetadataLimits.DEFAULT, null, ChunkDecoding.ON_FIRST_ACCESS)
          .metadata(), 3);
    }
  }

  /** The worst case of decoding on access: every chunk of every row group asked for after all. */
  @Benchmark
  public int parquetArrowFileOnAccessAllChunks() throws IOException {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      return touchChunks(ParquetFooter.read(in, MetadataLimits.DEFAULT, null, ChunkDecoding.ON_FIRST_ACCESS)
          .metadata(), Integer.MAX_VALUE);
    }
  }

  @Benchmark
  public Schema arrowCppFile() throws Exception {
    try (FileSystemDatasetFactory factory = new FileSystemDatasetFactory(
        allocator, NativeMemoryPool.getDefault(), FileFormat.PARQUET, file.toUri().toString())) {
      return factory.inspect();
    }
  }

  @Benchmark
  public FileMetaData parquetArrowBytes() {
    return MetadataReader.readFileMetaData(ByteBuffer.wrap(footer));
  }

  @Benchmark
  public org.apache.parquet.format.FileMetaData parquetJavaBytes() throws IOException {
    return Util.readFileMetaData(new ByteArrayInputStream(footer));
  }

  /** Decodes the chunks of the first {@code columns} columns of every row group. */
  private static int touchChunks(FileMetaData metadata, int columns) {
    int values = 0;
    for (RowGroup group : metadata.rowGroups()) {
      int n = Math.min(columns, group.columns().size());
      for (int c = 0; c < n; c++) {
        values += (int) group.columns().get(c).metaData().numValues();
      }
    }
    return values;
  }

  @TearDown
  public void tearDown() {
    allocator.close();
  }

  /** The serialized FileMetaData of a PAR1 file. */
  static byte[] footerBytes(Path file) throws IOException {
    byte[] all = Files.readAllBytes(file);
    int len = ByteBuffer.wrap(all, all.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    byte[] footer = new byte[len];
    System.arraycopy(all, all.length - 8 - len, footer, 0, len);
    return footer;
  }
}
