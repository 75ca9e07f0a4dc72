package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.ChecksumException;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.testing.CorpusCatalog;
import org.parquetarrow.testing.CorpusCatalog.Expect;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * What the corpus catalog expects of the files that are not simply compared with a golden:
 * malformed files fail with a typed, located exception; CRC cases fail the check; encrypted files
 * ask for keys; the Arrow C++ fuzzer reproducers read or fail typed, quickly; files Arrow C++
 * refused but that are valid read every row. No case leaks a buffer.
 */
class CorpusFailuresTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** The malformed files, the shredded variants that break the shredding rules included. */
  static Stream<CorpusCatalog.Entry> mustFail() {
    return CorpusCatalog.load().withExpect(Expect.MUST_FAIL).stream();
  }

  static Stream<CorpusCatalog.Entry> crcMustFail() {
    return CorpusCatalog.load().withExpect(Expect.READS_CRC_CHECK_MUST_FAIL).stream();
  }

  static Stream<CorpusCatalog.Entry> encrypted() {
    return CorpusCatalog.load().withExpect(Expect.READS_WITH_KEYS).stream();
  }

  static Stream<CorpusCatalog.Entry> fuzzed() {
    return CorpusCatalog.load().withExpect(Expect.READS_OR_FAILS).stream()
        .filter(e -> e.relativePath().startsWith(CorpusCatalog.FUZZING_DIR));
  }

  /** Valid files Arrow C++ could not read (VARIANT groups, an OPTIONAL map key): every row reads. */
  static Stream<CorpusCatalog.Entry> readableWithoutGolden() {
    return CorpusCatalog.load().withExpect(Expect.READS, Expect.READS_LENIENT).stream()
        .filter(e -> e.isParquet() && !e.golden().read());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mustFail")
  void malformedFilesFailTyped(CorpusCatalog.Entry file) {
    ParquetException e = assertThrows(ParquetException.class, () -> readAll(file, ReadOptions.defaults(memory.allocator())));
    assertNotNull(e.location().file(), "the error names the file: " + e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("crcMustFail")
  void corruptChecksumsAreReported(CorpusCatalog.Entry file) {
    ChecksumException e =
        assertThrows(ChecksumException.class, () -> readAll(file, ReadOptions.defaults(memory.allocator())));
    assertNotNull(e.location().column(), e.getMessage());
    assertTrue(e.location().page() >= 0, e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("encrypted")
  void encryptedFilesAskForKeys(CorpusCatalog.Entry file) {
    assertThrows(ParquetCryptoException.class, () -> readAll(file, ReadOptions.defaults(memory.allocator())));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fuzzed")
  void fuzzerReproducersReadOrFailTyped(CorpusCatalog.Entry file) {
    assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
      try {
        readAll(file, ReadOptions.defaults(memory.allocator()));
      } catch (ParquetException expected) {
        // a typed failure is one of the two acceptable outcomes
      }
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("readableWithoutGolden")
  void validFilesWithoutGoldenReadEveryRow(CorpusCatalog.Entry file) throws Exception {
    ReadOptions options = ReadOptions.builder(memory.allocator()).batchSize(7).build();
    long rows = readAll(file, options);
    try (ParquetFileReader reader = ParquetFileReader.open(file.path(), options)) {
      assertEquals(reader.metadata().numRows(), rows);
    }
  }

  private static long readAll(CorpusCatalog.Entry file, ReadOptions options) {
    long rows = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(file.path(), options)) {
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        rows += b.getRowCount();
        b.close();
      }
    }
    return rows;
  }
}
