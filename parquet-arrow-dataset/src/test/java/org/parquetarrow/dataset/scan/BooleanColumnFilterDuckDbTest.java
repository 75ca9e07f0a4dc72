package org.parquetarrow.dataset.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.table.Row;
import org.apache.arrow.vector.table.Table;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.dataset.expr.ExpressionBindException;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A boolean column alone as a filter, as SQL's {@code where flag} and pyarrow's
 * {@code pc.field("flag")}: the same rows as DuckDB running the same text, with nulls (neither
 * {@code flag} nor {@code not flag} keeps them), under {@code and}/{@code or}, in a struct, and with
 * row groups whose statistics decide (all true, all false) beside mixed ones.
 */
class BooleanColumnFilterDuckDbTest {
  private static final Logger LOG = LoggerFactory.getLogger(BooleanColumnFilterDuckDbTest.class);
  private static final long SEED = 2811;
  private static final int ROWS = 4_001;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final List<String> FILTERS = List.of(
      "b", "not b", "NOT NOT b", "b and i < 20", "not b or i > 40", "(b or c) and not c", "s.f", "not s.f",
      "b and s.f", "b or s.f is null", "c", "not c");

  @Test
  void aBooleanColumnAloneKeepsDuckDbsRows() throws Exception {
    Path file = dir.resolve("t.parquet");
    LOG.info("seed {}", SEED);
    write(file, new Random(SEED));
    try (Connection conn = DriverManager.getConnection("jdbc:duckdb:"); Statement st = conn.createStatement()) {
      for (String where : FILTERS) {
        List<Integer> want = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT id FROM read_parquet('" + file + "') WHERE " + where + " ORDER BY id")) {
          while (rs.next()) {
            want.add(rs.getInt(1));
          }
        }
        List<Integer> got = new ArrayList<>();
        TableReadOptions options = TableReadOptions.builder().columns("id").filter(where).batchSize(700).build();
        try (Table t = ParquetFiles.readTable(file.toString(), options, memory.allocator())) {
          for (Row r : t) {
            got.add(r.getInt("id"));
          }
        }
        got.sort(null);
        assertEquals(want, got, where);
        assertTrue(!want.isEmpty() && want.size() < ROWS, where + " keeps some rows and not others: " + want.size());
        assertEquals(want.size(), ParquetFiles.countRows(file.toString(), where, memory.allocator()).rows(), where);
      }
    }
  }

  /** A column alone that is not boolean is refused naming it, as DuckDB refuses {@code where i}'s cast. */
  @Test
  void aColumnAloneThatIsNotBooleanIsRefusedNamingIt() throws Exception {
    Path file = dir.resolve("t.parquet");
    write(file, new Random(SEED));
    ExpressionBindException e = org.junit.jupiter.api.Assertions.assertThrows(ExpressionBindException.class,
        () -> ParquetFiles.readTable(file.toString(), TableReadOptions.builder().filter("i and b").build(),
            memory.allocator()).close());
    assertTrue(e.getMessage().contains("column i of type int32"), e.getMessage());
  }

  private void write(Path file, Random r) throws Exception {
    Schema schema = new Schema(List.of(
        Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("b", ArrowType.Bool.INSTANCE),
        Field.nullable("c", ArrowType.Bool.INSTANCE),
        Field.nullable("i", new ArrowType.Int(32, true)),
        new Field("s", FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(Field.nullable("f", ArrowType.Bool.INSTANCE)))));
    // row groups of 1,000: the first all true in c, the second all false, the rest mixed
    WriterProperties props = WriterProperties.builder().rowGroupRows(1_000).dataPageRowLimit(300).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      StructVector s = (StructVector) root.getVector("s");
      BitVector f = (BitVector) s.getChild("f");
      for (int row = 0; row < ROWS; row++) {
        ((IntVector) root.getVector("id")).setSafe(row, row);
        if (r.nextInt(7) != 0) {
          ((BitVector) root.getVector("b")).setSafe(row, r.nextBoolean() ? 1 : 0);
        }
        int c = row < 1_000 ? 1 : row < 2_000 ? 0 : r.nextInt(3);
        if (c < 2) {
          ((BitVector) root.getVector("c")).setSafe(row, c);
        }
        ((IntVector) root.getVector("i")).setSafe(row, r.nextInt(50));
        if (r.nextInt(5) != 0) {
          s.setIndexDefined(row);
          if (r.nextInt(4) != 0) {
            f.setSafe(row, r.nextBoolean() ? 1 : 0);
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
