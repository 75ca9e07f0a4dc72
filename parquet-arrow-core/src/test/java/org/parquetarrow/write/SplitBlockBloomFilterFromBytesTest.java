package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
  void rejectsSizesThatAreNotAPowerOfTwo() {
    assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.fromBytes(new byte[48]));
    assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.fromBytes(new byte[16]));
  }
}
