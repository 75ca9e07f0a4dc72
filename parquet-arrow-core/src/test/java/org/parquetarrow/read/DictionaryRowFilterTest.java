package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.parquetarrow.read.HostileFile.concat;
import static org.parquetarrow.read.HostileFile.ints;
import static org.parquetarrow.read.HostileFile.rleRun;
import static org.parquetarrow.read.HostileFile.v1Levels;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.schema.ArrowReadOptions.DictionaryLeafPolicy;

/**
 * A column read through a {@link DictionaryRowFilter}: each row's answer comes from its index (or,
 * on a plain page, its value), nulls stay null, and batches cut across pages. The pages are made by
 * hand: an optional INT32 column {@code c}, a PLAIN dictionary page of 10, 20, 30, then three v1
 * pages of 8 rows: RLE_DICTIONARY with rows 1 and 4 null and the six indices 0,1,2,2,1,0
 * bit-packed (the values 10, -, 20, 30, -, 30, 20, 10); RLE_DICTIONARY of one repeated run of
 * eight index 2 (30 × 8); PLAIN 5, 20, 25, 30, 10, 40, 20, 15 (a writer's fallback). The filter is
 * {@code c >= 20}, so the answers are written out from those values.
 */
class DictionaryRowFilterTest {
  private static final byte[] ALL_VALID = v1Levels((byte) 0x03, (byte) 0xFF);
  /** Rows 1 and 4 null: levels 1,0,1,1,0,1,1,1 = 0b11101101. */
  private static final byte[] ROWS_1_AND_4_NULL = v1Levels((byte) 0x03, (byte) 0xED);

  private static final List<Boolean> EXPECTED = Arrays.asList(
      false, null, true, true, null, true, true, false,
      true, true, true, true, true, true, true, true,
      false, true, true, true, false, true, true, false);

  /** {@code c >= 20} on an int32 dictionary's entries, counting how often it is asked. */
  private static final class AtLeast20 implements DictionaryRowFilter {
    final List<Integer> asked = new ArrayList<>();

    @Override
    public long[] matchingEntries(FieldVector entries) {
      IntVector v = (IntVector) entries;
      asked.add(v.getValueCount());
      long[] bits = new long[(v.getValueCount() + 63) >>> 6];
      for (int i = 0; i < v.getValueCount(); i++) {
        if (v.get(i) >= 20) {
          bits[i >>> 6] |= 1L << i;
        }
      }
      return bits;
    }
  }

  @Test
  void answersPerRowAcrossPagesAndBatchesWithNullsAndAPlainPage() {
    for (int batchSize : new int[] {5, 8, 24, 3}) {
      AtLeast20 filter = new AtLeast20();
      assertEquals(EXPECTED, read(file(new byte[] {2, 0x03, (byte) 0xA4, 0x01}), filter, batchSize), "batch " + batchSize);
      // the chunk's dictionary asked once (3 entries) first, then the plain page's 8 values in pieces
      assertEquals(3, filter.asked.get(0), filter.asked.toString());
      assertEquals(8, filter.asked.stream().skip(1).mapToInt(Integer::intValue).sum(), filter.asked.toString());
    }
  }

  @Test
  void anIndexPastTheDictionaryIsCorruptAndNamesTheColumn() {
    // the six valid rows' indices 0,1,3,2,1,0: byte 0 = 0 | 1<<2 | 3<<4 | 2<<6 = 0xB4, byte 1 = 0x01
    HostileFile bad = file(new byte[] {2, 0x03, (byte) 0xB4, 0x01});
    try (BufferAllocator allocator = new RootAllocator()) {
      ParquetException e = assertThrows(ParquetException.class, () -> {
        try (ParquetFileReader reader = ParquetFileReader.open(bad.file(), options(allocator, new AtLeast20(), 8).build())) {
          VectorSchemaRoot batch;
          while ((batch = reader.readNextBatch()) != null) {
            batch.close();
          }
        }
      });
      assertInstanceOf(CorruptFileException.class, e, e.toString());
      assertTrue(e.getMessage().contains("index 3 is outside the dictionary of 3 values"), e.getMessage());
      assertEquals("c", e.location().column(), e.getMessage());
      assertEquals(0, allocator.getAllocatedMemory(), allocator.toVerboseString());
    }
  }

  @Test
  void aColumnNotReadAsADictionaryIsRefused() {
    HostileFile f = file(new byte[] {2, 0x03, (byte) 0xA4, 0x01});
    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions o = ReadOptions.builder(allocator).dictionaryRowFilter("c", new AtLeast20()).build();
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ParquetFileReader.open(f.file(), o).close());
      assertTrue(e.getMessage().contains("not read as a dictionary"), e.getMessage());
      assertEquals(0, allocator.getAllocatedMemory(), allocator.toVerboseString());
    }
  }

  private static HostileFile file(byte[] firstPageIndices) {
    return HostileFile.flat(PhysicalType.INT32, null, Repetition.OPTIONAL, 24)
        .dictionaryPage(3, ints(10, 20, 30))
        .dataPage(8, Encoding.RLE_DICTIONARY, concat(ROWS_1_AND_4_NULL, firstPageIndices))
        .dataPage(8, Encoding.RLE_DICTIONARY, concat(ALL_VALID, new byte[] {2}, rleRun(8, 2)))
        .dataPage(8, Encoding.PLAIN, concat(ALL_VALID, ints(5, 20, 25, 30, 10, 40, 20, 15)));
  }

  private static ReadOptions.Builder options(BufferAllocator allocator, DictionaryRowFilter filter, int batchSize) {
    return ReadOptions.builder(allocator).batchSize(batchSize).dictionaryColumns("c")
        .dictionaryLeaves(DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH).dictionaryRowFilter("c", filter);
  }

  private static List<Boolean> read(HostileFile file, DictionaryRowFilter filter, int batchSize) {
    List<Boolean> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ParquetFileReader.open(file.file(), options(allocator, filter, batchSize).build())) {
      assertEquals(ArrowType.Bool.INSTANCE, reader.arrowSchema().findField("c").getType());
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          BitVector answers = assertInstanceOf(BitVector.class, batch.getVector("c"));
          for (int i = 0; i < batch.getRowCount(); i++) {
            out.add(answers.isNull(i) ? null : answers.get(i) == 1);
          }
        }
      }
      reader.close();
      assertEquals(0, allocator.getAllocatedMemory(), allocator.toVerboseString());
    }
    return out;
  }
}
