package org.parquetarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.testing.ArchitectureRules;
import org.parquetarrow.testing.TestData;

/**
 * Core as a user on the module path sees it: a tiny user module that {@code requires
 * org.parquetarrow} compiles against the API, fails to compile when it imports an internal
 * package, and runs with {@code java --module-path}, reading corpus files. The module path is
 * core's classes and its runtime dependencies (written by the build to the file named by the
 * system property {@code core.runtime.classpath}), as a user's build tool would lay them out.
 */
class ModulePathTest {
  private static final String USER_MODULE = "module user.app {\n  requires org.parquetarrow;\n}\n";

  /** Reads each file named on the command line and prints its name and row count. */
  private static final String ROW_COUNTER = """
      package user.app;

      import java.nio.file.Path;
      import org.apache.arrow.memory.RootAllocator;
      import org.apache.arrow.vector.VectorSchemaRoot;
      import org.parquetarrow.read.ParquetFileReader;
      import org.parquetarrow.read.ReadOptions;

      public final class Main {
        public static void main(String[] args) {
          try (RootAllocator allocator = new RootAllocator()) {
            for (String file : args) {
              long rows = 0;
              try (ParquetFileReader reader = ParquetFileReader.open(Path.of(file), ReadOptions.builder(allocator).build())) {
                for (VectorSchemaRoot batch = reader.readNextBatch(); batch != null; batch = reader.readNextBatch()) {
                  rows += batch.getRowCount();
                  batch.close();
                }
              }
              System.out.println(Path.of(file).getFileName() + " " + rows);
            }
          }
        }
      }
      """;

  /**
   * Writes 1,000 ids (0, 7, 14, ...) with a bloom filter on them, then prints whether the filter
   * may hold 42 (a written id) and the rows read back: xxHash64 (zero-allocation-hashing, a module
   * named after its jar) and the writer run inside the module graph.
   */
  private static final String BLOOM_WRITER = """
      package user.app;

      import java.nio.file.Path;
      import java.util.List;
      import org.apache.arrow.memory.RootAllocator;
      import org.apache.arrow.vector.BigIntVector;
      import org.apache.arrow.vector.VectorSchemaRoot;
      import org.apache.arrow.vector.types.pojo.ArrowType;
      import org.apache.arrow.vector.types.pojo.Field;
      import org.apache.arrow.vector.types.pojo.Schema;
      import org.parquetarrow.bloom.BloomFilterReader;
      import org.parquetarrow.bloom.SplitBlockBloomFilter;
      import org.parquetarrow.format.ColumnMetaData;
      import org.parquetarrow.io.InputFile;
      import org.parquetarrow.io.LocalInputFile;
      import org.parquetarrow.metadata.ParquetFooter;
      import org.parquetarrow.read.ParquetFileReader;
      import org.parquetarrow.read.ReadOptions;
      import org.parquetarrow.write.BloomFilterOptions;
      import org.parquetarrow.write.ParquetFileWriter;
      import org.parquetarrow.write.WriterProperties;

      public final class Main {
        public static void main(String[] args) throws Exception {
          Path out = Path.of(args[0]);
          Schema schema = new Schema(List.of(Field.nullable("id", new ArrowType.Int(64, true))));
          try (RootAllocator allocator = new RootAllocator();
              VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
            BigIntVector id = (BigIntVector) root.getVector("id");
            for (int i = 0; i < 1000; i++) {
              id.setSafe(i, 7L * i);
            }
            root.setRowCount(1000);
            WriterProperties properties = WriterProperties.builder()
                .column("id", c -> c.bloomFilter(new BloomFilterOptions(1000, 0.01)))
                .build();
            try (ParquetFileWriter writer = ParquetFileWriter.open(out, schema, properties)) {
              writer.write(root);
            }
            try (InputFile in = LocalInputFile.open(out)) {
              ColumnMetaData chunk = ParquetFooter.read(in).metadata().rowGroups().get(0).columns().get(0).metaData();
              boolean mayHold42 = BloomFilterReader.read(in, chunk).orElseThrow()
                  .filter().mightContain(SplitBlockBloomFilter.hashLong(42));
              System.out.println("bloom holds 42 " + mayHold42);
            }
            long rows = 0;
            try (ParquetFileReader reader = ParquetFileReader.open(out, ReadOptions.builder(allocator).build())) {
              for (VectorSchemaRoot batch = reader.readNextBatch(); batch != null; batch = reader.readNextBatch()) {
                rows += batch.getRowCount();
                batch.close();
              }
            }
            System.out.println("rows " + rows);
          }
        }
      }
      """;

  /** Uses a public class of the internal {@code encoding} package. */
  private static final String INTERNAL_USER = """
      package user.app;

      import org.parquetarrow.encoding.Bitmaps;

      public final class Main {
        public static void main(String[] args) {
          System.out.println(Bitmaps.bytesFor(9));
        }
      }
      """;

  @TempDir Path dir;

  @Test
  void exportsExactlyTheApiPackagesAndHidesTheInternals() throws Exception {
    ModuleDescriptor core = coreDescriptor();
    Set<String> exported = core.exports().stream()
        .filter(e -> !e.isQualified())
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toCollection(TreeSet::new));
    // the same list the architecture tests hold the other modules to
    assertEquals(new TreeSet<>(ArchitectureRules.EXPORTED_CORE_PACKAGES), exported);
    for (String internal : List.of("org.parquetarrow.encoding", "org.parquetarrow.compress",
        "org.parquetarrow.read.page", "org.parquetarrow.read.levels")) {
      assertTrue(core.packages().contains(internal), internal + " is in the module");
      assertFalse(exported.contains(internal), internal + " is not exported");
    }
    // the API hands out Arrow vectors and takes an allocator (and HttpInputFile an HttpClient)
    Set<String> transitive = core.requires().stream()
        .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE))
        .map(ModuleDescriptor.Requires::name)
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(Set.of("java.net.http", "org.apache.arrow.memory.core", "org.apache.arrow.vector"), transitive);
  }

  @Test
  void aUserModuleCompilesAgainstTheApi() throws Exception {
    List<Diagnostic<? extends JavaFileObject>> errors = compile(ROW_COUNTER, dir.resolve("classes"));
    assertEquals(List.of(), errors.stream().map(d -> d.getMessage(Locale.ROOT)).toList());
  }

  @Test
  void aUserModuleCannotSeeAnInternalPackage() throws Exception {
    List<Diagnostic<? extends JavaFileObject>> errors = compile(INTERNAL_USER, dir.resolve("classes"));
    assertFalse(errors.isEmpty(), "importing org.parquetarrow.encoding must not compile");
    Diagnostic<? extends JavaFileObject> first = errors.get(0);
    assertEquals("compiler.err.package.not.visible", first.getCode(), first.getMessage(Locale.ROOT));
    assertTrue(first.getMessage(Locale.ROOT).contains(
        "package org.parquetarrow.encoding is declared in module org.parquetarrow, which does not export it"),
        first.getMessage(Locale.ROOT));
  }

  @Test
  void aUserModuleReadsOnTheModulePath() throws Exception {
    Path classes = dir.resolve("classes");
    assertEquals(List.of(), compile(ROW_COUNTER, classes).stream().map(d -> d.getMessage(Locale.ROOT)).toList());
    // row counts from CATALOG.md: a SNAPPY file and a ZSTD file, so both native codecs load as modules
    Path snappy = TestData.parquetTesting().resolve("data/alltypes_plain.snappy.parquet");
    Path zstd = TestData.parquetTesting().resolve("bad_data/ARROW-GH-43605.parquet");
    String out = run(classes, snappy.toString(), zstd.toString());
    List<String> lines = out.lines().filter(l -> l.matches("\\S+\\.parquet \\d+")).toList();
    assertEquals(List.of("alltypes_plain.snappy.parquet 2", "ARROW-GH-43605.parquet 21186"), lines, out);
  }

  @Test
  void aUserModuleWritesWithABloomFilterOnTheModulePath() throws Exception {
    Path classes = dir.resolve("classes");
    assertEquals(List.of(), compile(BLOOM_WRITER, classes).stream().map(d -> d.getMessage(Locale.ROOT)).toList());
    String out = run(classes, dir.resolve("ids.parquet").toString());
    // a bloom filter has no false negatives: 42 = 7 * 6 was written
    List<String> lines = out.lines().filter(l -> l.startsWith("bloom ") || l.startsWith("rows ")).toList();
    assertEquals(List.of("bloom holds 42 true", "rows 1000"), lines, out);
  }

  /** Runs {@code user.app/user.app.Main} from {@code classes} on the module path; its output. */
  private static String run(Path classes, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+IgnoreUnrecognizedVMOptions", "--sun-misc-unsafe-memory-access=allow",
        // what every Arrow user on the module path needs (see README, "Java modules")
        "--add-opens", "java.base/java.nio=org.apache.arrow.memory.core",
        "--module-path", classes + File.pathSeparator + modulePath() + File.pathSeparator + jarOf(UNSAFE_ALLOCATOR),
        // nothing requires the allocator backend: Arrow finds it by name at run time
        "--add-modules", "org.apache.arrow.memory.unsafe",
        "--module", "user.app/user.app.Main"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the user program finished");
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  /**
   * A class of arrow-memory-unsafe, the allocator backend that is a Java module: arrow-memory-netty
   * is not one, and its buffer patch splits netty's {@code io.netty.buffer} package.
   */
  private static final String UNSAFE_ALLOCATOR = "org.apache.arrow.memory.unsafe.UnsafeAllocationManager";

  /** Compiles {@code module user.app} with {@code main} as its one class; the errors, none on success. */
  private static List<Diagnostic<? extends JavaFileObject>> compile(String main, Path classes) throws IOException {
    Path src = classes.resolveSibling("src");
    Files.createDirectories(src.resolve("user/app"));
    Files.createDirectories(classes);
    Files.writeString(src.resolve("module-info.java"), USER_MODULE);
    Files.writeString(src.resolve("user/app/Main.java"), main);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      // an empty class path: javac would otherwise take this JVM's, where core's classes are
      List<String> options = List.of("--module-path", modulePath(), "--class-path", classes.toString(),
          "-d", classes.toString());
      boolean ok = javac.getTask(null, files, diagnostics, options, null,
          files.getJavaFileObjects(src.resolve("module-info.java"), src.resolve("user/app/Main.java"))).call();
      List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
          .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
          .collect(Collectors.toList());
      assertEquals(ok, errors.isEmpty(), "javac's result agrees with its diagnostics");
      return errors;
    }
  }

  /**
   * Core's classes, then its runtime dependencies but the netty allocator (see {@link
   * #UNSAFE_ALLOCATOR}): what a user's build puts on the module path.
   */
  private static String modulePath() throws IOException {
    List<String> path = new ArrayList<>();
    path.add(coreLocation().toString());
    for (String jar : runtimeDependencies()) {
      String name = Path.of(jar).getFileName().toString();
      if (!name.startsWith("arrow-memory-netty") && !name.startsWith("netty-")) {
        path.add(jar);
      }
    }
    return String.join(File.pathSeparator, path);
  }

  private static Path jarOf(String className) throws Exception {
    // not initialised: Arrow's allocator classes must not start up here on the way
    Class<?> c = Class.forName(className, false, ModulePathTest.class.getClassLoader());
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  private static List<String> runtimeDependencies() throws IOException {
    String file = System.getProperty("core.runtime.classpath");
    assertTrue(file != null && Files.isRegularFile(Path.of(file)),
        "the build writes core's runtime class path to the file named by core.runtime.classpath: " + file);
    return List.of(Files.readString(Path.of(file)).trim().split(File.pathSeparator));
  }

  private static ModuleDescriptor coreDescriptor() throws Exception {
    return ModuleFinder.of(coreLocation()).find("org.parquetarrow")
        .orElseThrow(() -> new AssertionError("no module org.parquetarrow at " + coreLocation()))
        .descriptor();
  }

  private static Path coreLocation() {
    try {
      return jarOf(ParquetFileReader.class.getName());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
