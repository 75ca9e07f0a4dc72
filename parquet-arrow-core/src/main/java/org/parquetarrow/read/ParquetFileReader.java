package org.parquetarrow.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.format.ChunkDecoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.schema.SchemaMapping;

/**
 * Reads a Parquet file into Arrow batches: pages are decoded straight into the buffers of the
 * batch's vectors, every buffer from {@link ReadOptions#allocator()}.
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *     ParquetFileReader reader = ParquetFileReader.open(path, ReadOptions.defaults(allocator))) {
 *   Schema schema = reader.arrowSchema();
 *   VectorSchemaRoot next;
 *   while ((next = reader.readNextBatch()) != null) {
 *     try (VectorSchemaRoot batch = next) {
 *       consume(batch);
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>The batches come out once, in file order, through whichever of {@link #readNextBatch()},
 * {@link #batches()} or {@link #toArrowReader()} the caller uses. String and binary columns that
 * are dictionary fields (asked for with {@link ReadOptions.Builder#dictionaryColumns}, or stored so
 * by the writer) come out as dictionary vectors with one dictionary per batch; dictionary fields of
 * other types come out as their values. Not thread-safe: one thread reads the batches, however
 * many decode them ({@link ReadOptions.Builder#parallelism(int)}).
 *
 * <p>Encrypted files are read with the keys of {@link ReadOptions#decryption()}; projecting an
 * encrypted column whose key is missing fails when the reader opens, with a {@link
 * org.parquetarrow.ParquetCryptoException} naming the column.
 *
 * <p>Errors are {@link org.parquetarrow.ParquetException}s located at the file, row group, column
 * and page; after one, every buffer the reader held is released and further reads fail.
 */
public final class ParquetFileReader implements AutoCloseable {
  private final InputFile file;
  private final boolean ownsFile;
  private final FileMetaData metadata;
  private final SchemaMapping mapping;
  private final BatchSource batches;
  private boolean closed;
  /** The Arrow readers handed out, whose roots this reader's close frees too. */
  private final List<ArrowReader> arrowReaders = new ArrayList<>();

  private ParquetFileReader(InputFile file, boolean ownsFile, ReadOptions options) {
    this(file, ownsFile, ParquetFooter.read(file, MetadataLimits.DEFAULT, options.checkReadable().decryption(),
        chunkDecoding(options)), options);
  }

  /** A projected read uses the column chunks of its columns only: the others stay undecoded. */
  private static ChunkDecoding chunkDecoding(ReadOptions options) {
    return options.columns() == null ? ChunkDecoding.EAGER : ChunkDecoding.ON_FIRST_ACCESS;
  }

  private ParquetFileReader(InputFile file, boolean ownsFile, ParquetFooter footer, ReadOptions options) {
    options.checkReadable();
    this.file = file;
    this.ownsFile = ownsFile;
    FileDecryptor decryptor = footer.decryptor();
    this.metadata = decryptor == null ? footer.metadata() : decryptor.decryptColumnMetaData(footer.metadata());
    SchemaMapping all = ArrowSchemaConverter.toArrow(metadata, options.arrowOptions());
    ArrowReadOptions byParquetPath = dictionaryColumnsByParquetPath(all, options.arrowOptions());
    if (!byParquetPath.equals(options.arrowOptions())) {
      all = ArrowSchemaConverter.toArrow(metadata, byParquetPath);
    }
    this.mapping = options.columns() == null ? all : all.select(options.columns());
    RowPlan plan = RowPlan.of(metadata, options);
    BatchReader whole = new BatchReader(file, metadata, footer.writerVersion(), decryptor, mapping, plan, options);
    if (options.parallelism() > 1 && byColumns(whole, options)) {
      whole.decodeByColumns(options.executor() != null ? options.executor() : ParallelBatchReader.columnThreads(),
          options.parallelism() - 1);
      this.batches = whole;
    } else if (options.parallelism() > 1) {
      // each lane decodes on one thread at a time: column tasks on the same executor could wait on each other
      ReadOptions.Builder lanes = options.toBuilder().executor(null).parallelism(1)
          .fetchOptions(ParallelBatchReader.laneFetch(options.fetchOptions()));
      if (BatchReader.lanesTakeEveryCore(options)) {
        lanes.pageReadAhead(ReadOptions.PageReadAhead.OFF); // AUTO: no helper competing with the lanes
      }
      ReadOptions perWindow = lanes.build();
      this.batches = ParallelBatchReader.over(whole, plan, metadata, options,
          lane -> new BatchReader(file, metadata, footer.writerVersion(), decryptor, mapping, lane, perWindow));
    } else {
      this.batches = whole;
    }
  }

  /** Where the batches come from: for tests of the parallel readers. */
  BatchSource source() {
    return batches;
  }

  /** Whether a parallel read decodes by columns within each batch rather than by lanes. */
  private static boolean byColumns(BatchReader whole, ReadOptions options) {
    return switch (options.parallelDecoding()) {
      case COLUMNS -> whole.narrowRows();
      case LANES -> false;
      case AUTO -> whole.columnsBalance(options.parallelism());
    };
  }

  /**
   * Opens the file at {@code path}; closing the reader closes the file.
   *
   * @throws org.parquetarrow.MissingFileException if there is no file at {@code path}
   * @throws org.parquetarrow.ParquetException if the footer or schema cannot be read
   * @throws org.parquetarrow.schema.UnknownColumnException (an {@link IllegalArgumentException})
   *     for a projected or dictionary column that does not exist, listing the valid names
   * @throws IllegalArgumentException for a row group that does not exist, or a {@link
   *     ReadOptions#rowSelection() row selection} past the file's last row
   */
  public static ParquetFileReader open(Path path, ReadOptions options) {
    Objects.requireNonNull(options, "options");
    InputFile file;
    try {
      file = LocalInputFile.open(path);
    } catch (IOException e) {
      throw ParquetIOException.opening("cannot open the file", path, e);
    }
    try {
      return new ParquetFileReader(file, true, options);
    } catch (RuntimeException e) {
      try {
        file.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * Opens {@code file}, which the caller keeps open while reading and closes afterwards.
   *
   * @throws org.parquetarrow.ParquetException if the footer or schema cannot be read
   * @throws org.parquetarrow.schema.UnknownColumnException (an {@link IllegalArgumentException})
   *     for a projected or dictionary column that does not exist, listing the valid names
   * @throws IllegalArgumentException for a row group that does not exist, or a {@link
   *     ReadOptions#rowSelection() row selection} past the file's last row
   */
  public static ParquetFileReader open(InputFile file, ReadOptions options) {
    return new ParquetFileReader(Objects.requireNonNull(file, "file"), false, Objects.requireNonNull(options, "options"));
  }

  /**
   * Opens {@code file} with its already parsed {@code footer}, so the file's tail is not read
   * again: for callers that read footers first to plan (datasets). An encrypted file is decrypted
   * with the keys {@code footer} was read with ({@link ParquetFooter#decryptor()});
   * {@link ReadOptions#decryption()} is not used. The caller keeps {@code file} open while
   * reading and closes it afterwards.
   *
   * <pre>{@code
   * ParquetFooter footer = ParquetFooter.read(in, keys);
   * // ... plan with footer.metadata() ...
   * try (ParquetFileReader r = ParquetFileReader.open(in, footer, ReadOptions.builder(allocator).build())) {
   *   r.readNextBatch();
   * }
   * }</pre>
   *
   * @throws org.parquetarrow.ParquetException if the schema cannot be read
   * @throws org.parquetarrow.schema.UnknownColumnException (an {@link IllegalArgumentException})
   *     for a projected or dictionary column that does not exist, listing the valid names
   * @throws IllegalArgumentException for a row group that does not exist, or a {@link
   *     ReadOptions#rowSelection() row selection} past the file's last row
   */
  public static ParquetFileReader open(InputFile file, ParquetFooter footer, ReadOptions options) {
    return new ParquetFileReader(Objects.requireNonNull(file, "file"), false, Objects.requireNonNull(footer, "footer"),
        Objects.requireNonNull(options, "options"));
  }

  /**
   * The Arrow schema of the batches a reader of {@code mapping} returns: the mapping's schema, with
   * each whole VARIANT group rebuilt as the canonical variant struct unless {@code variants} keeps
   * the stored shredding. For callers that plan from footers alone (datasets) and must agree with
   * {@link #arrowSchema()} without opening a reader.
   *
   * <pre>{@code
   * SchemaMapping m = ArrowSchemaConverter.toArrow(footer.metadata(), ArrowReadOptions.defaults());
   * Schema s = ParquetFileReader.readSchema(m, ArrowReadOptions.defaults(), VariantShredding.UNSHRED);
   * }</pre>
   */
  public static Schema readSchema(SchemaMapping mapping, ArrowReadOptions arrowOptions,
      ReadOptions.VariantShredding variants) {
    return ReadFields.messageSchema(mapping, ReadFields.unshredders(mapping, arrowOptions, variants));
  }

  /** The file's footer metadata. */
  public FileMetaData metadata() {
    return metadata;
  }

  /** The file's Parquet schema (all columns, whatever the projection). */
  public ParquetSchema parquetSchema() {
    return mapping.parquetSchema();
  }

  /** The Arrow schema of the batches (after projection). */
  public Schema arrowSchema() {
    return batches.schema();
  }

  /** How the projected Arrow fields map to Parquet columns. */
  public SchemaMapping schemaMapping() {
    return mapping;
  }

  /**
   * Pages (and index or unknown pages) passed over so far without being decompressed, over all
   * columns: pages outside a {@link ReadOptions#rowSelection row selection}.
   */
  public long pagesSkipped() {
    return batches.pagesSkipped();
  }

  /**
   * Bytes of column chunks fetched so far, over all columns: whole chunks, or, for row groups read
   * with a {@link ReadOptions#rowSelection row selection} and an offset index, only the dictionary
   * pages and the pages holding selected rows. Holes read through when ranges are coalesced are
   * not counted; footer and index reads neither.
   */
  public long bytesFetched() {
    return batches.bytesFetched();
  }

  /**
   * Bytes of column chunks requested so far: what the coalesced reads span, the holes they read
   * through included, so the network cost of a remote file ({@link #bytesFetched()} and the holes).
   * Footer and index reads are not counted.
   *
   * <pre>{@code
   * long holes = reader.bytesRequested() - reader.bytesFetched();
   * }</pre>
   */
  public long bytesRequested() {
    return batches.bytesRequested();
  }

  /**
   * The dictionaries of the batch {@link #readNextBatch()} returned last, for its dictionary
   * vectors (string and binary columns read as dictionaries, see {@link
   * ReadOptions.Builder#dictionaryColumns}). They belong to this reader and are replaced by the
   * next batch.
   */
  public DictionaryProvider dictionaries() {
    DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
    batches.dictionaries().values().forEach(provider::put);
    return provider;
  }

  /**
   * The next batch, or {@code null} after the last; the caller closes it.
   *
   * @throws org.parquetarrow.ParquetException for malformed or unsupported data
   */
  public VectorSchemaRoot readNextBatch() {
    return batches.next();
  }

  /**
   * The remaining batches as an iterator; each batch returned is owned (and closed) by the
   * caller.
   */
  public Iterator<VectorSchemaRoot> batches() {
    return new Iterator<>() {
      private VectorSchemaRoot next;

      @Override
      public boolean hasNext() {
        if (next == null) {
          next = readNextBatch();
        }
        return next != null;
      }

      @Override
      public VectorSchemaRoot next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        VectorSchemaRoot n = next;
        next = null;
        return n;
      }
    };
  }

  /**
   * The remaining batches as an Arrow {@link ArrowReader} (whose root is reused from batch to
   * batch). Closing it closes this reader, and closing this reader closes it (its root's buffers
   * are freed), so either is enough.
   */
  public ArrowReader toArrowReader() {
    ArrowReader r = new ParquetArrowReader(this, batches);
    arrowReaders.add(r);
    return r;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (ArrowReader r : arrowReaders) {
      try {
        r.close(); // its root; closing its source comes back here and returns at once
      } catch (IOException e) {
        throw new ParquetIOException("cannot close the Arrow reader of " + file.name() + ": " + e.getMessage(), e);
      }
    }
    batches.close();
    if (ownsFile) {
      try {
        file.close();
      } catch (IOException e) {
        throw new ParquetIOException("cannot close " + file.name() + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * {@code options} with its dictionary columns named by their Parquet leaf paths, which the schema
   * converter matches: a name in Arrow form ({@code tags.item}) or naming a struct stands for the
   * leaves under it.
   *
   * @throws org.parquetarrow.schema.UnknownColumnException for a name that is no column
   */
  private static ArrowReadOptions dictionaryColumnsByParquetPath(SchemaMapping all, ArrowReadOptions options) {
    if (options.dictionaryColumns().isEmpty()) {
      return options;
    }
    Set<String> paths = new LinkedHashSet<>();
    for (String name : options.dictionaryColumns()) {
      for (int leaf : all.resolveColumns(name, "no dictionary column")) {
        paths.add(all.parquetSchema().column(leaf).dottedPath());
      }
    }
    return options.toBuilder().dictionaryColumns(paths).build();
  }
}
