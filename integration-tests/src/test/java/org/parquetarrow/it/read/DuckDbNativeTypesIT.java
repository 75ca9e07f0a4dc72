package org.parquetarrow.it.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.it.peers.DuckDbPeer;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * Types only DuckDB's SQL reaches (its Arrow import cannot make them, so {@code DuckDbPeerIT}'s
 * random tables never hold them), written by DuckDB's own {@code COPY ... TO} with each codec, v2
 * pages, small row groups and no dictionary: ENUM, UUID, INTERVAL, TIMESTAMPTZ, TIMESTAMP_NS/_MS/_S,
 * TIME, DECIMAL on INT32, INT64 and FIXED_LEN_BYTE_ARRAY, HUGEINT and UHUGEINT (stored as DOUBLE),
 * the unsigned integers, MAP with a null value, UNION, fixed-size ARRAY, JSON, BLOB and 100 KB
 * strings. Every value is checked against what the SQL that made it says row {@code i} holds,
 * worked out here independently of both readers; DuckDB reading the same file back gave the same
 * values when this test was written.
 */
class DuckDbNativeTypesIT {
  @TempDir Path dir;

  private static final String SELECT = "SELECT i::INT AS id, "
      + "CASE WHEN i % 5 = 0 THEN NULL ELSE (['sad', 'ok', 'happy'])[i % 3 + 1]::mood END AS e, "
      + "('00000000-0000-0000-0000-' || lpad(i::VARCHAR, 12, '0'))::UUID AS u, "
      + "CASE WHEN i % 4 = 0 THEN NULL ELSE INTERVAL (i) DAY + INTERVAL (i) MONTH + INTERVAL (i * 1000) MILLISECOND END AS iv, "
      + "TIMESTAMPTZ '2024-01-01 00:00:00+00' + INTERVAL (i) HOUR AS tstz, "
      + "TIMESTAMP_NS '2024-01-01 00:00:00' + INTERVAL (i) MICROSECOND AS tsns, "
      + "TIMESTAMP_MS '2024-01-01 00:00:00' + INTERVAL (i) SECOND AS tsms, "
      + "TIMESTAMP_S '2024-01-01 00:00:00' + INTERVAL (i) SECOND AS tss, "
      + "TIME '01:02:03' + INTERVAL (i) SECOND AS tm, "
      + "(i / 100)::DECIMAL(4,2) AS d4, (i * 1.001)::DECIMAL(9,3) AS d9, (i * 123456789.123)::DECIMAL(18,3) AS d18, "
      + "(i::HUGEINT * 10000000000000000000)::DECIMAL(38,0) AS d38, "
      + "i::HUGEINT * 100000000000000000000 AS hi, i::UHUGEINT AS uhi, "
      + "(i % 256)::UTINYINT AS ut, i::USMALLINT AS us, i::UINTEGER AS ui, i::UBIGINT * 1000000000000 AS ub, "
      + "MAP {'k' || i: i, 'z': NULL} AS m, union_value(num := i) AS un, "
      + "CASE WHEN i % 20 = 0 THEN repeat('x', 100000) || i ELSE 'short' END AS big, "
      + "('{\"a\": ' || i || '}')::JSON AS js, i::FLOAT / 3 AS f, i::DOUBLE / 7 AS dbl, (i % 2 = 0) AS bo, "
      + "DATE '2024-01-01' + (i::INT) AS dt, '\\xAA\\xBB'::BLOB AS bl, [1, 2, 3]::INT[3] AS arr, "
      + "CASE WHEN i % 3 = 0 THEN NULL ELSE ('a' || i)::VARCHAR END AS sn "
      + "FROM range(0, " + DuckDbNativeTypesIT.ROWS + ") r(i)";

  static final int ROWS = 1200;

  private static final String[][] VARIANTS = {
    {"snappy", "COMPRESSION snappy", "SNAPPY"},
    {"zstd-row-groups-1000", "COMPRESSION zstd, ROW_GROUP_SIZE 1000", "ZSTD"},
    {"gzip-v2", "COMPRESSION gzip, PARQUET_VERSION v2", "GZIP"},
    {"lz4-row-groups-100", "COMPRESSION lz4, ROW_GROUP_SIZE 100", "LZ4_RAW"},
    {"brotli", "COMPRESSION brotli", "BROTLI"},
    {"uncompressed-no-dictionary", "COMPRESSION uncompressed, DICTIONARY_SIZE_LIMIT 1", "UNCOMPRESSED"},
  };

  private static final LocalDateTime BASE = LocalDateTime.of(2024, 1, 1, 0, 0);

  @Test
  void duckDbsOwnTypesReadAsItsSqlMadeThemUnderEveryCodec() throws Exception {
    try (Connection c = DuckDbPeer.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
      for (String[] v : VARIANTS) {
        Path file = dir.resolve("duck-" + v[0] + ".parquet");
        s.execute("COPY (" + SELECT + ") TO '" + file + "' (FORMAT parquet, " + v[1] + ")");
        check(file, v[2]);
      }
    }
  }

  private static void check(Path file, String codec) {
    try (BufferAllocator allocator = new RootAllocator();
        ParquetFileReader reader = ParquetFileReader.open(file, ReadOptions.builder(allocator).batchSize(700).build())) {
      for (var g : reader.metadata().rowGroups()) {
        for (ColumnChunk chunk : g.columns()) {
          assertEquals(codec, chunk.metaData().codec().name(), file + " is written with the codec it is named for");
        }
      }
      Set<Integer> seen = new HashSet<>();
      VectorSchemaRoot next;
      while ((next = reader.readNextBatch()) != null) {
        try (VectorSchemaRoot b = next) {
          for (int r = 0; r < b.getRowCount(); r++) {
            int i = ((IntVector) b.getVector("id")).get(r);
            assertTrue(seen.add(i), "row " + i + " once");
            checkRow(b, r, i, file.getFileName().toString());
          }
        }
      }
      assertEquals(ROWS, seen.size());
    } // the allocator closes after the reader and fails on any buffer left
  }

  private static void checkRow(VectorSchemaRoot b, int r, int i, String f) {
    String at = f + " row " + i + " ";
    Object e = b.getVector("e").getObject(r);
    if (i % 5 == 0) {
      assertNull(e, at + "e");
    } else {
      assertEquals(new String[] {"sad", "ok", "happy"}[i % 3], e.toString(), at + "e");
    }
    byte[] uuid = ByteBuffer.allocate(16).putLong(0).putShort((short) 0)
        .putShort((short) (Long.parseLong(String.format("%012d", i), 16) >>> 32))
        .putInt((int) Long.parseLong(String.format("%012d", i), 16)).array();
    assertArrayEquals(uuid, ((FixedSizeBinaryVector) b.getVector("u")).get(r), at + "u");
    FixedSizeBinaryVector iv = (FixedSizeBinaryVector) b.getVector("iv");
    if (i % 4 == 0) {
      assertTrue(iv.isNull(r), at + "iv");
    } else {
      // parquet INTERVAL: little-endian months, days, milliseconds
      byte[] expected = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(i).putInt(i).putInt(i * 1000).array();
      assertArrayEquals(expected, iv.get(r), at + "iv");
    }
    TimeStampMicroTZVector tstz = (TimeStampMicroTZVector) b.getVector("tstz");
    assertEquals("UTC", ((org.apache.arrow.vector.types.pojo.ArrowType.Timestamp) tstz.getField().getType()).getTimezone());
    assertEquals(micros(Instant.parse("2024-01-01T00:00:00Z").plus(Duration.ofHours(i))), tstz.get(r), at + "tstz");
    // DuckDB stores TIMESTAMP_NS, _MS and _S as TIMESTAMP(MICROS) (checked in the file's schema by the reader's type)
    assertEquals(micros(BASE.toInstant(ZoneOffset.UTC)) + i, ((TimeStampMicroVector) b.getVector("tsns")).get(r), at + "tsns");
    assertEquals(micros(BASE.plusSeconds(i).toInstant(ZoneOffset.UTC)), ((TimeStampMicroVector) b.getVector("tsms")).get(r), at + "tsms");
    assertEquals(micros(BASE.plusSeconds(i).toInstant(ZoneOffset.UTC)), ((TimeStampMicroVector) b.getVector("tss")).get(r), at + "tss");
    assertEquals((3723L + i) * 1_000_000L, ((TimeMicroVector) b.getVector("tm")).get(r), at + "tm");
    assertEquals(BigDecimal.valueOf(i, 2), ((DecimalVector) b.getVector("d4")).getObject(r), at + "d4");
    assertEquals(BigDecimal.valueOf(i * 1001L, 3), ((DecimalVector) b.getVector("d9")).getObject(r), at + "d9");
    assertEquals(BigDecimal.valueOf(i * 123456789123L, 3), ((DecimalVector) b.getVector("d18")).getObject(r), at + "d18");
    assertEquals(new BigDecimal(BigInteger.valueOf(i).multiply(BigInteger.TEN.pow(19))),
        ((DecimalVector) b.getVector("d38")).getObject(r), at + "d38");
    assertEquals(new BigDecimal(BigInteger.valueOf(i).multiply(BigInteger.TEN.pow(20))).doubleValue(),
        ((Float8Vector) b.getVector("hi")).get(r), at + "hi");
    assertEquals(i, ((Float8Vector) b.getVector("uhi")).get(r), at + "uhi");
    assertEquals(i % 256, Byte.toUnsignedInt(((UInt1Vector) b.getVector("ut")).get(r)), at + "ut");
    assertEquals(i, ((UInt2Vector) b.getVector("us")).get(r), at + "us");
    assertEquals(i, ((UInt4Vector) b.getVector("ui")).get(r), at + "ui");
    assertEquals(i * 1_000_000_000_000L, ((UInt8Vector) b.getVector("ub")).get(r), at + "ub");
    assertEquals("[{\"key\":\"k" + i + "\",\"value\":" + i + "},{\"key\":\"z\"}]", b.getVector("m").getObject(r).toString(), at + "m");
    // a UNION is stored as a struct of its tag and members
    assertEquals("{\"element1\":0,\"num\":" + i + "}", b.getVector("un").getObject(r).toString(), at + "un");
    String big = ((VarCharVector) b.getVector("big")).getObject(r).toString();
    assertEquals(i % 20 == 0 ? "x".repeat(100_000) + i : "short", big, at + "big");
    assertEquals("{\"a\": " + i + "}", b.getVector("js").getObject(r).toString(), at + "js");
    assertEquals((float) i / 3f, ((Float4Vector) b.getVector("f")).get(r), at + "f");
    assertEquals((double) i / 7d, ((Float8Vector) b.getVector("dbl")).get(r), at + "dbl");
    assertEquals(i % 2 == 0 ? 1 : 0, ((BitVector) b.getVector("bo")).get(r), at + "bo");
    assertEquals(LocalDate.of(2024, 1, 1).plusDays(i).toEpochDay(), ((DateDayVector) b.getVector("dt")).get(r), at + "dt");
    assertArrayEquals(new byte[] {(byte) 0xAA, (byte) 0xBB}, ((VarBinaryVector) b.getVector("bl")).get(r), at + "bl");
    assertEquals("[1,2,3]", b.getVector("arr").getObject(r).toString(), at + "arr");
    FieldVector sn = b.getVector("sn");
    if (i % 3 == 0) {
      assertTrue(sn.isNull(r), at + "sn");
    } else {
      assertEquals("a" + i, sn.getObject(r).toString(), at + "sn");
    }
  }

  private static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }
}
