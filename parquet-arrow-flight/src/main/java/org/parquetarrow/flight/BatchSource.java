package org.parquetarrow.flight;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.dataset.DatasetFile;
import org.parquetarrow.dataset.scan.ScanOptions;
import org.parquetarrow.dataset.scan.ScanReader;
import org.parquetarrow.dataset.scan.Scanner;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;

/** Where a split's batches come from: one root, refilled by {@link #next()}. */
interface BatchSource extends AutoCloseable {
  VectorSchemaRoot root() throws IOException;

  /** Loads the next batch into {@link #root()}; false at the end. */
  boolean next() throws IOException;

  /** Stops reading ahead; callable from any thread. */
  void cancel();

  @Override
  void close() throws IOException;

  /** A dataset scan (a file, or a whole dataset). */
  static BatchSource scan(org.parquetarrow.dataset.Dataset ds, ScanOptions options, BufferAllocator allocator) {
    ScanReader reader = Scanner.scan(ds, options, allocator);
    return new BatchSource() {
      @Override
      public VectorSchemaRoot root() throws IOException {
        return reader.getVectorSchemaRoot();
      }

      @Override
      public boolean next() throws IOException {
        return reader.loadNextBatch();
      }

      @Override
      public void cancel() {
        reader.cancel();
      }

      @Override
      public void close() throws IOException {
        reader.close();
      }
    };
  }

  /**
   * Row groups {@code [first, end)} of one file through the file reader, the columns moved (not
   * copied) into a root in the query's order.
   */
  static BatchSource rowGroups(DatasetFile file, List<String> columns, int first, int end, ReadOptions template,
      BufferAllocator allocator) {
    int groups = file.footer().metadata().rowGroups().size();
    if (end > groups) {
      String fileName = file.location().substring(file.location().lastIndexOf(file.isLocal() ? java.io.File.separatorChar : '/') + 1);
      throw CallStatus.NOT_FOUND.withDescription(fileName + " has " + groups
          + " row groups, not " + end + " (rewritten since the ticket was issued?)").toRuntimeException();
    }
    int[] ordinals = new int[end - first];
    for (int i = 0; i < ordinals.length; i++) {
      ordinals[i] = first + i;
    }
    ReadOptions.Builder options = template.toBuilder().allocator(allocator).rowGroups(ordinals);
    if (columns != null) {
      options.columns(columns);
    }
    // The footer discovery parsed (and decrypted, for a dataset discovered with keys) is reused:
    // the file's tail is not read again, and encrypted files read with the dataset's keys.
    InputFile in;
    try {
      // a remote file as the version discovery read its footer from
      in = file.open(new org.parquetarrow.io.IoStatistics());
    } catch (IOException e) {
      if (!file.isLocal()) {
        throw new ParquetIOException("cannot open the file: " + e.getMessage(), e)
            .locate(org.parquetarrow.ErrorLocation.ofFile(file.location()));
      }
      throw ParquetIOException.opening("cannot open the file", file.path(), e);
    }
    ArrowReader reader;
    try {
      reader = ParquetFileReader.open(in, file.footer(), options.build()).toArrowReader();
    } catch (RuntimeException e) {
      closeQuietly(in, e);
      throw e;
    }
    VectorSchemaRoot out;
    try {
      Schema read = reader.getVectorSchemaRoot().getSchema();
      List<Field> ordered = new ArrayList<>();
      if (columns == null) {
        ordered.addAll(read.getFields());
      } else {
        for (String c : columns) {
          ordered.add(read.findField(c));
        }
      }
      out = VectorSchemaRoot.create(new Schema(ordered), allocator);
    } catch (IOException | RuntimeException e) {
      try {
        reader.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      closeQuietly(in, e);
      throw e instanceof IOException io ? new java.io.UncheckedIOException(io) : (RuntimeException) e;
    }
    return new BatchSource() {
      @Override
      public VectorSchemaRoot root() {
        return out;
      }

      @Override
      public boolean next() throws IOException {
        if (!reader.loadNextBatch()) {
          out.setRowCount(0);
          return false;
        }
        VectorSchemaRoot in = reader.getVectorSchemaRoot();
        for (FieldVector target : out.getFieldVectors()) {
          in.getVector(target.getName()).makeTransferPair(target).transfer();
        }
        out.setRowCount(in.getRowCount());
        return true;
      }

      @Override
      public void cancel() {
        // the file reader reads only when asked; the loop stops asking
      }

      @Override
      public void close() throws IOException {
        try (in) {
          try {
            out.close();
          } finally {
            reader.close();
          }
        }
      }
    };
  }

  private static void closeQuietly(InputFile in, Exception failure) {
    try {
      in.close();
    } catch (IOException suppressed) {
      failure.addSuppressed(suppressed);
    }
  }
}
