package org.parquetarrow.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;

/**
 * Decompression buffers reused across chunks (issue 18) never show in the rows: many readers on
 * several threads at once, each with pages made ahead and parallel lanes, some closed half way,
 * over a file of many small row groups and pages, read every value the generator below says (an
 * independent calculation, not our reader's output). A buffer handed out while a page still lay in
 * it would put one reader's bytes in another's rows.
 */
class ScratchReuseReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int GROUPS = 16;
  private static final int GROUP_ROWS = 3000;
  private static final Schema SCHEMA = new Schema(List.of(
      new Field("n", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      new Field("s", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

  private static long n(long r) {
    return r * 0x9E3779B97F4A7C15L ^ (r >>> 3);
  }

  /** Of varying length, so pages of a chunk (and chunks) differ in size and buffers are regrown. */
  private static String s(long r) {
    if (r % 11 == 0) {
      return null;
    }
    return "row " + r + "-" + "x".repeat((int) ((r * 31) % 97));
  }

  private Path written() {
    Path file = dir.resolve("many-groups.parquet");
    WriterProperties props = WriterProperties.builder().rowGroupRows(GROUP_ROWS).dataPageRowLimit(250)
        .codec(CompressionCodec.SNAPPY).dictionary(false).build();
    try (ParquetFileWriter w = ParquetFileWriter.open(file, SCHEMA, props);
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      BigIntVector nv = (BigIntVector) root.getVector("n");
      VarCharVector sv = (VarCharVector) root.getVector("s");
      for (int g = 0; g < GROUPS; g++) {
        root.allocateNew();
        for (int i = 0; i < GROUP_ROWS; i++) {
          long r = (long) g * GROUP_ROWS + i;
          nv.set(i, n(r));
          if (s(r) == null) {
            sv.setNull(i);
          } else {
            sv.setSafe(i, s(r).getBytes(StandardCharsets.UTF_8));
          }
        }
        root.setRowCount(GROUP_ROWS);
        w.write(root);
      }
    }
    return file;
  }

  /** Reads {@code batches} batches (all when negative), checking each row; the rows read. */
  private long read(Path file, ReadOptions options, int batches) {
    long row = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(file, options)) {
      int taken = 0;
      for (VectorSchemaRoot b = reader.readNextBatch(); b != null; b = reader.readNextBatch()) {
        try (VectorSchemaRoot batch = b) {
          BigIntVector nv = (BigIntVector) batch.getVector("n");
          VarCharVector sv = (VarCharVector) batch.getVector("s");
          for (int i = 0; i < batch.getRowCount(); i++, row++) {
            if (nv.get(i) != n(row)) {
              throw new AssertionError("row " + row + ": n " + nv.get(i) + ", expected " + n(row));
            }
            String got = sv.isNull(i) ? null : new String(sv.get(i), StandardCharsets.UTF_8);
            if (!java.util.Objects.equals(got, s(row))) {
              throw new AssertionError("row " + row + ": s " + got + ", expected " + s(row));
            }
          }
        }
        if (++taken == batches) {
          break; // closed half way: pages made ahead and held are dropped mid-chunk
        }
      }
    }
    return row;
  }

  @Test
  void readersAtOnceWithPagesAheadAndLanesReadTheGeneratorsRows() throws Exception {
    Path file = written();
    List<ReadOptions> kinds = new ArrayList<>();
    for (ReadOptions.PageReadAhead ahead : ReadOptions.PageReadAhead.values()) {
      for (int lanes = 1; lanes <= 3; lanes++) {
        ReadOptions.Builder b = ReadOptions.builder(memory.allocator()).batchSize(700 + 300 * lanes)
            .pageReadAhead(ahead).parallelism(lanes);
        if (lanes > 1) {
          b.parallelDecoding(ReadOptions.ParallelDecoding.LANES);
        }
        kinds.add(b.build());
      }
    }
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<Long>> reads = new ArrayList<>();
      List<Long> expected = new ArrayList<>();
      for (int round = 0; round < 3; round++) {
        for (int k = 0; k < kinds.size(); k++) {
          ReadOptions options = kinds.get(k);
          int batches = (k + round) % 3 == 0 ? 1 + (k % 5) : -1;
          reads.add(threads.submit(() -> read(file, options, batches)));
          expected.add(batches < 0 ? (long) GROUPS * GROUP_ROWS : -1L);
        }
      }
      for (int i = 0; i < reads.size(); i++) {
        long rows = reads.get(i).get(5, TimeUnit.MINUTES);
        if (expected.get(i) >= 0) {
          assertEquals(expected.get(i), rows, "read " + i);
        } else {
          assertTrue(rows > 0 && rows < (long) GROUPS * GROUP_ROWS, "read " + i + " stopped half way: " + rows);
        }
      }
    } finally {
      // reads still running after a failure finish before the allocator is checked
      threads.shutdownNow();
      threads.awaitTermination(5, TimeUnit.MINUTES);
    }
  }
}
