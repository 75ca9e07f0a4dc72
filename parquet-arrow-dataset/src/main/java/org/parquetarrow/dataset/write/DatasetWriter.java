package org.parquetarrow.dataset.write;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.SchemaMismatchException;
import org.parquetarrow.dataset.DatasetException;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.write.ParquetFileWriter;

/**
 * Writes batches to a directory of Parquet files, hive-partitioned by the values of some columns:
 * the Java counterpart of pyarrow's {@code pq.write_to_dataset} / {@code ds.write_dataset}.
 * Each row goes to the directory {@code key=value/…} of its partition values (escaped as pyarrow
 * escapes them; a null is {@code __HIVE_DEFAULT_PARTITION__}), into a file named by the {@link
 * DatasetWriteOptions#basenameTemplate() template}; the partition columns are left out of the
 * files. {@link org.parquetarrow.dataset.DatasetDiscovery#directory} reads the result back with
 * the partition columns.
 *
 * <pre>{@code
 * List<WrittenDatasetFile> files = DatasetWriter.write(Path.of("/data/events"), arrowReader,
 *     DatasetWriteOptions.builder().partitionBy("year", "country").maxRowsPerFile(1_000_000).build());
 *
 * try (DatasetWriter w = DatasetWriter.open(dir, root.getSchema(), null, options)) {
 *   w.write(root);                    // any number of batches
 *   List<WrittenDatasetFile> written = w.finish();
 * }                                   // closing without finish() removes what was written
 * }</pre>
 *
 * <p>All or nothing: every file appears atomically (written to a hidden temporary beside it and
 * renamed when complete), and when a write fails (a batch of another schema, a value Parquet cannot
 * store, an I/O error), the files this writer already completed are deleted too, as are the
 * directories it created, so the call leaves no half dataset behind (pyarrow keeps them). Files
 * that were there before are never touched, except the ones {@link
 * ExistingDataPolicy#OVERWRITE_PARTITIONS} replaces, which are deleted only after every new file
 * is complete. A reader listing the directory during the write sees the files completed so far
 * (never a partial file). Writers in other processes writing to the same directories are not
 * coordinated with: give concurrent appends templates that cannot collide (a unique prefix).
 *
 * <p>Memory: at most {@link DatasetWriteOptions#maxOpenFiles()} files are open, each holding its
 * current row group; rows of a batch that belong to a partition are copied into one batch of that
 * partition at a time (not copied at all when the whole batch is one partition). Not thread-safe.
 */
public final class DatasetWriter implements AutoCloseable {
  private enum State {
    OPEN, FINISHED, FAILED
  }

  private final Path root;
  private final Schema schema;
  private final DictionaryProvider dictionaries;
  private final DatasetWriteOptions options;
  private final List<PartitionColumn> partitions;
  /** Positions of the batch's fields that go into the files. */
  private final int[] fileColumns;
  private final List<Field> fileFields;
  private final Schema fileSchema;
  /** Open files by partition directory (relative to the root), least recently written first. */
  private final LinkedHashMap<String, OpenFile> open = new LinkedHashMap<>(16, 0.75f, true);
  private final List<WrittenDatasetFile> completed = new ArrayList<>();
  private final Map<Path, Integer> nextIndex = new HashMap<>();
  private final Set<Path> taken = new HashSet<>();
  private final Set<Path> prepared = new HashSet<>();
  /** Files {@link ExistingDataPolicy#OVERWRITE_PARTITIONS} deletes once the write is complete. */
  private final List<Path> replaced = new ArrayList<>();
  /** Directories this writer created, outermost first. */
  private final List<Path> createdDirectories = new ArrayList<>();
  private State state = State.OPEN;
  private Throwable failure;
  private long batches;

  private static final class OpenFile {
    final String key;
    final Path path;
    final Map<String, Object> values;
    final ParquetFileWriter writer;
    long rows;
    long rowsInGroup;

    OpenFile(String key, Path path, Map<String, Object> values, ParquetFileWriter writer) {
      this.key = key;
      this.path = path;
      this.values = values;
      this.writer = writer;
    }
  }

  /** The rows of one batch that belong to one partition. */
  private static final class Group {
    final String key;
    final Map<String, Object> values;
    int[] rows = new int[16];
    int size;

    Group(String key, Map<String, Object> values) {
      this.key = key;
      this.values = values;
    }

    void add(int row) {
      if (size == rows.length) {
        rows = java.util.Arrays.copyOf(rows, size * 2);
      }
      rows[size++] = row;
    }
  }

  private DatasetWriter(Path root, Schema schema, DictionaryProvider dictionaries, DatasetWriteOptions options,
      List<PartitionColumn> partitions) {
    this.root = root;
    this.schema = schema;
    this.dictionaries = dictionaries;
    this.options = options;
    this.partitions = partitions;
    Set<Integer> partitionIndexes = new HashSet<>();
    partitions.forEach(p -> partitionIndexes.add(p.index()));
    List<Field> fields = schema.getFields();
    this.fileColumns = java.util.stream.IntStream.range(0, fields.size())
        .filter(i -> !partitionIndexes.contains(i)).toArray();
    this.fileFields = java.util.Arrays.stream(fileColumns).mapToObj(fields::get).toList();
    this.fileSchema = new Schema(fileFields, schema.getCustomMetadata());
  }

  /**
   * Opens a writer for batches of {@code schema} into the directory {@code root} (created if
   * missing). Dictionary-encoded fields (partition columns too) are looked up in {@code
   * dictionaries}, which may be {@code null} when there are none.
   *
   * @throws IllegalArgumentException when a partition column is not a top-level field (listing
   *     them), has a type that cannot name a directory, or every column is a partition column
   * @throws DatasetException with {@link ExistingDataPolicy#ERROR} when {@code root} already holds
   *     data (naming a file found); nothing is created then
   * @throws ParquetIOException when the directory cannot be created or listed
   */
  public static DatasetWriter open(Path root, Schema schema, DictionaryProvider dictionaries,
      DatasetWriteOptions options) {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(options, "options");
    List<PartitionColumn> partitions = new ArrayList<>();
    for (String name : options.partitionBy()) {
      partitions.add(PartitionColumn.of(name, schema.getFields(), dictionaries));
    }
    if (!partitions.isEmpty() && partitions.size() == schema.getFields().size()) {
      throw new IllegalArgumentException("every column is a partition column " + options.partitionBy()
          + ": the files would have no columns");
    }
    Path absolute = root.toAbsolutePath();
    if (options.existingData() == ExistingDataPolicy.ERROR) {
      Optional<Path> existing = firstDataFile(absolute);
      if (existing.isPresent()) {
        throw new DatasetException("the dataset directory " + absolute + " already holds data (" + existing.get()
            + "); write with ExistingDataPolicy.APPEND or OVERWRITE_PARTITIONS to add to it or replace it");
      }
    }
    DatasetWriter w = new DatasetWriter(absolute, schema, dictionaries, options, partitions);
    w.createDirectories(absolute);
    return w;
  }

  /**
   * Writes every batch of {@code reader} (its dictionaries decode dictionary-encoded fields) and
   * finishes; see {@link #finish()}. On failure nothing of this call is left.
   */
  public static List<WrittenDatasetFile> write(Path root, ArrowReader reader, DatasetWriteOptions options) {
    try {
      VectorSchemaRoot batch = reader.getVectorSchemaRoot();
      try (DatasetWriter w = open(root, batch.getSchema(), reader, options)) {
        while (reader.loadNextBatch()) {
          w.write(batch);
        }
        return w.finish();
      }
    } catch (IOException e) {
      throw new ParquetIOException("cannot read the batches to write to " + root, e);
    }
  }

  /**
   * Writes {@code batches} (all of the first one's schema, without dictionary-encoded fields: use
   * {@link #open} with the dictionaries for those) and finishes; no batch, no file.
   */
  public static List<WrittenDatasetFile> write(Path root, Iterable<VectorSchemaRoot> batches,
      DatasetWriteOptions options) {
    Iterator<VectorSchemaRoot> it = batches.iterator();
    if (!it.hasNext()) {
      return List.of();
    }
    VectorSchemaRoot first = it.next();
    try (DatasetWriter w = open(root, first.getSchema(), null, options)) {
      w.write(first);
      while (it.hasNext()) {
        w.write(it.next());
      }
      return w.finish();
    }
  }

  /**
   * Writes the rows of {@code batch} to the files of their partitions.
   *
   * @throws SchemaMismatchException when the batch's schema is not the writer's (naming the field):
   *     the writer fails, and everything it wrote is removed
   * @throws IllegalStateException after {@link #finish()} or a failure
   */
  public void write(VectorSchemaRoot batch) {
    ensureOpen();
    try {
      checkSchema(batch);
      batches++;
      for (Group g : groups(batch)) {
        writeGroup(batch, g);
      }
    } catch (RuntimeException | Error e) {
      fail(e);
      throw e;
    }
  }

  /**
   * Completes every open file, deletes the files {@link ExistingDataPolicy#OVERWRITE_PARTITIONS}
   * replaces, and returns the files written, in the order they were completed.
   *
   * @throws ParquetIOException when a file cannot be completed (everything this writer wrote is
   *     removed then), or when a replaced file cannot be deleted (the new files stay; the message
   *     names the old ones left)
   */
  public List<WrittenDatasetFile> finish() {
    ensureOpen();
    try {
      while (!open.isEmpty()) {
        complete(open.values().iterator().next());
      }
    } catch (RuntimeException | Error e) {
      fail(e);
      throw e;
    }
    state = State.FINISHED;
    deleteReplaced();
    return List.copyOf(completed);
  }

  /** Removes everything this writer wrote (complete files, temporaries, directories it created). Idempotent. */
  public void abort() {
    if (state == State.OPEN) {
      fail(null);
    }
  }

  /** Aborts unless {@link #finish()} was called: closing an unfinished writer leaves nothing behind. */
  @Override
  public void close() {
    abort();
  }

  private void ensureOpen() {
    if (state == State.FINISHED) {
      throw new IllegalStateException("the dataset writer of " + root + " is finished");
    }
    if (state == State.FAILED) {
      throw new IllegalStateException("the dataset writer of " + root + " failed or was aborted; nothing of it is"
          + " left", failure);
    }
  }

  private void checkSchema(VectorSchemaRoot batch) {
    List<Field> expected = schema.getFields();
    List<Field> actual = batch.getSchema().getFields();
    if (actual.equals(expected)) {
      return;
    }
    String where = "batch " + batches + " written to the dataset " + root;
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      Field e = expected.get(i);
      Field a = actual.get(i);
      if (!a.equals(e)) {
        throw new SchemaMismatchException(e.getName(), "field '" + e.getName() + "' (#" + i + "): " + where + " has "
            + describe(a) + ", the first batch " + describe(e));
      }
    }
    throw new SchemaMismatchException(null, where + " has " + actual.size() + " fields, the first batch "
        + expected.size());
  }

  private static String describe(Field f) {
    return "'" + f.getName() + "' " + f.getType() + (f.isNullable() ? "" : " not null")
        + (f.getDictionary() == null ? "" : " " + f.getDictionary()) + (f.getChildren().isEmpty() ? ""
        : " " + f.getChildren());
  }

  /** The rows of {@code batch} by partition directory, in order of first appearance. */
  private List<Group> groups(VectorSchemaRoot batch) {
    int rows = batch.getRowCount();
    if (rows == 0) {
      return List.of();
    }
    if (partitions.isEmpty()) {
      Group all = new Group("", Map.of());
      all.rows = java.util.stream.IntStream.range(0, rows).toArray();
      all.size = rows;
      return List.of(all);
    }
    int n = partitions.size();
    FieldVector[] columns = new FieldVector[n];
    org.apache.arrow.vector.ValueVector[] values = new org.apache.arrow.vector.ValueVector[n];
    for (int p = 0; p < n; p++) {
      columns[p] = batch.getVector(partitions.get(p).index());
      values[p] = partitions.get(p).values(columns[p], dictionaries);
    }
    // consecutive rows mostly share their values: a column's segment is built again only when its
    // value changes (and a dictionary value is not even read again while its index repeats)
    int[] lastRow = new int[n];
    String[] segments = new String[n];
    Object[] typed = new Object[n];
    java.util.Arrays.fill(lastRow, -2);
    LinkedHashMap<String, Group> groups = new LinkedHashMap<>();
    StringBuilder key = new StringBuilder();
    for (int r = 0; r < rows; r++) {
      key.setLength(0);
      for (int p = 0; p < n; p++) {
        int valueRow = partitions.get(p).valueRow(columns[p], r);
        if (valueRow != lastRow[p]) {
          Object v = partitions.get(p).value(values[p], valueRow);
          if (segments[p] == null || !Objects.equals(v, typed[p])) {
            typed[p] = v;
            segments[p] = HivePathEncoding.segment(partitions.get(p).name(), v);
          }
          lastRow[p] = valueRow;
        }
        if (p > 0) {
          key.append('/');
        }
        key.append(segments[p]);
      }
      String k = key.toString();
      Group g = groups.get(k);
      if (g == null) {
        Map<String, Object> vs = new LinkedHashMap<>();
        for (int p = 0; p < n; p++) {
          vs.put(partitions.get(p).name(), typed[p]);
        }
        g = new Group(k, vs);
        groups.put(k, g);
      }
      g.add(r);
    }
    return new ArrayList<>(groups.values());
  }

  private void writeGroup(VectorSchemaRoot batch, Group g) {
    int from = 0;
    while (from < g.size) {
      OpenFile f = fileFor(g);
      long room = Math.min(options.maxRowsPerFile() - f.rows, options.maxRowsPerGroup() - f.rowsInGroup);
      int len = (int) Math.min(g.size - from, room);
      try (RowPiece piece = RowPiece.of(batch, fileColumns, fileFields, g.rows, from, len)) {
        f.writer.write(piece.root());
      }
      f.rows += len;
      f.rowsInGroup += len;
      from += len;
      if (f.rowsInGroup >= options.maxRowsPerGroup()) {
        f.writer.flushRowGroup();
        f.rowsInGroup = 0;
      }
      if (f.rows >= options.maxRowsPerFile()) {
        complete(f);
      }
    }
  }

  /** The open file of {@code g}'s partition, opening one (and closing the least recently used) as needed. */
  private OpenFile fileFor(Group g) {
    OpenFile f = open.get(g.key);
    if (f != null) {
      return f;
    }
    if (open.size() >= options.maxOpenFiles()) {
      complete(open.values().iterator().next());
    }
    Path dir = g.key.isEmpty() ? root : root.resolve(g.key);
    prepare(dir);
    Path path = nextName(dir);
    ParquetFileWriter writer = ParquetFileWriter.open(LocalOutputFile.of(path), fileSchema, dictionaries,
        options.writerProperties());
    f = new OpenFile(g.key, path, g.values, writer);
    open.put(g.key, f);
    return f;
  }

  /** Completes {@code f}: its footer is written and it appears at its path. */
  private void complete(OpenFile f) {
    open.remove(f.key);
    f.writer.close();
    long size;
    try {
      size = Files.size(f.path);
    } catch (IOException e) {
      completed.add(new WrittenDatasetFile(f.path, f.values, f.rows, -1, f.writer.footer(),
          f.writer.writeSchema().parquetSchema()));
      throw new ParquetIOException("cannot read the size of the file just written, " + f.path, e);
    }
    completed.add(new WrittenDatasetFile(f.path, f.values, f.rows, size, f.writer.footer(),
        f.writer.writeSchema().parquetSchema()));
  }

  /** Creates {@code dir} if needed and, when overwriting, notes the data files it held. */
  private void prepare(Path dir) {
    if (!prepared.add(dir)) {
      return;
    }
    boolean existed = Files.isDirectory(dir);
    createDirectories(dir);
    if (existed && options.existingData() == ExistingDataPolicy.OVERWRITE_PARTITIONS) {
      try (Stream<Path> s = Files.list(dir)) {
        s.filter(p -> Files.isRegularFile(p) && !ignoredName(p.getFileName().toString())).forEach(replaced::add);
      } catch (IOException e) {
        throw new ParquetIOException("cannot list the partition directory " + dir, e);
      }
    }
  }

  private void createDirectories(Path dir) {
    List<Path> missing = new ArrayList<>();
    for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
      missing.add(0, p);
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ParquetIOException("cannot create the directory " + dir, e);
    }
    createdDirectories.addAll(missing);
  }

  /** The next name of the template in {@code dir} that no file has and this writer has not used. */
  private Path nextName(Path dir) {
    int i = nextIndex.getOrDefault(dir, 0);
    while (true) {
      Path p = dir.resolve(options.basenameTemplate().replace("{i}", Integer.toString(i)));
      i++;
      if (!taken.contains(p) && !Files.exists(p)) {
        nextIndex.put(dir, i);
        taken.add(p);
        return p;
      }
    }
  }

  private void deleteReplaced() {
    List<String> left = new ArrayList<>();
    IOException first = null;
    for (Path p : replaced) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        left.add(p.toString());
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw new ParquetIOException("the new files are written, but these files they replace could not be deleted: "
          + left, first);
    }
  }

  /** Fails the writer: aborts the open files and removes every file and directory it made. */
  private void fail(Throwable cause) {
    state = State.FAILED;
    failure = cause;
    for (OpenFile f : open.values()) {
      f.writer.abort();
    }
    open.clear();
    for (WrittenDatasetFile f : completed) {
      try {
        Files.deleteIfExists(f.path());
      } catch (IOException e) {
        if (cause != null) {
          cause.addSuppressed(e);
        }
      }
    }
    completed.clear();
    for (int i = createdDirectories.size() - 1; i >= 0; i--) {
      try {
        Files.deleteIfExists(createdDirectories.get(i));
      } catch (DirectoryNotEmptyException e) {
        // something else was put there meanwhile: not ours to remove
      } catch (IOException e) {
        if (cause != null) {
          cause.addSuppressed(e);
        }
      }
    }
    createdDirectories.clear();
  }

  /** The first data file below {@code root}, skipping hidden and {@code _}-prefixed names as readers do. */
  private static Optional<Path> firstDataFile(Path root) {
    if (!Files.isDirectory(root)) {
      return Optional.empty();
    }
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).filter(p -> !ignored(root.relativize(p))).findFirst();
    } catch (IOException e) {
      throw new ParquetIOException("cannot list the dataset directory " + root, e);
    }
  }

  private static boolean ignored(Path relative) {
    for (Path part : relative) {
      if (ignoredName(part.toString())) {
        return true;
      }
    }
    return false;
  }

  private static boolean ignoredName(String name) {
    return name.startsWith(".") || name.startsWith("_") || name.endsWith(".crc");
  }
}
