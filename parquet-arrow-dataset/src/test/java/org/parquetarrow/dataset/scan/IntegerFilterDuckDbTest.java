package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.table.Row;
import org.apache.arrow.vector.table.Table;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.scan.ParquetFiles;
import org.parquetarrow.dataset.scan.TableReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The exact filter's integer paths (dates, 32/64-bit integers, decimals of up to 18 digits stored
 * as INT32 and INT64, a field of a struct that is itself null on some rows) against DuckDB reading
 * the same file: every comparison operator, {@code between}, {@code is [not] null}, {@code and} /
 * {@code or} / {@code not} with nulls, negative decimals, the 18-digit edge, literals that the
 * column's scale cannot hold ({@code 0.055} against scale 2). Batches of 1,000 rows, row groups of
 * 2,500 and 5,003 rows in all, so bitmap words straddle batch and file ends.
 */
class IntegerFilterDuckDbTest {
  private static final Logger LOG = LoggerFactory.getLogger(IntegerFilterDuckDbTest.class);
  private static final long SEED = 1515;
  private static final int ROWS = 5_003;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final List<String> FILTERS = List.of(
      "q < 0.055", "q <= 0.055", "q > 0.055", "q >= -0.055", "q = 0.05", "q <> 0.05", "q = 0.055", "q <> 0.055",
      "q between 0.05 and 0.07", "q between -0.07 and -0.05", "not (q between -0.07 and 0.07)",
      "n < -12.345", "n >= 12.34", "n = -0.5", "n <> 3", "n > 9999999.99", "n < -10000000",
      "p < 999999999999999999", "p >= 999999999999999999", "p <= -999999999999999999", "p > -999999999999999998.5",
      "p = 1000000000000000000", "p <> 1000000000000000000", "p < -1000000000000000000.5",
      "d >= date '1994-01-01' and d < date '1995-01-01'", "d = date '1994-06-30'", "d <> date '1994-06-30'",
      "i < 24", "i >= 10 or i is null", "not (i > 3)", "l = 7", "l > 5000000000", "l <= -5000000000",
      "q is null", "q is not null", "s.x is null", "s.x is not null", "s.x > 1.5", "not (s.x <= 1.5)",
      "s.x < 0.055 or q >= 0.05",
      "d >= date '1994-01-01' and d < date '1995-01-01' and q between 0.05 and 0.07 and i < 24",
      "(q < 0 or n > 0) and not (p = 0)");

  @Test
  void integerAndDecimalFiltersAgreeWithDuckDb() throws Exception {
    Path file = dir.resolve("t.parquet");
    write(file, new Random(SEED));
    int nonEmpty = 0;
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (String where : FILTERS) {
        List<Integer> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + file + "') WHERE " + where + " ORDER BY id")) {
          while (rs.next()) {
            want.add(rs.getInt(1));
          }
        }
        List<Integer> got = new ArrayList<>();
        TableReadOptions options = TableReadOptions.builder().columns("id").filter(where).batchSize(1_000).build();
        try (Table t = ParquetFiles.readTable(file.toString(), options, memory.allocator())) {
          for (Row r : t) {
            got.add(r.getInt("id"));
          }
        }
        got.sort(null);
        assertEquals(want, got, where);
        nonEmpty += want.isEmpty() || want.size() == ROWS ? 0 : 1;
      }
    }
    LOG.info("{} filters agree with DuckDB, {} of them keeping some rows but not all", FILTERS.size(), nonEmpty);
    assertTrue(nonEmpty > FILTERS.size() / 2, "most filters must select some rows and not others");
  }

  private void write(Path file, Random r) throws Exception {
    Field x = Field.nullable("x", new ArrowType.Decimal(15, 2, 128));
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("q", new ArrowType.Decimal(15, 2, 128)),
        Field.nullable("n", new ArrowType.Decimal(9, 2, 128)),
        Field.nullable("p", new ArrowType.Decimal(18, 0, 128)),
        Field.nullable("i", new ArrowType.Int(32, true)),
        Field.nullable("l", new ArrowType.Int(64, true)),
        new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(x))));
    BigDecimal[] edges18 = {new BigDecimal("999999999999999999"), new BigDecimal("-999999999999999999"),
        new BigDecimal("999999999999999998"), new BigDecimal("-999999999999999998"), BigDecimal.ZERO};
    long day1994 = java.time.LocalDate.of(1994, 1, 1).toEpochDay();
    WriterProperties props = WriterProperties.builder().rowGroupRows(2_500).dataPageRowLimit(700).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      StructVector s = (StructVector) root.getVector("s");
      DecimalVector sx = (DecimalVector) s.getChild("x");
      for (int row = 0; row < ROWS; row++) {
        ((IntVector) root.getVector("id")).setSafe(row, row);
        boolean nulls = r.nextInt(8) == 0;
        if (nulls) {
          continue; // every nullable column null on this row, the struct too
        }
        ((DateDayVector) root.getVector("d")).setSafe(row, (int) (day1994 - 200 + r.nextInt(800)));
        ((DecimalVector) root.getVector("q")).setSafe(row, BigDecimal.valueOf(r.nextInt(21) - 10, 2));
        if (r.nextInt(5) != 0) {
          ((DecimalVector) root.getVector("n")).setSafe(row, BigDecimal.valueOf(r.nextInt(3_000) - 1_500, 2)
              .multiply(BigDecimal.valueOf(r.nextInt(3) == 0 ? 100_000 : 1)).setScale(2));
        }
        ((DecimalVector) root.getVector("p")).setSafe(row, edges18[r.nextInt(edges18.length)]);
        ((IntVector) root.getVector("i")).setSafe(row, r.nextInt(50));
        ((BigIntVector) root.getVector("l")).setSafe(row, (r.nextLong() >> 30) + (r.nextBoolean() ? 7 : 0));
        if (r.nextInt(6) != 0) {
          s.setIndexDefined(row);
          if (r.nextInt(4) != 0) {
            sx.setSafe(row, BigDecimal.valueOf(r.nextInt(400) - 100, 2));
          }
        }
      }
      root.setRowCount(ROWS);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    }
  }
}
