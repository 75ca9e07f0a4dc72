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
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.table.Row;
import org.apache.arrow.vector.table.Table;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.expr.ExpressionParser;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Filters on columns only the filter reads, of every fixed-width type (8-, 16-, 32- and 64-bit
 * integers, floats and doubles with NaN, -0.0 and infinities, dates, timestamps, decimals on INT32,
 * INT64 and FIXED_LEN_BYTE_ARRAY): the scan reads such a column as dictionary indices when its
 * chunks are dictionary-encoded, tests each predicate once per dictionary entry and looks rows up
 * by index. Random filters through {@link ParquetFiles#readTable} against DuckDB reading the same
 * file, whose chunks fall back to plain pages mid-chunk (a small dictionary page limit), have nulls,
 * span three row groups, and (one column) have no dictionary at all.
 */
class FilterDictionaryDuckDbTest {
  private static final Logger LOG = LoggerFactory.getLogger(FilterDictionaryDuckDbTest.class);
  private static final int ROWS = 9_001;
  private static final int FILTERS = 200;
  private static final List<String> COLUMNS = List.of("b", "s", "i", "l", "f", "g", "d", "t", "q", "m", "w", "nd");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void filterOnlyColumnsReadAsDictionariesAgreeWithDuckDb() throws Exception {
    long seed = System.nanoTime();
    LOG.info("seed {}", seed);
    Random r = new Random(seed);
    Path file = dir.resolve("t.parquet");
    write(file, r);
    int nonEmpty = 0;
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
      for (int f = 0; f < FILTERS; f++) {
        String where = filter(r);
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

  /** The columns the scan may read as dictionaries: fixed-width, only the filter's, not the output's. */
  @Test
  void filterOnlyFixedWidthColumnsAreTheCandidates() {
    Schema dataset = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("g", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("h", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
        Field.nullable("o", new ArrowType.Int(64, true)),
        Field.nullable("str", new ArrowType.Utf8()),
        Field.nullable("bool", ArrowType.Bool.INSTANCE)));
    String filter = "id > 1 and d > date '1994-01-01' and g < 2 and h < 1 and o = 3 and str = 'x' and bool = true";
    ScanShape shape = ScanShape.of(dataset, new Schema(List.of()), List.of("id", "o"),
        ExpressionBinder.bind(ExpressionParser.parse(filter), dataset));
    // id and o are returned, h is a half float, str and bool are not fixed-width
    assertEquals(Set.of("d", "g"), shape.filterOnlyFixedWidth());
    ScanShape encoded = shape.withFilterDictionaries(Set.of("d"));
    assertEquals(0L, encoded.work().findField("d").getDictionary().getId());
    assertEquals(null, encoded.output().getFields().stream().filter(f -> f.getName().equals("d")).findAny().orElse(null));
    assertEquals(Set.of("d"), encoded.dictionaryNames());
  }

  /** A conjunction (Q6's shape) or, now and then, an {@code or} or {@code not} around one. */
  private static String filter(Random r) {
    int n = 1 + r.nextInt(4);
    List<String> terms = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      terms.add(term(r, 0));
    }
    return String.join(" and ", terms);
  }

  private static String term(Random r, int depth) {
    String col = COLUMNS.get(r.nextInt(COLUMNS.size()));
    int kind = r.nextInt(depth > 0 ? 9 : 12);
    return switch (kind) {
      case 9 -> "(" + term(r, depth + 1) + " or " + term(r, depth + 1) + ")";
      case 10 -> "not (" + term(r, depth + 1) + ")";
      case 11 -> col + (r.nextBoolean() ? " is null" : " is not null");
      case 6, 7 -> col + " between " + literal(col, r) + " and " + literal(col, r);
      case 8 -> col + (r.nextInt(3) == 0 ? " not in (" : " in (") + literal(col, r) + ", " + literal(col, r) + ")";
      default -> col + " " + List.of("<", "<=", "=", "<>", ">", ">=").get(r.nextInt(6)) + " " + literal(col, r);
    };
  }

  private static String literal(String col, Random r) {
    return switch (col) {
      case "b" -> Integer.toString(r.nextInt(24) - 12);
      case "s", "nd" -> Integer.toString(r.nextInt(2_200) - 100);
      case "i" -> r.nextInt(6) == 0 ? (r.nextInt(52) - 1) + ".5" : Integer.toString(r.nextInt(54) - 2);
      case "l" -> Long.toString((r.nextInt(40) - 20) * 1_000_000_007L);
      case "f", "g" -> switch (r.nextInt(8)) {
        case 0 -> "0";
        case 1 -> "-0.0";
        default -> BigDecimal.valueOf(r.nextInt(41) - 20, 1).toPlainString();
      };
      case "d" -> "date '" + LocalDate.of(1994, 1, 1).plusDays(r.nextInt(420) - 30) + "'";
      case "t" -> "timestamp '" + LocalDateTime.of(2024, 1, 1, 0, 0).plusMinutes(15L * (r.nextInt(120) - 10))
          .toString().replace('T', ' ') + "'";
      case "q" -> r.nextInt(5) == 0 ? BigDecimal.valueOf(r.nextInt(240) - 20, 3).toPlainString()
          : BigDecimal.valueOf(r.nextInt(12) - 1, 2).toPlainString();
      case "m" -> BigDecimal.valueOf(r.nextInt(60) - 5, 1).toPlainString();
      default -> BigDecimal.valueOf(r.nextInt(3000) - 1500, 2).toPlainString(); // w
    };
  }

  /**
   * Columns {@code id}; {@code b} int8 over -10..10; {@code s} int16 over 0..2000 (outgrows the
   * dictionary page limit); {@code i} int32 1..50; {@code l} int64, 30 values far apart; {@code f}
   * float and {@code g} double in halves from -2 to 2 with NaN, -0.0 and infinities; {@code d}
   * dates over 1994; {@code t} microsecond timestamps every 15 minutes of a day; {@code q}
   * decimal(9,2) on INT32 0.00–0.10; {@code m} decimal(18,1) on INT64; {@code w} decimal(30,2) on
   * FIXED_LEN_BYTE_ARRAY; {@code nd} an int16 written without a dictionary. Every column null on
   * some rows.
   */
  private void write(Path file, Random r) throws Exception {
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("b", new ArrowType.Int(8, true)),
        Field.nullable("s", new ArrowType.Int(16, true)),
        Field.nullable("i", new ArrowType.Int(32, true)),
        Field.nullable("l", new ArrowType.Int(64, true)),
        Field.nullable("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        Field.nullable("g", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("d", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
        Field.nullable("q", new ArrowType.Decimal(9, 2, 128)),
        Field.nullable("m", new ArrowType.Decimal(18, 1, 128)),
        Field.nullable("w", new ArrowType.Decimal(30, 2, 128)),
        Field.nullable("nd", new ArrowType.Int(16, true))));
    long day1994 = LocalDate.of(1994, 1, 1).toEpochDay();
    long t0 = LocalDateTime.of(2024, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC) * 1_000_000L;
    double[] specials = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0};
    WriterProperties props = WriterProperties.builder().rowGroupRows(3_001).dataPageRowLimit(700)
        .dictionaryPageSizeLimit(2_048).column("nd", c -> c.dictionary(false)).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        ((IntVector) root.getVector("id")).setSafe(row, row);
        if (r.nextInt(9) != 0) {
          ((TinyIntVector) root.getVector("b")).setSafe(row, (byte) (r.nextInt(21) - 10));
        }
        if (r.nextInt(9) != 0) {
          ((SmallIntVector) root.getVector("s")).setSafe(row, (short) r.nextInt(2_001));
        }
        if (r.nextInt(9) != 0) {
          ((IntVector) root.getVector("i")).setSafe(row, 1 + r.nextInt(50));
        }
        if (r.nextInt(9) != 0) {
          ((BigIntVector) root.getVector("l")).setSafe(row, (r.nextInt(30) - 15) * 1_000_000_007L);
        }
        if (r.nextInt(9) != 0) {
          double x = r.nextInt(10) == 0 ? specials[r.nextInt(specials.length)] : (r.nextInt(9) - 4) * 0.5;
          ((Float8Vector) root.getVector("g")).setSafe(row, x);
        }
        if (r.nextInt(9) != 0) {
          double x = r.nextInt(10) == 0 ? specials[r.nextInt(specials.length)] : (r.nextInt(9) - 4) * 0.5;
          ((Float4Vector) root.getVector("f")).setSafe(row, (float) x);
        }
        if (r.nextInt(9) != 0) {
          ((DateDayVector) root.getVector("d")).setSafe(row, (int) (day1994 + r.nextInt(365)));
        }
        if (r.nextInt(9) != 0) {
          ((TimeStampMicroVector) root.getVector("t")).setSafe(row, t0 + 900_000_000L * r.nextInt(96));
        }
        if (r.nextInt(9) != 0) {
          ((DecimalVector) root.getVector("q")).setSafe(row, BigDecimal.valueOf(r.nextInt(11), 2));
        }
        if (r.nextInt(9) != 0) {
          ((DecimalVector) root.getVector("m")).setSafe(row, BigDecimal.valueOf(r.nextInt(50), 1));
        }
        if (r.nextInt(9) != 0) {
          ((DecimalVector) root.getVector("w")).setSafe(row, BigDecimal.valueOf(r.nextInt(2_800) - 1_400, 2));
        }
        if (r.nextInt(9) != 0) {
          ((SmallIntVector) root.getVector("nd")).setSafe(row, (short) r.nextInt(2_001));
        }
      }
      root.setRowCount(ROWS);
      try (ParquetFileWriter w = ParquetFileWriter.open(file, schema, props)) {
        w.write(root);
      }
    }
  }
}
