package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.OffsetIndex;
import org.parquetarrow.format.PageLocation;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.FileRange;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.index.OffsetIndexReader;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.selection.RowSelection;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.ArrowValues;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.Comparison;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.RecordingInputFile;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A row selection read through {@link ParquetFileReader} alone fetches only the bytes those rows
 * need: each projected column's offset index, the bytes before its first data page (the
 * dictionary page) and the pages holding selected rows, worked out here from the footer and the
 * offset indexes, and compared with every read a counting {@link InputFile} saw.
 */
class SelectedPagesFetchTest {
  private static final int ROWS = 20_000;
  private static final int PAGE_ROWS = 500;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void aSelectionOfAFewRowsFetchesOnlyTheirPagesAndTheDictionaries() throws Exception {
    Path path = write();
    RowSelection selection = RowSelection.fromRanges(7_100, 7_103, 15_000, 15_001);
    // no hole read through: the bytes read must be exactly the ones needed
    FetchOptions exact = FetchOptions.builder().localGap(0).build();
    List<FileRange> expected = expectedReads(path, selection);

    List<VectorSchemaRoot> all = new ArrayList<>();
    List<VectorSchemaRoot> wanted = new ArrayList<>();
    List<VectorSchemaRoot> selected = new ArrayList<>();
    try (RecordingInputFile file = new RecordingInputFile(LocalInputFile.open(path))) {
      try (ParquetFileReader full = ParquetFileReader.open(path,
          ReadOptions.builder(memory.allocator()).batchSize(ROWS).build())) {
        for (VectorSchemaRoot b = full.readNextBatch(); b != null; b = full.readNextBatch()) {
          all.add(b);
        }
      }
      assertEquals(1, all.size());
      for (int i = 0; i < selection.rangeCount(); i++) {
        wanted.add(all.get(0).slice((int) selection.rangeStart(i),
            (int) (selection.rangeEnd(i) - selection.rangeStart(i))));
      }
      Schema schema;
      try (ParquetFileReader reader = ParquetFileReader.open(file,
          ReadOptions.builder(memory.allocator()).rowSelection(0, selection).fetchOptions(exact).build())) {
        file.clear(); // the footer was read on opening
        for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
          selected.add(b);
        }
        schema = reader.arrowSchema();
      }
      Comparison c = ArrowAssertions.compareData(
          Batches.of(schema, wanted, new DictionaryProvider.MapDictionaryProvider()),
          Batches.of(schema, selected, new DictionaryProvider.MapDictionaryProvider()),
          CompareOptions.strict());
      assertTrue(c.same(), c::describe);

      assertEquals(union(expected), union(file.reads()), "bytes read");
      long read = file.reads().stream().mapToLong(FileRange::length).sum();
      assertTrue(read * 10 < Files.size(path), read + " bytes read of " + Files.size(path));
    } finally {
      selected.forEach(VectorSchemaRoot::close);
      wanted.forEach(VectorSchemaRoot::close);
      all.forEach(VectorSchemaRoot::close);
    }
  }

  @Test
  void withoutASelectionEveryChunkIsReadWhole() throws Exception {
    Path path = write();
    try (RecordingInputFile file = new RecordingInputFile(LocalInputFile.open(path));
        ParquetFileReader reader = ParquetFileReader.open(file,
            ReadOptions.builder(memory.allocator()).batchSize(ROWS).build())) {
      file.clear();
      try (VectorSchemaRoot b = reader.readNextBatch()) {
        assertEquals(ROWS, b.getRowCount());
      }
      List<FileRange> chunks = new ArrayList<>();
      try (InputFile plain = LocalInputFile.open(path)) {
        RowGroup g = ParquetFooter.read(plain).metadata().rowGroups().get(0);
        for (ColumnChunk chunk : g.columns()) {
          chunks.add(FileRange.of(chunkStart(chunk.metaData()), chunk.metaData().totalCompressedSize()));
        }
      }
      assertEquals(union(chunks), union(file.reads()));
    }
  }

  private Path write() throws IOException {
    Schema schema = new Schema(List.of(
        Field.nullable("id", new ArrowType.Int(64, true)),
        Field.nullable("name", ArrowType.Utf8.INSTANCE),
        Field.nullable("score", new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE))));
    List<Object> ids = new ArrayList<>();
    List<Object> names = new ArrayList<>();
    List<Object> scores = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      ids.add((long) i);
      names.add(i % 13 == 0 ? null : "name-" + (i % 97)); // few distinct: a dictionary page
      scores.add(i * 0.5);
    }
    Path path = dir.resolve("pages.parquet");
    try (VectorSchemaRoot root = ArrowValues.root(memory.allocator(), schema, List.of(ids, names, scores));
        ParquetFileWriter w = ParquetFileWriter.open(path, schema,
            WriterProperties.builder().dataPageRowLimit(PAGE_ROWS).pageIndex(true).build())) {
      w.write(root);
    }
    return path;
  }

  /** What reading {@code selection} of row group 0 needs, from the footer and offset indexes. */
  private static List<FileRange> expectedReads(Path path, RowSelection selection) throws IOException {
    List<FileRange> out = new ArrayList<>();
    try (InputFile file = LocalInputFile.open(path)) {
      RowGroup g = ParquetFooter.read(file).metadata().rowGroups().get(0);
      for (ColumnChunk chunk : g.columns()) {
        out.add(FileRange.of(chunk.offsetIndexOffset(), chunk.offsetIndexLength()));
        OffsetIndex index = OffsetIndexReader.read(file, chunk);
        List<PageLocation> pages = index.pageLocations();
        assertTrue(pages.size() >= ROWS / PAGE_ROWS, "pages: " + pages.size());
        long start = chunkStart(chunk.metaData());
        if (pages.get(0).offset() > start) {
          out.add(FileRange.of(start, pages.get(0).offset() - start));
        }
        for (int i = 0; i < pages.size(); i++) {
          long end = i + 1 < pages.size() ? pages.get(i + 1).firstRowIndex() : g.numRows();
          if (selection.selects(pages.get(i).firstRowIndex(), end)) {
            out.add(FileRange.of(pages.get(i).offset(), pages.get(i).compressedPageSize()));
          }
        }
      }
    }
    return out;
  }

  private static long chunkStart(ColumnMetaData m) {
    Long dictionary = m.dictionaryPageOffset();
    return dictionary != null && dictionary > 0 && dictionary < m.dataPageOffset()
        ? dictionary : m.dataPageOffset();
  }

  /** The ranges as sorted, merged [start, end) pairs, so two ways of reading the same bytes compare equal. */
  private static List<List<Long>> union(List<FileRange> ranges) {
    List<FileRange> sorted = new ArrayList<>(ranges);
    sorted.sort(Comparator.comparingLong(FileRange::offset));
    List<List<Long>> out = new ArrayList<>();
    long start = -1;
    long end = -1;
    for (FileRange r : sorted) {
      if (r.isEmpty()) {
        continue;
      }
      if (start >= 0 && r.offset() <= end) {
        end = Math.max(end, r.end());
        continue;
      }
      if (start >= 0) {
        out.add(List.of(start, end));
      }
      start = r.offset();
      end = r.end();
    }
    if (start >= 0) {
      out.add(List.of(start, end));
    }
    return out;
  }
}
