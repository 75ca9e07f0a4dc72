package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Values of megabytes each (documents, images) in one batch: the writer splits the batch into
 * pieces of bounded bytes instead of gathering gigabytes at once, and cuts pages of a few values
 * each rather than of a thousand, flat and inside lists; everything reads back equal.
 */
class LargeValuesWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 40;
  private static final int SIZE = 3 << 20;

  private static byte[] value(int row, int k) {
    byte[] v = new byte[SIZE - row * 1000 - k];
    new Random(row * 31L + k).nextBytes(v);
    return v;
  }

  @Test
  void megabyteValuesAreWrittenInBoundedPiecesAndPagesAndReadBackEqual() throws Exception {
    Field blobs = new Field("blobs", FieldType.nullable(ArrowType.List.INSTANCE),
        List.of(Field.nullable("element", ArrowType.Binary.INSTANCE)));
    Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(32, true)),
        Field.nullable("blob", ArrowType.LargeBinary.INSTANCE), blobs));
    Path file = dir.resolve("large.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      IntVector id = (IntVector) root.getVector("id");
      LargeVarBinaryVector blob = (LargeVarBinaryVector) root.getVector("blob");
      ListVector list = (ListVector) root.getVector("blobs");
      VarBinaryVector elements = (VarBinaryVector) list.getDataVector();
      int next = 0;
      for (int r = 0; r < ROWS; r++) {
        id.setSafe(r, r);
        blob.setSafe(r, value(r, 0));
        list.startNewValue(r);
        // two elements in every other row, of a third of the size
        for (int k = 0; k < (r % 2 == 0 ? 2 : 0); k++) {
          elements.setSafe(next++, java.util.Arrays.copyOf(value(r, k + 1), SIZE / 3));
        }
        list.endValue(r, r % 2 == 0 ? 2 : 0);
      }
      elements.setValueCount(next);
      id.setValueCount(ROWS);
      blob.setValueCount(ROWS);
      list.setValueCount(ROWS);
      root.setRowCount(ROWS);
      // 120 MiB of blobs in one batch, more than a piece gathers at once
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(root);
      }
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      int pages = 0;
      for (RowGroup g : m.rowGroups()) {
        ColumnChunk c = g.columns().get(1);
        for (var s : c.metaData().encodingStats()) {
          pages += s.count();
        }
      }
      // a 1 MiB page target: one page per blob (and a dictionary given up at once), not one page for all
      assertTrue(pages >= ROWS, "blob pages: " + pages);
    }
    try (ParquetFileReader r = ParquetFileReader.open(file, ReadOptions.defaults(memory.allocator()))) {
      int row = 0;
      VectorSchemaRoot next;
      while ((next = r.readNextBatch()) != null) {
        try (VectorSchemaRoot b = next) {
          LargeVarBinaryVector blob = (LargeVarBinaryVector) b.getVector("blob");
          ListVector list = (ListVector) b.getVector("blobs");
          for (int i = 0; i < b.getRowCount(); i++, row++) {
            assertEquals(row, ((IntVector) b.getVector("id")).get(i));
            assertArrayEquals(value(row, 0), blob.get(i), "blob " + row);
            List<?> elements = list.getObject(i);
            assertEquals(row % 2 == 0 ? 2 : 0, elements.size(), "elements of row " + row);
            for (int k = 0; k < elements.size(); k++) {
              assertArrayEquals(java.util.Arrays.copyOf(value(row, k + 1), SIZE / 3), (byte[]) elements.get(k));
            }
          }
        }
      }
      assertEquals(ROWS, row);
    }
  }
}
