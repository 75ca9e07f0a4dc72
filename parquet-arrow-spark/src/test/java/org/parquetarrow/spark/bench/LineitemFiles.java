package org.parquetarrow.spark.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * TPC-H {@code lineitem} in dbgen's shape (its 16 columns and types, value ranges and the
 * relations between them: prices from the part key, ship/commit/receipt dates from the order date,
 * return flag and line status from the dates), not dbgen's exact rows: 1,500,000 orders a scale
 * unit, 1 to 7 lines each, order keys dense and ascending. Written by our writer (SNAPPY, page
 * index, a bloom filter on {@code l_orderkey}) in {@code files} files sorted by order key, so
 * both readers of the benchmark read the same bytes.
 */
final class LineitemFiles {
  static final Schema SCHEMA = new Schema(List.of(
      Field.notNullable("l_orderkey", new ArrowType.Int(64, true)),
      Field.notNullable("l_partkey", new ArrowType.Int(64, true)),
      Field.notNullable("l_suppkey", new ArrowType.Int(64, true)),
      Field.notNullable("l_linenumber", new ArrowType.Int(32, true)),
      Field.notNullable("l_quantity", new ArrowType.Decimal(15, 2, 128)),
      Field.notNullable("l_extendedprice", new ArrowType.Decimal(15, 2, 128)),
      Field.notNullable("l_discount", new ArrowType.Decimal(15, 2, 128)),
      Field.notNullable("l_tax", new ArrowType.Decimal(15, 2, 128)),
      Field.notNullable("l_returnflag", ArrowType.Utf8.INSTANCE),
      Field.notNullable("l_linestatus", ArrowType.Utf8.INSTANCE),
      Field.notNullable("l_shipdate", new ArrowType.Date(DateUnit.DAY)),
      Field.notNullable("l_commitdate", new ArrowType.Date(DateUnit.DAY)),
      Field.notNullable("l_receiptdate", new ArrowType.Date(DateUnit.DAY)),
      Field.notNullable("l_shipinstruct", ArrowType.Utf8.INSTANCE),
      Field.notNullable("l_shipmode", ArrowType.Utf8.INSTANCE),
      Field.notNullable("l_comment", ArrowType.Utf8.INSTANCE)));

  private static final String[] INSTRUCT = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
  private static final String[] MODE = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
  private static final String[] WORDS = ("furiously quickly carefully blithely slyly ironic regular final express "
      + "bold pending special even silent unusual packages deposits requests accounts instructions theodolites "
      + "foxes ideas pinto beans dolphins platelets sleep wake haggle nag cajole boost detect").split(" ");
  private static final int START = (int) LocalDate.of(1992, 1, 1).toEpochDay();
  private static final int LAST_ORDER_DAY = (int) LocalDate.of(1998, 8, 2).toEpochDay();
  private static final int CURRENT = (int) LocalDate.of(1995, 6, 17).toEpochDay();
  private static final int BATCH = 65_536;

  private LineitemFiles() {}

  /** Orders of scale {@code scale}: 1,500,000 per unit. */
  static long orders(double scale) {
    return Math.max(1, (long) (1_500_000 * scale));
  }

  /**
   * Writes {@code files} files {@code part-N.parquet} into {@code dir} (unless a complete set is
   * there), the orders split evenly between them; returns the number of rows.
   */
  static long write(Path dir, double scale, int files, long seed) throws IOException {
    Files.createDirectories(dir);
    Path done = dir.resolve("_rows");
    if (Files.exists(done)) {
      return Long.parseLong(Files.readString(done).trim());
    }
    long orders = orders(scale);
    long rows = 0;
    SplittableRandom random = new SplittableRandom(seed);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int f = 0; f < files; f++) {
        long from = 1 + orders * f / files;
        long to = 1 + orders * (f + 1) / files;
        rows += writeFile(dir.resolve("part-" + f + ".parquet"), from, to, random.split(), scale, allocator);
      }
    }
    Files.writeString(done, Long.toString(rows));
    return rows;
  }

  private static long writeFile(Path file, long fromOrder, long toOrder, SplittableRandom r, double scale,
      BufferAllocator allocator) throws IOException {
    long partKeys = Math.max(1, (long) (200_000 * scale));
    long suppKeys = Math.max(1, (long) (10_000 * scale));
    WriterProperties props = WriterProperties.builder()
        .codec(CompressionCodec.SNAPPY)
        .pageIndex(true)
        .column("l_orderkey", c -> c.bloomFilter(new BloomFilterOptions(toOrder - fromOrder, 0.01)))
        .build();
    long rows = 0;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props)) {
      Columns c = new Columns(root);
      int n = 0;
      for (long order = fromOrder; order < toOrder; order++) {
        int orderDay = START + r.nextInt(LAST_ORDER_DAY - START + 1);
        int lines = 1 + r.nextInt(7);
        for (int line = 1; line <= lines; line++) {
          if (n == BATCH) {
            root.setRowCount(n);
            w.write(root);
            rows += n;
            n = 0;
            c.reset();
          }
          long part = 1 + r.nextLong(partKeys);
          long quantity = 1 + r.nextInt(50);
          long retailCents = 90_000 + (part / 10) % 20_001 + 100 * (part % 1_000);
          int ship = orderDay + 1 + r.nextInt(121);
          int receipt = ship + 1 + r.nextInt(30);
          c.orderKey.setSafe(n, order);
          c.partKey.setSafe(n, part);
          c.suppKey.setSafe(n, 1 + r.nextLong(suppKeys));
          c.lineNumber.setSafe(n, line);
          c.quantity.setSafe(n, quantity * 100);
          c.price.setSafe(n, quantity * retailCents);
          c.discount.setSafe(n, r.nextInt(11));
          c.tax.setSafe(n, r.nextInt(9));
          c.returnFlag.setSafe(n, bytes(receipt <= CURRENT ? (r.nextBoolean() ? "R" : "A") : "N"));
          c.lineStatus.setSafe(n, bytes(ship > CURRENT ? "O" : "F"));
          c.shipDate.setSafe(n, ship);
          c.commitDate.setSafe(n, orderDay + 30 + r.nextInt(61));
          c.receiptDate.setSafe(n, receipt);
          c.instruct.setSafe(n, bytes(INSTRUCT[r.nextInt(INSTRUCT.length)]));
          c.mode.setSafe(n, bytes(MODE[r.nextInt(MODE.length)]));
          c.comment.setSafe(n, bytes(comment(r)));
          n++;
        }
      }
      root.setRowCount(n);
      if (n > 0) {
        w.write(root);
        rows += n;
      }
    }
    return rows;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** 10 to 43 characters of dbgen-like words. */
  private static String comment(SplittableRandom r) {
    int length = 10 + r.nextInt(34);
    StringBuilder b = new StringBuilder(length + 16);
    while (b.length() < length) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(WORDS[r.nextInt(WORDS.length)]);
    }
    return b.substring(0, length);
  }

  /** The root's vectors by column. */
  private static final class Columns {
    final VectorSchemaRoot root;
    final BigIntVector orderKey;
    final BigIntVector partKey;
    final BigIntVector suppKey;
    final IntVector lineNumber;
    final DecimalVector quantity;
    final DecimalVector price;
    final DecimalVector discount;
    final DecimalVector tax;
    final VarCharVector returnFlag;
    final VarCharVector lineStatus;
    final DateDayVector shipDate;
    final DateDayVector commitDate;
    final DateDayVector receiptDate;
    final VarCharVector instruct;
    final VarCharVector mode;
    final VarCharVector comment;

    Columns(VectorSchemaRoot root) {
      this.root = root;
      orderKey = (BigIntVector) root.getVector("l_orderkey");
      partKey = (BigIntVector) root.getVector("l_partkey");
      suppKey = (BigIntVector) root.getVector("l_suppkey");
      lineNumber = (IntVector) root.getVector("l_linenumber");
      quantity = (DecimalVector) root.getVector("l_quantity");
      price = (DecimalVector) root.getVector("l_extendedprice");
      discount = (DecimalVector) root.getVector("l_discount");
      tax = (DecimalVector) root.getVector("l_tax");
      returnFlag = (VarCharVector) root.getVector("l_returnflag");
      lineStatus = (VarCharVector) root.getVector("l_linestatus");
      shipDate = (DateDayVector) root.getVector("l_shipdate");
      commitDate = (DateDayVector) root.getVector("l_commitdate");
      receiptDate = (DateDayVector) root.getVector("l_receiptdate");
      instruct = (VarCharVector) root.getVector("l_shipinstruct");
      mode = (VarCharVector) root.getVector("l_shipmode");
      comment = (VarCharVector) root.getVector("l_comment");
      reset();
    }

    void reset() {
      root.clear();
      root.allocateNew();
    }
  }
}
