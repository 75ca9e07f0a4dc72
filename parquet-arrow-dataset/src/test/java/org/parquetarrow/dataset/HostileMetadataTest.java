package org.parquetarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.dataset.prune.FilePruner;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.ByteBufferInputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.SchemaMapping;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Pruning reads bloom filters, column and offset indexes and dictionary pages at offsets the
 * footer gives: offsets pointing anywhere and bytes damaged anywhere must end in a typed {@link
 * ParquetException}, never an IndexOutOfBounds, NegativeArraySize or OutOfMemory error.
 */
class HostileMetadataTest {
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final List<String> FILTERS = List.of(
      "id = 21001", "s = 'v00021001'", "s in ('v00021001', 'v00021003')", "id between 21000 and 21098 and s like 'v0002%'");

  private Path written() {
    Path p = dir.resolve("f.parquet");
    WrittenDatasetTest.write(allocator.allocator(), p, 1, false, false);
    return p;
  }

  private static void pruneAll(org.parquetarrow.io.InputFile in, FileMetaData md, SchemaMapping mapping) {
    for (String f : FILTERS) {
      new FilePruner(ExpressionParser.parse(f), mapping.arrowSchema(), PruningOptions.ALL, new PruningMetrics())
          .prune(in, md, mapping, Map.of());
    }
  }

  @Test
  void everyDamagedByteOfTheIndexesGivesATypedError() throws IOException {
    Path p = written();
    byte[] original = Files.readAllBytes(p);
    FileMetaData md;
    try (LocalInputFile in = LocalInputFile.open(p)) {
      md = ParquetFooter.read(in).metadata();
    }
    SchemaMapping mapping = ArrowSchemaConverter.toArrow(md);
    // Everything between the first index structure and the footer: bloom filters, column and
    // offset indexes as our writer lays them out, and the data pages' tail.
    long from = Long.MAX_VALUE;
    for (RowGroup rg : md.rowGroups()) {
      for (ColumnChunk c : rg.columns()) {
        if (c.metaData().bloomFilterOffset() != null) {
          from = Math.min(from, c.metaData().bloomFilterOffset());
        }
        if (c.columnIndexOffset() != null) {
          from = Math.min(from, c.columnIndexOffset());
        }
      }
    }
    assertTrue(from < original.length, "the file has indexes");
    Random random = new Random(42);
    int failures = 0;
    for (int trial = 0; trial < 400; trial++) {
      byte[] damaged = original.clone();
      int at = (int) (from + random.nextInt((int) (original.length - from - 8)));
      damaged[at] = (byte) (damaged[at] ^ (1 << random.nextInt(8)) ^ (trial % 3 == 0 ? 0x7F : 0));
      try {
        pruneAll(new ByteBufferInputFile("damaged.parquet", damaged), md, mapping);
      } catch (ParquetException expected) {
        failures++;
      }
    }
    assertTrue(failures > 0, "some damage was noticed");
  }

  private static ColumnChunk withOffsets(ColumnChunk c, Long bloom, Integer bloomLength, Long columnIndex, Integer columnIndexLength, Long dictionary) {
    ColumnMetaData m = c.metaData();
    ColumnMetaData meta = new ColumnMetaData(m.type(), m.encodings(), m.pathInSchema(), m.codec(), m.numValues(),
        m.totalUncompressedSize(), m.totalCompressedSize(), m.keyValueMetadata(), m.dataPageOffset(), m.indexPageOffset(),
        dictionary, m.statistics(), m.encodingStats(), bloom, bloomLength, m.sizeStatistics(), m.geospatialStatistics());
    return new ColumnChunk(c.filePath(), c.fileOffset(), meta, c.offsetIndexOffset(), c.offsetIndexLength(),
        columnIndex, columnIndexLength, c.cryptoMetadata(), c.encryptedColumnMetadata());
  }

  private static FileMetaData withColumns(FileMetaData md, java.util.function.UnaryOperator<ColumnChunk> change) {
    List<RowGroup> groups = new ArrayList<>();
    for (RowGroup rg : md.rowGroups()) {
      groups.add(new RowGroup(rg.columns().stream().map(change).toList(), rg.totalByteSize(), rg.numRows(),
          rg.sortingColumns(), rg.fileOffset(), rg.totalCompressedSize(), rg.ordinal()));
    }
    return new FileMetaData(md.version(), md.schema(), md.numRows(), groups, md.keyValueMetadata(), md.createdBy(),
        md.columnOrders(), md.encryptionAlgorithm(), md.footerSigningKeyMetadata());
  }

  @Test
  void offsetsOutsideTheFileAreCorruption() throws IOException {
    Path p = written();
    try (LocalInputFile in = LocalInputFile.open(p)) {
      FileMetaData md = ParquetFooter.read(in).metadata();
      SchemaMapping mapping = ArrowSchemaConverter.toArrow(md);
      long len = in.length();
      List<FileMetaData> hostile = List.of(
          withColumns(md, c -> withOffsets(c, len + 10, null, c.columnIndexOffset(), c.columnIndexLength(), c.metaData().dictionaryPageOffset())),
          withColumns(md, c -> withOffsets(c, -5L, 100, c.columnIndexOffset(), c.columnIndexLength(), c.metaData().dictionaryPageOffset())),
          withColumns(md, c -> withOffsets(c, 4L, Integer.MAX_VALUE, c.columnIndexOffset(), c.columnIndexLength(), c.metaData().dictionaryPageOffset())),
          withColumns(md, c -> withOffsets(c, null, null, len - 3, 1000, c.metaData().dictionaryPageOffset())),
          withColumns(md, c -> withOffsets(c, null, null, 4L, -1, c.metaData().dictionaryPageOffset())),
          withColumns(md, c -> withOffsets(c, null, null, 4L, 200, c.metaData().dictionaryPageOffset())),
          withColumns(md, c -> withOffsets(c, null, null, null, null, len + 1)));
      for (FileMetaData bad : hostile) {
        assertThrows(CorruptFileException.class, () -> pruneAll(in, bad, mapping));
      }
    }
  }
}
