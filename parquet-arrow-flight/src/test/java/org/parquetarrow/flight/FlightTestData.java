package org.parquetarrow.flight;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.DatasetDiscovery;
import org.parquetarrow.dataset.DiscoveryOptions;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Generated datasets for the Flight tests. Row {@code i} is {@code id = i}, {@code name = "n" + (i %
 * 10)} (null when {@code i % 7 == 0}), {@code score = i / 4.0}; files sit in {@code year=Y}
 * directories, so rows also carry the partition column {@code year}.
 */
final class FlightTestData {
  static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("id", new ArrowType.Int(64, true)),
      Field.nullable("name", ArrowType.Utf8.INSTANCE),
      Field.nullable("score", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));

  private FlightTestData() {}

  /** Writes rows {@code [from, to)} to {@code file} in row groups of 250 rows. */
  static void writeFile(Path file, long from, long to, BufferAllocator allocator) throws Exception {
    Files.createDirectories(file.getParent());
    WriterProperties props = WriterProperties.builder().rowGroupRows(250).build();
    try (VectorSchemaRoot root = batch(from, to, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props)) {
      w.write(root);
    }
  }

  /** A batch of rows {@code [from, to)} without the partition column. */
  static VectorSchemaRoot batch(long from, long to, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
    int n = Math.toIntExact(to - from);
    BigIntVector id = (BigIntVector) root.getVector("id");
    VarCharVector name = (VarCharVector) root.getVector("name");
    Float8Vector score = (Float8Vector) root.getVector("score");
    root.allocateNew();
    for (int k = 0; k < n; k++) {
      long i = from + k;
      id.setSafe(k, i);
      if (i % 7 == 0) {
        name.setNull(k);
      } else {
        name.setSafe(k, ("n" + (i % 10)).getBytes(StandardCharsets.UTF_8));
      }
      score.setSafe(k, i / 4.0);
    }
    root.setRowCount(n);
    return root;
  }

  /**
   * A dataset of {@code files} files of {@code rowsPerFile} rows under {@code dir}: file {@code f}
   * holds ids {@code [f * rowsPerFile, (f + 1) * rowsPerFile)} and lies in {@code year=2020 + f % 2}.
   */
  static Path dataset(Path dir, int files, long rowsPerFile, BufferAllocator allocator) throws Exception {
    for (int f = 0; f < files; f++) {
      writeFile(dir.resolve("year=" + (2020 + f % 2)).resolve("part-" + f + ".parquet"), f * rowsPerFile,
          (f + 1) * rowsPerFile, allocator);
    }
    return dir;
  }

  /** The expected row of id {@code i} in file {@code f}, as {@link #rows} renders it (all columns). */
  static String row(long i, int year) {
    return i + "|" + (i % 7 == 0 ? "null" : "n" + (i % 10)) + "|" + (i / 4.0) + "|" + year;
  }

  /** Every row of a batch as {@code v1|v2|…}, nulls as {@code null}. */
  static List<String> rows(VectorSchemaRoot root) {
    List<String> out = new ArrayList<>(root.getRowCount());
    for (int r = 0; r < root.getRowCount(); r++) {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < root.getFieldVectors().size(); c++) {
        if (c > 0) {
          sb.append('|');
        }
        Object v = root.getVector(c).getObject(r);
        sb.append(v);
      }
      out.add(sb.toString());
    }
    return out;
  }

  /** The rows a local scan of the directory returns for the query. */
  static List<String> localScan(Path dir, FlightQuery q, BufferAllocator allocator) throws Exception {
    ScanOptions.Builder b = ScanOptions.builder().columns(q.columns());
    if (q.filter() != null) {
      b.filter(q.filter());
    }
    List<String> out = new ArrayList<>();
    try (ScanReader r = Scanner.scan(DatasetDiscovery.directory(dir, DiscoveryOptions.defaults()), b.build(),
        allocator)) {
      while (r.loadNextBatch()) {
        out.addAll(rows(r.getVectorSchemaRoot()));
      }
    }
    return out;
  }

  /** Every row an endpoint-by-endpoint read of the query returns. */
  static List<String> readAll(FlightDatasetClient client, FlightQuery q) throws Exception {
    List<String> out = new ArrayList<>();
    client.read(client.info(q), root -> out.addAll(rows(root)));
    return out;
  }
}
