package org.parquetarrow.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.util.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.testing.TestData;

/**
 * Decodes every page of the flat columns of corpus files written by other implementations
 * (parquet-mr, Arrow C++, Polars) with this package's decoders, and compares each row with the
 * Arrow C++ golden of the file ({@code expected/*.arrow}). Each page is decoded twice: straight
 * through, and with reads and skips interleaved.
 */
class CorpusDecodingTest {
  private static final int BOOLEAN = 0, INT32 = 1, INT64 = 2, INT96 = 3, FLOAT = 4, DOUBLE = 5,
      BYTE_ARRAY = 6, FLBA = 7;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @ParameterizedTest
  @ValueSource(strings = {
      "data/delta_binary_packed.parquet",
      "data/delta_byte_array.parquet",
      "data/delta_encoding_optional_column.parquet",
      "data/delta_encoding_required_column.parquet",
      "data/delta_length_byte_array.parquet",
      "data/byte_stream_split.zstd.parquet",
      "data/byte_stream_split_extended.gzip.parquet",
      "data/rle_boolean_encoding.parquet",
      "data/datapage_v2.snappy.parquet",
      "data/alltypes_plain.parquet",
      "data/alltypes_dictionary.parquet",
      "data/alltypes_tiny_pages_plain.parquet",
      "data/fixed_length_byte_array.parquet",
      "data/fixed_length_decimal.parquet",
      "data/int32_with_null_pages.parquet",
      "data/plain-dict-uncompressed-checksum.parquet",
      "data/rle-dict-snappy-checksum.parquet",
      "bad_data/ARROW-GH-43605.parquet",
  })
  void decodesLikeArrowCpp(String relative) throws IOException {
    Path file = TestData.parquetTesting().resolve(relative);
    byte[] bytes = CorpusColumns.read(file);
    List<CorpusColumns.Chunk> chunks = new ArrayList<>();
    for (CorpusColumns.Chunk c : CorpusColumns.chunks(bytes, 0)) {
      if (c.flat()) {
        chunks.add(c);
      }
    }
    assertFalse(chunks.isEmpty(), "no flat column in " + relative);
    List<List<Object>> decoded = new ArrayList<>();
    for (CorpusColumns.Chunk c : chunks) {
      decoded.add(decodeChunk(bytes, c));
    }
    Path golden = TestData.parquetTesting().resolve("expected")
        .resolve(relative.replace("/", "__") + ".arrow");
    int compared = compareWithGolden(golden, chunks, decoded);
    assertTrue(compared > 0, "no value compared for " + relative);
  }

  /** bad_data/ARROW-GH-41321: a page's dictionary indices declare bit width 254. */
  @Test
  void hostileBitWidthInCorpusIsCorrupt() {
    byte[] bytes = CorpusColumns.read(TestData.parquetTesting().resolve("bad_data/ARROW-GH-41321.parquet"));
    Set<String> problems = new TreeSet<>();
    LevelDecoder levels = new LevelDecoder();
    DictionaryIndexDecoder indices = new DictionaryIndexDecoder();
    for (CorpusColumns.Chunk c : CorpusColumns.chunks(bytes, 0)) {
      List<CorpusColumns.Page> pages;
      try {
        pages = CorpusColumns.pages(bytes, c);
      } catch (IllegalStateException e) {
        continue; // this file's page headers are damaged too; the test harness cannot walk them
      }
      for (CorpusColumns.Page p : pages) {
        if (p.type() != 0 || (p.encoding() != 2 && p.encoding() != 8)) {
          continue;
        }
        try {
          int used = levels.initV1Rle(p.data(), 0, p.data().length, c.maxRep());
          used += levels.initV1Rle(p.data(), used, p.data().length - used, c.maxDef());
          indices.init(p.data(), used, p.data().length - used, p.numValues(), Integer.MAX_VALUE);
          indices.skip(0);
        } catch (CorruptFileException e) {
          problems.add(e.getMessage());
        }
      }
    }
    assertTrue(problems.stream().anyMatch(m -> m.contains("bit width 254")), problems.toString());
  }

  // ---------------------------------------------------------------- decoding with our decoders

  private List<Object> decodeChunk(byte[] file, CorpusColumns.Chunk c) {
    List<Object> rows = new ArrayList<>();
    Object dictionary = null;
    LevelDecoder levels = new LevelDecoder();
    for (CorpusColumns.Page p : CorpusColumns.pages(file, c)) {
      byte[] body = p.data();
      if (p.type() == 2) {
        dictionary = dictionary(c, p);
        continue;
      }
      int n = p.numValues();
      int valuesStart;
      if (p.type() == 0) {
        valuesStart = c.maxDef() == 0 ? 0
            : p.defEncoding() == 4 ? levels.initV1BitPacked(body, 0, body.length, c.maxDef(), n)
            : levels.initV1Rle(body, 0, body.length, c.maxDef());
        if (c.maxDef() == 0) {
          levels.initV1Rle(body, 0, body.length, 0);
        }
      } else {
        // v2 layout: repetition levels, then definition levels, then values
        levels.initV2(body, p.repLength(), p.defLength(), c.maxDef());
        valuesStart = p.defLength() + p.repLength();
      }
      boolean[] valid = new boolean[n];
      int nonNull;
      try (ArrowBuf validity = memory.allocator().buffer((n + 7) / 8 + 1)) {
        nonNull = levels.readValidity(validity, 0, n);
        for (int i = 0; i < n; i++) {
          valid[i] = (validity.getByte(i >>> 3) & (1 << (i & 7))) != 0;
        }
      }
      if (p.type() == 3) {
        assertEquals(n - p.numNulls(), nonNull, c.path() + ": v2 null count");
      }
      int valuesLength = body.length - valuesStart;
      List<Object> dense = decodeValues(c, p.encoding(), dictionary, body, valuesStart, valuesLength, n, nonNull, false);
      List<Object> skipped = decodeValues(c, p.encoding(), dictionary, body, valuesStart, valuesLength, n, nonNull, true);
      for (int i = 0; i < nonNull; i++) {
        if (skipped.get(i) != null) {
          assertEquals(dense.get(i), skipped.get(i), c.path() + ": value " + i + " after skips");
        }
      }
      int next = 0;
      for (int i = 0; i < n; i++) {
        rows.add(valid[i] ? dense.get(next++) : null);
      }
    }
    return rows;
  }

  private static Object dictionary(CorpusColumns.Chunk c, CorpusColumns.Page p) {
    byte[] b = p.data();
    if (c.physicalType() == BYTE_ARRAY) {
      return BinaryDictionary.fromPlain(b, 0, b.length, p.numValues());
    }
    return FixedWidthDictionary.fromPlain(b, 0, b.length, p.numValues(), width(c));
  }

  private static int width(CorpusColumns.Chunk c) {
    switch (c.physicalType()) {
      case INT32:
      case FLOAT:
        return 4;
      case INT64:
      case DOUBLE:
        return 8;
      case INT96:
        return 12;
      case FLBA:
        return c.typeLength();
      default:
        throw new IllegalArgumentException("type " + c.physicalType());
    }
  }

  /**
   * Decodes a page's {@code count} values to canonical objects; with {@code withSkips}, every
   * third stretch is skipped and left null.
   */
  private List<Object> decodeValues(CorpusColumns.Chunk c, int encoding, Object dictionary,
      byte[] buf, int off, int len, int pageValues, int count, boolean withSkips) {
    BufferAllocator allocator = memory.allocator();
    List<Object> out = new ArrayList<>();
    int[] stretches = withSkips ? new int[] {1, 2, 3, 31, 33, 64, 100, 7} : new int[] {Integer.MAX_VALUE};
    if (c.physicalType() == BOOLEAN) {
      BooleanValueDecoder d = encoding == 0 ? new PlainBooleanDecoder() : new RleBooleanDecoder();
      d.init(buf, off, len, pageValues);
      try (ArrowBuf bits = allocator.buffer(count / 8 + 1)) {
        for (int done = 0, s = 0; done < count; s++) {
          int k = Math.min(stretches[s % stretches.length], count - done);
          if (s % 3 == 2) {
            d.skip(k);
            out.addAll(java.util.Collections.nCopies(k, null));
          } else {
            d.read(bits, done, k);
            for (int i = done; i < done + k; i++) {
              out.add((bits.getByte(i >>> 3) & (1 << (i & 7))) != 0);
            }
          }
          done += k;
        }
      }
      return out;
    }
    if (c.physicalType() == BYTE_ARRAY || (c.physicalType() == FLBA && encoding == 7)) {
      BinaryValueDecoder d;
      switch (encoding) {
        case 0: d = new PlainBinaryDecoder(); break;
        case 2: case 8: d = new DictionaryBinaryDecoder((BinaryDictionary) dictionary); break;
        case 6: d = new DeltaLengthByteArrayDecoder(); break;
        case 7: d = c.physicalType() == FLBA ? new DeltaByteArrayDecoder(c.typeLength()) : new DeltaByteArrayDecoder(); break;
        default: throw new IllegalArgumentException("encoding " + encoding);
      }
      d.init(buf, off, len, pageValues);
      try (BinaryOutput values = new BinaryOutput(allocator, BinaryOutput.OffsetWidth.INT32, 16, 64)) {
        List<Boolean> kept = new ArrayList<>();
        for (int done = 0, s = 0; done < count; s++) {
          int k = Math.min(stretches[s % stretches.length], count - done);
          boolean skip = s % 3 == 2;
          if (skip) {
            d.skip(k);
          } else {
            d.read(values, k);
          }
          kept.addAll(java.util.Collections.nCopies(k, !skip));
          done += k;
        }
        int next = 0;
        for (boolean k : kept) {
          out.add(k ? HexFormat.of().formatHex(values.get(next++)) : null);
        }
      }
      return out;
    }
    int w = width(c);
    FixedWidthValueDecoder d;
    switch (encoding) {
      case 0: d = new PlainFixedWidthDecoder(w); break;
      case 2: case 8: d = new DictionaryFixedWidthDecoder((FixedWidthDictionary) dictionary); break;
      case 5: d = c.physicalType() == INT32 ? DeltaBinaryPackedDecoder.int32() : DeltaBinaryPackedDecoder.int64(); break;
      case 9: d = new ByteStreamSplitDecoder(w); break;
      default: throw new IllegalArgumentException("encoding " + encoding);
    }
    d.init(buf, off, len, pageValues);
    assertEquals(w, d.byteWidth());
    try (ArrowBuf values = allocator.buffer((long) Math.max(count, 1) * w)) {
      boolean[] kept = new boolean[count];
      for (int done = 0, s = 0; done < count; s++) {
        int k = Math.min(stretches[s % stretches.length], count - done);
        if (s % 3 == 2) {
          d.skip(k);
        } else {
          d.read(values, (long) done * w, k);
          Arrays.fill(kept, done, done + k, true);
        }
        done += k;
      }
      for (int i = 0; i < count; i++) {
        out.add(kept[i] ? canonical(c, values, i) : null);
      }
    }
    return out;
  }

  private static Object canonical(CorpusColumns.Chunk c, ArrowBuf values, int i) {
    switch (c.physicalType()) {
      case INT32:
        return (long) values.getInt(4L * i);
      case FLOAT:
        return (long) values.getInt(4L * i);
      case INT64:
      case DOUBLE:
        return values.getLong(8L * i);
      case INT96: {
        long nanosOfDay = values.getLong(12L * i);
        int julianDay = values.getInt(12L * i + 8);
        return (julianDay - 2_440_588L) * 86_400_000_000_000L + nanosOfDay;
      }
      default: {
        byte[] b = new byte[c.typeLength()];
        values.getBytes((long) i * b.length, b, 0, b.length);
        return HexFormat.of().formatHex(b);
      }
    }
  }

  // ---------------------------------------------------------------- the Arrow C++ golden

  private int compareWithGolden(Path golden, List<CorpusColumns.Chunk> chunks, List<List<Object>> decoded)
      throws IOException {
    int compared = 0;
    try (SeekableReadChannel channel = new SeekableReadChannel(Files.newByteChannel(golden));
        ArrowFileReader reader = new ArrowFileReader(channel, memory.allocator())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      int base = 0;
      while (reader.loadNextBatch()) {
        for (int k = 0; k < chunks.size(); k++) {
          CorpusColumns.Chunk c = chunks.get(k);
          FieldVector v = root.getVector(c.path());
          assertNotNull(v, "golden has no column " + c.path());
          for (int i = 0; i < root.getRowCount(); i++) {
            Object mine = decoded.get(k).get(base + i);
            String where = golden.getFileName() + " " + c.path() + " row " + (base + i);
            if (v.isNull(i)) {
              assertEquals(null, mine, where);
              continue;
            }
            if (mine == null) {
              fail(where + ": decoded null, golden " + v.getObject(i));
            }
            assertEquals(goldenCanonical(c, v, i, mine), mine, where);
            compared++;
          }
        }
        base += root.getRowCount();
      }
      for (List<Object> column : decoded) {
        assertEquals(base, column.size(), "row count");
      }
    }
    return compared;
  }

  /** The golden value in the canonical form of {@link #canonical} for the column's physical type. */
  private static Object goldenCanonical(CorpusColumns.Chunk c, FieldVector v, int i, Object mine) {
    switch (c.physicalType()) {
      case BOOLEAN:
        return ((BitVector) v).getObject(i);
      case INT32: {
        // logical types may narrow (INT8, UINT16...): compare the bits the golden keeps
        int w = ((BaseFixedWidthVector) v).getTypeWidth();
        long raw = rawLe(v, i, Math.min(w, 4));
        if (w >= 4) {
          return (long) (int) raw;
        }
        long mask = (1L << (8 * w)) - 1;
        return (((Long) mine) & mask) == raw ? mine : raw;
      }
      case FLOAT:
        return (long) (int) rawLe(v, i, 4);
      case INT64:
      case DOUBLE:
      case INT96:
        return rawLe(v, i, 8);
      case BYTE_ARRAY: {
        Object o = v.getObject(i);
        byte[] b = o instanceof Text ? ((Text) o).copyBytes() : (byte[]) o;
        return HexFormat.of().formatHex(b);
      }
      default: {
        if (v instanceof DecimalVector) {
          BigInteger unscaled = ((BigDecimal) v.getObject(i)).unscaledValue();
          BigInteger mineValue = new BigInteger(HexFormat.of().parseHex((String) mine));
          return unscaled.equals(mineValue) ? mine : "decimal " + unscaled;
        }
        if (v instanceof FixedSizeBinaryVector) {
          return HexFormat.of().formatHex(((FixedSizeBinaryVector) v).getObject(i));
        }
        // FLOAT16 and other fixed-width logical types keep the raw little-endian bytes
        byte[] b = new byte[c.typeLength()];
        ((BaseFixedWidthVector) v).getDataBuffer().getBytes((long) i * b.length, b, 0, b.length);
        return HexFormat.of().formatHex(b);
      }
    }
  }

  private static long rawLe(FieldVector v, int i, int width) {
    ArrowBuf data = ((BaseFixedWidthVector) v).getDataBuffer();
    int typeWidth = ((BaseFixedWidthVector) v).getTypeWidth();
    long raw = 0;
    for (int b = 0; b < width; b++) {
      raw |= (data.getByte((long) i * typeWidth + b) & 0xffL) << (8 * b);
    }
    return raw;
  }
}
