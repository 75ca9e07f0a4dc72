package org.parquetarrow.encoding;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;

class BinaryDecodersTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private BinaryOutput output(BinaryOutput.OffsetWidth width) {
    // tiny capacities so that every test also exercises growth
    return new BinaryOutput(memory.allocator(), width, 1, 1);
  }

  private static List<String> strings(BinaryOutput out) {
    List<String> r = new ArrayList<>();
    for (int i = 0; i < out.valueCount(); i++) {
      r.add(new String(out.get(i), UTF_8));
    }
    return r;
  }

  private static long[] lengths(int... l) {
    return TestBytes.longs(l);
  }

  @Test
  void plainByteArrays() {
    byte[] page = TestBytes.create().le32(5).bytes("Hello".getBytes(UTF_8)).le32(0).le32(3)
        .bytes("abc".getBytes(UTF_8)).le32(2).bytes("zz".getBytes(UTF_8)).toArray();
    for (BinaryOutput.OffsetWidth w : BinaryOutput.OffsetWidth.values()) {
      var d = new PlainBinaryDecoder();
      d.init(page, 0, page.length, 4);
      try (BinaryOutput out = output(w)) {
        d.read(out, 2);
        d.skip(1);
        d.read(out, 1);
        assertEquals(List.of("Hello", "", "zz"), strings(out));
        assertEquals(7, out.dataLength());
        assertEquals(0, out.offset(0));
        assertEquals(5, out.offset(1));
        assertEquals(5, out.offset(2));
        assertEquals(7, out.offset(3));
        if (w == BinaryOutput.OffsetWidth.INT32) {
          assertEquals(5, out.offsets().getInt(4));
          assertEquals(7, out.offsets().getInt(12));
        } else {
          assertEquals(5, out.offsets().getLong(8));
          assertEquals(7, out.offsets().getLong(24));
        }
        assertThrows(CorruptFileException.class, () -> d.read(out, 1));
      }
    }
  }

  @Test
  void plainRejectsBadLengths() {
    var d = new PlainBinaryDecoder();
    try (BinaryOutput out = output(BinaryOutput.OffsetWidth.INT32)) {
      byte[] negative = TestBytes.create().le32(-1).bytes(1, 2, 3).toArray();
      d.init(negative, 0, negative.length, 1);
      assertThrows(CorruptFileException.class, () -> d.read(out, 1));
      byte[] past = TestBytes.create().le32(4).bytes(1, 2, 3).toArray();
      d.init(past, 0, past.length, 1);
      assertThrows(CorruptFileException.class, () -> d.skip(1));
      byte[] cut = {1, 0};
      d.init(cut, 0, 2, 1);
      assertThrows(CorruptFileException.class, () -> d.read(out, 1));
      assertEquals(0, out.valueCount(), "nothing is appended from a batch that fails");
    }
  }

  /** Encodings.md: "Hello", "World", "Foobar", "ABCDEF" = DeltaEncoding(5, 5, 6, 6) + "HelloWorldFoobarABCDEF". */
  @Test
  void deltaLengthByteArraySpecExample() {
    byte[] page = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(5, 5, 6, 6)))
        .bytes("HelloWorldFoobarABCDEF".getBytes(UTF_8)).toArray();
    for (BinaryOutput.OffsetWidth w : BinaryOutput.OffsetWidth.values()) {
      var d = new DeltaLengthByteArrayDecoder();
      d.init(page, 0, page.length, 4);
      try (BinaryOutput out = output(w)) {
        d.read(out, 1);
        d.skip(1);
        d.read(out, 2);
        assertEquals(List.of("Hello", "Foobar", "ABCDEF"), strings(out));
        assertThrows(CorruptFileException.class, () -> d.read(out, 1));
      }
    }
  }

  @Test
  void deltaLengthByteArrayRejectsBadLengths() {
    var d = new DeltaLengthByteArrayDecoder();
    try (BinaryOutput out = output(BinaryOutput.OffsetWidth.INT32)) {
      byte[] tooLong = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(5, 9)))
          .bytes("HelloWorld".getBytes(UTF_8)).toArray();
      d.init(tooLong, 0, tooLong.length, 2);
      d.read(out, 1);
      assertThrows(CorruptFileException.class, () -> d.read(out, 1));
      byte[] negative = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(2, -1)))
          .bytes("ab".getBytes(UTF_8)).toArray();
      d.init(negative, 0, negative.length, 2);
      assertThrows(CorruptFileException.class, () -> d.read(out, 2));
    }
  }

  /** Encodings.md: "axis", "axle", "babble", "babyhood" = prefixes (0, 2, 0, 3), suffixes (4, 2, 6, 5) + "axislebabbleyhood". */
  @Test
  void deltaByteArraySpecExample() {
    byte[] page = TestBytes.create()
        .bytes(new ReferenceDeltaEncoder().encode(lengths(0, 2, 0, 3)))
        .bytes(new ReferenceDeltaEncoder().encode(lengths(4, 2, 6, 5)))
        .bytes("axislebabbleyhood".getBytes(UTF_8)).toArray();
    for (BinaryOutput.OffsetWidth w : BinaryOutput.OffsetWidth.values()) {
      var d = new DeltaByteArrayDecoder();
      d.init(page, 0, page.length, 4);
      try (BinaryOutput out = output(w)) {
        d.read(out, 1);
        d.skip(2);          // skipped values still become the "previous value"
        d.read(out, 1);
        assertEquals(List.of("axis", "babyhood"), strings(out));
        assertThrows(CorruptFileException.class, () -> d.skip(1));
      }
    }
  }

  @Test
  void deltaByteArrayForFixedLength() {
    // FLBA(3): "abc", "abd", "xyz" = prefixes 0, 2, 0; suffixes 3, 1, 3
    byte[] page = TestBytes.create()
        .bytes(new ReferenceDeltaEncoder().encode(lengths(0, 2, 0)))
        .bytes(new ReferenceDeltaEncoder().encode(lengths(3, 1, 3)))
        .bytes("abcdxyz".getBytes(UTF_8)).toArray();
    var d = new DeltaByteArrayDecoder(3);
    d.init(page, 0, page.length, 3);
    try (BinaryOutput out = output(BinaryOutput.OffsetWidth.INT32)) {
      d.read(out, 3);
      byte[] data = new byte[9];
      out.data().getBytes(0, data, 0, 9);
      assertEquals("abcabdxyz", new String(data, UTF_8));
    }
    var four = new DeltaByteArrayDecoder(4);
    four.init(page, 0, page.length, 3);
    try (BinaryOutput out = output(BinaryOutput.OffsetWidth.INT32)) {
      assertThrows(CorruptFileException.class, () -> four.read(out, 1));
    }
  }

  @Test
  void deltaByteArrayRejectsBadInput() {
    var d = new DeltaByteArrayDecoder();
    try (BinaryOutput out = output(BinaryOutput.OffsetWidth.INT32)) {
      // second prefix (5) longer than the first value (3 bytes)
      byte[] longPrefix = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(0, 5)))
          .bytes(new ReferenceDeltaEncoder().encode(lengths(3, 1))).bytes("abcd".getBytes(UTF_8)).toArray();
      d.init(longPrefix, 0, longPrefix.length, 2);
      assertThrows(CorruptFileException.class, () -> d.read(out, 2));
      // first value with a prefix: there is no previous value
      byte[] firstPrefix = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(1)))
          .bytes(new ReferenceDeltaEncoder().encode(lengths(1))).bytes("a".getBytes(UTF_8)).toArray();
      d.init(firstPrefix, 0, firstPrefix.length, 1);
      assertThrows(CorruptFileException.class, () -> d.skip(1));
      // suffixes past the page end
      byte[] past = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(0, 0)))
          .bytes(new ReferenceDeltaEncoder().encode(lengths(2, 9))).bytes("ab".getBytes(UTF_8)).toArray();
      d.init(past, 0, past.length, 2);
      assertThrows(CorruptFileException.class, () -> d.read(out, 2));
      // negative suffix
      byte[] negative = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(0)))
          .bytes(new ReferenceDeltaEncoder().encode(lengths(-2))).toArray();
      d.init(negative, 0, negative.length, 1);
      assertThrows(CorruptFileException.class, () -> d.read(out, 1));
      // prefix and suffix counts differ
      byte[] mismatch = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(lengths(0, 0)))
          .bytes(new ReferenceDeltaEncoder().encode(lengths(1))).bytes("a".getBytes(UTF_8)).toArray();
      assertThrows(CorruptFileException.class, () -> d.init(mismatch, 0, mismatch.length, 2));
    }
  }

  @Test
  void manyValuesAcrossChunksGrowTheOutput() {
    long seed = 77;
    Random random = new Random(seed);
    int n = 5000;
    String[] values = new String[n];
    long[] prefixes = new long[n];
    long[] suffixLengths = new long[n];
    StringBuilder suffixes = new StringBuilder();
    long[] plainLengths = new long[n];
    StringBuilder all = new StringBuilder();
    String previous = "";
    for (int i = 0; i < n; i++) {
      int prefix = random.nextInt(Math.min(previous.length(), 10) + 1);
      StringBuilder s = new StringBuilder(previous.substring(0, prefix));
      int extra = random.nextInt(12);
      for (int k = 0; k < extra; k++) {
        s.append((char) ('a' + random.nextInt(26)));
      }
      values[i] = s.toString();
      // the encoder must use the longest prefix it likes; any prefix <= common prefix is valid
      prefixes[i] = prefix;
      suffixLengths[i] = values[i].length() - prefix;
      suffixes.append(values[i].substring(prefix));
      plainLengths[i] = values[i].length();
      all.append(values[i]);
      previous = values[i];
    }
    byte[] dba = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(prefixes))
        .bytes(new ReferenceDeltaEncoder().encode(suffixLengths)).bytes(suffixes.toString().getBytes(UTF_8)).toArray();
    byte[] dlba = TestBytes.create().bytes(new ReferenceDeltaEncoder().encode(plainLengths))
        .bytes(all.toString().getBytes(UTF_8)).toArray();
    BinaryValueDecoder[] decoders = {new DeltaByteArrayDecoder(), new DeltaLengthByteArrayDecoder()};
    byte[][] pages = {dba, dlba};
    for (int k = 0; k < 2; k++) {
      decoders[k].init(pages[k], 0, pages[k].length, n);
      try (BinaryOutput out = output(BinaryOutput.OffsetWidth.INT64)) {
        decoders[k].read(out, 1500);
        decoders[k].skip(1000);
        decoders[k].read(out, n - 2500);
        List<String> got = strings(out);
        assertEquals(n - 1000, got.size());
        for (int i = 0; i < got.size(); i++) {
          int source = i < 1500 ? i : i + 1000;
          assertEquals(values[source], got.get(i), "decoder " + k + " value " + source + " seed " + seed);
        }
      }
    }
  }

  @Test
  void buffersLoadIntoArrowVectors() {
    byte[] page = TestBytes.create().le32(3).bytes("abc".getBytes(UTF_8)).le32(0).le32(4)
        .bytes("wxyz".getBytes(UTF_8)).toArray();
    var d = new PlainBinaryDecoder();
    for (BinaryOutput.OffsetWidth w : BinaryOutput.OffsetWidth.values()) {
      d.init(page, 0, page.length, 3);
      try (BinaryOutput out = output(w);
          ArrowBuf validity = memory.allocator().buffer(1);
          FieldVector vector = w == BinaryOutput.OffsetWidth.INT32
              ? new VarCharVector("s", memory.allocator())
              : new LargeVarCharVector("s", memory.allocator())) {
        d.read(out, 3);
        validity.setByte(0, 0b111);
        vector.loadFieldBuffers(new ArrowFieldNode(3, 0), List.of(validity, out.offsets(), out.data()));
        vector.setValueCount(3);
        assertEquals("abc", vector.getObject(0).toString());
        assertEquals("", vector.getObject(1).toString());
        assertEquals("wxyz", vector.getObject(2).toString());
      }
    }
  }

  @Test
  void binaryOutputAppendAndClear() {
    try (BinaryOutput out = output(BinaryOutput.OffsetWidth.INT32)) {
      byte[] big = new byte[10_000];
      big[9_999] = 42;
      out.append(big, 0, big.length);
      out.append(new byte[] {1, 2, 3}, 1, 2);
      assertEquals(2, out.valueCount());
      assertEquals(10_002, out.dataLength());
      assertArrayEquals(new byte[] {2, 3}, out.get(1));
      assertEquals(42, out.get(0)[9_999]);
      out.clear();
      assertEquals(0, out.valueCount());
      out.append(new byte[] {7}, 0, 1);
      assertArrayEquals(new byte[] {7}, out.get(0));
      assertEquals(1, out.offset(1));
    }
  }
}
