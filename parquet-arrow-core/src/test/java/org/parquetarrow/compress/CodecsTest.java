package org.parquetarrow.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.parquetarrow.UnsupportedFeatureException;
import org.parquetarrow.format.CompressionCodec;

class CodecsTest {
  private static final byte[] PAGE =
      TestBytes.concat(TestBytes.ascendingInts(20_000), TestBytes.repetitive(20_000));

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void everyCodecOfTheFormatCanBeRead(CompressionCodec codec) {
    try (Decompressor d = Codecs.decompressor(codec)) {
      assertEquals(codec, d.codec());
    }
  }

  @Test
  void unknownCodecIsUnsupportedAndNamed() {
    UnsupportedFeatureException e =
        assertThrows(
            UnsupportedFeatureException.class, () -> Codecs.decompressor(CompressionCodec.UNKNOWN));
    assertEquals("codec UNKNOWN", e.feature());
    assertThrows(
        UnsupportedFeatureException.class, () -> Codecs.compressor(CompressionCodec.UNKNOWN));
  }

  @Test
  void legacyCodecsCannotBeWritten() {
    for (CompressionCodec codec :
        new CompressionCodec[] {CompressionCodec.LZO, CompressionCodec.LZ4}) {
      UnsupportedFeatureException e =
          assertThrows(UnsupportedFeatureException.class, () -> Codecs.compressor(codec));
      assertEquals("codec " + codec, e.feature());
      assertTrue(e.getMessage().contains(codec.name()), e::getMessage);
      assertThrows(UnsupportedFeatureException.class, () -> Codecs.compressor(codec, 1));
    }
  }

  @Test
  void defaultLevelsAreArrowCppsDefaults() {
    // cpp/src/arrow/util/compression.h: kGZipDefaultCompressionLevel = 9,
    // kBrotliDefaultCompressionLevel = 8, kZSTDDefaultCompressionLevel = 1
    assertArrayEquals(
        compress(Codecs.compressor(CompressionCodec.GZIP)),
        compress(Codecs.compressor(CompressionCodec.GZIP, 9)));
    assertArrayEquals(
        compress(Codecs.compressor(CompressionCodec.BROTLI)),
        compress(Codecs.compressor(CompressionCodec.BROTLI, 8)));
    assertArrayEquals(
        compress(Codecs.compressor(CompressionCodec.ZSTD)),
        compress(Codecs.compressor(CompressionCodec.ZSTD, 1)));
    // and the level does reach the library
    assertFalse(
        Arrays.equals(
            compress(Codecs.compressor(CompressionCodec.GZIP)),
            compress(Codecs.compressor(CompressionCodec.GZIP, 1))));
    assertFalse(
        Arrays.equals(
            compress(Codecs.compressor(CompressionCodec.BROTLI)),
            compress(Codecs.compressor(CompressionCodec.BROTLI, 2))));
    assertFalse(
        Arrays.equals(
            compress(Codecs.compressor(CompressionCodec.ZSTD)),
            compress(Codecs.compressor(CompressionCodec.ZSTD, 9))));
  }

  @Test
  void levelsAreRangeChecked() {
    assertThrows(IllegalArgumentException.class, () -> Codecs.compressor(CompressionCodec.GZIP, 0));
    assertThrows(
        IllegalArgumentException.class, () -> Codecs.compressor(CompressionCodec.GZIP, 10));
    assertThrows(
        IllegalArgumentException.class, () -> Codecs.compressor(CompressionCodec.BROTLI, -1));
    assertThrows(
        IllegalArgumentException.class, () -> Codecs.compressor(CompressionCodec.BROTLI, 12));
    assertThrows(
        IllegalArgumentException.class,
        () -> Codecs.compressor(CompressionCodec.ZSTD, Zstd.maxCompressionLevel() + 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> Codecs.compressor(CompressionCodec.ZSTD, Zstd.minCompressionLevel() - 1));
    Codecs.compressor(CompressionCodec.ZSTD, Zstd.minCompressionLevel()).close();
    for (CompressionCodec c :
        new CompressionCodec[] {
          CompressionCodec.UNCOMPRESSED, CompressionCodec.SNAPPY, CompressionCodec.LZ4_RAW
        }) {
      assertFalse(Codecs.hasLevels(c));
      assertThrows(IllegalArgumentException.class, () -> Codecs.compressor(c, 1));
    }
    assertTrue(Codecs.hasLevels(CompressionCodec.GZIP));
  }

  @Test
  void gzipMemberHeaderFollowsRfc1952() {
    byte[] best = compress(Codecs.compressor(CompressionCodec.GZIP, 9));
    byte[] fastest = compress(Codecs.compressor(CompressionCodec.GZIP, 1));
    // ID1 ID2 CM=8 FLG=0 MTIME=0, XFL 2 = maximum compression, 4 = fastest, OS 255 = unknown
    assertArrayEquals(
        new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 2, (byte) 255}, Arrays.copyOf(best, 10));
    assertEquals(4, fastest[8]);
  }

  @Test
  void closedInstancesRefuseWorkAndCloseTwiceIsHarmless() {
    Decompressor d = Codecs.decompressor(CompressionCodec.ZSTD);
    Compressor c = Codecs.compressor(CompressionCodec.ZSTD);
    d.close();
    d.close();
    c.close();
    c.close();
    assertThrows(
        IllegalStateException.class, () -> d.decompress(new byte[1], 0, 1, new byte[1], 0, 1));
    assertThrows(
        IllegalStateException.class, () -> c.compress(new byte[1], 0, 1, new GrowableByteArray()));
  }

  @ParameterizedTest
  @EnumSource(
      value = CompressionCodec.class,
      names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "BROTLI", "ZSTD", "LZ4_RAW"})
  void boundsOfHugePagesAreRefusedInsteadOfOverflowing(CompressionCodec codec) {
    try (Compressor c = Codecs.compressor(codec)) {
      assertThrows(IllegalArgumentException.class, () -> c.maxCompressedLength(-1));
      assertTrue(c.maxCompressedLength(1 << 20) >= 1 << 20);
      if (codec != CompressionCodec.UNCOMPRESSED) {
        assertThrows(
            IllegalArgumentException.class,
            () -> c.maxCompressedLength(GrowableByteArray.MAX_CAPACITY));
      }
      assertThrows(
          IndexOutOfBoundsException.class,
          () -> c.compress(new byte[4], 2, 3, new GrowableByteArray()));
    }
  }

  private static byte[] compress(Compressor c) {
    try (c) {
      GrowableByteArray out = new GrowableByteArray();
      c.compress(PAGE, 0, PAGE.length, out);
      return out.toByteArray();
    }
  }
}
