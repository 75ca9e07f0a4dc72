package org.parquetarrow.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.FileEncryptionProperties;
import org.parquetarrow.crypto.ParquetCipher;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * The cost of decryption: single-threaded full scans by parquet-arrow of the NUMERIC data set
 * (parquet-java's file, 10M rows of seven nullable numeric columns) rewritten by our writer three
 * times with the same settings (SNAPPY, defaults otherwise): in plaintext, with every column
 * encrypted in AES_GCM_V1, and in AES_GCM_CTR_V1 (encrypted footer, one key). Compare the
 * {@code plain} and {@code gcm} scores of one run.
 *
 * <pre>
 * mvn -q -Pbench -pl benchmarks -am package -DskipTests
 * java -Dbench.dir=/tmp/bench-data -Dbench.encrypted.dir=/tmp/bench-data-crypto \
 *     -jar benchmarks/target/benchmarks.jar EncryptedScanBenchmark
 * </pre>
 * The rewritten files are kept in {@code bench.encrypted.dir} (default {@code
 * target/bench-data-encrypted}) and reused; the source file is only read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1, jvmArgsAppend = {
    "-Xmx4g",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--sun-misc-unsafe-memory-access=allow",
    "--enable-native-access=ALL-UNNAMED"})
public class EncryptedScanBenchmark {
  /** A 128-bit footer key (AES-NI serves every key size alike). */
  static final byte[] KEY = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  @Param({"plain", "gcm", "ctr"})
  public String encryption;

  @Param("65536")
  public int batchSize;

  private Path file;
  private FileDecryptionProperties keys;
  private BufferAllocator allocator;

  @Setup(Level.Trial)
  public void setup() throws IOException {
    double scale = BenchDataset.scaleFromSystemProperty();
    Path source = BenchDataset.NUMERIC.ensure(Path.of(System.getProperty("bench.dir", "target/bench-data")), scale);
    Path dir = Path.of(System.getProperty("bench.encrypted.dir", "target/bench-data-encrypted"));
    allocator = new RootAllocator();
    file = rewrite(source, dir, encryption, allocator);
    keys = encryption.equals("plain") ? null : FileDecryptionProperties.builder().footerKey(KEY).build();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    allocator.close();
  }

  /** The source rewritten by our writer with {@code encryption} into {@code dir}, unless already there. */
  static Path rewrite(Path source, Path dir, String encryption, BufferAllocator allocator) throws IOException {
    Path out = dir.resolve(source.getFileName().toString().replace(".parquet", "-" + encryption + ".parquet"));
    if (Files.isRegularFile(out) && Files.size(out) > 0) {
      return out;
    }
    Files.createDirectories(dir);
    WriterProperties.Builder props = WriterProperties.builder().codec(CompressionCodec.SNAPPY);
    if (!encryption.equals("plain")) {
      props.encryption(FileEncryptionProperties.builder(KEY)
          .algorithm(encryption.equals("gcm") ? ParquetCipher.AES_GCM_V1 : ParquetCipher.AES_GCM_CTR_V1)
          .build());
    }
    try (ParquetFileReader reader = ParquetFileReader.open(source, ReadOptions.builder(allocator).build());
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(out), reader.arrowSchema(), props.build())) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          w.write(batch);
        }
      }
    }
    return out;
  }

  @Benchmark
  public long scan() {
    long rows = 0;
    long checksum = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(file,
        ReadOptions.builder(allocator).batchSize(batchSize).decryption(keys).build())) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          rows += batch.getRowCount();
          checksum += batch.getFieldVectors().get(0).getNullCount();
        }
      }
    }
    return rows * 31 + checksum;
  }
}
