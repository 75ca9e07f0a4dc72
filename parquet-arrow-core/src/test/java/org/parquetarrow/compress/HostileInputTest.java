package org.parquetarrow.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.airlift.compress.hadoop.HadoopOutputStream;
import io.airlift.compress.lzo.LzoHadoopStreams;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.CompressionCodec;

/**
 * Malformed, truncated and hostile pages for every codec: each must end in a {@link
 * CorruptFileException} (never another exception, a JVM crash or a write outside the output range),
 * and a page that decodes to more than its header claims must be stopped at the claim.
 */
class HostileInputTest {
  private static final byte SENTINEL = 0x5a;
  private static final int GUARD = 64;

  /** Compresses {@code page} the way a writer of {@code codec} pages would. */
  static byte[] compressed(CompressionCodec codec, byte[] page) {
    switch (codec) {
      case LZ4:
        return InteropTest.hadoopLz4Block(page);
      case LZO:
        try {
          ByteArrayOutputStream bytes = new ByteArrayOutputStream();
          try (HadoopOutputStream out = new LzoHadoopStreams().createOutputStream(bytes)) {
            out.write(page, 0, page.length);
          }
          return bytes.toByteArray();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      default:
        return InteropTest.compress(codec, page);
    }
  }

  /**
   * Decodes {@code src} into the middle of an array filled with sentinel bytes and checks that
   * nothing outside {@code [GUARD, GUARD + claimed)} changed, whatever the outcome.
   */
  private static void decodeGuarded(Decompressor d, byte[] src, int srcLen, int claimed) {
    byte[] dst = new byte[GUARD + claimed + GUARD];
    Arrays.fill(dst, SENTINEL);
    try {
      assertEquals(claimed, d.decompress(src, 0, srcLen, dst, GUARD, claimed));
    } finally {
      for (int i = 0; i < GUARD; i++) {
        assertEquals(SENTINEL, dst[i], "byte written before the output range");
        assertEquals(SENTINEL, dst[GUARD + claimed + i], "byte written after the output range");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void impossibleSizesAreCorruptBeforeAnyDecoding(CompressionCodec codec) {
    byte[] page = TestBytes.repetitive(1000);
    byte[] src = compressed(codec, page);
    try (Decompressor d = Codecs.decompressor(codec)) {
      byte[] dst = new byte[1000];
      assertThrows(CorruptFileException.class, () -> d.decompress(src, 0, src.length, dst, 0, -1));
      assertThrows(
          CorruptFileException.class, () -> d.decompress(src, 0, src.length, dst, 0, 1001));
      assertThrows(
          CorruptFileException.class, () -> d.decompress(src, 0, src.length, dst, 1, 1000));
      assertThrows(
          CorruptFileException.class, () -> d.decompress(src, 0, src.length + 1, dst, 0, 1000));
      assertThrows(
          CorruptFileException.class, () -> d.decompress(src, 1, src.length, dst, 0, 1000));
      assertThrows(CorruptFileException.class, () -> d.decompress(src, 0, -1, dst, 0, 1000));
      // offsets are the caller's own arithmetic, not the file's
      assertThrows(IndexOutOfBoundsException.class, () -> d.decompress(src, -1, 1, dst, 0, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> d.decompress(src, 0, 1, dst, 1001, 0));
      // and the instance still works afterwards
      assertEquals(1000, d.decompress(src, 0, src.length, dst, 0, 1000));
      assertArrayEquals(page, dst);
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void claimedSizeOneOffEitherWayIsCorrupt(CompressionCodec codec) {
    byte[] page = TestBytes.concat(TestBytes.ascendingInts(500), TestBytes.random(300, 4));
    byte[] src = compressed(codec, page);
    try (Decompressor d = Codecs.decompressor(codec)) {
      assertThrows(
          CorruptFileException.class, () -> decodeGuarded(d, src, src.length, page.length - 1));
      assertThrows(
          CorruptFileException.class, () -> decodeGuarded(d, src, src.length, page.length + 1));
      decodeGuarded(d, src, src.length, page.length);
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void everyTruncationIsCorrupt(CompressionCodec codec) {
    byte[] page = TestBytes.concat(TestBytes.repetitive(3000), TestBytes.random(500, 5));
    byte[] src = compressed(codec, page);
    try (Decompressor d = Codecs.decompressor(codec)) {
      for (int len = 0; len < src.length; len++) {
        int cut = len;
        assertThrows(
            CorruptFileException.class,
            () -> decodeGuarded(d, src, cut, page.length),
            () -> codec + " accepted a page cut to " + cut + " of " + src.length + " bytes");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = CompressionCodec.class,
      names = {"UNKNOWN", "UNCOMPRESSED"},
      mode = EnumSource.Mode.EXCLUDE)
  void decompressionBombIsStoppedAtTheClaimedSize(CompressionCodec codec) {
    byte[] zeros = new byte[8 << 20];
    byte[] src = compressed(codec, zeros);
    // snappy is the weakest: its copies are at most 64 bytes long
    assertTrue(src.length < zeros.length / 20, "not a bomb: " + src.length + " bytes");
    try (Decompressor d = Codecs.decompressor(codec)) {
      CorruptFileException e =
          assertThrows(CorruptFileException.class, () -> decodeGuarded(d, src, src.length, 4096));
      assertTrue(e.getMessage().startsWith(codec + " page:"), e::getMessage);
    }
  }

  @ParameterizedTest
  @EnumSource(value = CompressionCodec.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void randomGarbageIsCorrupt(CompressionCodec codec) {
    try (Decompressor d = Codecs.decompressor(codec)) {
      for (int seed = 0; seed < 200; seed++) {
        byte[] garbage = TestBytes.random(1 + seed * 7, seed);
        int claimed = 100 + seed * 13;
        assertThrows(
            CorruptFileException.class,
            () -> decodeGuarded(d, garbage, garbage.length, claimed),
            "seed " + seed);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = CompressionCodec.class,
      names = {"UNKNOWN", "UNCOMPRESSED"},
      mode = EnumSource.Mode.EXCLUDE)
  void mutatedPagesDecodeOrFailAsCorruptButNeverOtherwise(CompressionCodec codec) {
    byte[] page =
        TestBytes.concat(
            TestBytes.ascendingInts(2000), TestBytes.repetitive(4000), TestBytes.random(1000, 6));
    byte[] valid = compressed(codec, page);
    Random random = new Random(codec.ordinal());
    int corrupt = 0;
    try (Decompressor d = Codecs.decompressor(codec)) {
      for (int round = 0; round < 1500; round++) {
        byte[] src = valid.clone();
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits; e++) {
          int at = random.nextInt(Math.min(src.length, round % 2 == 0 ? 16 : src.length));
          src[at] =
              round % 3 == 0
                  ? (byte) (src[at] ^ (1 << random.nextInt(8)))
                  : (byte) random.nextInt();
        }
        try {
          decodeGuarded(d, src, src.length, page.length);
        } catch (CorruptFileException expected) {
          corrupt++;
        } catch (RuntimeException | Error e) {
          if (e instanceof AssertionError) {
            throw e;
          }
          fail(codec + " round " + round + " escaped with " + e, e);
        }
      }
      decodeGuarded(d, valid, valid.length, page.length);
    }
    assertTrue(corrupt > 100, codec + " noticed only " + corrupt + " of 1500 mutations");
  }

  // ------------------------------------------------------------ codec specific

  @Test
  void gzipChecksumsHeaderFieldsAndTrailingBytesAreChecked() throws IOException {
    byte[] page = TestBytes.ascendingInts(5000);
    byte[] member = InteropTest.jdkGzip(page);
    int n = member.length;
    assertCorrupt(CompressionCodec.GZIP, flip(member, n - 8), page.length, "CRC-32");
    assertCorrupt(CompressionCodec.GZIP, flip(member, n - 4), page.length, "size field");
    assertCorrupt(CompressionCodec.GZIP, set(member, 2, 7), page.length, "compression method");
    assertCorrupt(CompressionCodec.GZIP, set(member, 3, 0x20), page.length, "reserved flag");
    byte[] unterminatedName = {0x1f, (byte) 0x8b, 8, 0x08, 0, 0, 0, 0, 0, 3, 'a', 'b'};
    assertCorrupt(CompressionCodec.GZIP, unterminatedName, page.length, "unterminated file name");
    assertCorrupt(
        CompressionCodec.GZIP,
        TestBytes.concat(member, new byte[] {0}),
        page.length,
        "no gzip member");
    assertCorrupt(
        CompressionCodec.GZIP,
        TestBytes.concat(member, new byte[] {0x1f, (byte) 0x8b, 8}),
        page.length,
        "truncated member header");
    // a zlib header announcing a preset dictionary (FDICT) that a page cannot carry
    byte[] fdict = {0x78, (byte) 0xbb, 0, 0, 0, 1, 3, 0};
    assertCorrupt(CompressionCodec.GZIP, fdict, 10, "preset dictionary");
  }

  @Test
  void zstdContentChecksumIsChecked() {
    byte[] page = TestBytes.ascendingInts(5000);
    byte[] frame;
    try (com.github.luben.zstd.ZstdCompressCtx ctx = new com.github.luben.zstd.ZstdCompressCtx()) {
      frame = ctx.setChecksum(true).compress(page);
    }
    InteropTest.assertDecodes(CompressionCodec.ZSTD, frame, page);
    assertCorrupt(CompressionCodec.ZSTD, flip(frame, frame.length - 1), page.length, "malformed");
  }

  @Test
  void snappyLengthPreambleIsCheckedBeforeTheNativeCall() {
    byte[] page = TestBytes.repetitive(3000);
    byte[] src = InteropTest.compress(CompressionCodec.SNAPPY, page);
    // preamble of 3000 = 0xb8 0x17; announce 3001 and 2^32 - 1 and a sixth varint byte instead
    assertCorrupt(CompressionCodec.SNAPPY, set(src, 0, 0xb9), page.length, "announces 3001");
    byte[] huge =
        TestBytes.concat(
            new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f},
            Arrays.copyOfRange(src, 2, src.length));
    assertCorrupt(CompressionCodec.SNAPPY, huge, page.length, "announces 4294967295");
    byte[] tooLong = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0};
    assertCorrupt(CompressionCodec.SNAPPY, tooLong, 10, "bad length preamble");
  }

  @Test
  void hadoopLz4FramingThatDoesNotCheckOutFallsBackAndFailsAsCorrupt() {
    byte[] page = TestBytes.ascendingInts(3000);
    byte[] framed = InteropTest.hadoopLz4Block(page);
    // announced compressed length runs past the page; announced size exceeds the page; leftovers
    assertCorrupt(CompressionCodec.LZ4, set(framed, 4, 0x7f), page.length, "neither");
    assertCorrupt(CompressionCodec.LZ4, set(framed, 0, 0x7f), page.length, "neither");
    assertCorrupt(
        CompressionCodec.LZ4,
        TestBytes.concat(framed, new byte[] {1, 2, 3}),
        page.length,
        "neither");
  }

  @Test
  void lzoBlockAndChunkLengthsAreChecked() {
    byte[] page = TestBytes.ascendingInts(3000);
    byte[] chunk = InteropTest.lzoChunk(page);
    byte[] block = TestBytes.concat(TestBytes.intBigEndian(page.length), chunk);
    InteropTest.assertDecodes(CompressionCodec.LZO, block, page);
    assertCorrupt(
        CompressionCodec.LZO,
        TestBytes.concat(TestBytes.intBigEndian(page.length + 1), chunk),
        page.length,
        "overruns");
    assertCorrupt(
        CompressionCodec.LZO,
        TestBytes.concat(TestBytes.intBigEndian(-1), chunk),
        page.length,
        "overruns");
    assertCorrupt(CompressionCodec.LZO, set(block, 4, 0x7f), page.length, "does not fit");
    assertCorrupt(
        CompressionCodec.LZO,
        TestBytes.concat(TestBytes.intBigEndian(page.length), new byte[4], chunk),
        page.length,
        "chunk length 0");
    assertCorrupt(
        CompressionCodec.LZO,
        TestBytes.concat(block, new byte[] {0, 0}),
        page.length,
        "truncated block length");
  }

  @Test
  void uncompressedPageWhoseSizesDisagreeIsCorrupt() {
    assertCorrupt(CompressionCodec.UNCOMPRESSED, new byte[10], 9, "differs");
  }

  private static void assertCorrupt(CompressionCodec codec, byte[] src, int claimed, String why) {
    try (Decompressor d = Codecs.decompressor(codec)) {
      CorruptFileException e =
          assertThrows(
              CorruptFileException.class, () -> decodeGuarded(d, src, src.length, claimed));
      assertTrue(
          e.getMessage().contains(why), () -> "expected '" + why + "' in: " + e.getMessage());
    }
  }

  private static byte[] flip(byte[] b, int at) {
    byte[] c = b.clone();
    c[at] ^= 0x01;
    return c;
  }

  private static byte[] set(byte[] b, int at, int value) {
    byte[] c = b.clone();
    c[at] = (byte) value;
    return c;
  }
}
