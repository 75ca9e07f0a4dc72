package org.parquetarrow.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStream;
import io.airlift.compress.hadoop.HadoopOutputStream;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lz4.Lz4HadoopStreams;
import io.airlift.compress.lzo.LzoCompressor;
import io.airlift.compress.lzo.LzoHadoopStreams;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.format.CompressionCodec;

/**
 * Bytes made by independent routes (the JDK's gzip streams, zstd-jni's streaming API,
 * aircompressor's pure-Java codecs and Hadoop streams, lz4-java's HC compressor, hand-written
 * framing) decode with our decompressors, and our compressed pages decode with independent
 * decoders.
 */
class InteropTest {
  private static final byte[] PAGE =
      TestBytes.concat(
          TestBytes.ascendingInts(40_000),
          TestBytes.random(30_000, 7),
          TestBytes.repetitive(50_000));

  // ---------------------------------------------------------------- GZIP

  @Test
  void gzipFromTheJdkStreamDecodes() throws IOException {
    assertDecodes(CompressionCodec.GZIP, jdkGzip(PAGE), PAGE);
  }

  @Test
  void gzipMembersBackToBackDecodeAsOnePage() throws IOException {
    byte[] first = Arrays.copyOf(PAGE, 12_345);
    byte[] second = Arrays.copyOfRange(PAGE, 12_345, PAGE.length);
    byte[] empty = new byte[0];
    byte[] members =
        TestBytes.concat(jdkGzip(first), jdkGzip(empty), jdkGzip(second), jdkGzip(empty));
    assertDecodes(CompressionCodec.GZIP, members, PAGE);
  }

  @Test
  void zlibStreamIsAcceptedLikeArrowCppsAutodetectingZlib() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DeflaterOutputStream z = new DeflaterOutputStream(bytes)) {
      z.write(PAGE);
    }
    assertDecodes(CompressionCodec.GZIP, bytes.toByteArray(), PAGE);
  }

  @Test
  void rawDeflateWithoutHeaderIsRejectedLikeArrowCpp() {
    byte[] raw = rawDeflate(PAGE);
    assertThrows(CorruptFileException.class, () -> decode(CompressionCodec.GZIP, raw, PAGE.length));
  }

  @Test
  void gzipHeaderWithExtraFieldNameCommentAndHeaderCrcIsSkipped() {
    // RFC 1952 2.3: FLG = FHCRC | FEXTRA | FNAME | FCOMMENT, each part written out by hand
    byte[] fixed = {0x1f, (byte) 0x8b, 8, 0x1e, 1, 2, 3, 4, 0, 3};
    byte[] extra = {4, 0, 'A', 'P', 0, 0}; // XLEN = 4: subfield "AP" with length 0
    byte[] name = {'p', 'a', 'g', 'e', 0};
    byte[] comment = {'h', 'i', 0};
    byte[] header = TestBytes.concat(fixed, extra, name, comment);
    CRC32 headerCrc = new CRC32();
    headerCrc.update(header);
    int crc16 = (int) headerCrc.getValue() & 0xffff;
    byte[] member =
        TestBytes.concat(
            header,
            new byte[] {(byte) crc16, (byte) (crc16 >>> 8)},
            rawDeflate(PAGE),
            gzipTrailer(PAGE));
    assertDecodes(CompressionCodec.GZIP, member, PAGE);

    member[header.length] ^= 1; // header CRC no longer matches
    assertThrows(
        CorruptFileException.class, () -> decode(CompressionCodec.GZIP, member, PAGE.length));
  }

  @Test
  void ourGzipDecodesWithTheJdkStream() throws IOException {
    byte[] ours = compress(CompressionCodec.GZIP, PAGE);
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(ours))) {
      assertArrayEquals(PAGE, in.readAllBytes());
    }
  }

  // ---------------------------------------------------------------- ZSTD

  @Test
  void zstdStreamingFrameWithoutContentSizeDecodes() throws IOException {
    byte[] frame = zstdStream(PAGE);
    // the streaming API cannot know the size up front, so the frame header lacks it
    assertEquals(-1, Zstd.getFrameContentSize(frame));
    assertDecodes(CompressionCodec.ZSTD, frame, PAGE);
  }

  @Test
  void zstdFramesBackToBackWithSkippableFramesDecodeAsOnePage() throws IOException {
    byte[] first = Arrays.copyOf(PAGE, 50_000);
    byte[] second = Arrays.copyOfRange(PAGE, 50_000, PAGE.length);
    // RFC 8878 3.1.2: magic 0x184D2A5? little-endian, 4-byte little-endian size, user data
    byte[] skippable = {0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 'x', 'y', 'z'};
    byte[] frames =
        TestBytes.concat(
            skippable,
            Zstd.compress(first, 3),
            zstdStream(second),
            skippable,
            Zstd.compress(new byte[0]));
    assertDecodes(CompressionCodec.ZSTD, frames, PAGE);
  }

  @Test
  void zstdFromAircompressorsPureJavaEncoderDecodesAndOursDecodesThere() {
    io.airlift.compress.zstd.ZstdCompressor theirs = new io.airlift.compress.zstd.ZstdCompressor();
    byte[] buf = new byte[theirs.maxCompressedLength(PAGE.length)];
    int n = theirs.compress(PAGE, 0, PAGE.length, buf, 0, buf.length);
    assertDecodes(CompressionCodec.ZSTD, Arrays.copyOf(buf, n), PAGE);

    byte[] ours = compress(CompressionCodec.ZSTD, PAGE);
    byte[] back = new byte[PAGE.length];
    assertEquals(
        PAGE.length, new ZstdDecompressor().decompress(ours, 0, ours.length, back, 0, back.length));
    assertArrayEquals(PAGE, back);
  }

  // ---------------------------------------------------------------- SNAPPY

  @Test
  void snappyFromAircompressorsPureJavaEncoderDecodesAndOursDecodesThere() {
    io.airlift.compress.snappy.SnappyCompressor theirs =
        new io.airlift.compress.snappy.SnappyCompressor();
    byte[] buf = new byte[theirs.maxCompressedLength(PAGE.length)];
    int n = theirs.compress(PAGE, 0, PAGE.length, buf, 0, buf.length);
    assertDecodes(CompressionCodec.SNAPPY, Arrays.copyOf(buf, n), PAGE);

    byte[] ours = compress(CompressionCodec.SNAPPY, PAGE);
    byte[] back = new byte[PAGE.length];
    assertEquals(
        PAGE.length,
        new SnappyDecompressor().decompress(ours, 0, ours.length, back, 0, back.length));
    assertArrayEquals(PAGE, back);
  }

  // ---------------------------------------------------------------- LZ4_RAW

  @Test
  void lz4BlocksFromAircompressorAndFromLz4HcDecodeAndOursDecodesThere() {
    io.airlift.compress.lz4.Lz4Compressor theirs = new io.airlift.compress.lz4.Lz4Compressor();
    byte[] buf = new byte[theirs.maxCompressedLength(PAGE.length)];
    int n = theirs.compress(PAGE, 0, PAGE.length, buf, 0, buf.length);
    assertDecodes(CompressionCodec.LZ4_RAW, Arrays.copyOf(buf, n), PAGE);
    assertDecodes(CompressionCodec.LZ4_RAW, lz4Hc(PAGE), PAGE);

    byte[] ours = compress(CompressionCodec.LZ4_RAW, PAGE);
    byte[] back = new byte[PAGE.length];
    assertEquals(
        PAGE.length, new Lz4Decompressor().decompress(ours, 0, ours.length, back, 0, back.length));
    assertArrayEquals(PAGE, back);
  }

  // ---------------------------------------------------------------- LZ4 (Hadoop)

  @Test
  void hadoopLz4StreamOfSeveralBlocksDecodes() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (HadoopOutputStream out = new Lz4HadoopStreams(16 << 10).createOutputStream(bytes)) {
      out.write(PAGE, 0, PAGE.length);
    }
    byte[] framed = bytes.toByteArray();
    assertTrue(
        AbstractDecompressor.readIntBigEndian(framed, 0) < PAGE.length,
        "the stream should have cut the page into several blocks");
    assertDecodes(CompressionCodec.LZ4, framed, PAGE);
  }

  @Test
  void handFramedHadoopLz4BlocksDecode() {
    byte[] a = Arrays.copyOf(PAGE, 1000);
    byte[] b = Arrays.copyOfRange(PAGE, 1000, 90_000);
    byte[] c = Arrays.copyOfRange(PAGE, 90_000, PAGE.length);
    byte[] framed = TestBytes.concat(hadoopLz4Block(a), hadoopLz4Block(b), hadoopLz4Block(c));
    assertDecodes(CompressionCodec.LZ4, framed, PAGE);
  }

  @Test
  void bareLz4BlockUnderTheLz4CodecFallsBackLikeArrowCpp() {
    assertDecodes(CompressionCodec.LZ4, lz4Hc(PAGE), PAGE);
    byte[] small = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
    assertDecodes(CompressionCodec.LZ4, lz4Hc(small), small);
  }

  // ---------------------------------------------------------------- LZO

  @Test
  void hadoopLzoStreamOfSeveralBlocksDecodes() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (HadoopOutputStream out = new LzoHadoopStreams(16 << 10).createOutputStream(bytes)) {
      out.write(PAGE, 0, PAGE.length);
    }
    byte[] framed = bytes.toByteArray();
    assertTrue(
        AbstractDecompressor.readIntBigEndian(framed, 0) < PAGE.length,
        "the stream should have cut the page into several blocks");
    assertDecodes(CompressionCodec.LZO, framed, PAGE);
  }

  @Test
  void lzoBlockSplitIntoTwoChunksDecodes() {
    // Hadoop's BlockCompressorStream may follow one block length with several chunks
    byte[] a = Arrays.copyOf(PAGE, 33_333);
    byte[] b = Arrays.copyOfRange(PAGE, 33_333, PAGE.length);
    byte[] framed = TestBytes.concat(TestBytes.intBigEndian(PAGE.length), lzoChunk(a), lzoChunk(b));
    assertDecodes(CompressionCodec.LZO, framed, PAGE);
  }

  @Test
  void emptyHadoopLzoStreamIsAnEmptyPage() {
    assertEquals(0, decode(CompressionCodec.LZO, new byte[4], 0).length);
  }

  // ---------------------------------------------------------------- BROTLI

  @Test
  void brotliFromTheOneShotEncoderAndTheStreamDecodesAndOursDecodesWithTheStream()
      throws IOException {
    Brotli4jLoader.ensureAvailability();
    assertDecodes(
        CompressionCodec.BROTLI, Encoder.compress(PAGE, Encoder.Parameters.create(5)), PAGE);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (BrotliOutputStream out =
        new BrotliOutputStream(bytes, Encoder.Parameters.create(3), 4096)) {
      out.write(PAGE);
    }
    assertDecodes(CompressionCodec.BROTLI, bytes.toByteArray(), PAGE);

    byte[] ours = compress(CompressionCodec.BROTLI, PAGE);
    try (InputStream in = new BrotliInputStream(new ByteArrayInputStream(ours))) {
      assertArrayEquals(PAGE, in.readAllBytes());
    }
  }

  @Test
  void brotliPageLargerThanTheDecodersInputSliceDecodes() throws IOException {
    Brotli4jLoader.ensureAvailability();
    byte[] big = TestBytes.random(3 << 20, 8);
    byte[] compressed = Encoder.compress(big, Encoder.Parameters.create(0));
    assertTrue(compressed.length > 2 << 20, "input should need several slices");
    assertDecodes(CompressionCodec.BROTLI, compressed, big);
  }

  // ---------------------------------------------------------------- helpers

  static void assertDecodes(CompressionCodec codec, byte[] compressed, byte[] expected) {
    assertArrayEquals(expected, decode(codec, compressed, expected.length));
  }

  static byte[] decode(CompressionCodec codec, byte[] compressed, int uncompressedLen) {
    byte[] out = new byte[uncompressedLen];
    try (Decompressor d = Codecs.decompressor(codec)) {
      assertEquals(
          uncompressedLen, d.decompress(compressed, 0, compressed.length, out, 0, uncompressedLen));
    }
    return out;
  }

  static byte[] compress(CompressionCodec codec, byte[] page) {
    GrowableByteArray out = new GrowableByteArray();
    try (Compressor c = Codecs.compressor(codec)) {
      c.compress(page, 0, page.length, out);
    }
    return out.toByteArray();
  }

  static byte[] jdkGzip(byte[] page) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(page);
    }
    return bytes.toByteArray();
  }

  static byte[] rawDeflate(byte[] page) {
    Deflater deflater = new Deflater(6, true);
    try {
      deflater.setInput(page);
      deflater.finish();
      byte[] buf = new byte[page.length + 1024];
      int n = 0;
      while (!deflater.finished()) {
        n += deflater.deflate(buf, n, buf.length - n);
      }
      return Arrays.copyOf(buf, n);
    } finally {
      deflater.end();
    }
  }

  static byte[] gzipTrailer(byte[] page) {
    CRC32 crc = new CRC32();
    crc.update(page);
    GrowableByteArray t = new GrowableByteArray(8);
    t.writeIntLittleEndian((int) crc.getValue());
    t.writeIntLittleEndian(page.length);
    return t.toByteArray();
  }

  static byte[] zstdStream(byte[] page) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZstdOutputStream z = new ZstdOutputStream(bytes, 3)) {
      z.write(page);
    }
    return bytes.toByteArray();
  }

  static byte[] lz4Hc(byte[] page) {
    return LZ4Factory.fastestInstance().highCompressor().compress(page);
  }

  /** Hadoop's Lz4Codec block: big-endian uncompressed and compressed lengths, then the block. */
  static byte[] hadoopLz4Block(byte[] part) {
    LZ4Compressor lz4 = LZ4Factory.fastestInstance().fastCompressor();
    byte[] block = lz4.compress(part);
    return TestBytes.concat(
        TestBytes.intBigEndian(part.length), TestBytes.intBigEndian(block.length), block);
  }

  /** One chunk of a Hadoop LZO block: big-endian compressed length, then an LZO1X block. */
  static byte[] lzoChunk(byte[] part) {
    LzoCompressor lzo = new LzoCompressor();
    byte[] buf = new byte[lzo.maxCompressedLength(part.length)];
    int n = lzo.compress(part, 0, part.length, buf, 0, buf.length);
    return TestBytes.concat(TestBytes.intBigEndian(n), Arrays.copyOf(buf, n));
  }
}
