package org.parquetarrow.bloom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SplitBlockBloomFilterFromBytesTest {
  @Test
  void emptyBitsetContainsNothingAndFullBitsetEverything() {
    SplitBlockBloomFilter empty = SplitBlockBloomFilter.fromBytes(new byte[64]);
    byte[] ones = new byte[64];
    Arrays.fill(ones, (byte) 0xff);
    SplitBlockBloomFilter full = SplitBlockBloomFilter.fromBytes(ones);
    for (long v = 0; v < 100; v++) {
      long h = SplitBlockBloomFilter.hashLong(v);
      assertFalse(empty.mightContain(h));
      assertTrue(full.mightContain(h));
    }
  }

  @Test
  void oneSetBitIsReadLittleEndian() {
    // one block of 32 bytes; bit 9 of word 0 is byte 1, bit 1
    byte[] bits = new byte[32];
    bits[1] = 0x02;
    SplitBlockBloomFilter f = SplitBlockBloomFilter.fromBytes(bits);
    SplitBlockBloomFilter expected = new SplitBlockBloomFilter(32);
    assertArrayEquals(bits, f.toBytes());
    assertArrayEquals(new byte[32], expected.toBytes());
  }

  @Test
  void roundTripsWhatWasInserted() {
    SplitBlockBloomFilter f = SplitBlockBloomFilter.sized(1000, 0.01);
    for (int i = 0; i < 1000; i++) {
      f.insert(SplitBlockBloomFilter.hashInt(i * 7));
    }
    SplitBlockBloomFilter back = SplitBlockBloomFilter.fromBytes(f.toBytes());
    assertArrayEquals(f.toBytes(), back.toBytes());
    for (int i = 0; i < 1000; i++) {
      assertTrue(back.mightContain(SplitBlockBloomFilter.hashInt(i * 7)));
    }
  }

  @Test
  void rejectsSizesThatAreNotWholeBlocks() {
    assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.fromBytes(new byte[48]));
    assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.fromBytes(new byte[16]));
  }

  @Test
  void writtenFiltersStayAPowerOfTwo() {
    assertThrows(IllegalArgumentException.class, () -> new SplitBlockBloomFilter(96));
  }

  /**
   * A filter read from a file may have any whole number of blocks. Three blocks, with the bits of
   * one hash set by hand from the spec (BloomFilter.md: block = ((hash >> 32) * blocks) >> 32,
   * bit i of that block's word i = (low 32 bits * salt[i]) >>> 27).
   */
  @Test
  void readsAFilterOfThreeBlocks() {
    int[] salt = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31};
    long hash = 0xC0FFEE_1234_5678L * 31 + 0xABCDEF;
    int block = (int) (((hash >>> 32) * 3) >>> 32);
    byte[] bits = new byte[96];
    for (int i = 0; i < 8; i++) {
      int bit = ((int) hash * salt[i]) >>> 27;
      int word = block * 8 + i;
      bits[4 * word + bit / 8] |= (byte) (1 << (bit % 8));
    }
    SplitBlockBloomFilter f = SplitBlockBloomFilter.fromBytes(bits);
    assertEquals(96, f.numBytes());
    assertTrue(f.mightContain(hash));
    assertFalse(SplitBlockBloomFilter.fromBytes(new byte[96]).mightContain(hash));
    // clear one of the eight bits: the hash can no longer be present
    bits[4 * (block * 8 + 3) + ((((int) hash * salt[3]) >>> 27) / 8)] = 0;
    assertFalse(SplitBlockBloomFilter.fromBytes(bits).mightContain(hash));
  }
}
