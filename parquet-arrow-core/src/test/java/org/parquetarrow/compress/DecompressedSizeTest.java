package org.parquetarrow.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.CompressionCodec;

class DecompressedSizeTest {
  private static final int SIZE = 3 * (1 << 20) + 17;

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"ZSTD", "BROTLI"})
  void countsWhatTheDataDecodesTo(CompressionCodec codec) {
    byte[] plain = new byte[SIZE];
    new Random(7).nextBytes(plain);
    Arrays.fill(plain, 1000, 2_000_000, (byte) 'a'); // a long run, so it compresses far
    byte[] packed = compress(codec, plain);
    byte[] framed = new byte[packed.length + 10];
    System.arraycopy(packed, 0, framed, 5, packed.length);
    assertTrue(DecompressedSize.isCountable(codec));
    assertEquals(SIZE, DecompressedSize.count(codec, framed, 5, packed.length, Integer.MAX_VALUE));
    assertEquals(SIZE, DecompressedSize.count(codec, framed, 5, packed.length, SIZE));
    // counting stops once past the claim
    assertEquals(1001, DecompressedSize.count(codec, framed, 5, packed.length, 1000));
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"ZSTD", "BROTLI"})
  void dataThatDoesNotDecodeIsCorrupt(CompressionCodec codec) {
    byte[] junk = new byte[64];
    new Random(3).nextBytes(junk);
    junk[0] = (byte) 0xff; // not a zstd magic number, and brotli's window bits are then invalid
    junk[1] = (byte) 0xff;
    assertThrows(CorruptFileException.class, () -> DecompressedSize.count(codec, junk, 0, junk.length, 1 << 30));
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = {"SNAPPY", "GZIP", "LZ4_RAW", "LZO", "LZ4"})
  void boundedOrLegacyCodecsAreNotStreamed(CompressionCodec codec) {
    assertFalse(DecompressedSize.isCountable(codec));
    assertThrows(IllegalArgumentException.class, () -> DecompressedSize.count(codec, new byte[1], 0, 1, 10));
  }

  private static byte[] compress(CompressionCodec codec, byte[] plain) {
    try (Compressor c = Codecs.compressor(codec)) {
      GrowableByteArray out = new GrowableByteArray();
      int n = c.compress(plain, 0, plain.length, out);
      return Arrays.copyOf(out.array(), n);
    }
  }
}
