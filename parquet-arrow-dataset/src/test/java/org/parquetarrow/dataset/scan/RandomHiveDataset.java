package org.parquetarrow.dataset.scan;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.CompareOp;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.expr.Expressions;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * A hive-partitioned dataset of random values (as in RandomDatasetSoundnessTest: sorted {@code k}
 * and {@code d}, about one row in ten all null) and random filters over it.
 * The file of the null partition lacks column {@code g}, which reads as nulls there.
 */
final class RandomHiveDataset {
  static final int ROWS = 1000;
  static final int ROW_GROUP = 200;
  static final LocalDate EPOCH = LocalDate.of(2024, 1, 1);
  static final String[] WORDS = {"apple", "apricot", "banana", "blé", "cherry", "é", "zebra", "😀x", "a'b"};

  static final List<Field> FIELDS = List.of(
      Field.nullable("i", new ArrowType.Int(32, true)),
      Field.nullable("k", new ArrowType.Int(64, true)),
      Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("g", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
      Field.nullable("m", new ArrowType.Decimal(9, 2, 128)),
      Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
      Field.nullable("s", ArrowType.Utf8.INSTANCE),
      Field.nullable("b", ArrowType.Bool.INSTANCE));

  private RandomHiveDataset() {}

  static void write(BufferAllocator allocator, Path dir, Random r) {
    writeFile(allocator, dir.resolve("p=0/a.parquet"), r, 0, true);
    writeFile(allocator, dir.resolve("p=1/b.parquet"), r, 1, true);
    writeFile(allocator, dir.resolve("p=2/c.parquet"), r, 2, true);
    writeFile(allocator, dir.resolve("p=__HIVE_DEFAULT_PARTITION__/d.parquet"), r, 3, false);
  }

  private static void writeFile(BufferAllocator allocator, Path file, Random r, int fileNo, boolean withG) {
    List<Field> fields = new ArrayList<>(FIELDS);
    if (!withG) {
      fields.removeIf(f -> f.getName().equals("g"));
    }
    Schema schema = new Schema(fields);
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(ROW_GROUP).dataPageRowLimit(50).pageIndex(true).dictionary(false)
        .column("s", c -> c.dictionary(true).bloomFilter(new BloomFilterOptions(100, 0.01)))
        .column("k", c -> c.bloomFilter(new BloomFilterOptions(ROW_GROUP, 0.01)))
        .build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
      root.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        if (r.nextInt(10) != 0) {
          ((IntVector) root.getVector("i")).setSafe(row, r.nextInt(200) - 100);
          ((BigIntVector) root.getVector("k")).setSafe(row, fileNo * 100_000L + row * 3L);
          // No NaN: DuckDB trusts Parquet min/max (which leave NaN out) to drop or skip comparisons
          // on f, so its answers for NaN rows follow the statistics, not its own NaN order.
          // FilterEvaluatorTest checks NaN against DuckDB on values without statistics.
          double f = (r.nextInt(2000) - 1000) / 4.0;
          ((Float8Vector) root.getVector("f")).setSafe(row, f);
          float g = (r.nextInt(200) - 100) / 10.0f;
          if (withG) {
            ((Float4Vector) root.getVector("g")).setSafe(row, g);
          }
          ((DecimalVector) root.getVector("m")).setSafe(row, BigDecimal.valueOf(r.nextInt(100_000) - 50_000, 2));
          ((DateDayVector) root.getVector("d")).setSafe(row, (int) EPOCH.toEpochDay() + row / 10);
          ((TimeStampMicroVector) root.getVector("t")).setSafe(row, 1_704_067_200_000_000L + r.nextInt(1_000_000) * 1_000_000L);
          ((VarCharVector) root.getVector("s")).setSafe(row, WORDS[r.nextInt(WORDS.length)].getBytes(StandardCharsets.UTF_8));
          ((BitVector) root.getVector("b")).setSafe(row, r.nextBoolean() ? 1 : 0);
        } else {
          for (FieldVector v : root.getFieldVectors()) {
            if (v instanceof BaseFixedWidthVector fw) {
              fw.setNull(row);
            } else {
              ((BaseVariableWidthVector) v).setNull(row);
            }
          }
        }
      }
      root.setRowCount(ROWS);
      java.nio.file.Files.createDirectories(file.getParent());
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static Expression leaf(Random r) {
    CompareOp op = CompareOp.values()[r.nextInt(CompareOp.values().length)];
    int tenths = r.nextInt(240) - 120;
    return switch (r.nextInt(17)) {
      case 16 -> ColumnRef.of("m").between(BigDecimal.valueOf(r.nextInt(60_000) - 60_000, 2), BigDecimal.valueOf(r.nextInt(60_000), 2));
      case 14 -> ColumnRef.of("i").compare(op, BigDecimal.valueOf(r.nextInt(2400) - 1200, 1));
      case 15 -> ColumnRef.of("k").compare(op, r.nextInt(3200) + 0.5);
      case 13 -> ColumnRef.of("m").compare(op, (r.nextInt(120_000) - 60_000) / 100.0);
      case 11 -> ColumnRef.of("g").compare(op, BigDecimal.valueOf(tenths, 1));
      case 12 -> ColumnRef.of("g").compare(op, tenths / 10.0);
      case 0 -> ColumnRef.of("i").compare(op, r.nextInt(240) - 120);
      case 1 -> ColumnRef.of("k").compare(op, (long) r.nextInt(4) * 100_000 + r.nextInt(3200));
      case 2 -> ColumnRef.of("f").compare(op, (r.nextInt(2400) - 1200) / 4.0);
      case 3 -> ColumnRef.of("m").compare(op, BigDecimal.valueOf(r.nextInt(120_000) - 60_000, 2));
      case 4 -> ColumnRef.of("d").compare(op, EPOCH.plusDays(r.nextInt(120) - 10));
      case 5 -> ColumnRef.of("t").compare(op, LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(r.nextInt(1_100_000)));
      case 6 -> ColumnRef.of("s").compare(op, WORDS[r.nextInt(WORDS.length)] + (r.nextBoolean() ? "" : "q"));
      case 7 -> ColumnRef.of("s").startsWith(WORDS[r.nextInt(WORDS.length)].substring(0, 1));
      case 8 -> ColumnRef.of("p").compare(op, r.nextInt(4));
      case 9 -> r.nextBoolean() ? ColumnRef.of("k").in(r.nextInt(3200), 100_000L + r.nextInt(3200), r.nextInt(3) * 3L)
          : ColumnRef.of("s").notIn(WORDS[r.nextInt(WORDS.length)], WORDS[r.nextInt(WORDS.length)]);
      default -> r.nextBoolean() ? ColumnRef.of(new String[] {"i", "f", "s", "d", "p", "b", "g"}[r.nextInt(7)]).isNull()
          : ColumnRef.of("b").eq(r.nextBoolean());
    };
  }

  static Expression filter(Random r, int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return leaf(r);
    }
    return switch (r.nextInt(3)) {
      case 0 -> Expressions.and(filter(r, depth - 1), filter(r, depth - 1));
      case 1 -> Expressions.or(filter(r, depth - 1), filter(r, depth - 1));
      default -> Expressions.not(filter(r, depth - 1));
    };
  }
}
