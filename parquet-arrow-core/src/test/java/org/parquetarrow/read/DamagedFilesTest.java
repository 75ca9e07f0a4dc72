package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.ParquetException;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.testing.TestData;

/**
 * Damaged copies of valid files: truncated at many points, and with bytes flipped anywhere
 * (pages, page headers, the footer). Every read either succeeds (a flipped value byte can still
 * be valid data) or fails with a {@link ParquetException}; nothing else escapes, nothing hangs
 * and no buffer leaks. Seeds are fixed and printed in failure messages so a case can be replayed.
 */
class DamagedFilesTest {
  private static final Duration LIMIT = Duration.ofSeconds(10);

  @ParameterizedTest
  @ValueSource(strings = {
      "data/alltypes_plain.snappy.parquet",
      "data/datapage_v2.snappy.parquet",
      "data/nested_maps.snappy.parquet",
      "data/nested_lists.snappy.parquet",
      "data/delta_byte_array.parquet",
      "data/byte_stream_split_extended.gzip.parquet",
      "data/nullable.impala.parquet",
      "data/rle_boolean_encoding.parquet"})
  void truncatedFilesFailTyped(String name) throws Exception {
    byte[] whole = Files.readAllBytes(TestData.parquetTesting().resolve(name));
    int step = Math.max(1, whole.length / 150);
    for (int length = 0; length < whole.length; length += step) {
      byte[] cut = java.util.Arrays.copyOf(whole, length);
      String what = name + " cut to " + length + " bytes";
      // the footer is at the end: any cut loses it or its magic
      assertTimeoutPreemptively(LIMIT, () -> assertThrows(ParquetException.class, () -> readAll(cut, what), what));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "data/alltypes_plain.snappy.parquet",
      "data/alltypes_dictionary.parquet",
      "data/datapage_v2.snappy.parquet",
      "data/nested_maps.snappy.parquet",
      "data/nested_lists.snappy.parquet",
      "data/delta_binary_packed.parquet",
      "data/delta_length_byte_array.parquet",
      "data/byte_stream_split_extended.gzip.parquet",
      "data/nullable.impala.parquet",
      "data/fixed_length_decimal.parquet",
      "data/int96_from_spark.parquet",
      "data/rle_boolean_encoding.parquet"})
  void flippedBytesReadOrFailTyped(String name) throws Exception {
    byte[] whole = Files.readAllBytes(TestData.parquetTesting().resolve(name));
    long seed = name.hashCode();
    Random random = new Random(seed);
    int typedFailures = 0;
    for (int round = 0; round < 300; round++) {
      byte[] damaged = whole.clone();
      int flips = 1 + random.nextInt(3);
      StringBuilder where = new StringBuilder();
      for (int f = 0; f < flips; f++) {
        int at = random.nextInt(damaged.length);
        damaged[at] ^= (byte) (1 + random.nextInt(255));
        where.append(at).append(' ');
      }
      String what = name + " (seed " + seed + ", round " + round + ") flipped at " + where;
      boolean failed = assertTimeoutPreemptively(LIMIT, () -> {
        try {
          readAll(damaged, what);
          return false;
        } catch (ParquetException e) {
          return true;
        }
      }, what);
      typedFailures += failed ? 1 : 0;
    }
    // CRCs are rare in these files: most flips still decode, but many must be noticed
    assertTrue(typedFailures > 0, name + ": no flip was noticed");
  }

  /** Reads every batch with a fresh allocator and fails on any other exception or a leak. */
  private static void readAll(byte[] bytes, String what) {
    try (BufferAllocator allocator = new RootAllocator()) {
      try (ParquetFileReader reader =
          ParquetFileReader.open(new ByteBufferInputFile(what, bytes),
              ReadOptions.builder(allocator).batchSize(3).verifyChecksums(false).build())) {
        for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
          b.close();
        }
      } catch (ParquetException e) {
        throw e;
      } catch (RuntimeException | Error e) {
        fail(what + ": " + e, e);
      } finally {
        if (allocator.getAllocatedMemory() != 0) {
          fail(what + ": leaked " + allocator.getAllocatedMemory() + " bytes");
        }
      }
    }
  }
}
