package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.parquetarrow.read.HostileFile.concat;
import static org.parquetarrow.read.HostileFile.ints;
import static org.parquetarrow.read.HostileFile.v1Levels;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.schema.ArrowReadOptions.DictionaryLeafPolicy;

/**
 * A fixed-width column read as an Arrow dictionary ({@code dictionary<int32, int32>}, the path of a
 * scan's filter-only columns): each index of a dictionary-encoded page lands at its row, and one
 * outside the chunk's dictionary is a typed error, never an index in the batch.
 * The pages are made by hand: an optional INT32 column {@code c}, a PLAIN dictionary page of the
 * three values 10, 20, 30, then one RLE_DICTIONARY v1 page of 8 rows whose definition levels and
 * indices are bit-packed runs written out bit by bit below (the Parquet spec's RLE/bit-packed
 * hybrid: a header {@code (groups << 1) | 1}, then the values least significant bit first).
 */
class DictionaryIndexPlacementTest {
  /** Definition levels (bit width 1) of eight rows, all 1: every row holds a value. */
  private static final byte[] ALL_VALID = v1Levels((byte) 0x03, (byte) 0xFF);

  /** Rows 1 and 4 null: levels 1,0,1,1,0,1,1,1 = 0b11101101. */
  private static final byte[] ROWS_1_AND_4_NULL = v1Levels((byte) 0x03, (byte) 0xED);

  @Test
  void indicesInsideTheDictionaryArePlacedAtTheirRows() {
    // indices 0,1,2,2,0,1,2,0 at bit width 2: byte 0 = 0 | 1<<2 | 2<<4 | 2<<6 = 0xA4, byte 1 = 0 | 1<<2 | 2<<4 = 0x24
    byte[] values = {2, 0x03, (byte) 0xA4, 0x24};
    assertEquals(Arrays.asList(10, 20, 30, 30, 10, 20, 30, 10), read(file(ALL_VALID, values)));
    // six values for the valid rows, indices 0,1,2,2,1,0 (two zero bits of padding to a group of 8):
    // byte 0 = 0 | 1<<2 | 2<<4 | 2<<6 = 0xA4, byte 1 = 1 | 0<<2 = 0x01
    byte[] sparse = {2, 0x03, (byte) 0xA4, 0x01};
    assertEquals(Arrays.asList(10, null, 20, 30, null, 30, 20, 10), read(file(ROWS_1_AND_4_NULL, sparse)));
  }

  @Test
  void anIndexPastTheDictionaryIsCorruptOnEveryRowOrAmongNulls() {
    // indices 0,1,2,3,0,1,2,0: 3 is past a dictionary of three; byte 0 = 0 | 1<<2 | 2<<4 | 3<<6 = 0xE4
    byte[] dense = {2, 0x03, (byte) 0xE4, 0x24};
    assertPastTheDictionary(file(ALL_VALID, dense), 3);
    // the six valid rows' indices 0,1,3,2,1,0: byte 0 = 0 | 1<<2 | 3<<4 | 2<<6 = 0xB4, byte 1 = 0x01
    byte[] sparse = {2, 0x03, (byte) 0xB4, 0x01};
    assertPastTheDictionary(file(ROWS_1_AND_4_NULL, sparse), 3);
    // at bit width 3 an index of 7 (all bits set), the last of eight rows: byte 2 = 7 << 5 = 0xE0
    // (indices 0,0,0,0,0,0,0,7 take 24 bits, bytes 0 and 1 zero)
    byte[] wide = {3, 0x03, 0x00, 0x00, (byte) 0xE0};
    assertPastTheDictionary(file(ALL_VALID, wide), 7);
  }

  private static HostileFile file(byte[] levels, byte[] indices) {
    return HostileFile.flat(PhysicalType.INT32, null, Repetition.OPTIONAL, 8)
        .dictionaryPage(3, ints(10, 20, 30))
        .dataPage(8, Encoding.RLE_DICTIONARY, concat(levels, indices));
  }

  private static ReadOptions.Builder options(BufferAllocator allocator) {
    return ReadOptions.builder(allocator).dictionaryColumns("c")
        .dictionaryLeaves(DictionaryLeafPolicy.BINARY_AND_FIXED_WIDTH);
  }

  /** Column {@code c}'s values, each row's index looked up in the batch's dictionary. */
  private static List<Integer> read(HostileFile file) {
    List<Integer> out = new ArrayList<>();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ParquetFileReader.open(file.file(), options(allocator).build())) {
      for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = next) {
          IntVector indices = assertInstanceOf(IntVector.class, batch.getVector("c"));
          IntVector values = assertInstanceOf(IntVector.class,
              reader.dictionaries().lookup(indices.getField().getDictionary().getId()).getVector());
          for (int i = 0; i < batch.getRowCount(); i++) {
            out.add(indices.isNull(i) ? null : values.getObject(indices.get(i)));
          }
        }
      }
    }
    return out;
  }

  private static void assertPastTheDictionary(HostileFile file, int index) {
    try (BufferAllocator allocator = new RootAllocator()) {
      ParquetException e = assertThrows(ParquetException.class, () -> {
        try (ParquetFileReader reader = ParquetFileReader.open(file.file(), options(allocator).build())) {
          VectorSchemaRoot batch;
          while ((batch = reader.readNextBatch()) != null) {
            batch.close();
          }
        }
      });
      assertInstanceOf(CorruptFileException.class, e, e.toString());
      assertTrue(e.getMessage().contains("index " + index + " is outside the dictionary of 3 values"), e.getMessage());
      assertEquals("c", e.location().column(), e.getMessage());
      assertEquals(0, allocator.getAllocatedMemory(), allocator.toVerboseString());
    }
  }
}
