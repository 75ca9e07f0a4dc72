package org.parquetarrow.read;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Nullable flat fixed-width columns of every width, PLAIN (values placed at their rows straight
 * from the page) and dictionary-encoded, in small v1 and v2 pages whose boundaries fall inside
 * batches and inside level runs, read in batches of many sizes and through a row selection that
 * starts batches mid-page. The expected values are the ones written (generated here); the
 * definition levels take every shape: scattered nulls, long runs of nulls and of values, all-null
 * and null-free stretches longer than a page.
 */
class NullableFixedWidthReadTest {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(NullableFixedWidthReadTest.class);

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("i32", new ArrowType.Int(32, true)),
      Field.nullable("i64", new ArrowType.Int(64, true)),
      Field.nullable("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
      Field.nullable("b1", new ArrowType.FixedSizeBinary(1)),
      Field.nullable("b12", new ArrowType.FixedSizeBinary(12)),
      Field.nullable("b16", new ArrowType.FixedSizeBinary(16)),
      Field.nullable("dec", new ArrowType.Decimal(30, 2, 128))));

  /**
   * Per column, the rows' values (null or a value), each column null at its own rows; with
   * {@code distinct} above 0 the values come from that many per column, so that the writer keeps
   * its dictionary (it gives up on one that does not pay).
   */
  private static List<List<Object>> columns(int rows, long seed, int distinct) {
    Random random = new Random(seed);
    List<List<Object>> columns = new ArrayList<>();
    for (int c = 0; c < SCHEMA.getFields().size(); c++) {
      List<Object> pool = new ArrayList<>();
      for (int i = 0; i < distinct; i++) {
        pool.add(value(c, random));
      }
      List<Object> values = new ArrayList<>();
      for (int r = 0; r < rows; ) {
        // runs: a stretch of a few hundred rows of one kind, from scattered nulls to all null
        int run = 1 + random.nextInt(random.nextInt(4) == 0 ? 700 : 40);
        int shape = random.nextInt(5);
        for (int i = 0; i < run && r < rows; i++, r++) {
          boolean isNull = switch (shape) {
            case 0 -> true;
            case 1 -> false;
            case 2 -> random.nextInt(2) == 0;
            default -> random.nextInt(10) == 0;
          };
          values.add(isNull ? null : distinct > 0 ? pool.get(random.nextInt(distinct)) : value(c, random));
        }
      }
      columns.add(values);
    }
    return columns;
  }

  private static Object value(int column, Random random) {
    return switch (column) {
      case 0 -> random.nextInt();
      case 1 -> random.nextLong();
      case 2 -> random.nextFloat() * 1000 - 500;
      case 3 -> random.nextDouble() * 1e9 - 5e8;
      case 4 -> (short) random.nextInt(0x7c00); // finite half-precision floats
      case 5 -> random.nextInt(50_000);
      case 6 -> random.nextLong() >> 10;
      case 7, 8, 9 -> {
        byte[] b = new byte[column == 7 ? 1 : column == 8 ? 12 : 16];
        random.nextBytes(b);
        yield b;
      }
      default -> new BigDecimal(new BigInteger(90, random), 2).negate();
    };
  }

  @Test
  void plainPagesReadBackAsWrittenAtEveryBatchSize() throws Exception {
    readBackAsWritten(false);
  }

  @Test
  void dictionaryPagesReadBackAsWrittenAtEveryBatchSize() throws Exception {
    readBackAsWritten(true);
  }

  private void readBackAsWritten(boolean dictionary) throws Exception {
    long seed = System.nanoTime();
    LOG.info("seed {} (dictionary {}); replay by setting it in this test", seed, dictionary);
    int rows = 6_000;
    for (DataPageVersion version : DataPageVersion.values()) {
      Path file = dir.resolve("fixed-" + version + "-" + dictionary + ".parquet");
      try (VectorSchemaRoot written = ArrowValues.root(memory.allocator(), SCHEMA, columns(rows, seed, dictionary ? 40 : 0))) {
        WriterProperties properties = WriterProperties.builder()
            .dataPageVersion(version)
            .dataPageSize(1_000) // pages of a few dozen to a few hundred rows, ending anywhere
            .dictionary(dictionary)
            .build();
        try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, properties)) {
          w.write(written);
        }
        String what = "seed " + seed + ", " + version + ", dictionary " + dictionary;
        for (int batchSize : new int[] {1, 7, 64, 100, 999, 4_096, 10_000}) {
          try (ArrowReader actual = ParquetFileReader.open(file,
              ReadOptions.builder(memory.allocator()).batchSize(batchSize).build()).toArrowReader()) {
            ArrowAssertions.assertSameSchemaAndData(Batches.of(written), Batches.of(actual),
                CompareOptions.strict().ignoringMetadata());
          } catch (AssertionError e) {
            throw new AssertionError(what + ", batches of " + batchSize + ": " + e.getMessage(), e);
          }
        }
        // skipped rows leave the page's values part-read, so batches start mid-page
        long[] ranges = {3, 70, 71, 72, 500, 1_800, 2_000, 2_001, 5_990, 6_000};
        RowSelection selection = RowSelection.fromRanges(ranges);
        List<VectorSchemaRoot> expected = new ArrayList<>();
        for (int i = 0; i < ranges.length; i += 2) {
          expected.add(written.slice((int) ranges[i], (int) (ranges[i + 1] - ranges[i])));
        }
        try (ArrowReader actual = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator())
            .batchSize(333).rowSelection(0, selection).build()).toArrowReader()) {
          ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(actual),
              CompareOptions.strict().ignoringMetadata());
        } catch (AssertionError e) {
          throw new AssertionError(what + ", row selection: " + e.getMessage(), e);
        } finally {
          expected.forEach(VectorSchemaRoot::close);
        }
      }
    }
  }
}
