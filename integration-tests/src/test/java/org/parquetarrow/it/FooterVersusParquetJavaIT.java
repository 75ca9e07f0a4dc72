package org.parquetarrow.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.TestData;

/**
 * Our footer parser against parquet-java's on every plain Parquet file of the corpora that
 * parquet-java itself can open: both must see the same row groups, column chunks, offsets, sizes,
 * codecs, value counts and null counts.
 */
class FooterVersusParquetJavaIT {
  private static final java.util.concurrent.atomic.AtomicInteger COMPARED = new java.util.concurrent.atomic.AtomicInteger();
  private static final java.util.concurrent.atomic.AtomicInteger REFUSED_BY_PEER = new java.util.concurrent.atomic.AtomicInteger();

  @org.junit.jupiter.api.AfterAll
  static void mostFilesWereReallyCompared() {
    // parquet-java refuses a few files (logical types it does not know, broken ones); the
    // comparison is only meaningful if it opened the bulk of the corpus.
    assertTrue(COMPARED.get() >= 65,
        "only " + COMPARED.get() + " files compared, " + REFUSED_BY_PEER.get() + " refused by parquet-java");
  }

  @TestFactory
  Stream<DynamicTest> everyCorpusFooterMatchesParquetJava() {
    List<Path> files = new ArrayList<>();
    for (Path p : TestData.filesUnder(TestData.parquetTesting().resolve("data"))) {
      if (p.toString().endsWith(".parquet")) {
        files.add(p);
      }
    }
    for (Path p : TestData.filesUnder(TestData.arrowTesting().resolve("data/parquet"))) {
      if (p.toString().endsWith(".parquet")) {
        files.add(p);
      }
    }
    assertTrue(files.size() > 60, "corpus looks incomplete: " + files.size() + " files");
    return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> compare(f)));
  }

  private static void compare(Path file) throws Exception {
    ParquetMetadata theirs;
    try {
      theirs = ParquetFileReader.readFooter(
          new org.apache.parquet.io.LocalInputFile(file), ParquetMetadataConverter.NO_FILTER);
    } catch (Exception | LinkageError e) {
      // Files parquet-java refuses (e.g. logical types it does not know) are checked by the
      // corpus tests in core against Arrow C++'s goldens instead.
      REFUSED_BY_PEER.incrementAndGet();
      return;
    }
    FileMetaData ours;
    try (LocalInputFile in = LocalInputFile.open(file)) {
      ours = ParquetFooter.read(in).metadata();
    }
    assertEquals(theirs.getBlocks().size(), ours.rowGroups().size(), "row groups");
    assertEquals(theirs.getFileMetaData().getCreatedBy(), ours.createdBy());
    assertEquals(theirs.getFileMetaData().getKeyValueMetaData().size(),
        ours.keyValueMetadata() == null ? 0 : ours.keyValueMetadata().stream().map(kv -> kv.key()).distinct().count(),
        "key/value metadata entries");
    for (int rg = 0; rg < ours.rowGroups().size(); rg++) {
      BlockMetaData block = theirs.getBlocks().get(rg);
      RowGroup group = ours.rowGroups().get(rg);
      assertEquals(block.getRowCount(), group.numRows(), "rows of row group " + rg);
      assertEquals(block.getColumns().size(), group.columns().size(), "chunks of row group " + rg);
      for (int c = 0; c < group.columns().size(); c++) {
        ColumnChunkMetaData their = block.getColumns().get(c);
        ColumnChunk chunk = group.columns().get(c);
        ColumnMetaData our = chunk.metaData();
        String where = "row group " + rg + " column " + c;
        assertFalse(our == null, where);
        assertEquals(their.getPath().toDotString(), String.join(".", our.pathInSchema()), where);
        assertEquals(their.getPrimitiveType().getPrimitiveTypeName().name().replace("BINARY", "BYTE_ARRAY"),
            our.type().name(), where);
        assertEquals(their.getCodec().name(), our.codec().name(), where);
        assertEquals(their.getValueCount(), our.numValues(), where);
        assertEquals(their.getTotalSize(), our.totalCompressedSize(), where);
        assertEquals(their.getTotalUncompressedSize(), our.totalUncompressedSize(), where);
        assertEquals(their.getFirstDataPageOffset(), our.dataPageOffset(), where);
        Statistics<?> stats = their.getStatistics();
        if (stats != null && stats.isNumNullsSet() && our.statistics() != null && our.statistics().nullCount() != null) {
          assertEquals(stats.getNumNulls(), (long) our.statistics().nullCount(), where + " null count");
        }
        if (their.getBloomFilterOffset() >= 0) {
          assertEquals(their.getBloomFilterOffset(), (long) our.bloomFilterOffset(), where + " bloom offset");
        }
      }
    }
    COMPARED.incrementAndGet();
  }
}
