package org.parquetarrow.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;

/** Truncated and damaged input gives a {@link CorruptFileException} and nothing else. */
class MalformedInputTest {

  @Test
  void truncationAtEveryByteOfAFileMetaData() {
    byte[] full = MetadataWriter.toBytes(Samples.fullFileMetaData(Samples.fullAesGcmV1()));
    // the same prefixes followed by 0x80 (varint continuation) and 0xff bytes in the backing
    // array, so a reader that looks past the limit finds endless varints and huge lengths
    byte[] continued = Arrays.copyOf(full, full.length + 64);
    for (int i = full.length; i < continued.length; i++) {
      continued[i] = (byte) (i % 2 == 0 ? 0x80 : 0xff);
    }
    for (int length = 0; length < full.length; length++) {
      byte[] prefix = Arrays.copyOf(full, length);
      int at = length;
      CorruptFileException e = assertThrows(CorruptFileException.class,
          () -> MetadataReader.readFileMetaData(ByteBuffer.wrap(prefix)), () -> "prefix of " + at + " bytes");
      assertTrue(e.getMessage().contains("of the serialized FileMetaData"), e.getMessage());
      assertFalse(e.getMessage().contains("Remote side"), "no RPC wording from libthrift: " + e.getMessage());
      assertThrows(CorruptFileException.class,
          () -> MetadataReader.readFileMetaData(ByteBuffer.wrap(continued, 0, at)), () -> "window of " + at);
      ByteBuffer direct = ByteBuffer.allocateDirect(length).put(prefix).flip();
      assertThrows(CorruptFileException.class, () -> MetadataReader.readFileMetaData(direct));
      assertEquals(0, direct.position(), "a failed read leaves the position alone");
    }
  }

  @Test
  void truncationOfEveryOtherStruct() {
    truncations(MetadataWriter.toBytes(Samples.fullDataPageHeaderV2()), MetadataReader::readPageHeader);
    truncations(MetadataWriter.toBytes(Samples.fullDataPageHeader()), MetadataReader::readPageHeader);
    truncations(MetadataWriter.toBytes(Samples.fullColumnIndex()), MetadataReader::readColumnIndex);
    truncations(MetadataWriter.toBytes(Samples.fullOffsetIndex()), MetadataReader::readOffsetIndex);
    truncations(MetadataWriter.toBytes(Samples.bloomFilterHeader()), MetadataReader::readBloomFilterHeader);
    truncations(MetadataWriter.toBytes(Samples.fullColumnMetaData()), MetadataReader::readColumnMetaData);
    truncations(MetadataWriter.toBytes(new FileCryptoMetaData(Samples.fullAesGcmCtrV1(), Samples.b("k"))),
        MetadataReader::readFileCryptoMetaData);
  }

  private static void truncations(byte[] full, Function<ByteBuffer, ?> reader) {
    for (int length = 0; length < full.length; length++) {
      ByteBuffer prefix = ByteBuffer.wrap(full, 0, length);
      int at = length;
      assertThrows(CorruptFileException.class, () -> reader.apply(prefix), () -> "prefix of " + at + " bytes");
      ByteBuffer direct = ByteBuffer.allocateDirect(length).put(prefix.duplicate()).flip();
      assertThrows(CorruptFileException.class, () -> reader.apply(direct), () -> "direct prefix of " + at);
    }
  }

  @Test
  void corruptHeaderInALargeDirectBuffer() {
    // garbage after a broken header: every copy window fails until the whole buffer is seen
    ByteBuffer direct = ByteBuffer.allocateDirect(300_000);
    direct.put(new byte[] {0x15, 0x00, 0x19, (byte) 0xfc, (byte) 0xff, (byte) 0xff, 0x0f}); // list of 262143 structs
    direct.clear();
    CorruptFileException e = assertThrows(CorruptFileException.class, () -> MetadataReader.readPageHeader(direct));
    assertEquals(0, direct.position());
    assertTrue(e.getMessage().contains("PageHeader"), e.getMessage());
  }

  /**
   * Random damage (seeded, so reproducible): flipped bytes, inserted and removed runs. Each input
   * must decode or be rejected as corrupt; any other exception fails the test.
   */
  @Test
  void randomDamageNeverEscapesAsAnotherException() {
    List<byte[]> seeds = List.of(
        MetadataWriter.toBytes(Samples.fullFileMetaData(Samples.fullAesGcmV1())),
        MetadataWriter.toBytes(Samples.fullFileMetaData(null)),
        MetadataWriter.toBytes(Samples.minimalFileMetaData()));
    Random random = new Random(20240611L);
    int decoded = 0;
    int rejected = 0;
    for (int round = 0; round < 20_000; round++) {
      byte[] input = damage(seeds.get(round % seeds.size()), random);
      try {
        MetadataReader.readFileMetaData(ByteBuffer.wrap(input), new MetadataLimits(1 << 20, 1 << 16, 32));
        decoded++;
      } catch (CorruptFileException e) {
        rejected++;
      } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
        fail("round " + round + " escaped as " + e + " for input " + java.util.HexFormat.of().formatHex(input), e);
      }
    }
    assertEquals(20_000, decoded + rejected);
    assertTrue(rejected > 1000, "damage should usually be detected, rejected " + rejected);
  }

  private static byte[] damage(byte[] seed, Random random) {
    byte[] out = seed.clone();
    int edits = 1 + random.nextInt(4);
    for (int i = 0; i < edits; i++) {
      int at = random.nextInt(out.length);
      switch (random.nextInt(4)) {
        case 0 -> out[at] = (byte) random.nextInt(256);
        case 1 -> out[at] ^= (byte) (1 << random.nextInt(8));
        case 2 -> {
          int len = 1 + random.nextInt(8);
          byte[] bigger = new byte[out.length + len];
          System.arraycopy(out, 0, bigger, 0, at);
          for (int k = 0; k < len; k++) {
            bigger[at + k] = (byte) (random.nextBoolean() ? 0xff : random.nextInt(256));
          }
          System.arraycopy(out, at, bigger, at + len, out.length - at);
          out = bigger;
        }
        default -> {
          int len = Math.min(1 + random.nextInt(8), out.length - at);
          byte[] smaller = new byte[out.length - len];
          System.arraycopy(out, 0, smaller, 0, at);
          System.arraycopy(out, at + len, smaller, at, out.length - at - len);
          out = smaller.length == 0 ? new byte[] {0} : smaller;
        }
      }
    }
    return out;
  }
}
