package org.parquetarrow.dataset.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.util.AutoCloseables;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.FileScan;
import org.parquetarrow.dataset.OpenFiles;
import org.parquetarrow.dataset.prune.RowGroupScan;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.ArrowReadOptions;

/**
 * Reads the row groups pruning kept of one file (all of them, or a run of them when the file is
 * split across threads) and turns every decoded batch into output
 * batches: shaped to the work schema (missing columns as nulls, partition values filled in),
 * filtered by the residual filter, cut to the output schema.
 */
final class FileScanTask {
  /** Where output batches go; blocks for back-pressure and answers false once the scan is cancelled. */
  interface Sink {
    boolean accept(ScanBatch batch) throws InterruptedException;

    boolean cancelled();
  }

  private final FileScan scan;
  private final Schema datasetSchema;
  private final ScanShape shape;
  private final FilterEvaluator filter;
  private final ScanOptions options;
  private final ScanMetrics metrics;
  private final BufferAllocator allocator;
  /** Whether this task is the first (or only) of its file, the one that counts it as read. */
  private final boolean countsFile;
  /** The scan's open files, the one pruning opened among them. */
  private final OpenFiles files;
  /** The fields of the work and output vectors (dictionary-encoded columns as their indices). */
  private final ArrowReadOptions readOptions;
  private final List<Field> workFields;
  private final List<Field> outputFields;

  FileScanTask(FileScan scan, Schema datasetSchema, ArrowReadOptions readOptions, ScanShape shape, FilterEvaluator filter, ScanOptions options,
      ScanMetrics metrics, BufferAllocator allocator, boolean countsFile, OpenFiles files) {
    this.files = files;
    this.scan = scan;
    this.datasetSchema = datasetSchema;
    this.readOptions = readOptions;
    this.shape = shape;
    this.filter = filter;
    this.options = options;
    this.metrics = metrics;
    this.allocator = allocator;
    this.countsFile = countsFile;
    this.workFields = shape.work().getFields().stream().map(ScanShape::memory).toList();
    this.outputFields = shape.output().getFields().stream().map(ScanShape::memory).toList();
  }

  /** The file this task reads. */
  DatasetFile file() {
    return scan.file();
  }

  String fileName() {
    return scan.file().location();
  }

  void run(Sink sink) throws InterruptedException {
    try {
      read(sink);
    } catch (ParquetException e) {
      throw e.locate(ErrorLocation.ofFile(fileName()));
    } catch (IOException e) {
      // a file deleted or made unreadable between discovery and scan reads as such, typed
      if (!scan.file().isLocal()) {
        throw new ParquetIOException("cannot scan the file: " + e.getMessage(), e).locate(ErrorLocation.ofFile(fileName()));
      }
      throw ParquetIOException.opening("cannot scan the file", scan.file().path(), e);
    } catch (RuntimeException e) {
      throw new ParquetException("scan of " + fileName() + " failed: " + e.getMessage(), ErrorLocation.ofFile(fileName()), e);
    }
  }

  private void read(Sink sink) throws IOException, InterruptedException {
    // the scan's template (checksums, batch size and bytes, executor, fetching), then what this file decides
    ReadOptions.Builder rb = options.readOptions().toBuilder().allocator(allocator).arrowOptions(fileReadOptions());
    List<String> columns = shape.readColumns(datasetSchema, scan.file().mapping().arrowSchema());
    if (columns.isEmpty()) {
      // Only partition or missing columns wanted: read the first column for the row counts.
      columns = List.of(scan.file().mapping().arrowSchema().getFields().get(0).getName());
    }
    rb.columns(columns);
    List<String> dictionaryColumns = new ArrayList<>(shape.dictionaryNames());
    dictionaryColumns.retainAll(columns);
    if (!dictionaryColumns.isEmpty()) {
      rb.dictionaryColumns(dictionaryColumns.toArray(String[]::new));
    }
    int[] groups = new int[scan.rowGroups().size()];
    boolean needsFilter = false;
    for (int i = 0; i < groups.length; i++) {
      RowGroupScan g = scan.rowGroups().get(i);
      groups[i] = g.rowGroup();
      rb.rowSelection(g.rowGroup(), g.rows());
      needsFilter |= !g.filterAlwaysTrue();
    }
    rb.rowGroups(groups);
    boolean evaluate = filter != null && options.exact() && needsFilter;
    if (countsFile) {
      metrics.filesRead.increment();
    }
    metrics.rowGroupsRead.add(groups.length);
    // The reader fetches only the pages the row selections need (through the offset index), from
    // the version of the file discovery read, through the file pruning opened when it is kept.
    try (InputFile file = files.open(scan.file())) {
      // Discovery parsed the footer (and, for an encrypted file, decrypted it with the dataset's
      // keys): the reader takes it as is instead of reading the file's tail again.
      ParquetFileReader reader = ParquetFileReader.open(file, scan.file().footer(), rb.build());
      try (ArrowReader batches = reader.toArrowReader()) {
        try {
          long produced = 0;
          while (!sink.cancelled() && batches.loadNextBatch()) {
            ScanBatch out = shape(batches.getVectorSchemaRoot(), batches.getDictionaryVectors(), evaluate);
            if (out == null) {
              continue;
            }
            produced += out.root().getRowCount();
            if (!sink.accept(out)) {
              break;
            }
            if (options.limit() != ScanOptions.NO_LIMIT && produced >= options.limit()) {
              // no row of this task past the limit's can be handed out: the next row groups are not fetched
              break;
            }
          }
        } finally {
          metrics.dataBytesRead.add(reader.bytesFetched());
          metrics.dataBytesRequested.add(reader.bytesRequested());
          metrics.pagesSkippedReading.add(reader.pagesSkipped());
        }
      }
    }
  }

  /**
   * The dataset's read options with only the dictionary columns this file has: the file reader
   * refuses a name it lacks, and a column the dataset's other files have is no error here.
   */
  private ArrowReadOptions fileReadOptions() {
    if (readOptions.dictionaryColumns().isEmpty()) {
      return readOptions;
    }
    Set<String> paths = new HashSet<>();
    scan.file().mapping().parquetSchema().columns().forEach(c -> paths.add(c.dottedPath()));
    List<String> kept = readOptions.dictionaryColumns().stream().filter(paths::contains).toList();
    return readOptions.toBuilder().dictionaryColumns(kept).build();
  }

  /** The output batch of one decoded batch, or {@code null} if no row matches. */
  private ScanBatch shape(VectorSchemaRoot in, Map<Long, Dictionary> inDictionaries, boolean evaluate) {
    int rows = in.getRowCount();
    metrics.rowsRead.add(rows);
    List<FieldVector> work = new ArrayList<>();
    Map<Long, FieldVector> dictionaries = new HashMap<>();
    try {
      for (Field f : shape.work().getFields()) {
        if (shape.partitionNames().contains(f.getName())) {
          work.add(ConstantVectors.of(f, scan.file().partitionValues().get(f.getName()), rows, allocator));
        } else if (f.getDictionary() != null) {
          work.add(DictionaryColumns.conform(in.getVector(f.getName()), inDictionaries, f, rows, allocator, dictionaries));
        } else {
          work.add(VectorConformer.conform(in.getVector(f.getName()), f, rows, allocator));
        }
      }
      try (VectorSchemaRoot workRoot = new VectorSchemaRoot(workFields, new ArrayList<>(work), rows)) {
        work.clear();
        TriBits bits = evaluate ? filter.evaluate(workRoot, dictionaries) : null;
        int count = bits == null ? rows : bits.trueCount();
        if (count == 0) {
          return null;
        }
        List<FieldVector> out = new ArrayList<>();
        try {
          for (Field f : outputFields) {
            FieldVector cut = VectorConformer.conform(workRoot.getVector(f.getName()), f, rows, allocator);
            if (count < rows) {
              try (cut) {
                out.add(RowSelector.select(cut, bits.isTrue, rows, count, allocator));
              }
            } else {
              out.add(cut);
            }
          }
        } catch (RuntimeException e) {
          AutoCloseables.closeNoChecked(() -> AutoCloseables.close(out));
          throw e;
        }
        Map<Long, FieldVector> outDictionaries = new HashMap<>();
        for (Field f : outputFields) {
          if (f.getDictionary() != null) {
            long id = f.getDictionary().getId();
            outDictionaries.put(id, dictionaries.remove(id));
          }
        }
        return new ScanBatch(new VectorSchemaRoot(outputFields, out, count), outDictionaries);
      }
    } catch (RuntimeException e) {
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(work));
      throw e;
    } finally {
      // dictionaries only the filter read
      AutoCloseables.closeNoChecked(() -> AutoCloseables.close(dictionaries.values()));
    }
  }
}
