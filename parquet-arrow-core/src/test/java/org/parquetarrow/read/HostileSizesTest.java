package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.parquetarrow.read.HostileFile.concat;
import static org.parquetarrow.read.HostileFile.ints;
import static org.parquetarrow.read.HostileFile.rleRun;
import static org.parquetarrow.read.HostileFile.v1Levels;

import com.github.luben.zstd.Zstd;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.Repetition;

/**
 * Sizes a file declares (a {@code type_length}, a row count, a level count, a string length) that
 * would make a batch ask the caller's allocator for an absurd amount: each read ends in a typed
 * {@link ParquetException} naming the column and what was asked, never in Arrow's
 * {@code OutOfMemoryException} or the JDK's {@code OutOfMemoryError}, and the allocator closes with
 * nothing outstanding. The expected byte counts are worked out from Arrow's layouts: a validity bit
 * per row, four bytes per INT32 offset or dictionary index, {@code type_length} bytes per fixed-size
 * binary row.
 */
class HostileSizesTest {
  private static final long ONE_MIB = 1 << 20;

  @Test
  void aRequiredFixedLenByteArrayWiderThanItsChunkIsCorruptBeforeAnythingIsAllocated() {
    // type_length 1 GiB, 1,024 rows: the batch would ask 1 TiB; the chunk holds 16 bytes of values
    for (long limit : new long[] {ONE_MIB, Long.MAX_VALUE}) {
      HostileFile file = HostileFile.flat(PhysicalType.FIXED_LEN_BYTE_ARRAY, 1 << 30, Repetition.REQUIRED, 1024)
          .dataPage(1024, Encoding.PLAIN, new byte[16]);
      ParquetException e = refused(file, limit, 1024, null);
      assertInstanceOf(CorruptFileException.class, e, e.toString());
      assertTrue(e.problem().contains("1073741824-byte values has a chunk of"), e.getMessage());
      assertEquals("c", e.location().column());
      assertEquals(0, e.location().rowGroup());
    }
  }

  @Test
  void anAllNullFixedLenByteArrayAsWideAsAGibibyteIsRefusedByTheAllocatorAsATypedError() {
    // an optional column of nulls stores no values, so the chunk cannot bound the width; the
    // Arrow layout still needs 1,024 x 1 GiB of zeros
    HostileFile file = HostileFile.flat(PhysicalType.FIXED_LEN_BYTE_ARRAY, 1 << 30, Repetition.OPTIONAL, 1024)
        .dataPage(1024, Encoding.PLAIN, v1Levels(rleRun(1024, 0)));
    ParquetException e = refused(file, ONE_MIB, 1024, null);
    assertTrue(e.problem().startsWith(
        "a batch of 1024 values of 1073741824 bytes needs 1099511627776 bytes, more than the allocator allows"),
        e.getMessage());
    assertEquals("c", e.location().column());
  }

  @Test
  void aHugeRowCountMakesTheValidityBitmapARefusalNamingTheColumn() {
    // 2^24 rows in one batch: 2 MiB of validity bits against 1 MiB
    int rows = 1 << 24;
    HostileFile file = HostileFile.flat(PhysicalType.INT32, null, Repetition.OPTIONAL, rows)
        .dataPage(rows, Encoding.PLAIN, v1Levels(rleRun(rows, 0)));
    ParquetException e = refused(file, ONE_MIB, rows, null);
    assertTrue(e.problem().startsWith("a batch of 16777216 validity bits needs 2097152 bytes,"), e.getMessage());
    assertEquals("c", e.location().column());
  }

  @Test
  void booleansPastTheLimitAreARefusal() {
    // 2^23 required booleans: 1 MiB of validity (allowed) then 1 MiB of values (refused)
    int rows = 1 << 23;
    HostileFile file = HostileFile.flat(PhysicalType.BOOLEAN, null, Repetition.REQUIRED, rows)
        .dataPage(rows, Encoding.RLE, concat(ints(rleRun(rows, 1).length), rleRun(rows, 1)));
    ParquetException e = refused(file, ONE_MIB + ONE_MIB / 2, rows, null);
    assertTrue(e.problem().startsWith("a batch of 8388608 booleans needs 1048576 bytes,"), e.getMessage());
    assertEquals("c", e.location().column());
  }

  @Test
  void dictionaryIndicesPastTheLimitAreARefusal() {
    // read as an Arrow dictionary: 2^20 rows need 128 KiB of validity and 4 MiB of indices
    int rows = 1 << 20;
    HostileFile file = HostileFile.flat(PhysicalType.BYTE_ARRAY, null, Repetition.OPTIONAL, rows)
        .dictionaryPage(1, ints(0))
        .dataPage(rows, Encoding.RLE_DICTIONARY, v1Levels(rleRun(rows, 0)));
    ParquetException e = refused(file, ONE_MIB, rows, "c");
    assertTrue(e.problem().startsWith("a batch of 1048576 dictionary indices needs 4194304 bytes,"),
        e.getMessage());
    assertEquals("c", e.location().column());
  }

  @Test
  void stringOffsetsPastTheLimitAreARefusal() {
    // 2^20 rows of strings: 4 MiB + 4 bytes of INT32 offsets
    int rows = 1 << 20;
    HostileFile file = HostileFile.flat(PhysicalType.BYTE_ARRAY, null, Repetition.OPTIONAL, rows)
        .dataPage(rows, Encoding.PLAIN, v1Levels(rleRun(rows, 0)));
    ParquetException e = refused(file, ONE_MIB, rows, null);
    assertTrue(e.problem().startsWith("a batch of 1048577 offsets needs 4194308 bytes,"), e.getMessage());
    assertEquals("c", e.location().column());
  }

  @Test
  void aStringLargerThanTheLimitIsARefusalWhenItsBufferGrows() {
    // one real value of 1.5 MiB: the data buffer (64 bytes for a first batch of one row) grows to hold it
    int length = 3 << 19;
    HostileFile file = HostileFile.flat(PhysicalType.BYTE_ARRAY, null, Repetition.REQUIRED, 1)
        .dataPage(1, Encoding.PLAIN, concat(ints(length), new byte[length]));
    ParquetException e = refused(file, ONE_MIB, 1, null);
    assertTrue(e.problem().contains("bytes of values needs"), e.getMessage());
    assertTrue(e.problem().contains("more than the allocator allows (limit 1048576,"), e.getMessage());
    assertEquals("c", e.location().column());
  }

  @Test
  void aStringLengthPastThePageIsCorrupt() {
    HostileFile file = HostileFile.flat(PhysicalType.BYTE_ARRAY, null, Repetition.REQUIRED, 1)
        .dataPage(1, Encoding.PLAIN, ints(Integer.MAX_VALUE, 0));
    for (long limit : new long[] {ONE_MIB, Long.MAX_VALUE}) {
      ParquetException e = refused(file, limit, 16, null);
      assertInstanceOf(CorruptFileException.class, e, e.toString());
      assertTrue(e.problem().contains("value length 2147483647"), e.getMessage());
      assertEquals("c", e.location().column());
    }
  }

  @Test
  void aDictionaryPageClaimingMoreEntriesThanItsBytesIsCorrupt() {
    for (long limit : new long[] {ONE_MIB, Long.MAX_VALUE}) {
      HostileFile binary = HostileFile.flat(PhysicalType.BYTE_ARRAY, null, Repetition.REQUIRED, 1)
          .dictionaryPage(Integer.MAX_VALUE, ints(0))
          .dataPage(1, Encoding.RLE_DICTIONARY, new byte[] {0, 2, 0});
      ParquetException e = refused(binary, limit, 16, null);
      assertInstanceOf(CorruptFileException.class, e, e.toString());
      assertEquals("c", e.location().column());
      HostileFile fixed = HostileFile.flat(PhysicalType.INT64, null, Repetition.REQUIRED, 1)
          .dictionaryPage(Integer.MAX_VALUE, new byte[8])
          .dataPage(1, Encoding.RLE_DICTIONARY, new byte[] {0, 2, 0});
      e = refused(fixed, limit, 16, "c");
      assertInstanceOf(CorruptFileException.class, e, e.toString());
      assertTrue(e.problem().contains("2147483647 values of 8 bytes need 17179869176 bytes"), e.getMessage());
      assertEquals("c", e.location().column());
    }
  }

  @Test
  void aListOfAMillionNullElementsIsARefusalOfItsOffsets() {
    // one record whose list holds 2^20 null elements (levels only, no values): the assembly's
    // offsets need (2^20 + 1) x 4 bytes
    int n = 1 << 20;
    HostileFile file = HostileFile.listOfInts(1)
        .dataPage(n, Encoding.PLAIN, concat(
            v1Levels(concat(rleRun(1, 0), rleRun(n - 1, 1))),
            v1Levels(rleRun(n, 2))));
    ParquetException e = refused(file, ONE_MIB, 16, null);
    assertTrue(e.problem().startsWith("a batch of 1048577 list offsets needs 4194308 bytes,"), e.getMessage());
    assertEquals("l", e.location().column());
  }

  @Test
  void aListOfTwoBillionElementsStopsAtTheBatchsLevelEntryCap() {
    // the levels are heap arrays, capped at 2^26 entries a batch (RepeatedLevels): the Arrow limit
    // plays no part, so one read with an unlimited allocator
    HostileFile file = HostileFile.listOfInts(1)
        .dataPage(Integer.MAX_VALUE, Encoding.PLAIN, concat(
            v1Levels(concat(rleRun(1, 0), rleRun(Integer.MAX_VALUE - 1, 1))),
            v1Levels(rleRun(Integer.MAX_VALUE, 2))));
    ParquetException e = refused(file, Long.MAX_VALUE, 16, null);
    assertTrue(e.problem().contains("holds more than 67108864 level entries"), e.getMessage());
    assertEquals("l.list.element", e.location().column());
  }

  @Test
  void aLegitimateBatchJustUnderTheLimitReads() {
    // 2^17 required INT32 values (512 KiB) and their validity (16 KiB) under 1 MiB: every value back
    int rows = 1 << 17;
    int[] values = new int[rows];
    for (int i = 0; i < rows; i++) {
      values[i] = i * 31 - 7;
    }
    HostileFile file = HostileFile.flat(PhysicalType.INT32, null, Repetition.REQUIRED, rows)
        .dataPage(rows, Encoding.PLAIN, ints(values));
    try (BufferAllocator allocator = new RootAllocator(ONE_MIB)) {
      try (ParquetFileReader reader = ParquetFileReader.open(file.file(),
          ReadOptions.builder(allocator).batchSize(rows).build())) {
        try (VectorSchemaRoot batch = reader.readNextBatch()) {
          IntVector c = (IntVector) batch.getVector("c");
          int[] read = new int[rows];
          for (int i = 0; i < rows; i++) {
            read[i] = c.get(i);
          }
          assertArrayEquals(values, read);
        }
        assertNull(reader.readNextBatch());
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  @Test
  void aRequiredFixedLenByteArrayWhoseChunkHoldsItsValuesPassesTheWidthCheck() {
    // three 16-byte values, PLAIN: the chunk (header + 48 bytes) is wider than one value
    byte[] body = new byte[48];
    for (int i = 0; i < body.length; i++) {
      body[i] = (byte) i;
    }
    HostileFile file = HostileFile.flat(PhysicalType.FIXED_LEN_BYTE_ARRAY, 16, Repetition.REQUIRED, 3)
        .dataPage(3, Encoding.PLAIN, body);
    try (BufferAllocator allocator = new RootAllocator(ONE_MIB);
        ParquetFileReader reader = ParquetFileReader.open(file.file(), ReadOptions.builder(allocator).build());
        VectorSchemaRoot batch = reader.readNextBatch()) {
      FixedSizeBinaryVector c = (FixedSizeBinaryVector) batch.getVector("c");
      assertEquals(3, batch.getRowCount());
      for (int r = 0; r < 3; r++) {
        assertArrayEquals(Arrays.copyOfRange(body, 16 * r, 16 * r + 16), c.get(r));
      }
    }
  }

  /**
   * ZSTD has no bound on its expansion, so a page header's decompressed size cannot be checked
   * against its stored bytes: 13 bytes of ZSTD (three INT32 values) claiming 512 MiB must be seen to
   * decode to that before a 512 MiB array is taken for them: the refusal is the count's (the
   * decompressor's own error about a short frame would come only after the allocation).
   */
  @Test
  void aFewBytesOfZstdClaimingAHugePageAreCountedBeforeThePageIsAllocated() {
    byte[] zstd = Zstd.compress(ints(1, 2, 3));
    int claimed = 512 << 20;
    HostileFile file = HostileFile.flat(PhysicalType.INT32, null, Repetition.REQUIRED, 3)
        .compressedDataPage(3, CompressionCodec.ZSTD, claimed, zstd);
    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions options = ReadOptions.builder(allocator).pageReadAhead(ReadOptions.PageReadAhead.OFF).build();
      ParquetException e = assertThrows(ParquetException.class, () -> {
        try (ParquetFileReader reader = ParquetFileReader.open(file.file(), options)) {
          reader.readNextBatch().close();
        }
      });
      assertInstanceOf(CorruptFileException.class, e, e.toString());
      assertTrue(e.problem().contains("page claims " + claimed + " bytes decompressed from " + zstd.length
          + " bytes of ZSTD, which do not decode to that many"), e.getMessage());
      assertEquals("c", e.location().column());
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }

  /**
   * Reads {@code file} to the end expecting a {@link ParquetException}; checks that the allocator
   * (limited to {@code limit} bytes) holds nothing once the reader is closed.
   */
  private static ParquetException refused(HostileFile file, long limit, int batchSize, String dictionaryColumn) {
    ParquetException thrown;
    try (BufferAllocator allocator = new RootAllocator(limit)) {
      ReadOptions.Builder options = ReadOptions.builder(allocator).batchSize(batchSize);
      if (dictionaryColumn != null) {
        options.dictionaryColumns(dictionaryColumn);
      }
      thrown = assertThrows(ParquetException.class, () -> {
        try (ParquetFileReader reader = ParquetFileReader.open(file.file(), options.build())) {
          VectorSchemaRoot batch;
          while ((batch = reader.readNextBatch()) != null) {
            batch.close();
          }
        }
      });
      assertEquals(0, allocator.getAllocatedMemory(), allocator.toVerboseString());
    }
    assertFalse(thrown.getMessage().isEmpty());
    return thrown;
  }
}
