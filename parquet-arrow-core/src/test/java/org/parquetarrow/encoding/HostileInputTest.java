package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import java.util.function.Supplier;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Feeds every decoder random bytes and damaged valid encodings: each call must either succeed or
 * raise {@link CorruptFileException}; no other exception, no runaway allocation, no leak.
 */
class HostileInputTest {
  private static final long SEED = 0xBADF00DL;
  private static final int ROUNDS = 3000;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void decodersOnlyRaiseCorruptFileException() {
    Random random = new Random(SEED);
    byte[][] seeds = validEncodings(random);
    try (ArrowBuf out = memory.allocator().buffer(16 * 1024)) {
      for (int round = 0; round < ROUNDS; round++) {
        byte[] page = nextInput(random, seeds);
        int n = random.nextInt(300);
        int offset = page.length == 0 ? 0 : random.nextInt(Math.min(page.length, 4));
        int length = page.length - offset;
        String where = "round " + round + " seed " + SEED;
        check(where + " plain4", () -> { var d = new PlainFixedWidthDecoder(4); d.init(page, offset, length, n); d.read(out, 0, n); return null; });
        check(where + " bss8", () -> { var d = new ByteStreamSplitDecoder(8); d.init(page, offset, length, n); d.skip(n / 3); d.read(out, 0, n - n / 3); return null; });
        check(where + " delta32", () -> { var d = DeltaBinaryPackedDecoder.int32(); d.init(page, offset, length, n); d.skip(n / 2); d.read(out, 0, n - n / 2); return null; });
        check(where + " delta64", () -> { var d = DeltaBinaryPackedDecoder.int64(); d.init(page, offset, length, n); d.read(out, 0, n); return null; });
        check(where + " bool", () -> { var d = new PlainBooleanDecoder(); d.init(page, offset, length, n); d.read(out, 3, n); return null; });
        check(where + " rlebool", () -> { var d = new RleBooleanDecoder(); d.init(page, offset, length, n); d.skip(n / 4); d.read(out, 5, n - n / 4); return null; });
        check(where + " levels", () -> {
          var l = new LevelDecoder();
          l.initV1Rle(page, offset, length, 1 + random.nextInt(5));
          l.readValidity(out, 7, n);
          return null;
        });
        check(where + " levelsV2", () -> {
          var l = new LevelDecoder();
          l.initV2(page, offset, length, 3);
          l.read(new int[n], 0, n);
          return null;
        });
        check(where + " bitpackedLevels", () -> {
          var l = new LevelDecoder();
          l.initV1BitPacked(page, offset, length, 2, n);
          l.readValidity(out, 0, n);
          return null;
        });
        check(where + " hybrid", () -> {
          var h = new RleBitPackedHybridDecoder();
          h.init(page, offset, length, random.nextInt(33));
          h.skip(n / 2);
          h.read(new int[n], 0, n);
          return null;
        });
        check(where + " dict", () -> {
          var d = new DictionaryIndexDecoder();
          d.init(page, offset, length, n, 1 + random.nextInt(100));
          d.read(new int[n], 0, n);
          return null;
        });
        int nb = random.nextInt(60); // small counts reach the end of damaged binary pages more often
        for (int kind = 0; kind < 3; kind++) {
          final int k = kind;
          check(where + " binary" + kind, () -> {
            BinaryValueDecoder d = k == 0 ? new PlainBinaryDecoder() : k == 1 ? new DeltaLengthByteArrayDecoder() : new DeltaByteArrayDecoder();
            d.init(page, offset, length, nb);
            try (BinaryOutput o = new BinaryOutput(memory.allocator(), BinaryOutput.OffsetWidth.INT32, 4, 4)) {
              d.skip(nb / 5);
              d.read(o, nb - nb / 5);
            }
            return null;
          });
        }
        check(where + " binaryDictionary", () -> BinaryDictionary.fromPlain(page, offset, length, n));
        check(where + " fixedDictionary", () -> FixedWidthDictionary.fromPlain(page, offset, length, n, 12));
      }
    }
  }

  private static void check(String where, Supplier<Object> call) {
    try {
      call.get();
    } catch (CorruptFileException expected) {
      // the only acceptable failure
    } catch (RuntimeException | Error e) {
      fail(where + ": " + e, e);
    }
  }

  /** Random bytes, or a valid encoding with a few bytes changed, cut, or extended. */
  private static byte[] nextInput(Random random, byte[][] seeds) {
    if (random.nextInt(4) == 0) {
      byte[] b = new byte[random.nextInt(200)];
      random.nextBytes(b);
      return b;
    }
    byte[] b = seeds[random.nextInt(seeds.length)].clone();
    int edits = 1 + random.nextInt(4);
    for (int e = 0; e < edits && b.length > 0; e++) {
      b[random.nextInt(b.length)] = (byte) random.nextInt(256);
    }
    if (random.nextBoolean() && b.length > 0) {
      b = java.util.Arrays.copyOf(b, random.nextInt(b.length));
    }
    return b;
  }

  private static byte[][] validEncodings(Random random) {
    long[] values = new long[257];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(5) == 0 ? random.nextLong() : random.nextInt(64);
    }
    ByteSink rle = new ByteSink();
    var r = new RleBitPackedHybridEncoder(3);
    for (long v : values) {
      r.write((int) (v & 7));
    }
    r.flushWithLengthTo(rle);
    ByteSink dict = new ByteSink();
    var di = new DictionaryIndexEncoder(50);
    for (long v : values) {
      di.write(new int[] {(int) Math.floorMod(v, 50)}, 0, 1);
    }
    di.flushTo(dict);
    ByteSink dba = new ByteSink();
    var d = new DeltaByteArrayEncoder();
    for (int i = 0; i < 100; i++) {
      byte[] s = ("value" + (values[i] & 0xff)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
      d.write(s, 0, s.length);
    }
    d.flushTo(dba);
    ByteSink plain = new ByteSink();
    for (int i = 0; i < 50; i++) {
      PlainEncoder.writeBinary(new byte[] {(byte) i, 2, 3}, 0, 1 + i % 3, plain);
    }
    return new byte[][] {new ReferenceDeltaEncoder().encode(values), rle.toByteArray(), dict.toByteArray(),
        dba.toByteArray(), plain.toByteArray()};
  }
}
