package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A dataset scan with a point filter on a sorted column fetches, of each column, only the bytes
 * before its first data page (the dictionary page) and the pages holding the rows the page index
 * selected: the row range of the {@code id} page that may hold the key, and in the other columns
 * (dictionary-encoded {@code name}, plain {@code score}) the pages overlapping that range. The
 * expected bytes are worked out here from the footer and the offset indexes; the scan's data bytes
 * are its bytes read less what pruning read.
 */
class PointLookupBytesTest {
  private static final int ROWS = 200_000;

  @TempDir static Path dir;
  private static Path file;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @BeforeAll
  static void write() throws IOException {
    file = dir.resolve("sorted.parquet");
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(64, true)),
        Field.notNullable("name", ArrowType.Utf8.INSTANCE),
        Field.notNullable("score", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(50_000)
        .dataPageRowLimit(1_000)
        .column("id", c -> c.dictionary(false))
        .build();
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector name = (VarCharVector) root.getVector("name");
      Float8Vector score = (Float8Vector) root.getVector("score");
      id.allocateNew(ROWS);
      name.allocateNew(ROWS * 8L, ROWS);
      score.allocateNew(ROWS);
      for (int r = 0; r < ROWS; r++) {
        id.set(r, r);
        name.setSafe(r, name(r).getBytes(StandardCharsets.UTF_8));
        score.set(r, r * 0.25);
      }
      root.setRowCount(ROWS);
      w.write(root);
    }
  }

  private static String name(long r) {
    return "n" + (r % 300);
  }

  @ParameterizedTest(name = "id = {0}")
  @ValueSource(longs = {0, 123_456, ROWS - 1})
  void aPointLookupFetchesTheDictionaryAndTheSelectedPagesOnly(long key) throws IOException {
    List<String> rows = new ArrayList<>();
    ScanMetrics metrics;
    ScanOptions options = ScanOptions.builder().filter("id = " + key).parallelism(1).build();
    try (ScanReader r = Scanner.scan(DatasetDiscovery.file(file, DiscoveryOptions.defaults()), options,
        memory.allocator())) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot b = r.getVectorSchemaRoot();
        for (int i = 0; i < b.getRowCount(); i++) {
          rows.add(((BigIntVector) b.getVector("id")).get(i) + ","
              + new String(((VarCharVector) b.getVector("name")).get(i), StandardCharsets.UTF_8) + ","
              + ((Float8Vector) b.getVector("score")).get(i));
        }
      }
      metrics = r.metrics();
    }
    assertEquals(List.of(key + "," + name(key) + "," + key * 0.25), rows);
    assertEquals(expectedDataBytes(key), metrics.bytesRead() - metrics.pruning().bytesRead());
  }

  /** Of the row group holding row {@code key} (= id): per column, dictionary + pages over the id page's rows. */
  private static long expectedDataBytes(long key) throws IOException {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      long first = 0;
      for (RowGroup g : ParquetFooter.read(in).metadata().rowGroups()) {
        if (key >= first + g.numRows()) {
          first += g.numRows();
          continue;
        }
        long row = key - first;
        List<PageLocation> idPages = OffsetIndexReader.read(in, g.columns().get(0)).pageLocations();
        long from = -1;
        long to = -1;
        for (int i = 0; i < idPages.size(); i++) {
          long end = i + 1 < idPages.size() ? idPages.get(i + 1).firstRowIndex() : g.numRows();
          if (idPages.get(i).firstRowIndex() <= row && row < end) {
            from = idPages.get(i).firstRowIndex();
            to = end;
          }
        }
        long bytes = 0;
        for (ColumnChunk chunk : g.columns()) {
          List<PageLocation> pages = OffsetIndexReader.read(in, chunk).pageLocations();
          bytes += pages.get(0).offset() - chunkStart(chunk.metaData());
          for (int i = 0; i < pages.size(); i++) {
            long end = i + 1 < pages.size() ? pages.get(i + 1).firstRowIndex() : g.numRows();
            if (pages.get(i).firstRowIndex() < to && end > from) {
              bytes += pages.get(i).compressedPageSize();
            }
          }
        }
        return bytes;
      }
    }
    throw new AssertionError("no row group holds row " + key);
  }

  private static long chunkStart(ColumnMetaData m) {
    Long dictionary = m.dictionaryPageOffset();
    return dictionary != null && dictionary > 0 && dictionary < m.dataPageOffset()
        ? dictionary : m.dataPageOffset();
  }
}
