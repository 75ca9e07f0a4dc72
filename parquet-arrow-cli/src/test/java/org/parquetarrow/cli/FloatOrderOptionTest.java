package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;

/**
 * {@code from-arrow --float-order}: float columns go out in IEEE 754 total order by default, in
 * the older type order with {@code type}; anything else exits with 2 naming the choices.
 */
class FloatOrderOptionTest {
  @TempDir Path dir;

  private Path doubles() throws Exception {
    Path file = dir.resolve("x.arrow");
    try (BufferAllocator a = new RootAllocator(); Float8Vector x = new Float8Vector("x", a)) {
      VectorSchemaRoot root = VectorSchemaRoot.of(x);
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          ArrowFileWriter w = new ArrowFileWriter(root, null, ch)) {
        w.start();
        x.allocateNew(3);
        x.set(0, Double.NaN);
        x.set(1, 1.5);
        x.set(2, -0.0);
        root.setRowCount(3);
        w.writeBatch();
        w.end();
      }
    }
    return file;
  }

  private static List<ColumnOrder> orders(Path parquet) throws Exception {
    try (LocalInputFile in = LocalInputFile.open(parquet)) {
      return ParquetFooter.read(in).metadata().columnOrders();
    }
  }

  @Test
  void totalOrderByDefaultTypeOrderOnRequest() throws Exception {
    Path arrow = doubles();
    Path total = dir.resolve("total.parquet");
    Cli a = Cli.run("from-arrow", arrow.toString(), total.toString());
    assertEquals(0, a.exit(), a.err());
    assertEquals(List.of(ColumnOrder.IEEE_754_TOTAL_ORDER), orders(total));
    Path type = dir.resolve("type.parquet");
    Cli b = Cli.run("from-arrow", arrow.toString(), type.toString(), "--float-order", "type");
    assertEquals(0, b.exit(), b.err());
    assertEquals(List.of(ColumnOrder.TYPE_DEFINED_ORDER), orders(type));
    Cli bad = Cli.run("from-arrow", arrow.toString(), dir.resolve("bad.parquet").toString(), "--float-order", "total");
    assertEquals(2, bad.exit(), bad.err());
    assertTrue(bad.err().contains("ieee") && bad.err().contains("type"), bad.err());
  }
}
