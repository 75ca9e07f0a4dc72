package org.parquetarrow.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.ParquetCryptoException;
import org.parquetarrow.ParquetException;
import org.parquetarrow.ParquetIOException;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.ParquetFooter;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.ArrowSchemaConverter;
import org.parquetarrow.schema.SchemaMapping;

/**
 * Builds a {@link Dataset} from a file, a directory (walked recursively), a glob or a list of
 * paths: finds the files (skipping hidden and {@code _}-prefixed names and {@code .crc} files),
 * reads every footer, types the hive partition values and unifies the schemas. Encrypted files are
 * read with the keys of {@link DiscoveryOptions#withDecryption}; the parsed (and decrypted) footers
 * are kept, so pruning and scans never read a footer again.
 *
 * <pre>{@code
 * Dataset ds = DatasetDiscovery.glob(Path.of("/data"), "year=*\/*.parquet", DiscoveryOptions.defaults());
 * }</pre>
 */
public final class DatasetDiscovery {
  private DatasetDiscovery() {}

  /** A dataset of one file (no partition columns). */
  public static Dataset file(Path file, DiscoveryOptions options) {
    return build(List.of(file), null, options);
  }

  /** Every data file below {@code dir}, partitioned by the {@code key=value} directories under it. */
  public static Dataset directory(Path dir, DiscoveryOptions options) {
    if (!Files.isDirectory(dir)) {
      if (!Files.exists(dir)) {
        throw ParquetIOException.opening("cannot list the dataset's directory", dir, new NoSuchFileException(dir.toString()));
      }
      throw new DatasetException("not a directory: " + dir + " (DatasetDiscovery.file reads one file)");
    }
    return build(walk(dir, p -> true), dir, options);
  }

  /**
   * The files below {@code root} whose path relative to it matches {@code glob} ({@link
   * java.nio.file.FileSystem#getPathMatcher} syntax: {@code *} within a name, {@code **} across
   * directories), partitioned below {@code root}.
   */
  public static Dataset glob(Path root, String glob, DiscoveryOptions options) {
    PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    return build(walk(root, rel -> m.matches(rel)), root, options);
  }

  /**
   * The given files, and every data file below the given directories; partition directories
   * count below {@link DiscoveryOptions#partitionBaseDir()} when set.
   */
  public static Dataset paths(List<Path> paths, DiscoveryOptions options) {
    List<Path> files = new ArrayList<>();
    for (Path p : paths) {
      if (Files.isDirectory(p)) {
        files.addAll(walk(p, rel -> true));
      } else {
        files.add(p);
      }
    }
    return build(files, options.partitionBaseDir(), options);
  }

  private static List<Path> walk(Path root, java.util.function.Predicate<Path> relativeMatches) {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> {
            Path rel = root.relativize(p);
            return !FilePaths.ignored(rel) && relativeMatches.test(rel);
          })
          .sorted()
          .toList();
    } catch (IOException e) {
      throw ParquetIOException.opening("cannot list the dataset's directory", root, e);
    } catch (UncheckedIOException e) {
      // Files.walk reports a directory that vanishes or cannot be read while walking this way
      throw ParquetIOException.opening("cannot list the dataset's directory", root, e.getCause());
    }
  }

  private static Dataset build(List<Path> paths, Path root, DiscoveryOptions options) {
    if (paths.isEmpty()) {
      throw new DatasetException("no Parquet files found" + (root == null ? "" : " below " + root));
    }
    List<SkippedFile> skipped = new ArrayList<>();
    List<Path> readable = new ArrayList<>();
    List<ParquetFooter> footers = new ArrayList<>();
    for (Path p : paths) {
      try (LocalInputFile in = LocalInputFile.open(p)) {
        footers.add(ParquetFooter.read(in, options.decryption()));
        readable.add(p);
      } catch (ParquetCryptoException e) {
        // Missing or wrong keys are not corruption: fail whatever the policy (see CorruptFilePolicy).
        throw e.locate(ErrorLocation.ofFile(p.toString()));
      } catch (IOException | ParquetException e) {
        if (options.corruptFiles() == DiscoveryOptions.CorruptFilePolicy.SKIP) {
          skipped.add(new SkippedFile(p, e));
        } else if (e instanceof ParquetException pe) {
          throw pe.locate(ErrorLocation.ofFile(p.toString()));
        } else {
          throw ParquetIOException.opening("cannot open the file", p, (IOException) e);
        }
      }
    }
    if (readable.isEmpty()) {
      throw new DatasetException("none of the " + paths.size() + " files could be read; first: " + skipped.get(0).error().getMessage());
    }
    List<Map<String, String>> raw = new ArrayList<>();
    List<String> keys = null;
    Path keysFrom = null;
    Map<String, List<String>> valuesByKey = new LinkedHashMap<>();
    for (Path p : readable) {
      Map<String, String> parts = options.hivePartitioning() && root != null ? HivePartitioning.parse(root, p) : Map.of();
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
    List<DatasetFile> files = new ArrayList<>();
    for (int i = 0; i < readable.size(); i++) {
      Path p = readable.get(i);
      SchemaMapping mapping = ArrowSchemaConverter.toArrow(footers.get(i).metadata(), options.readOptions());
      Schema fileSchema = ParquetFileReader.readSchema(mapping, options.readOptions(), ReadOptions.VariantShredding.UNSHRED);
      for (Field f : fileSchema.getFields()) {
        if (partitionSchema.getFields().stream().anyMatch(pf -> pf.getName().equals(f.getName()))) {
          throw new DatasetException("column " + f.getName() + " of " + p + " is also a partition key");
        }
      }
      unifier.add(p.toString(), fileSchema);
      Map<String, Object> typed = new LinkedHashMap<>();
      for (Field pf : partitionSchema.getFields()) {
        typed.put(pf.getName(), HivePartitioning.typed(raw.get(i).get(pf.getName()), pf.getType(), pf.getName(), p));
      }
      ParquetFooter footer = footers.get(i);
      FileMetaData metadata = footer.decryptor() == null ? footer.metadata()
          : decryptColumnMetaData(footer, p);
      files.add(new DatasetFile(p, typed, footer, mapping, metadata));
    }
    List<Field> all = new ArrayList<>(unifier.result().getFields());
    all.addAll(partitionSchema.getFields());
    return new Dataset(files, new Schema(all), partitionSchema, skipped, options.readOptions());
  }

  private static FileMetaData decryptColumnMetaData(ParquetFooter footer, Path p) {
    try {
      return footer.decryptor().decryptColumnMetaData(footer.metadata());
    } catch (ParquetException e) {
      throw e.locate(ErrorLocation.ofFile(p.toString()));
    }
  }
}
