package org.parquetarrow.flight;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.Dataset;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.FileScan;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.dataset.prune.PruningMetrics;
import org.parquetarrow.dataset.prune.PruningOptions;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.format.RowGroup;

/**
 * The {@link FlightInfo} of a query over the files this server holds: the projected schema, and
 * one endpoint per file the filter's pruning keeps (no location: "this server"), or, for a file of
 * more than {@code splitRows} rows read without a filter, one per range of its row groups ({@link
 * RowGroupRanges}). Counts come from footers: rows are exact without a filter and -1 (unknown)
 * with one; bytes are the uncompressed size of the row groups kept, all columns.
 */
final class LocalSplits {
  /** Schema-only scans never read: an executor that refuses work proves it. */
  private static final Executor NO_READS = r -> {
    throw new RejectedExecutionException("a schema-only scan does not read");
  };

  private LocalSplits() {}

  /**
   * @throws org.parquetarrow.dataset.expr.ExpressionParseException for a malformed filter
   * @throws org.parquetarrow.dataset.expr.ExpressionBindException for a filter or column that does
   *     not fit the schema
   */
  static FlightInfo info(ServedDataset served, FlightQuery query, long splitRows, BufferAllocator allocator) {
    Dataset ds = served.dataset();
    if (ds == null) {
      return new FlightInfo(new Schema(List.of()), query.toDescriptor(), List.of(), 0, 0);
    }
    ScanOptions options = query.scanOptions().build();
    Schema schema = projectedSchema(served, query, allocator);
    List<FlightEndpoint> endpoints = new ArrayList<>();
    long rows = 0;
    long bytes = 0;
    if (options.filter() == null) {
      boolean ranges = RowGroupRanges.servable(served, query, schema);
      for (DatasetFile f : ds.files()) {
        rows += f.rowCount();
        for (RowGroup g : f.footer().metadata().rowGroups()) {
          bytes += g.totalByteSize();
        }
        if (!served.splittable()) {
          continue;
        }
        String rel = served.relative(f);
        List<int[]> split = ranges ? RowGroupRanges.split(f.footer().metadata().rowGroups(), splitRows) : List.of();
        for (int[] r : split) {
          endpoints.add(new FlightEndpoint(new SplitTicket(query, rel, r[0], r[1]).toTicket()));
        }
        if (split.isEmpty()) {
          endpoints.add(endpoint(query, rel));
        }
      }
    } else {
      rows = -1;
      List<FileScan> plan = ds.plan(options.filter(), PruningOptions.ALL, new PruningMetrics());
      for (FileScan f : plan) {
        List<RowGroup> groups = f.file().footer().metadata().rowGroups();
        for (RowGroupScan g : f.rowGroups()) {
          bytes += groups.get(g.rowGroup()).totalByteSize();
        }
        if (served.splittable()) {
          endpoints.add(endpoint(query, served.relative(f.file())));
        }
      }
      if (plan.isEmpty()) {
        rows = 0;
      }
    }
    if (!served.splittable() && (rows != 0)) {
      endpoints.add(new FlightEndpoint(new SplitTicket(query, null).toTicket()));
    }
    return new FlightInfo(schema, query.toDescriptor(), endpoints, bytes, rows);
  }

  /**
   * The schema a scan of {@code query} yields, without reading data. The filter must fit the whole
   * schema; the projected schema is the same from any one file of a splittable dataset, which saves
   * planning every file twice.
   */
  static Schema projectedSchema(ServedDataset served, FlightQuery query, BufferAllocator allocator) {
    Dataset ds = served.dataset();
    ScanOptions options = query.scanOptions().executor(NO_READS).build();
    if (options.filter() != null) {
      ExpressionBinder.bind(options.filter(), ds.schema());
    }
    Dataset schemaSource = served.splittable() && !ds.files().isEmpty() ? served.singleFile(ds.files().get(0)) : ds;
    try (ScanReader reader = Scanner.scan(schemaSource, options, allocator)) {
      return reader.getVectorSchemaRoot().getSchema();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static FlightEndpoint endpoint(FlightQuery query, String file) {
    return new FlightEndpoint(new SplitTicket(query, file).toTicket());
  }
}
