package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;

/** Arrow IPC files made by the tests, with values known by construction. */
final class ArrowFiles {
  private ArrowFiles() {}

  /**
   * {@code rows} rows in batches of {@code batch}: {@code id} = row index (never null), {@code name}
   * = "name-" + index, null on every 10th row.
   */
  static void idsAndNames(Path file, int rows, int batch) throws IOException {
    try (BufferAllocator a = new RootAllocator();
        IntVector id = new IntVector("id", a);
        VarCharVector name = new VarCharVector("name", a)) {
      VectorSchemaRoot root = VectorSchemaRoot.of(id, name);
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING);
          ArrowFileWriter w = new ArrowFileWriter(root, null, ch)) {
        w.start();
        for (int start = 0; start < rows; start += batch) {
          int n = Math.min(batch, rows - start);
          id.allocateNew(n);
          name.allocateNew(n);
          for (int i = 0; i < n; i++) {
            int row = start + i;
            id.set(i, row);
            if (row % 10 == 0) {
              name.setNull(i);
            } else {
              name.setSafe(i, ("name-" + row).getBytes(StandardCharsets.UTF_8));
            }
          }
          root.setRowCount(n);
          w.writeBatch();
        }
        w.end();
      }
    }
  }

  /** The group of row {@code id} in {@link #idsAndGroups}: null when id % 4 = 0, else "g" + id % 3. */
  static String group(int id) {
    return id % 4 == 0 ? null : "g" + id % 3;
  }

  /** {@code rows} rows in batches of {@code batch}: {@code id} = row index, {@code grp} = {@link #group}. */
  static void idsAndGroups(Path file, int rows, int batch) throws IOException {
    try (BufferAllocator a = new RootAllocator();
        IntVector id = new IntVector("id", a);
        VarCharVector grp = new VarCharVector("grp", a)) {
      VectorSchemaRoot root = VectorSchemaRoot.of(id, grp);
      try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING);
          ArrowFileWriter w = new ArrowFileWriter(root, null, ch)) {
        w.start();
        for (int start = 0; start < rows; start += batch) {
          int n = Math.min(batch, rows - start);
          id.allocateNew(n);
          grp.allocateNew(n);
          for (int i = 0; i < n; i++) {
            id.set(i, start + i);
            String g = group(start + i);
            if (g == null) {
              grp.setNull(i);
            } else {
              grp.setSafe(i, g.getBytes(StandardCharsets.UTF_8));
            }
          }
          root.setRowCount(n);
          w.writeBatch();
        }
        w.end();
      }
    }
  }
}
