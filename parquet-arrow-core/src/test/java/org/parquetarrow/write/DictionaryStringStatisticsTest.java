package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Min/max of binary columns, dictionary-encoded (taken from the dictionary entries of each page)
 * or PLAIN (from the values), against {@link Arrays#compareUnsigned} over the row group's values: values that share their
 * first 8 bytes, differ only in trailing zero bytes or in length, and bytes above 0x7f.
 */
class DictionaryStringStatisticsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void rowGroupMinAndMaxAreTheUnsignedExtremes(boolean dictionary) throws Exception {
    Random r = new Random(20261122L);
    int rows = 6000;
    int groupRows = 500;
    byte[][] values = new byte[rows][];
    byte[] alphabet = {0, 'a', 'b', (byte) 0x80, (byte) 0xff};
    for (int i = 0; i < rows; i++) {
      byte[] v;
      if (r.nextInt(20) == 0) {
        // a short value between the two prefixes
        v = new byte[r.nextInt(8)];
        Arrays.fill(v, (byte) 'b');
      } else {
        // one of two 8-byte prefixes (the lowest and the highest), then a tail that decides the order
        v = new byte[8 + r.nextInt(6)];
        Arrays.fill(v, 0, 8, r.nextBoolean() ? (byte) 'a' : (byte) 0xff);
        for (int k = 8; k < v.length; k++) {
          v[k] = alphabet[r.nextInt(alphabet.length)];
        }
      }
      values[i] = v;
    }
    Schema schema = new Schema(List.of(new Field("v", FieldType.notNullable(new ArrowType.Binary()), null)));
    Path file = dir.resolve("strings.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema,
            WriterProperties.builder().dictionary(dictionary).rowGroupRows(groupRows).dataPageSize(300)
                .build())) {
      VarBinaryVector v = (VarBinaryVector) root.getVector(0);
      v.allocateNew();
      for (int i = 0; i < rows; i++) {
        v.setSafe(i, values[i]);
      }
      root.setRowCount(rows);
      w.write(root);
    }
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      assertEquals(rows / groupRows, m.rowGroups().size());
      for (int g = 0; g < m.rowGroups().size(); g++) {
        byte[] min = null;
        byte[] max = null;
        for (int i = g * groupRows; i < (g + 1) * groupRows; i++) {
          if (min == null || Arrays.compareUnsigned(values[i], min) < 0) {
            min = values[i];
          }
          if (max == null || Arrays.compareUnsigned(values[i], max) > 0) {
            max = values[i];
          }
        }
        ColumnMetaData c = m.rowGroups().get(g).columns().get(0).metaData();
        assertEquals(dictionary, c.encodings().contains(Encoding.RLE_DICTIONARY), "dictionary encoded");
        Statistics s = c.statistics();
        assertArrayEquals(min, s.minValue(), "row group " + g + " min");
        assertArrayEquals(max, s.maxValue(), "row group " + g + " max");
      }
    }
  }
}
