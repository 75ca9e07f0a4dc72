package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PageEncodingStats;
import org.parquetarrow.format.PageType;
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
 * Nullable flat BYTE_ARRAY columns (strings and binaries, 32- and 64-bit offsets), whose values are
 * placed at their rows as they are decoded, in small v1 and v2 pages whose boundaries fall inside
 * batches: PLAIN, dictionary-encoded, DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY, read in
 * batches of many sizes and through a row selection that starts batches mid-page. The expected
 * values are the ones written (generated here): empty values, values of every length up to 90
 * bytes (short ones copied as whole words, long ones not), and nulls scattered, in long runs, at
 * the first and last rows, in all-null and null-free stretches longer than a page. Every null
 * slot must come out empty (its two offsets equal), as Arrow readers expect.
 */
class NullableBinaryReadTest {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(NullableBinaryReadTest.class);

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema SCHEMA = new Schema(List.of(
      Field.nullable("s", ArrowType.Utf8.INSTANCE),
      Field.nullable("ls", ArrowType.LargeUtf8.INSTANCE),
      Field.nullable("b", ArrowType.Binary.INSTANCE),
      Field.nullable("lb", ArrowType.LargeBinary.INSTANCE)));

  /**
   * Per column, the rows' values, each column null at its own rows, the first and last row null;
   * with {@code distinct} above 0 the values come from that many per column (so that the writer
   * keeps its dictionary).
   */
  private static List<List<Object>> columns(int rows, long seed, int distinct) {
    Random random = new Random(seed);
    List<List<Object>> columns = new ArrayList<>();
    for (int c = 0; c < SCHEMA.getFields().size(); c++) {
      boolean text = c < 2;
      List<Object> pool = new ArrayList<>();
      for (int i = 0; i < distinct; i++) {
        pool.add(value(text, random));
      }
      List<Object> values = new ArrayList<>();
      for (int r = 0; r < rows; ) {
        int run = 1 + random.nextInt(random.nextInt(4) == 0 ? 700 : 40);
        int shape = random.nextInt(5);
        for (int i = 0; i < run && r < rows; i++, r++) {
          boolean isNull = r == 0 || r == rows - 1 || switch (shape) {
            case 0 -> true;
            case 1 -> false;
            case 2 -> random.nextInt(2) == 0;
            default -> random.nextInt(10) == 0;
          };
          values.add(isNull ? null : distinct > 0 ? pool.get(random.nextInt(distinct)) : value(text, random));
        }
      }
      columns.add(values);
    }
    return columns;
  }

  /** A value of 0 to 90 bytes, empty one time in eight. */
  private static Object value(boolean text, Random random) {
    int length = random.nextInt(8) == 0 ? 0 : random.nextInt(4) == 0 ? 49 + random.nextInt(42) : random.nextInt(49);
    if (text) {
      StringBuilder s = new StringBuilder(length);
      for (int i = 0; i < length; i++) {
        s.append((char) ('a' + random.nextInt(26)));
      }
      return s.toString();
    }
    byte[] b = new byte[length];
    random.nextBytes(b);
    return b;
  }

  @Test
  void plainPagesReadBackAsWritten() throws Exception {
    readBackAsWritten(false, null);
  }

  @Test
  void dictionaryPagesReadBackAsWritten() throws Exception {
    readBackAsWritten(true, null);
  }

  @Test
  void deltaLengthPagesReadBackAsWritten() throws Exception {
    readBackAsWritten(false, Encoding.DELTA_LENGTH_BYTE_ARRAY);
  }

  @Test
  void deltaByteArrayPagesReadBackAsWritten() throws Exception {
    readBackAsWritten(false, Encoding.DELTA_BYTE_ARRAY);
  }

  /**
   * A column whose dictionary changes from row group to row group, and whose chunk falls back from
   * dictionary pages to PLAIN pages part-way (the writer's dictionary outgrows its limit), then the
   * next chunk starts on dictionary pages again: the sink keeps its decoders from page to page, so
   * each page must be decoded against its own chunk's dictionary and encoding. Expected: the
   * values written (row group {@code g}'s dictionary entries all start with its letter).
   */
  @Test
  void dictionariesChangeBetweenRowGroupsAndChunksFallBackToPlain() throws Exception {
    Schema schema = new Schema(List.of(
        Field.nullable("s", ArrowType.Utf8.INSTANCE), Field.nullable("ls", ArrowType.LargeUtf8.INSTANCE)));
    int groupRows = 3_000;
    int groups = 3;
    Random random = new Random(18);
    List<List<Object>> columns = new ArrayList<>();
    for (int c = 0; c < 2; c++) {
      List<Object> values = new ArrayList<>();
      for (int g = 0; g < groups; g++) {
        for (int r = 0; r < groupRows; r++) {
          boolean distinctTail = g != 1 && r >= groupRows / 2; // groups 0 and 2 fall back to PLAIN
          String v = distinctTail ? "unique-" + g + "-" + r + "-" + random.nextInt(1_000_000)
              : (char) ('a' + g) + "-entry-" + random.nextInt(30);
          values.add(random.nextInt(9) == 0 ? null : v);
        }
      }
      columns.add(values);
    }
    Path file = dir.resolve("changing-dictionaries.parquet");
    try (VectorSchemaRoot written = ArrowValues.root(memory.allocator(), schema, columns)) {
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.builder()
          .rowGroupRows(groupRows).dataPageSize(1_500).dictionaryPageSizeLimit(4_000).build())) {
        w.write(written);
      }
      try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).build())) {
        var rowGroups = reader.metadata().rowGroups();
        assertEquals(groups, rowGroups.size());
        for (int g = 0; g < groups; g++) {
          for (var chunk : rowGroups.get(g).columns()) {
            // the data pages' encodings (the dictionary page is PLAIN in every group)
            var stats = chunk.metaData().encodingStats();
            assertTrue(stats.stream().anyMatch(e -> dataPage(e, Encoding.RLE_DICTIONARY)), "group " + g + ": " + stats);
            assertEquals(g != 1, stats.stream().anyMatch(e -> dataPage(e, Encoding.PLAIN)), "group " + g + ": " + stats);
          }
        }
      }
      for (int batchSize : new int[] {97, 1_000, 4_096, 65_536}) {
        try (ArrowReader actual = ParquetFileReader.open(file,
            ReadOptions.builder(memory.allocator()).batchSize(batchSize).build()).toArrowReader()) {
          ArrowAssertions.assertSameSchemaAndData(Batches.of(written), Batches.of(actual),
              CompareOptions.strict().ignoringMetadata());
        } catch (AssertionError e) {
          throw new AssertionError("batches of " + batchSize + ": " + e.getMessage(), e);
        }
      }
    }
  }

  private static boolean dataPage(PageEncodingStats stats, Encoding encoding) {
    return stats.pageType() != PageType.DICTIONARY_PAGE && stats.encoding() == encoding && stats.count() > 0;
  }

  private void readBackAsWritten(boolean dictionary, Encoding encoding) throws Exception {
    long seed = System.nanoTime();
    LOG.info("seed {} (dictionary {}, encoding {}); replay by setting it in this test", seed, dictionary, encoding);
    int rows = 6_000;
    for (DataPageVersion version : DataPageVersion.values()) {
      Path file = dir.resolve("binary-" + version + "-" + dictionary + "-" + encoding + ".parquet");
      try (VectorSchemaRoot written = ArrowValues.root(memory.allocator(), SCHEMA, columns(rows, seed, dictionary ? 40 : 0))) {
        WriterProperties.Builder properties = WriterProperties.builder()
            .dataPageVersion(version)
            .dataPageSize(2_000) // pages of a few dozen to a few hundred rows, ending anywhere
            .dictionary(dictionary);
        if (encoding != null) {
          properties.encoding(encoding);
        }
        try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, properties.build())) {
          w.write(written);
        }
        String what = "seed " + seed + ", " + version + ", dictionary " + dictionary + ", encoding " + encoding;
        Encoding pages = dictionary ? Encoding.RLE_DICTIONARY : encoding != null ? encoding : Encoding.PLAIN;
        try (ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(memory.allocator()).build())) {
          for (var chunk : reader.metadata().rowGroups().get(0).columns()) {
            // the path under test is taken: the pages are in the encoding asked for
            assertTrue(chunk.metaData().encodings().contains(pages), what + ": " + chunk.metaData().encodings());
          }
        }
        for (int batchSize : new int[] {1, 7, 64, 100, 999, 4_096, 10_000}) {
          try (ArrowReader actual = ParquetFileReader.open(file,
              ReadOptions.builder(memory.allocator()).batchSize(batchSize).build()).toArrowReader()) {
            while (actual.loadNextBatch()) {
              assertNullSlotsEmpty(actual.getVectorSchemaRoot(), what);
            }
          }
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

  /** Every null slot of every column has no bytes: its end offset equals its start offset. */
  private static void assertNullSlotsEmpty(VectorSchemaRoot batch, String what) {
    for (FieldVector v : batch.getFieldVectors()) {
      int n = v.getValueCount();
      assertTrue(v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector,
          v.getClass().getSimpleName());
      for (int i = 0; i < n; i++) {
        if (!v.isNull(i)) {
          continue;
        }
        long start;
        long end;
        if (v instanceof BaseLargeVariableWidthVector large) {
          start = large.getOffsetBuffer().getLong(8L * i);
          end = large.getOffsetBuffer().getLong(8L * i + 8);
        } else {
          start = v.getOffsetBuffer().getInt(4L * i);
          end = v.getOffsetBuffer().getInt(4L * i + 4);
        }
        assertEquals(start, end, what + ": " + v.getName() + " null slot " + i + " has bytes");
      }
    }
  }
}
