package org.parquetarrow.read;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampSecTZVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Arrow types that Parquet stores as another type and the stored Arrow schema restores: views,
 * large strings and binaries, seconds, date64, time zones, durations, uint32, decimal256. Read
 * back, each equals the values written, with the written schema.
 */
class StoredArrowTypesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void restoredTypesHoldTheWrittenValues() throws Exception {
    Schema schema = new Schema(List.of(
        Field.nullable("utf8_view", ArrowType.Utf8View.INSTANCE),
        Field.nullable("binary_view", ArrowType.BinaryView.INSTANCE),
        Field.nullable("large_utf8", ArrowType.LargeUtf8.INSTANCE),
        Field.nullable("large_binary", ArrowType.LargeBinary.INSTANCE),
        Field.nullable("ts_seconds_paris", new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris")),
        Field.nullable("duration_ms", new ArrowType.Duration(TimeUnit.MILLISECOND)),
        Field.nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)),
        Field.nullable("time_seconds", new ArrowType.Time(TimeUnit.SECOND, 32)),
        Field.nullable("uint32", new ArrowType.Int(32, false)),
        Field.nullable("decimal256", new ArrowType.Decimal(20, 2, 256))));
    String[] strings = {"", "short", null, "a value longer than twelve bytes", "é"};
    Path file = dir.resolve("stored.parquet");
    try (VectorSchemaRoot written = VectorSchemaRoot.create(schema, memory.allocator())) {
      written.allocateNew();
      int n = strings.length;
      for (int i = 0; i < n; i++) {
        String s = strings[i];
        byte[] b = s == null ? null : s.getBytes(StandardCharsets.UTF_8);
        if (b == null) {
          for (FieldVector v : written.getFieldVectors()) {
            v.setNull(i);
          }
          continue;
        }
        ((ViewVarCharVector) written.getVector(0)).setSafe(i, b);
        ((ViewVarBinaryVector) written.getVector(1)).setSafe(i, b);
        ((LargeVarCharVector) written.getVector(2)).setSafe(i, b);
        ((LargeVarBinaryVector) written.getVector(3)).setSafe(i, b);
        ((TimeStampSecTZVector) written.getVector(4)).setSafe(i, 1_700_000_000L + i);
        ((DurationVector) written.getVector(5)).setSafe(i, -5_000L * i);
        ((DateMilliVector) written.getVector(6)).setSafe(i, 86_400_000L * (19_000 + i));
        ((TimeSecVector) written.getVector(7)).setSafe(i, 3_600 * i + 59);
        ((UInt4Vector) written.getVector(8)).setSafe(i, (int) (4_000_000_000L - i));
        ((Decimal256Vector) written.getVector(9)).setSafe(i, new BigDecimal("-123456789012345.6" + i).setScale(2));
      }
      written.setRowCount(n);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, WriterProperties.defaults())) {
        w.write(written);
      }
      try (ArrowReader actual = ParquetFileReader.open(file,
          ReadOptions.builder(memory.allocator()).batchSize(2).build()).toArrowReader()) {
        ArrowAssertions.assertSameSchemaAndData(Batches.of(written), Batches.of(actual),
            CompareOptions.strict().ignoringMetadata());
      }
    }
  }
}
