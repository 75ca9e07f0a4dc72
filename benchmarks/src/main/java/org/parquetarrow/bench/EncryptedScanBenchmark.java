package org.parquetarrow.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cost of decryption: single-threaded full scans by parquet-arrow of the NUMERIC data set
 * (parquet-java's file, 10M rows of seven nullable numeric columns) rewritten by our writer three
 * times with the same settings (SNAPPY, defaults otherwise): in plaintext, with every column
 * encrypted in AES_GCM_V1, and in AES_GCM_CTR_V1 (encrypted footer, one key).
 *
 * <p>Each operation scans the plaintext file and the encrypted one back to back (alternating which
 * goes first), so that both see the same machine load even on a busy shared machine; the secondary
 * results {@code plainSeconds} and {@code encryptedSeconds} sum the time of each, and the
 * overhead of decryption over the measured iterations ({@code encrypted / plain - 1}) is logged
 * at the end of the trial.
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
@Measurement(iterations = 5, time = 10)
@Fork(value = 1, jvmArgsAppend = {
    "-Xmx4g",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "-XX:+IgnoreUnrecognizedVMOptions",
    "--sun-misc-unsafe-memory-access=allow",
    "--enable-native-access=ALL-UNNAMED"})
public class EncryptedScanBenchmark {
  /** A 128-bit footer key (AES-NI serves every key size alike). */
  static final byte[] KEY = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  @Param({"gcm", "ctr"})
  public String encryption;

  @Param("65536")
  public int batchSize;

  private static final Logger LOG = LoggerFactory.getLogger(EncryptedScanBenchmark.class);

  private Path file;
  private Path plainFile;
  private FileDecryptionProperties keys;
  private BufferAllocator allocator;
  private long pairs;
  private long measuredPairs;
  private boolean measuring;
  private long trialPlainNanos;
  private long trialEncryptedNanos;

  /** Seconds spent in each of the pair's scans, summed over the iteration. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class PairTimes {
    public double plainSeconds;
    public double encryptedSeconds;

    @Setup(Level.Iteration)
    public void reset() {
      plainSeconds = 0;
      encryptedSeconds = 0;
    }
  }

  @Setup(Level.Trial)
  public void setup() throws IOException {
    double scale = BenchDataset.scaleFromSystemProperty();
    Path source = BenchDataset.NUMERIC.ensure(Path.of(System.getProperty("bench.dir", "target/bench-data")), scale);
    Path dir = Path.of(System.getProperty("bench.encrypted.dir", "target/bench-data-encrypted"));
    allocator = new RootAllocator();
    file = rewrite(source, dir, encryption, allocator);
    plainFile = rewrite(source, dir, "plain", allocator);
    keys = encryption.equals("plain") ? null : FileDecryptionProperties.builder().footerKey(KEY).build();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    if (measuredPairs > 0) {
      LOG.info("{} measured pairs of scans: plaintext {} s, {} {} s per scan: decryption costs {}%", measuredPairs,
          String.format(Locale.ROOT, "%.3f", trialPlainNanos / 1e9 / measuredPairs), encryption,
          String.format(Locale.ROOT, "%.3f", trialEncryptedNanos / 1e9 / measuredPairs),
          String.format(Locale.ROOT, "%.1f", 100.0 * trialEncryptedNanos / trialPlainNanos - 100));
    }
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

  @Setup(Level.Iteration)
  public void iteration(IterationParams params) {
    measuring = params.getType() == IterationType.MEASUREMENT;
  }

  @Benchmark
  public long pair(PairTimes times) {
    boolean plainFirst = (pairs++ & 1) == 0;
    long checksum = 0;
    for (int i = 0; i < 2; i++) {
      boolean plain = plainFirst == (i == 0);
      long t0 = System.nanoTime();
      checksum += plain ? scan(plainFile, null) : scan(file, keys);
      long nanos = System.nanoTime() - t0;
      if (plain) {
        times.plainSeconds += nanos / 1e9;
        trialPlainNanos += measuring ? nanos : 0;
      } else {
        times.encryptedSeconds += nanos / 1e9;
        trialEncryptedNanos += measuring ? nanos : 0;
      }
    }
    measuredPairs += measuring ? 1 : 0;
    return checksum;
  }

  private long scan(Path file, FileDecryptionProperties keys) {
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
