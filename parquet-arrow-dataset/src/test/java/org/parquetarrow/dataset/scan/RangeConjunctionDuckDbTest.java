package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.table.Row;
import org.apache.arrow.vector.table.Table;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Random {@code and}s of several bounds on the same integer-like columns (dates, 16/32/64-bit
 * integers, decimals stored as INT32 and INT64), mixed with {@code <>}, {@code in}, {@code is
 * [not] null}, {@code not} and {@code or}, through {@link ParquetFiles#readTable} against DuckDB
 * reading the same file: the scan runs the bounds of one column as one range test and the terms
 * in the order of what they kept so far, which must not change a row. Literals include fractions
 * against whole numbers, contradictory bounds, bounds at the ends of the 64-bit range, and columns
 * whose selectivity changes half-way through the file (so the order changes mid-scan).
 */
class RangeConjunctionDuckDbTest {
  private static final Logger LOG = LoggerFactory.getLogger(RangeConjunctionDuckDbTest.class);
  private static final int ROWS = 9_001;
  private static final int FILTERS = 160;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void randomConjunctionsOfBoundsAgreeWithDuckDb() throws Exception {
    long seed = System.nanoTime();
    LOG.info("seed {}", seed);
    Random r = new Random(seed);
    Path file = dir.resolve("t.parquet");
    write(file, r);
    int nonEmpty = 0;
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (int f = 0; f < FILTERS; f++) {
        String where = conjunction(r);
        List<Integer> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + file + "') WHERE " + where + " ORDER BY id")) {
          while (rs.next()) {
            want.add(rs.getInt(1));
          }
        }
        List<Integer> got = new ArrayList<>();
        TableReadOptions options = TableReadOptions.builder().columns("id").filter(where).batchSize(1_000).build();
        try (Table t = ParquetFiles.readTable(file.toString(), options, memory.allocator())) {
          for (Row row : t) {
            got.add(row.getInt("id"));
          }
        }
        got.sort(null);
        assertEquals(want, got, "seed " + seed + ": " + where);
        nonEmpty += want.isEmpty() || want.size() == ROWS ? 0 : 1;
      }
    }
    LOG.info("{} random filters agree with DuckDB, {} keeping some rows but not all (seed {})", FILTERS, nonEmpty, seed);
    assertTrue(nonEmpty > FILTERS / 4, "seed " + seed + ": too few filters select some rows and not others");
  }

  /** An {@code and} of 2 to 6 terms, bounds on the same few columns more often than not. */
  private static String conjunction(Random r) {
    int n = 2 + r.nextInt(5);
    List<String> terms = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      terms.add(term(r, 0));
    }
    return String.join(" and ", terms);
  }

  private static String term(Random r, int depth) {
    String col = switch (r.nextInt(6)) {
      case 0 -> "d";
      case 1 -> "q";
      case 2 -> "i";
      case 3 -> "l";
      case 4 -> "s";
      default -> "h";
    };
    int kind = r.nextInt(depth > 0 ? 8 : 12);
    return switch (kind) {
      case 8 -> "(" + term(r, depth + 1) + " or " + term(r, depth + 1) + ")";
      case 9 -> "not (" + term(r, depth + 1) + ")";
      case 10 -> "(" + term(r, depth + 1) + " and " + term(r, depth + 1) + ")";
      case 11 -> col + (r.nextBoolean() ? " is null" : " is not null");
      case 6 -> col + " between " + literal(col, r) + " and " + literal(col, r);
      case 7 -> col + (r.nextInt(3) == 0 ? " not in (" : " in (") + literal(col, r) + ", " + literal(col, r) + ", "
          + literal(col, r) + ")";
      default -> col + " " + List.of("<", "<=", "=", "<>", ">", ">=").get(r.nextInt(6)) + " " + literal(col, r);
    };
  }

  private static String literal(String col, Random r) {
    return switch (col) {
      case "d" -> "date '" + LocalDate.of(1994, 1, 1).plusDays(r.nextInt(420) - 30) + "'";
      case "q" -> r.nextInt(5) == 0 ? BigDecimal.valueOf(r.nextInt(240) - 20, 3).toPlainString()
          : BigDecimal.valueOf(r.nextInt(12) - 1, 2).toPlainString();
      case "i" -> r.nextInt(6) == 0 ? (r.nextInt(52) - 1) + ".5" : Integer.toString(r.nextInt(54) - 2);
      case "l" -> switch (r.nextInt(8)) {
        case 0 -> "9223372036854775807";
        case 1 -> "-9223372036854775807";
        case 2 -> Long.toString(r.nextLong());
        default -> Long.toString((r.nextInt(2_000) - 1_000) * 1_000_000_000L);
      };
      case "s" -> Integer.toString(r.nextInt(70_000) - 35_000);
      default -> Integer.toString(r.nextInt(20));
    };
  }

  /**
   * Columns {@code id}; {@code d} dates over 1994; {@code q} decimal(15,2) 0.00–0.10; {@code i}
   * int 1–50; {@code l} int64 across the whole range; {@code s} smallint; {@code h} an int whose
   * values are narrow in the first half of the file and wide in the second. Every column null on
   * some rows.
   */
  private void write(Path file, Random r) throws Exception {
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("q", new ArrowType.Decimal(15, 2, 128)),
        Field.nullable("i", new ArrowType.Int(32, true)),
        Field.nullable("l", new ArrowType.Int(64, true)),
        Field.nullable("s", new ArrowType.Int(16, true)),
        Field.nullable("h", new ArrowType.Int(32, true))));
    long day1994 = LocalDate.of(1994, 1, 1).toEpochDay();
    WriterProperties props = WriterProperties.builder().rowGroupRows(3_001).dataPageRowLimit(700).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        ((IntVector) root.getVector("id")).setSafe(row, row);
        if (r.nextInt(9) != 0) {
          ((DateDayVector) root.getVector("d")).setSafe(row, (int) (day1994 + r.nextInt(365)));
        }
        if (r.nextInt(9) != 0) {
          ((DecimalVector) root.getVector("q")).setSafe(row, BigDecimal.valueOf(r.nextInt(11), 2));
        }
        if (r.nextInt(9) != 0) {
          ((IntVector) root.getVector("i")).setSafe(row, 1 + r.nextInt(50));
        }
        if (r.nextInt(9) != 0) {
          long l = switch (r.nextInt(6)) {
            case 0 -> Long.MAX_VALUE;
            case 1 -> Long.MIN_VALUE;
            case 2 -> r.nextLong();
            default -> (r.nextInt(2_000) - 1_000) * 1_000_000_000L;
          };
          ((BigIntVector) root.getVector("l")).setSafe(row, l);
        }
        if (r.nextInt(9) != 0) {
          ((SmallIntVector) root.getVector("s")).setSafe(row, (short) (r.nextInt(65_536) - 32_768));
        }
        if (r.nextInt(9) != 0) {
          ((IntVector) root.getVector("h")).setSafe(row, row < ROWS / 2 ? r.nextInt(3) : r.nextInt(20));
        }
      }
      root.setRowCount(ROWS);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    }
  }
}
