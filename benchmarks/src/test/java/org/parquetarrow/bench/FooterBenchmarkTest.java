package org.parquetarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;

/**
 * Keeps the benchmark compiling and honest: on the wide fixture, our parser and parquet-java's
 * must agree on every row group and column chunk before their speeds are compared.
 */
class FooterBenchmarkTest {
  @TempDir Path dir;

  @Test
  void bothParsersAgreeOnTheWideFixture() throws Exception {
    FooterBenchmark bench = new FooterBenchmark();
    System.setProperty("bench.dir", dir.toString());
    bench.setup();
    FileMetaData ours = bench.parquetArrowFile();
    ParquetMetadata theirs = bench.parquetJavaFile();
    assertEquals(bench.parquetArrowBytes(), ours);
    assertEquals(WideFileFixture.ROW_GROUPS, theirs.getBlocks().size());
    assertEquals(theirs.getBlocks().size(), ours.rowGroups().size());
    assertEquals(theirs.getFileMetaData().getSchema().getColumns().size() + 1, ours.schema().size());
    long rows = 0;
    for (int rg = 0; rg < theirs.getBlocks().size(); rg++) {
      BlockMetaData block = theirs.getBlocks().get(rg);
      var ourGroup = ours.rowGroups().get(rg);
      assertEquals(block.getRowCount(), ourGroup.numRows());
      assertEquals(WideFileFixture.COLUMNS, ourGroup.columns().size());
      for (int c = 0; c < block.getColumns().size(); c++) {
        ColumnChunkMetaData their = block.getColumns().get(c);
        ColumnMetaData our = ourGroup.columns().get(c).metaData();
        assertEquals(their.getPath().toDotString(), String.join(".", our.pathInSchema()));
        assertEquals(their.getValueCount(), our.numValues());
        assertEquals(their.getTotalSize(), our.totalCompressedSize());
        assertEquals(their.getTotalUncompressedSize(), our.totalUncompressedSize());
        assertEquals(their.getFirstDataPageOffset(), our.dataPageOffset());
        assertEquals(their.getCodec().name(), our.codec().name());
        assertEquals(their.getStatistics().getNumNulls(), (long) our.statistics().nullCount());
      }
      rows += ourGroup.numRows();
    }
    assertEquals(ours.numRows(), rows);
    assertEquals(WideFileFixture.ROW_GROUPS * WideFileFixture.ROWS_PER_GROUP, rows);
  }
}
