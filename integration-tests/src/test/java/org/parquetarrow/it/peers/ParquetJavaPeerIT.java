package org.parquetarrow.it.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * The parquet-java peer checks itself: every variant's file reads back through parquet-java as
 * the rows written, has the layout the variant promises (codec, page version, dictionary and its
 * fallback, many pages, byte stream split, CRCs), and Arrow C++ reads from it exactly the
 * expected Arrow data (all codecs but LZO, which Arrow C++ lacks).
 */
class ParquetJavaPeerIT {
  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static long seed;
  private static Table table;

  @BeforeAll
  static void generate() {
    seed = PeerFiles.seed();
    table = PeerFiles.table(seed);
  }

  @TestFactory
  Stream<DynamicTest> everyVariantHoldsTheExpectedRows() {
    return ParquetJavaPeer.variants().stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> check(v)));
  }

  private void check(ParquetJavaPeer.Variant v) throws Exception {
    PeerFile f = ParquetJavaPeer.write(table, dir, v);
    String where = f + " (seed " + seed + ")";

    List<String> diff = GroupDiff.differences(
        ParquetJavaPeer.groups(table, ParquetJavaPeer.messageType(table.schema())), ParquetJavaPeer.readGroups(f.path()), 10);
    assertEquals(List.of(), diff, where + ": parquet-java reads back other rows than it wrote");

    checkLayout(f, v, where);

    if (v.codec() != org.apache.parquet.hadoop.metadata.CompressionCodecName.LZO) {
      try (VectorSchemaRoot expected = f.expected(memory.allocator());
          ArrowCppPeer.Scan scan = ArrowCppPeer.read(f.path(), memory.allocator(), 100)) {
        // parquet-java adds writer.model.name=example to the file metadata, Arrow C++ passes it on
        ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(scan.reader()),
            CompareOptions.strict().ignoringMetadata());
      }
    }
  }

  private static void checkLayout(PeerFile f, ParquetJavaPeer.Variant v, String where) throws Exception {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(f.path()))) {
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      boolean fallback = false;
      boolean dictionary = false;
      boolean byteStreamSplit = false;
      int maxPages = 0;
      for (BlockMetaData b : blocks) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          assertEquals(v.codec(), c.getCodec(), where + " " + c.getPath());
          EncodingStats stats = c.getEncodingStats();
          dictionary |= stats.hasDictionaryPages();
          fallback |= stats.hasDictionaryPages() && stats.hasNonDictionaryEncodedPages();
          byteStreamSplit |= c.getEncodings().contains(Encoding.BYTE_STREAM_SPLIT);
          int pages = 0;
          for (Encoding e : stats.getDataEncodings()) {
            pages += stats.getNumDataPagesEncodedAs(e);
          }
          maxPages = Math.max(maxPages, pages);
        }
      }
      assertEquals(v.dictionary(), dictionary, where + ": dictionary pages");
      assertEquals(v.name().contains("dictfallback"), fallback, where + ": dictionary falling back to plain mid-chunk");
      assertEquals(v.byteStreamSplit(), byteStreamSplit, where + ": BYTE_STREAM_SPLIT");
      if (v.name().contains("tinypages")) {
        assertTrue(blocks.size() > 1, where + ": several row groups, got " + blocks.size());
        assertTrue(maxPages > 5, where + ": many pages per chunk, got " + maxPages);
      }

      ColumnDescriptor first = r.getFileMetaData().getSchema().getColumns().get(0);
      PageReadStore group = r.readNextRowGroup();
      DataPage page = group.getPageReader(first).readPage();
      assertEquals(v.version() == org.apache.parquet.column.ParquetProperties.WriterVersion.PARQUET_2_0,
          page instanceof DataPageV2, where + ": data page version");
      assertEquals(v.checksums(), page.getCrc().isPresent(), where + ": page CRC");
    }
  }
}
