package org.parquetarrow.write;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.crypto.FileEncryptor;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.PhysicalType;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.io.OutputFile;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.FieldMapping;
import org.parquetarrow.schema.ParquetWriteSchema;

/**
 * Writes Arrow record batches to one Parquet file. The file appears at its destination only when
 * {@link #close()} succeeds; {@link #abort()}, a failure in {@code close()}, or never closing leave
 * nothing there (the bytes go to a hidden temporary file beside it). Each batch is checked against
 * the writer's schema before any of it is written ({@link SchemaMismatchException} naming the field
 * and both types). Any failure of {@link #write} fails the writer: the output is aborted at once,
 * and {@code close()} throws a {@link WriterFailedException} saying why instead of publishing, so a
 * try-with-resources block around a failing write ends with the write's exception and no file.
 *
 * <pre>{@code
 * try (ParquetFileWriter w = ParquetFileWriter.open(Path.of("out.parquet"), root.getSchema(),
 *     WriterProperties.builder().codec(CompressionCodec.ZSTD).build())) {
 *   w.write(root);          // any number of times
 * }                         // footer written, file published
 *
 * ParquetFileWriter.writeAll(arrowReader, Path.of("copy.parquet"), WriterProperties.defaults());
 * }</pre>
 *
 * <p>Memory: pages are encoded and compressed as they fill; only the current row group's
 * compressed pages are held (a row group closes at {@link WriterProperties#rowGroupRows()} rows or
 * {@link WriterProperties#rowGroupBytes()} bytes), plus the small page index entries and bloom
 * filters written at the end. Not thread-safe.
 */
public final class ParquetFileWriter implements AutoCloseable {
  /** Rows shredded at once, bounding the level and value arrays of one step. */
  private static final int MAX_PIECE_ROWS = 64 * 1024;
  /** Rows of a row group's first piece, which measures the bytes per row for the pieces after it. */
  private static final int FIRST_PIECE_ROWS = 4 * 1024;
  /**
   * Binary bytes one column may gather for a piece; a piece that holds more is split (documents,
   * images). A single row beyond {@link #MAX_ROW_BYTES} in one column cannot be written.
   */
  private static final long MAX_PIECE_BYTES = 64L << 20;
  /** The most one column of one row may hold: the values of a page are one Java array. */
  private static final long MAX_ROW_BYTES = Integer.MAX_VALUE - (64L << 10);

  private final String name;
  private final WriterProperties properties;
  private final ParquetWriteSchema writeSchema;
  private final DictionaryProvider dictionaries;
  private final List<ColumnChunkWriter> columns;
  private final OutputFile.AtomicOutput out;
  /** The file's encryption state, or {@code null} for a plaintext file. */
  private final FileEncryptor encryptor;
  private final BatchSchemaCheck schemaCheck;
  /** One for the writer's life: it keeps each flat leaf's level and index arrays from piece to piece. */
  private final LevelShredder shredder;
  private final List<FooterWriter.RowGroupChunks> rowGroups = new ArrayList<>();
  private long rowsInGroup;
  private long totalRows;
  private boolean closed;
  /**
   * The first failure of a write, flush or close, which aborted the output; every later call throws
   * a {@link WriterFailedException} naming it, {@code close()} once (it stays idempotent).
   */
  private Throwable failure;
  /** Whether {@code close()} has thrown for {@link #failure}, or {@link #abort()} acknowledged it. */
  private boolean failureReported;
  /** The footer published by a successful {@code close()}. */
  private FileMetaData writtenFooter;

  private ParquetFileWriter(String name, WriterProperties properties, ParquetWriteSchema writeSchema,
      DictionaryProvider dictionaries, List<ColumnChunkWriter> columns, OutputFile.AtomicOutput out,
      FileEncryptor encryptor, BatchSchemaCheck schemaCheck) {
    this.encryptor = encryptor;
    this.schemaCheck = schemaCheck;
    this.name = name;
    this.properties = properties;
    this.writeSchema = writeSchema;
    this.dictionaries = dictionaries;
    this.columns = columns;
    this.out = out;
    this.shredder = new LevelShredder(dictionaries);
  }

  /** Opens a writer creating {@code path}; see {@link #open(OutputFile, Schema, DictionaryProvider, WriterProperties)}. */
  public static ParquetFileWriter open(Path path, Schema schema, WriterProperties properties) {
    return open(LocalOutputFile.of(path), schema, null, properties);
  }

  public static ParquetFileWriter open(OutputFile file, Schema schema, WriterProperties properties) {
    return open(file, schema, null, properties);
  }

  /**
   * Opens a writer for batches of {@code schema}. Dictionary-encoded fields are accepted in either
   * form: as a {@code VectorSchemaRoot} holds them (index type; their value type is looked up in
   * {@code dictionaries}) or in IPC message form; they are written as their values.
   *
   * @throws org.parquetarrow.UnsupportedFeatureException for a field Parquet cannot store, naming it;
   *     nothing is created then
   * @throws IllegalArgumentException for a malformed schema, a per-column setting whose path names no
   *     column or field of the schema (listing the valid names), a sorting column beyond the leaf
   *     columns, or a column setting that does not fit its column (an encoding for another type),
   *     naming it; nothing is created then
   * @throws ParquetIOException when the output cannot be created
   */
  public static ParquetFileWriter open(OutputFile file, Schema schema, DictionaryProvider dictionaries,
      WriterProperties properties) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(properties, "properties");
    Schema messageForm = toMessageForm(schema, dictionaries);
    ParquetWriteSchema writeSchema = ArrowSchemaConverter.toParquet(messageForm, properties.arrowOptions());
    ColumnSettings settings = ColumnSettings.resolve(properties, writeSchema.mapping(),
        writeSchema.parquetSchema().columnCount());
    List<ColumnChunkWriter> columns = new ArrayList<>();
    PageLane lane = new PageLane(properties.pageCompression());
    FileEncryptor encryptor = properties.encryption() == null ? null : FileEncryptor.create(properties.encryption());
    try {
      List<FieldMapping> fields = writeSchema.mapping().fields();
      for (int i = 0; i < fields.size(); i++) {
        addColumns(fields.get(i), messageForm.getFields().get(i), properties, settings, encryptor, lane,
            columns);
      }
      if (encryptor != null) {
        checkEncryptedColumnsExist(encryptor, columns);
      }
      OutputFile.AtomicOutput out = file.create();
      try {
        byte[] magic = FooterWriter.leadingMagic(encryptor);
        out.write(magic, 0, magic.length);
      } catch (IOException | RuntimeException e) {
        out.close();
        throw e;
      }
      return new ParquetFileWriter(file.name(), properties, writeSchema, dictionaries, columns, out, encryptor,
          new BatchSchemaCheck(messageForm, dictionaries));
    } catch (IOException e) {
      columns.forEach(ColumnChunkWriter::close);
      ParquetIOException x = writeFailure("cannot create the output", e);
      x.locate(ErrorLocation.ofFile(file.name()));
      throw x;
    } catch (RuntimeException e) {
      columns.forEach(ColumnChunkWriter::close);
      throw e;
    }
  }

  /** A listed column that names no leaf is a typo that would leave data in plaintext: refuse it. */
  private static void checkEncryptedColumnsExist(FileEncryptor encryptor, List<ColumnChunkWriter> columns) {
    java.util.Set<String> leaves = new HashSet<>();
    for (ColumnChunkWriter c : columns) {
      leaves.add(c.column().dottedPath());
    }
    for (String path : encryptor.properties().columnPaths()) {
      if (!leaves.contains(path)) {
        throw new IllegalArgumentException("column " + path + " is listed for encryption but the schema has no leaf"
            + " column of that dotted path (leaves: " + leaves + ")");
      }
    }
  }

  private static Schema toMessageForm(Schema schema, DictionaryProvider dictionaries) {
    boolean memoryForm = false;
    for (Field f : schema.getFields()) {
      memoryForm |= DictionaryUtility.needConvertToMessageFormat(f) && hasIndexTypedDictionary(f);
    }
    if (!memoryForm) {
      return schema;
    }
    if (dictionaries == null) {
      throw new IllegalArgumentException("the schema has dictionary-encoded fields but no dictionaries were given");
    }
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(DictionaryUtility.toMessageFormat(f, dictionaries, new HashSet<>()));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  /** Whether a dictionary field below {@code f} carries its index type (a root's form), not its value type. */
  private static boolean hasIndexTypedDictionary(Field f) {
    if (f.getDictionary() != null && f.getType() instanceof ArrowType.Int t
        && t.equals(f.getDictionary().getIndexType())) {
      return true;
    }
    for (Field c : f.getChildren()) {
      if (hasIndexTypedDictionary(c)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Adds the leaf columns under {@code f}. {@code source} is the batch's own field: the mapping
   * holds the type a reader gets back, which for coerced timestamps is not the unit of the data
   * to convert.
   */
  private static void addColumns(FieldMapping f, Field source, WriterProperties properties, ColumnSettings settings,
      FileEncryptor encryptor, PageLane lane, List<ColumnChunkWriter> out) {
    if (f.isLeaf()) {
      ColumnDescriptor c = f.column();
      ColumnProperties cp = settings.of(c);
      ArrowType sourceType = source.getType();
      ArrowType type = sourceType instanceof ArrowType.ExtensionType e ? e.storageType() : sourceType;
      LeafValues values = switch (c.physicalType()) {
        case BOOLEAN -> new BooleanValues(cp.statisticsEnabled());
        case INT32, INT64, FLOAT, DOUBLE -> new FixedWidthValues(c.node(), type, cp.statisticsEnabled(),
            properties.truncatedTimestampsAllowed() && properties.arrowOptions().coerceTimestamps() != null);
        default -> new BinaryValues(c.node(), type, cp.statisticsEnabled());
      };
      values.floatingPointOrder = properties.floatingPointOrder();
      if (cp.bloomFilter() != null && c.physicalType() == PhysicalType.BOOLEAN) {
        throw new IllegalArgumentException("column " + c.dottedPath() + ": bloom filters are not kept for booleans");
      }
      FileEncryptor columnEncryptor = encryptor != null && encryptor.isEncrypted(c.dottedPath()) ? encryptor : null;
      out.add(new ColumnChunkWriter(c, cp, properties, values, columnEncryptor, out.size(), lane));
      return;
    }
    List<FieldMapping> children = f.children();
    List<Field> sources = source.getChildren();
    if (children.size() != sources.size()) {
      throw new IllegalStateException("field " + f.name() + " maps to " + children.size() + " children, its Arrow "
          + "field has " + sources.size());
    }
    for (int i = 0; i < children.size(); i++) {
      addColumns(children.get(i), sources.get(i), properties, settings, encryptor, lane, out);
    }
  }

  /** The Parquet schema and mapping the Arrow schema was converted to. */
  public ParquetWriteSchema writeSchema() {
    return writeSchema;
  }

  /**
   * Appends all rows of {@code root}, whose fields must be the writer's schema's. Rows are split
   * across row groups as the limits require.
   *
   * <p>Any failure fails the writer: the output is aborted (nothing appears at the destination,
   * the temporary file is removed, rows of earlier batches included), and {@code close()} and
   * every later call throw a {@link WriterFailedException} whose cause is this failure.
   *
   * @throws SchemaMismatchException when the batch's fields differ from the writer's schema: names
   *     of fields and struct children (exactly, in order), types with their parameters (bit width
   *     and sign, unit and time zone, precision and scale, widths, extension type), nested
   *     children, nullability, dictionary encoding (index type and value type) — not field
   *     metadata nor the names Arrow Java gives list elements and map entries; naming the field
   *     and both types, before anything of the batch is written
   * @throws IllegalArgumentException when the batch holds data Parquet cannot store (a null in a
   *     non-nullable field, a timestamp that would lose precision in a coarser unit), naming the
   *     field
   * @throws WriterFailedException when an earlier call failed
   */
  public void write(VectorSchemaRoot root) {
    ensureOpen("write a batch");
    try {
      schemaCheck.check(root);
      writeRows(root);
    } catch (SchemaMismatchException e) {
      e.locate(ErrorLocation.ofFile(name));
      fail(e);
      throw e;
    } catch (RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  private void writeRows(VectorSchemaRoot root) {
    int rows = root.getRowCount();
    int from = 0;
    int maxPieceRows = MAX_PIECE_ROWS;
    while (from < rows) {
      long wanted = Math.min(Math.min(rows - from, properties.rowGroupRows() - rowsInGroup), maxPieceRows);
      int piece = (int) Math.min(wanted, rowsThatFitInBytes(wanted));
      if (!writePiece(root, from, from + piece)) {
        // too many binary bytes for one piece: halve it, and the pieces after it
        maxPieceRows = Math.max(1, piece / 2);
        continue;
      }
      from += piece;
      rowsInGroup += piece;
      totalRows += piece;
      if (rowsInGroup >= properties.rowGroupRows() || groupFull()) {
        flushRowGroup();
      }
    }
  }

  /**
   * Rows the open row group can still take before {@link WriterProperties#rowGroupBytes()}, at
   * the bytes per row seen so far in it (at least one row; a fixed first piece while it is empty,
   * which measures the bytes per row).
   */
  private long rowsThatFitInBytes(long wanted) {
    if (rowsInGroup == 0) {
      return FIRST_PIECE_ROWS;
    }
    // fewer rows fit the more bytes are buffered: if all wanted rows fit at an upper bound of the
    // bytes, they fit at the exact count, and the pages in flight need not be waited for
    long atMost = bufferedBytesAtMost();
    long fit = rowsThatFit(atMost);
    return fit >= wanted ? fit : rowsThatFit(bufferedBytes());
  }

  private long rowsThatFit(long buffered) {
    long room = properties.rowGroupBytes() - buffered;
    if (buffered == 0) {
      return Long.MAX_VALUE;
    }
    return Math.max(1, (long) (room / ((double) buffered / rowsInGroup)));
  }

  /**
   * Whether the open row group holds {@link WriterProperties#rowGroupBytes()}; waits for the pages
   * in flight only when an upper bound of their sizes does not settle it (a group far from full
   * goes on while its last pages are compressed).
   */
  private boolean groupFull() {
    long limit = properties.rowGroupBytes();
    return bufferedBytesAtMost() >= limit && bufferedBytes() >= limit;
  }

  /**
   * Shreds, checks and writes rows {@code [from, to)}; returns {@code false}, having written
   * nothing, when a column's values hold more than {@link #MAX_PIECE_BYTES} and the piece has more
   * than one row.
   */
  private boolean writePiece(VectorSchemaRoot root, int from, int to) {
    List<FieldMapping> fields = writeSchema.mapping().fields();
    ShreddedColumn[] shredded = new ShreddedColumn[columns.size()];
    shredder.startPiece();
    for (int i = 0; i < fields.size(); i++) {
      shredder.shred(fields.get(i), root.getVector(i), from, to, shredded, 0);
    }
    // every column is shredded and checked before any is encoded
    for (int c = 0; c < columns.size(); c++) {
      if (columns.get(c).gathersMoreThan(shredded[c], to - from > 1 ? MAX_PIECE_BYTES : MAX_ROW_BYTES)) {
        if (to - from > 1) {
          return false;
        }
        throw new IllegalArgumentException("column " + columns.get(c).column().dottedPath() + ": row " + from
            + " holds more than 2 GiB of values, more than one page can hold");
      }
      columns.get(c).check(shredded[c]);
    }
    for (int c = 0; c < columns.size(); c++) {
      columns.get(c).write(shredded[c]);
    }
    return true;
  }

  private long bufferedBytesAtMost() {
    long sum = 0;
    for (ColumnChunkWriter c : columns) {
      sum += c.bufferedBytesAtMost();
    }
    return sum;
  }

  private long bufferedBytes() {
    long sum = 0;
    for (ColumnChunkWriter c : columns) {
      sum += c.bufferedBytes();
    }
    return sum;
  }

  /**
   * Ends the current row group (if it has rows): its column chunks are written out. A failure fails
   * the writer, as in {@link #write}.
   */
  public void flushRowGroup() {
    ensureOpen("flush a row group");
    if (rowsInGroup == 0) {
      return;
    }
    int current = 0;
    try {
      List<ColumnChunkWriter.FinishedChunk> chunks = new ArrayList<>(columns.size());
      for (; current < columns.size(); current++) {
        chunks.add(columns.get(current).finishChunk(out));
      }
      rowGroups.add(new FooterWriter.RowGroupChunks(rowsInGroup, chunks));
      rowsInGroup = 0;
    } catch (IOException e) {
      ParquetIOException x = writeFailure("cannot write a column chunk", e);
      x.locate(new ErrorLocation(name, rowGroups.size(), columns.get(current).column().dottedPath(), -1,
          out.position()));
      fail(x);
      throw x;
    } catch (RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  /**
   * Writes the last row group, bloom filters, page index and footer, and publishes the file.
   * Idempotent; after {@link #abort()} it does nothing.
   *
   * @throws WriterFailedException when a write, flush or an earlier close failed (thrown by the
   *     first close after the failure; later ones do nothing): the output was aborted then, nothing
   *     is published, and the exception's cause is that failure
   * @throws ParquetIOException when the file cannot be written or published; nothing is published
   */
  @Override
  public void close() {
    if (failure != null && !failureReported) {
      failureReported = true;
      throw new WriterFailedException(name, "close the writer", failure);
    }
    if (closed) {
      return;
    }
    try {
      flushRowGroup();
      FooterWriter footerWriter = new FooterWriter(out, encryptor);
      List<String> paths = new ArrayList<>(columns.size());
      List<ColumnOrder> orders = new ArrayList<>(columns.size());
      for (ColumnChunkWriter c : columns) {
        paths.add(c.column().dottedPath());
        orders.add(c.columnOrder());
      }
      List<RowGroup> groups = footerWriter.writeIndexesAndBloomFilters(rowGroups, paths, properties.sortingColumns());
      List<KeyValue> keyValues = new ArrayList<>(writeSchema.keyValueMetadata());
      keyValues.addAll(properties.keyValueMetadata());
      FileMetaData footer = footerWriter.writeFooter(writeSchema.parquetSchema().toElements(), totalRows, groups,
          keyValues, properties.createdBy(), orders);
      out.commit();
      closed = true;
      writtenFooter = footer;
      columns.forEach(ColumnChunkWriter::close);
    } catch (IOException e) {
      ParquetIOException x = writeFailure("cannot write the indexes and footer", e);
      x.locate(ErrorLocation.ofFile(name).withOffset(out.position()));
      fail(x);
      throw x;
    } catch (RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  /**
   * The footer the file was published with (plaintext, also for a file whose footer is encrypted):
   * its row groups, column chunks and statistics, without reading the file back.
   *
   * @throws IllegalStateException unless {@link #close()} has published the file
   */
  public FileMetaData footer() {
    if (writtenFooter == null) {
      throw new IllegalStateException("the file " + name + " is not published yet: its footer is written by close()");
    }
    return writtenFooter;
  }

  /** Rows written so far (buffered ones included). */
  public long rowCount() {
    return totalRows;
  }

  /**
   * Drops everything written; nothing appears at the destination. Idempotent. After a failure it
   * acknowledges it: {@code close()} then does nothing instead of throwing.
   */
  public void abort() {
    failureReported = true;
    if (!closed) {
      closed = true;
      abortQuietly(null);
    }
  }

  /** Records the first failure and aborts the output, so that nothing is published. */
  private void fail(Throwable e) {
    if (failure == null) {
      failure = e;
      failureReported = false;
    }
    if (!closed) {
      closed = true;
      abortQuietly(e);
    }
  }

  private void abortQuietly(Throwable cause) {
    columns.forEach(ColumnChunkWriter::close);
    try {
      out.close();
    } catch (IOException e) {
      if (cause != null) {
        cause.addSuppressed(e);
      }
    }
  }

  private void ensureOpen(String action) {
    if (failure != null) {
      throw new WriterFailedException(name, action, failure);
    }
    if (closed) {
      throw new IllegalStateException("writer of " + name + " is closed");
    }
  }

  /**
   * Writes every batch {@code reader} yields to a new file at {@code path}, published only when all
   * went well. Dictionary-encoded fields are decoded with the reader's dictionaries.
   *
   * @return the number of rows written
   */
  public static long writeAll(ArrowReader reader, Path path, WriterProperties properties) {
    return writeAll(reader, LocalOutputFile.of(path), properties);
  }

  /** {@link #writeAll(ArrowReader, Path, WriterProperties)} to any {@link OutputFile}. */
  public static long writeAll(ArrowReader reader, OutputFile file, WriterProperties properties) {
    try {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      ParquetFileWriter w = open(file, root.getSchema(), reader, properties);
      try {
        while (reader.loadNextBatch()) {
          w.write(root);
        }
        w.close();
        return w.totalRows;
      } catch (IOException | RuntimeException e) {
        w.abort();
        throw e;
      }
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the batches to write to " + file.name(), e);
    }
  }

  /**
   * A failed write with its storage's reason in the message ("no AWS credentials found", "No space
   * left on device"): the command line and most logs print the message alone, not its causes.
   */
  private static ParquetIOException writeFailure(String action, IOException e) {
    String reason = e.getMessage();
    return new ParquetIOException(reason == null || reason.isBlank() ? action : action + ": " + reason, e);
  }
}
