package org.parquetarrow.dataset;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.IoStatistics;
import org.parquetarrow.io.LocalStorage;
import org.parquetarrow.io.RemoteInputFile;
import org.parquetarrow.io.Storage;
import org.parquetarrow.io.StorageEntry;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.SchemaMapping;

/**
 * Builds a {@link Dataset} from a file, a directory (walked recursively), a glob or a list of
 * paths, on the local disk or in any {@link Storage} ({@code s3://bucket/prefix/}, an {@code
 * https://} file): finds the files (skipping hidden and {@code _}-prefixed names and {@code .crc}
 * files), reads every footer, types the hive partition values and unifies the schemas. Encrypted
 * files are read with the keys of {@link DiscoveryOptions.Builder#decryption}; the parsed (and
 * decrypted) footers are kept, so pruning and scans never read a footer again.
 *
 * <pre>{@code
 * Dataset ds = DatasetDiscovery.glob(Path.of("/data"), "year=*\/*.parquet", DiscoveryOptions.defaults());
 *
 * try (Storage s3 = Storage.forLocation("s3://my-bucket/events/", StorageOptions.defaults())) {
 *   Dataset remote = DatasetDiscovery.location("s3://my-bucket/events/", s3, DiscoveryOptions.defaults());
 *   ... scan it while s3 is open ...
 * }
 * }</pre>
 */
public final class DatasetDiscovery {
  /**
   * The most bytes of remote objects' tails (the suffix each footer request brought, 64 KiB by
   * default) a dataset keeps, so that its scans open those objects without asking for them again:
   * 64 MiB, about a thousand files. Files past it cost their scan one request more.
   */
  static final long KEPT_TAIL_BYTES = 64L << 20;

  private DatasetDiscovery() {}

  /** A dataset of one file (no partition columns). */
  public static Dataset file(Path file, DiscoveryOptions options) {
    return build(List.of(localEntry(file)), null, LocalStorage.instance(), options, new IoStatistics());
  }

  /** Every data file below {@code dir}, partitioned by the {@code key=value} directories under it. */
  public static Dataset directory(Path dir, DiscoveryOptions options) {
    if (!Files.isDirectory(dir)) {
      if (!Files.exists(dir)) {
        throw ParquetIOException.opening("cannot list the dataset's directory", dir, new NoSuchFileException(dir.toString()));
      }
      throw new DatasetException("not a directory: " + dir + " (DatasetDiscovery.file reads one file)");
    }
    return build(walk(dir, rel -> true), dir.toString(), LocalStorage.instance(), options, new IoStatistics());
  }

  /**
   * The files below {@code root} whose path relative to it matches {@code glob} ({@link
   * java.nio.file.FileSystem#getPathMatcher} syntax: {@code *} within a name, {@code **} across
   * directories), partitioned below {@code root}.
   */
  public static Dataset glob(Path root, String glob, DiscoveryOptions options) {
    PathMatcher m = matcher(glob);
    return build(walk(root, rel -> m.matches(Path.of(rel))), root.toString(), LocalStorage.instance(), options,
        new IoStatistics());
  }

  /**
   * The file at {@code location}, or every data file below it (a directory, or an object-store
   * prefix taken as a directory: {@code s3://bucket/events} is {@code s3://bucket/events/}),
   * partitioned by the {@code key=value} components below it, opened from {@code storage} (which
   * the caller keeps open while the dataset is scanned). Listing follows every page.
   *
   * <pre>{@code
   * try (Storage s3 = Storage.forLocation("s3://bucket/events/", StorageOptions.defaults())) {
   *   Dataset ds = DatasetDiscovery.location("s3://bucket/events/", s3, DiscoveryOptions.defaults());
   * }
   * }</pre>
   *
   * @throws org.parquetarrow.MissingFileException naming {@code location} if there is nothing there
   * @throws EmptyDatasetException if there is no data file below it
   */
  public static Dataset location(String location, Storage storage, DiscoveryOptions options) {
    IoStatistics io = new IoStatistics();
    List<StorageEntry> entries = list(storage, location, io);
    if (entries.size() == 1 && entries.get(0).location().equals(location)) {
      return build(entries, null, storage, options, io);
    }
    return build(entries.stream().filter(e -> !FilePaths.ignored(relative(location, e.location()))).toList(),
        location, storage, options, io);
  }

  /**
   * The files below {@code root} (a directory or object-store prefix of {@code storage}) whose key
   * relative to it matches {@code glob}, as in {@link #glob(Path, String, DiscoveryOptions)}.
   */
  public static Dataset glob(String root, String glob, Storage storage, DiscoveryOptions options) {
    PathMatcher m = matcher(glob);
    IoStatistics io = new IoStatistics();
    List<StorageEntry> entries = list(storage, root, io).stream()
        .filter(e -> {
          String rel = relative(root, e.location());
          return !FilePaths.ignored(rel) && m.matches(Path.of(rel));
        })
        .toList();
    return build(entries, root, storage, options, io);
  }

  /**
   * The given files, and every data file below the given directories; partition directories
   * count below {@link DiscoveryOptions#partitionBaseDir()} when set.
   */
  public static Dataset paths(List<Path> paths, DiscoveryOptions options) {
    List<StorageEntry> files = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        files.addAll(walk(p, rel -> true));
      } else {
        files.add(localEntry(p));
      }
    }
    Path base = options.partitionBaseDir();
    return build(files, base == null ? null : base.toString(), LocalStorage.instance(), options, new IoStatistics());
  }

  /**
   * The files {@code entries} name, as a listing found them earlier (a driver that discovered the
   * dataset, a catalog), with nothing listed again: only their footers are read, and a remote file
   * whose entry has a version (an ETag) and size is held to it, as a scan holds a discovered file.
   * Partition directories count below {@code root} when it is not {@code null}.
   *
   * <pre>{@code
   * // on a worker: the one file the driver planned for it, size and ETag as the driver listed them
   * StorageEntry e = new StorageEntry("s3://bucket/events/year=2024/part-0.parquet", 1_048_576, "\"9b2cf535f27731c974343645a3985328\"");
   * Dataset ds = DatasetDiscovery.entries(List.of(e), null, s3, DiscoveryOptions.defaults());
   * }</pre>
   *
   * @throws EmptyDatasetException if {@code entries} is empty
   * @throws org.parquetarrow.ParquetIOException naming a file that cannot be opened
   */
  public static Dataset entries(List<StorageEntry> entries, String root, Storage storage, DiscoveryOptions options) {
    return build(List.copyOf(entries), root, storage, options, new IoStatistics(), true);
  }

  private static PathMatcher matcher(String glob) {
    return FileSystems.getDefault().getPathMatcher("glob:" + glob);
  }

  private static List<StorageEntry> list(Storage storage, String location, IoStatistics io) {
    try {
      return storage.list(location, io);
    } catch (IOException e) {
      if (Storage.isLocal(location)) {
        throw ParquetIOException.opening("cannot list the dataset's directory", LocalStorage.path(location), e);
      }
      throw remoteFailure("cannot list " + location, location, e);
    }
  }

  /** A local file named as given: its size and version are read only if a footer cache asks. */
  private static StorageEntry localEntry(Path file) {
    try {
      return new StorageEntry(file.toString(), Files.size(file), Files.getLastModifiedTime(file).toString());
    } catch (IOException e) {
      // reported when the file is opened, as before
      return new StorageEntry(file.toString(), -1, null);
    }
  }

  private static List<StorageEntry> walk(Path root, Predicate<String> relativeMatches) {
    try {
      return LocalStorage.instance().list(root.toString()).stream()
          .filter(e -> {
            String rel = relative(root.toString(), e.location());
            return !FilePaths.ignored(rel) && relativeMatches.test(rel);
          })
          .toList();
    } catch (IOException e) {
      throw ParquetIOException.opening("cannot list the dataset's directory", root, e);
    }
  }

  /** The key of {@code location} below {@code root}, {@code /}-separated. */
  static String relative(String root, String location) {
    if (Storage.isLocal(root) && Storage.isLocal(location)) {
      return LocalStorage.path(root).relativize(LocalStorage.path(location)).toString();
    }
    if (!location.startsWith(root)) {
      throw new DatasetException(location + " is not below " + root);
    }
    String rel = location.substring(root.length());
    return rel.startsWith("/") ? rel.substring(1) : rel;
  }

  private static Dataset build(List<StorageEntry> entries, String root, Storage storage, DiscoveryOptions options,
      IoStatistics io) {
    return build(entries, root, storage, options, io, false);
  }

  /**
   * @param pinned whether a file is opened as the version its entry names: entries from an earlier
   *     listing, whose planned splits must not meet a replaced object; a fresh listing instead takes
   *     the version it opens
   */
  private static Dataset build(List<StorageEntry> entries, String root, Storage storage, DiscoveryOptions options,
      IoStatistics io, boolean pinned) {
    if (entries.isEmpty()) {
      throw new EmptyDatasetException("no Parquet files found" + (root == null ? "" : " below " + root));
    }
    List<SkippedFile> skipped = new ArrayList<>();
    List<StorageEntry> readableEntries = new ArrayList<>();
    List<String> readable = new ArrayList<>();
    List<ParquetFooter> footers = new ArrayList<>();
    List<RemoteInputFile.Tail> tails = new ArrayList<>();
    long tailBytes = 0;
    FooterCache cache = options.decryption() == null ? options.footerCache() : null;
    for (StorageEntry entry : entries) {
      String p = entry.location();
      try {
        StorageEntry read = entry;
        RemoteInputFile.Tail tail = null;
        ParquetFooter footer = cache == null ? null : cache.get(entry);
        if (footer == null) {
          try (InputFile in = pinned ? storage.open(entry, io) : storage.open(p, io)) {
            footer = ParquetFooter.read(in, options.decryption());
            read = versionRead(entry, in);
            tail = keptTail(in, read, tailBytes);
          }
          if (cache != null) {
            cache.put(entry, footer);
          }
        }
        footers.add(footer);
        tails.add(tail);
        tailBytes += tail == null ? 0 : tail.size();
        readableEntries.add(read);
        readable.add(p);
      } catch (ParquetCryptoException e) {
        // Missing or wrong keys are not corruption: fail whatever the policy (see CorruptFilePolicy).
        throw e.locate(ErrorLocation.ofFile(p));
      } catch (IOException | ParquetException e) {
        if (options.corruptFiles() == DiscoveryOptions.CorruptFilePolicy.SKIP) {
          skipped.add(new SkippedFile(p, e));
        } else if (e instanceof ParquetException pe) {
          throw pe.locate(ErrorLocation.ofFile(p));
        } else {
          throw Storage.isLocal(p) ? ParquetIOException.opening("cannot open the file", LocalStorage.path(p), (IOException) e)
              : remoteFailure("cannot open the file", p, (IOException) e);
        }
      }
    }
    if (readable.isEmpty()) {
      throw new DatasetException("none of the " + entries.size() + " files could be read; first: " + skipped.get(0).error().getMessage());
    }
    List<Map<String, String>> raw = new ArrayList<>();
    List<String> keys = null;
    String keysFrom = null;
    Map<String, List<String>> valuesByKey = new LinkedHashMap<>();
    for (String p : readable) {
      Map<String, String> parts = options.hivePartitioning() && root != null
          ? HivePartitioning.parse(relative(root, p), p) : Map.of();
      List<String> k = new ArrayList<>(parts.keySet());
      if (keys == null) {
        keys = k;
        keysFrom = p;
      } else if (!keys.equals(k)) {
        throw new DatasetException("partition keys differ: " + keys + " in " + keysFrom + " but " + k + " in " + p);
      }
      parts.forEach((key, v) -> {
        if (v != null) {
          valuesByKey.computeIfAbsent(key, x -> new ArrayList<>()).add(v);
        }
      });
      raw.add(parts);
    }
    Schema partitionSchema = HivePartitioning.schema(keys, valuesByKey, options.partitionSchema());
    SchemaUnifier unifier = new SchemaUnifier(options.promotion());
    Map<String, String> partitionAfter = new LinkedHashMap<>();
    List<DatasetFile> files = new ArrayList<>();
    for (int i = 0; i < readable.size(); i++) {
      String p = readable.get(i);
      SchemaMapping mapping;
      Schema fileSchema;
      try {
        mapping = ArrowSchemaConverter.toArrow(footers.get(i).metadata(), options.readOptions());
        fileSchema = ParquetFileReader.readSchema(mapping, options.readOptions(), ReadOptions.VariantShredding.UNSHRED);
      } catch (ParquetException e) {
        // the schema mapping knows the column, not the file: in a dataset, the file is what a user looks for
        throw e.locate(ErrorLocation.ofFile(p));
      }
      // a file column named as a partition key gives way to the directory's value, as in DuckDB
      // and Spark: the column keeps its place in the schema (after the file column before it)
      List<Field> own = new ArrayList<>();
      String before = "";
      for (Field f : fileSchema.getFields()) {
        if (partitionSchema.getFields().stream().anyMatch(pf -> pf.getName().equals(f.getName()))) {
          partitionAfter.putIfAbsent(f.getName(), before);
        } else {
          own.add(f);
        }
        before = f.getName();
      }
      unifier.add(p, own.size() == fileSchema.getFields().size() ? fileSchema
          : new Schema(own, fileSchema.getCustomMetadata()));
      Map<String, Object> typed = new LinkedHashMap<>();
      for (Field pf : partitionSchema.getFields()) {
        typed.put(pf.getName(), HivePartitioning.typed(raw.get(i).get(pf.getName()), pf.getType(), pf.getName(), p));
      }
      ParquetFooter footer = footers.get(i);
      FileMetaData metadata = footer.decryptor() == null ? footer.metadata()
          : decryptColumnMetaData(footer, p);
      files.add(new DatasetFile(readableEntries.get(i), typed, footer, mapping, metadata, storage, tails.get(i)));
    }
    List<Field> all = new ArrayList<>(unifier.result().getFields());
    for (Field pf : partitionSchema.getFields()) {
      String after = partitionAfter.get(pf.getName());
      all.add(after == null ? all.size() : after.isEmpty() ? 0 : indexOf(all, after) + 1, pf);
    }
    return new Dataset(files, new Schema(all), partitionSchema, skipped, options.readOptions(), io);
  }

  /** The position of the field named {@code name}, or -1 (then the caller's +1 puts a field first). */
  private static int indexOf(List<Field> fields, String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The tail {@code in}'s footer request brought, if a scan can open the file from it (the
   * object's ETag is known, see {@link RemoteInputFile.Tail#describes}) and it fits beside the
   * {@code keptSoFar} bytes of other files' tails; else {@code null}.
   */
  private static RemoteInputFile.Tail keptTail(InputFile in, StorageEntry read, long keptSoFar) {
    if (!(in instanceof RemoteInputFile r)) {
      return null;
    }
    RemoteInputFile.Tail tail = r.tail();
    return tail.describes(read) && keptSoFar + tail.size() <= KEPT_TAIL_BYTES ? tail : null;
  }

  /**
   * The version the footer was read from: the one the opened object reported (it may have been
   * replaced since the listing), so that a scan reads the bytes that footer describes.
   */
  private static StorageEntry versionRead(StorageEntry listed, InputFile in) {
    if (in instanceof RemoteInputFile r && r.version() != null && r.version().etag() != null) {
      return new StorageEntry(listed.location(), r.length(), r.version().etag());
    }
    return listed;
  }

  private static ParquetIOException remoteFailure(String action, String location, IOException e) {
    ParquetIOException x = new ParquetIOException(action + ": " + e.getMessage(), e);
    x.locate(ErrorLocation.ofFile(location));
    return x;
  }

  private static FileMetaData decryptColumnMetaData(ParquetFooter footer, String p) {
    try {
      return footer.decryptor().decryptColumnMetaData(footer.metadata());
    } catch (ParquetException e) {
      throw e.locate(ErrorLocation.ofFile(p));
    }
  }
}
