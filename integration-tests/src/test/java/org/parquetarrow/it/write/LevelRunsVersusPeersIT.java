package org.parquetarrow.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.it.peers.ArrowCppPeer;
import org.parquetarrow.it.peers.DuckDbPeer;
import org.parquetarrow.it.peers.ParquetJavaPeer;
import org.parquetarrow.it.peers.Table;
import org.parquetarrow.testing.ArrowAssertions;
import org.parquetarrow.testing.Batches;
import org.parquetarrow.testing.CompareOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.WriterProperties;

/**
 * Levels and dictionary ids full of runs of 8 to 40 equal values, which the writer stores
 * bit-packed below a length and as repeated runs above it ({@code RleBitPackedHybridEncoder}):
 * one null in twenty at random, nulls and values in runs of 1 to 40, three and two dictionary
 * values in runs, lists with null and empty lists and null elements (levels of width 2 and
 * repetition levels), in v1 pages with the dictionary and v2 pages without it, pages cut every
 * 1,000 rows and row groups every 25,000; Arrow C++, DuckDB and parquet-java read back every value.
 */
class LevelRunsVersusPeersIT {
  private static final int ROWS = 60_000;

  @TempDir static Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TestFactory
  Stream<DynamicTest> runsOfLevelsAndIdsReadBackEqual() {
    Table table = table(new Random(20261127L));
    Map<String, WriterProperties> variants = Map.of(
        "v1-dictionary-snappy", WriterProperties.builder().codec(CompressionCodec.SNAPPY).dataPageRowLimit(1000)
            .rowGroupRows(25_000).build(),
        "v2-plain-uncompressed", WriterProperties.builder().codec(CompressionCodec.UNCOMPRESSED)
            .dataPageVersion(DataPageVersion.V2).dictionary(false).dataPageRowLimit(1000).rowGroupRows(25_000).build(),
        "defaults", WriterProperties.builder().build());
    return variants.entrySet().stream().sorted(Map.Entry.comparingByKey())
        .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> check(table, e.getKey(), e.getValue())));
  }

  private void check(Table table, String name, WriterProperties properties) throws Exception {
    Path file = dir.resolve(name + ".parquet");
    Files.deleteIfExists(file);
    WriterVersusPeersIT.write(table, file, properties, memory.allocator());

    try (VectorSchemaRoot expected = table.toRoot(memory.allocator());
        ArrowCppPeer.Scan scan = ArrowCppPeer.read(file, memory.allocator(), 4093)) {
      ArrowAssertions.assertSameSchemaAndData(Batches.of(expected), Batches.of(scan.reader()), CompareOptions.strict());
    }

    // DuckDB's types for these columns are their Arrow types
    try (Connection c = DuckDbPeer.connect();
        VectorSchemaRoot expected = table.toRoot(memory.allocator());
        ArrowReader back = WrittenFileExpectations.duckDbRead(c, file, table, memory.allocator())) {
      ArrowAssertions.assertSameData(Batches.of(expected), Batches.of(back), CompareOptions.strict());
    }

    MessageType schema;
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      schema = r.getFooter().getFileMetaData().getSchema();
    }
    List<List<Object>> rows = ParquetJavaRows.expected(table, schema);
    List<Group> read = ParquetJavaPeer.readGroups(file);
    assertEquals(rows.size(), read.size(), name + ": rows read by parquet-java");
    for (int i = 0; i < rows.size(); i++) {
      assertEquals(rows.get(i), ParquetJavaRows.actual(read.get(i)), name + ": parquet-java row " + i);
    }
  }

  private static Table table(Random r) {
    Schema schema = new Schema(List.of(
        Field.nullable("sparse_nulls", new ArrowType.Int(64, true)),
        Field.nullable("null_runs", ArrowType.Utf8.INSTANCE),
        new Field("three_values", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
        new Field("two_values", FieldType.notNullable(new ArrowType.Int(32, true)), null),
        new Field("lists", FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("element", new ArrowType.Int(64, true))))));
    List<Object> sparse = new ArrayList<>();
    List<Object> nullRuns = new ArrayList<>();
    List<Object> three = new ArrayList<>();
    List<Object> two = new ArrayList<>();
    List<Object> lists = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      sparse.add(r.nextInt(20) == 0 ? null : (Object) r.nextLong());
    }
    fillRuns(r, nullRuns, new Object[] {null, "x"}, i -> "v" + i);
    fillRuns(r, three, new Object[] {"a", "bb", "ccc"}, null);
    fillRuns(r, two, new Object[] {7, -7}, null);
    for (int i = 0; i < ROWS; i++) {
      int kind = r.nextInt(20);
      if (kind == 0) {
        lists.add(null);
      } else if (kind == 1) {
        lists.add(List.of());
      } else {
        List<Object> l = new ArrayList<>();
        for (int k = r.nextInt(7); k >= 0; k--) {
          l.add(r.nextInt(20) == 0 ? null : (Object) (long) r.nextInt(1000));
        }
        lists.add(l);
      }
    }
    return new Table(schema, List.of(sparse, nullRuns, three, two, lists), ROWS);
  }

  /**
   * Runs of 1 to 40 of one of {@code choices} at a time; a non-null string choice becomes {@code
   * valueOf(row)} when given (values differ, nulls run).
   */
  private static void fillRuns(Random r, List<Object> out, Object[] choices,
      java.util.function.IntFunction<Object> valueOf) {
    while (out.size() < ROWS) {
      Object c = choices[r.nextInt(choices.length)];
      for (int k = 1 + r.nextInt(40); k > 0 && out.size() < ROWS; k--) {
        out.add(c != null && valueOf != null ? valueOf.apply(out.size()) : c);
      }
    }
  }
}
