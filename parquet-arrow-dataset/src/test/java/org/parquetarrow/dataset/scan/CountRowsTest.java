package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code countRows} on one sorted 10,000,000-row file: row {@code r} holds {@code id = r} and
 * {@code tag} null for {@code r < 1,000,000}, else {@code r % 100}; row groups of 1,000,000 rows,
 * so group {@code g} holds ids {@code [g * 1e6, (g + 1) * 1e6)}. Every expected count is worked out
 * from that rule; where statistics decide the answer no column chunk byte may be read.
 */
class CountRowsTest {
  private static final Logger LOG = LoggerFactory.getLogger(CountRowsTest.class);
  private static final long ROWS = 10_000_000;
  private static final int GROUP = 1_000_000;

  @TempDir static Path dir;
  private static Path file;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @BeforeAll
  static void writeSortedFile() {
    file = dir.resolve("sorted.parquet");
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.nullable("tag", new ArrowType.Int(32, true))));
    WriterProperties props = WriterProperties.builder().rowGroupRows(GROUP).dictionary(false).pageIndex(true).build();
    int batch = 500_000;
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      IntVector tag = (IntVector) root.getVector("tag");
      root.getFieldVectors().forEach(v -> v.setInitialCapacity(batch));
      for (long start = 0; start < ROWS; start += batch) {
        root.allocateNew();
        for (int i = 0; i < batch; i++) {
          long r = start + i;
          id.set(i, r);
          if (r < GROUP) {
            tag.setNull(i);
          } else {
            tag.set(i, (int) (r % 100));
          }
        }
        root.setRowCount(batch);
        w.write(root);
      }
    }
  }

  private static Dataset dataset() {
    return DatasetDiscovery.file(file, DiscoveryOptions.defaults());
  }

  private RowCount count(String filter) {
    RowCount c = Scanner.countRows(dataset(), filter == null ? null : ExpressionParser.parse(filter), memory.allocator());
    LOG.info("countRows({}) = {}: {} row groups from metadata, {} read, {} bytes read", filter, c.rows(),
        c.rowGroupsFromMetadata(), c.rowGroupsRead(), c.metrics().bytesRead());
    return c;
  }

  @Test
  void aRangeOnRowGroupBoundariesIsAnsweredWithoutReadingAByte() {
    RowCount c = count("id < 3000000");
    assertEquals(3_000_000, c.rows());
    assertEquals(3, c.rowGroupsFromMetadata());
    assertEquals(0, c.rowGroupsRead());
    assertEquals(0, c.metrics().bytesRead());
    assertEquals(0, c.metrics().rowsRead());
  }

  @Test
  void noFilterCountsTheFootersRowCounts() {
    RowCount c = count(null);
    assertEquals(ROWS, c.rows());
    assertEquals(10, c.rowGroupsFromMetadata());
    assertEquals(0, c.metrics().bytesRead());
  }

  @Test
  void nullCountsDecideIsNullAndIsNotNull() {
    RowCount nulls = count("tag is null");
    assertEquals(GROUP, nulls.rows());
    assertEquals(0, nulls.rowGroupsRead());
    assertEquals(0, nulls.metrics().bytesRead());
    RowCount notNull = count("tag is not null");
    assertEquals(ROWS - GROUP, notNull.rows());
    assertEquals(0, notNull.metrics().bytesRead());
  }

  @Test
  void aRangeInsideARowGroupReadsOnlyThatGroupsFilterColumn() {
    // groups 0 and 1 match whole, 3..9 not at all; group 2 holds 2,000,000..2,999,999, of which
    // 2,000,000..2,499,999 match
    RowCount c = count("id < 2500000");
    assertEquals(2_500_000, c.rows());
    assertEquals(2, c.rowGroupsFromMetadata());
    assertEquals(1, c.rowGroupsRead());
    ColumnChunk id2 = dataset().files().get(0).metadata().rowGroups().get(2).columns().get(0);
    ColumnChunk tag2 = dataset().files().get(0).metadata().rowGroups().get(2).columns().get(1);
    long idBytes = id2.metaData().totalCompressedSize();
    // the id pages holding selected rows, the page index; never the tag column
    assertTrue(c.metrics().bytesRead() <= idBytes + (64 << 10),
        c.metrics().bytesRead() + " bytes read; group 2's id chunk is " + idBytes + ", its tag chunk "
            + tag2.metaData().totalCompressedSize());
    assertTrue(c.metrics().bytesRead() > 0);
  }

  @Test
  void aFilterStatisticsCannotDecideIsEvaluatedOnItsColumnOnly() {
    // tag = 7: one row in 100 from row 1,000,000 on; group 0 is all null, so ruled out
    RowCount c = count("tag = 7");
    assertEquals((ROWS - GROUP) / 100, c.rows());
    assertEquals(9, c.rowGroupsRead());
    long tagBytes = 0;
    long idBytes = 0;
    for (var g : dataset().files().get(0).metadata().rowGroups()) {
      idBytes += g.columns().get(0).metaData().totalCompressedSize();
      tagBytes += g.columns().get(1).metaData().totalCompressedSize();
    }
    // the tag chunks and their page index (not the id chunks, which would double it)
    assertTrue(c.metrics().bytesRead() <= tagBytes + (64 << 10), c.metrics().bytesRead() + " bytes read; the tag chunks hold "
        + tagBytes + ", the id chunks " + idBytes);
    // the same through the one-call form, on the file's path
    assertEquals(0, ParquetFiles.countRows(file.toString(), "tag = 7 and id < 1000000", memory.allocator()).rows());
    assertEquals(10_000, ParquetFiles.countRows(file.toString(), "tag = 7 and id < 2000000", memory.allocator()).rows());
  }

  @Test
  void limitTenReadsOneRowGroupOfTheTenMillion() throws Exception {
    ScanOptions options = ScanOptions.builder().limit(10).parallelism(4).build();
    long groupBytes = 0;
    for (ColumnChunk c : dataset().files().get(0).metadata().rowGroups().get(0).columns()) {
      groupBytes += c.metaData().totalCompressedSize();
    }
    ScanMetrics m;
    try (ScanReader r = Scanner.scan(dataset(), options, memory.allocator())) {
      long rows = 0;
      while (r.loadNextBatch()) {
        BigIntVector id = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
        for (int i = 0; i < r.getVectorSchemaRoot().getRowCount(); i++) {
          assertEquals(rows + i, id.get(i));
        }
        rows += r.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(10, rows);
      m = r.metrics();
    }
    // after close, when the readers have stopped and counted what they fetched
    assertEquals(1, m.rowGroupsRead());
    assertTrue(m.bytesRead() > 0 && m.bytesRead() <= groupBytes, m.bytesRead() + " bytes read; group 0 holds " + groupBytes);
    // of it only the first page of each column (through the offset index): the rows past ten are not fetched
    long firstPages = 0;
    try (LocalInputFile in = LocalInputFile.open(file)) {
      for (ColumnChunk c : dataset().files().get(0).metadata().rowGroups().get(0).columns()) {
        firstPages += OffsetIndexReader.read(in, c).pageLocations().get(0).compressedPageSize();
      }
    }
    assertEquals(firstPages, m.bytesRead());
    LOG.info("limit(10): {} row group read, {} bytes of {} in group 0", m.rowGroupsRead(), m.bytesRead(), groupBytes);
  }
}
