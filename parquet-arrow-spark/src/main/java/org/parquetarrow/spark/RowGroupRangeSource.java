package org.parquetarrow.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.expr.Expression;
import org.parquetarrow.dataset.prune.FilePruner;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/**
 * A run of a file's row groups: the dataset scanner has no public way to scan part of a file, so
 * this prunes with the dataset layer's {@link FilePruner} (statistics, dictionaries, bloom filters,
 * page index) and reads the kept row groups and rows with the core reader. Rows are not filtered
 * exactly here; a scan with such slices leaves its pushed predicates for Spark to check again.
 */
final class RowGroupRangeSource implements BatchSource {
  private final CountingInputFile in;
  private final boolean firstSlice;
  private int rowGroupsRead;
  private final ArrowReader reader;
  private final VectorSchemaRoot empty;
  private final long[] emptyBatches;
  private final PruningMetrics pruning = new PruningMetrics();
  private int emptyBatch;
  private long rowsOut;

  RowGroupRangeSource(Dataset ds, FileSlice slice, List<String> columns, Expression filter, ReadConfig config,
      BufferAllocator allocator) throws IOException {
    DatasetFile f = ds.files().get(0);
    this.in = new CountingInputFile(LocalInputFile.open(f.path()));
    this.firstSlice = slice.rowGroupFrom() == 0;
    try {
      FilePruner pruner = new FilePruner(filter, ds.schema(), config.pruning(), pruning);
      List<RowGroupScan> kept = new ArrayList<>();
      for (RowGroupScan g : pruner.prune(in, f.metadata(), f.mapping(), Map.of(), f.footer().decryptor())) {
        if (g.rowGroup() >= slice.rowGroupFrom() && g.rowGroup() < slice.rowGroupTo() && !g.rows().isEmpty()) {
          kept.add(g);
        }
      }
      rowGroupsRead = kept.size();
      if (columns.isEmpty() || kept.isEmpty()) {
        // nothing to decode: only row counts (count(*)), or nothing left after pruning
        this.reader = null;
        this.empty = VectorSchemaRoot.create(new org.apache.arrow.vector.types.pojo.Schema(List.of()), allocator);
        this.emptyBatches = kept.stream().mapToLong(g -> g.rows().rowCount()).toArray();
        return;
      }
      ReadOptions.Builder options = ReadOptions.builder(allocator)
          .arrowOptions(ReadConfig.arrowOptions())
          .columns(columns)
          .batchSize(config.batchSize())
          .rowGroups(kept.stream().mapToInt(RowGroupScan::rowGroup).toArray());
      for (RowGroupScan g : kept) {
        options.rowSelection(g.rowGroup(), g.rows());
      }
      this.reader = ParquetFileReader.open(in, f.footer(), options.build()).toArrowReader();
      this.empty = null;
      this.emptyBatches = null;
    } catch (RuntimeException e) {
      in.close();
      throw e;
    }
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    if (reader == null) {
      if (emptyBatch == emptyBatches.length) {
        return false;
      }
      empty.setRowCount(Math.toIntExact(emptyBatches[emptyBatch++]));
      rowsOut += empty.getRowCount();
      return true;
    }
    boolean more = reader.loadNextBatch();
    if (more) {
      rowsOut += reader.getVectorSchemaRoot().getRowCount();
    }
    return more;
  }

  @Override
  public VectorSchemaRoot root() throws IOException {
    return reader == null ? empty : reader.getVectorSchemaRoot();
  }

  @Override
  public Map<String, Long> metrics() {
    // every slice of a file prunes the whole file; its first slice reports that pruning once
    Map<String, Long> m = firstSlice ? new HashMap<>(pruning.toMap()) : new HashMap<>();
    m.put("bytes_read", in.bytesRead());
    m.put("row_groups_read", (long) rowGroupsRead);
    m.put("rows_read", rowsOut);
    m.put("rows_out", rowsOut);
    return m;
  }

  @Override
  public void close() throws IOException {
    try {
      if (reader != null) {
        reader.close();
      }
      if (empty != null) {
        empty.close();
      }
    } finally {
      in.close();
    }
  }
}
