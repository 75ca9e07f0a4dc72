package org.parquetarrow.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.LogicalType;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.schema.ParquetVersion;
import org.parquetarrow.testing.LeakCheckingAllocator;

/**
 * Timestamps written in a coarser unit than their Arrow type's: a value that would lose its
 * sub-unit part is refused unless truncation is allowed, as Arrow C++ does ({@code
 * allow_truncated_timestamps}, off by default; always checked for the nanosecond to microsecond
 * conversion of formats before 2.6), and a value that would overflow the finer unit is refused.
 */
class TimestampCoercionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private VectorSchemaRoot timestamps(TimeUnit unit, long... values) {
    Schema schema = new Schema(List.of(Field.nullable("ts", new ArrowType.Timestamp(unit, "UTC"))));
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
    TimeStampVector v = (TimeStampVector) root.getVector(0);
    v.allocateNew(values.length);
    for (int i = 0; i < values.length; i++) {
      v.set(i, values[i]);
    }
    root.setRowCount(values.length);
    return root;
  }

  private static WriterProperties coerceToMicros(boolean allowTruncation) {
    return WriterProperties.builder().allowTruncatedTimestamps(allowTruncation)
        .arrowOptions(ArrowWriteOptions.builder().coerceTimestamps(TimeUnit.MICROSECOND).build()).build();
  }

  private static byte[] int64(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  private Statistics statistics(Path file) throws Exception {
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      return m.rowGroups().get(0).columns().get(0).metaData().statistics();
    }
  }

  @Test
  void aLossyCoercionIsRefusedNamingTheColumnAndFailsTheWriter() throws Exception {
    Path file = dir.resolve("refused.parquet");
    try (VectorSchemaRoot lossy = timestamps(TimeUnit.NANOSECOND, 2_000L, 1_000_001L);
        VectorSchemaRoot exact = timestamps(TimeUnit.NANOSECOND, 5_000L, -3_000L)) {
      try (ParquetFileWriter w = ParquetFileWriter.open(file, lossy.getSchema(), coerceToMicros(false))) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(lossy));
        assertTrue(e.getMessage().contains("ts") && e.getMessage().contains("1000001"), e.getMessage());
        // a failed write fails the writer: nothing is published
        assertSame(e, assertThrows(WriterFailedException.class, w::close).getCause());
      }
      assertFalse(Files.exists(file));
      try (ParquetFileWriter w = ParquetFileWriter.open(file, exact.getSchema(), coerceToMicros(false))) {
        w.write(exact);
      }
    }
    Statistics s = statistics(file);
    // 5000 ns = 5 us, -3000 ns = -3 us
    assertArrayEquals(int64(-3), s.minValue());
    assertArrayEquals(int64(5), s.maxValue());
    try (LocalInputFile in = LocalInputFile.open(file)) {
      FileMetaData m = ParquetFooter.read(in).metadata();
      assertEquals(2, m.numRows());
      assertEquals(new LogicalType.TimestampType(true, org.parquetarrow.format.TimeUnit.MICROS),
          m.schema().get(1).logicalType());
    }
  }

  @Test
  void allowedTruncationFloorsToTheCoarserUnit() throws Exception {
    Path file = dir.resolve("truncated.parquet");
    try (VectorSchemaRoot root = timestamps(TimeUnit.NANOSECOND, 1_000_001L, -1L);
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), coerceToMicros(true))) {
      w.write(root);
    }
    Statistics s = statistics(file);
    // 1_000_001 ns floors to 1000 us; -1 ns floors to -1 us (the microsecond holding the instant)
    assertArrayEquals(int64(-1), s.minValue());
    assertArrayEquals(int64(1000), s.maxValue());
  }

  @Test
  void theNanosecondToMicrosecondStepOfOldFormatsIsAlwaysChecked() {
    Path file = dir.resolve("old.parquet");
    WriterProperties props = WriterProperties.builder().allowTruncatedTimestamps(true)
        .arrowOptions(ArrowWriteOptions.builder().version(ParquetVersion.V2_4).build()).build();
    try (VectorSchemaRoot root = timestamps(TimeUnit.NANOSECOND, 7L);
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), props)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(root));
      assertTrue(e.getMessage().contains("ts"), e.getMessage());
      w.abort();
    }
  }

  @Test
  void secondsThatOverflowMillisecondsAreRefused() {
    Path file = dir.resolve("overflow.parquet");
    try (VectorSchemaRoot root = timestamps(TimeUnit.SECOND, 1L, Long.MAX_VALUE / 999);
        ParquetFileWriter w = ParquetFileWriter.open(file, root.getSchema(), WriterProperties.defaults())) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(root));
      assertTrue(e.getMessage().contains("ts") && e.getMessage().contains("overflow"), e.getMessage());
      w.abort();
    }
  }
}
