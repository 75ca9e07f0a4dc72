package org.parquetarrow.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.parquetarrow.format.CompressionCodec;

/** Every writable codec, at its default and extreme levels, on random and compressible pages. */
class RoundTripTest {

  record Setting(String name, CompressionCodec codec, Supplier<Compressor> compressor) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Setting> settings() {
    List<Setting> s = new ArrayList<>();
    for (CompressionCodec c :
        List.of(
            CompressionCodec.UNCOMPRESSED,
            CompressionCodec.SNAPPY,
            CompressionCodec.GZIP,
            CompressionCodec.BROTLI,
            CompressionCodec.ZSTD,
            CompressionCodec.LZ4_RAW)) {
      s.add(new Setting(c + " default", c, () -> Codecs.compressor(c)));
    }
    s.add(level(CompressionCodec.GZIP, 1));
    s.add(level(CompressionCodec.BROTLI, 0));
    s.add(level(CompressionCodec.BROTLI, 11));
    s.add(level(CompressionCodec.ZSTD, -5));
    s.add(level(CompressionCodec.ZSTD, 19));
    return s;
  }

  private static Setting level(CompressionCodec c, int level) {
    return new Setting(c + " level " + level, c, () -> Codecs.compressor(c, level));
  }

  static Stream<Arguments> pages() {
    List<Arguments> args = new ArrayList<>();
    for (Setting s : settings()) {
      args.add(Arguments.of(s, "empty", new byte[0]));
      args.add(Arguments.of(s, "one byte", new byte[] {42}));
      args.add(Arguments.of(s, "random 100 KB", TestBytes.random(100_000, 1)));
      args.add(Arguments.of(s, "repetitive 1 MiB", TestBytes.repetitive(1 << 20)));
      args.add(Arguments.of(s, "ascending ints 256 KiB", TestBytes.ascendingInts(1 << 16)));
    }
    return args.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("pages")
  void pageSurvivesTheRoundTrip(Setting setting, String kind, byte[] page) {
    try (Compressor c = setting.compressor().get();
        Decompressor d = Codecs.decompressor(setting.codec())) {
      assertEquals(setting.codec(), c.codec());
      GrowableByteArray out = new GrowableByteArray(16);
      int n = c.compress(page, 0, page.length, out);
      assertEquals(n, out.length());
      assertTrue(
          n <= c.maxCompressedLength(page.length),
          n + " > bound " + c.maxCompressedLength(page.length));
      if (kind.startsWith("repetitive") && setting.codec() != CompressionCodec.UNCOMPRESSED) {
        assertTrue(n < page.length / 10, "only " + page.length + " -> " + n);
      }
      byte[] back = new byte[page.length];
      assertEquals(page.length, d.decompress(out.array(), 0, n, back, 0, back.length));
      assertArrayEquals(page, back);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("settings")
  void oneInstanceCompressesManyPagesAfterExistingContentAndHonoursOffsets(Setting setting) {
    byte[] prefix = {9, 8, 7};
    byte[][] pages = {
      TestBytes.random(5000, 2),
      TestBytes.repetitive(70_000),
      TestBytes.ascendingInts(3000),
      TestBytes.random(17, 3)
    };
    try (Compressor c = setting.compressor().get();
        Decompressor d = Codecs.decompressor(setting.codec())) {
      GrowableByteArray out = new GrowableByteArray(4);
      out.write(prefix, 0, prefix.length);
      int[] starts = new int[pages.length];
      int[] lengths = new int[pages.length];
      for (int i = 0; i < pages.length; i++) {
        // compress from the middle of a larger array
        byte[] padded = TestBytes.concat(new byte[11], pages[i], new byte[5]);
        starts[i] = out.length();
        lengths[i] = c.compress(padded, 11, pages[i].length, out);
        assertEquals(starts[i] + lengths[i], out.length());
      }
      assertArrayEquals(prefix, Arrays.copyOf(out.array(), 3), "existing content was overwritten");
      for (int i = 0; i < pages.length; i++) {
        byte[] back = new byte[pages[i].length + 20];
        d.decompress(out.array(), starts[i], lengths[i], back, 13, pages[i].length);
        assertArrayEquals(pages[i], Arrays.copyOfRange(back, 13, 13 + pages[i].length));
        assertTrue(
            isZero(back, 0, 13) && isZero(back, 13 + pages[i].length, back.length),
            "bytes written outside the output range");
      }
    }
  }

  private static boolean isZero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }
}
