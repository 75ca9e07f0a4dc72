package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.s3.LoopbackS3;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bundle jar {@code package} builds, as a cluster sees it: its contents (our classes and the
 * relocated dependencies; no Spark, Scala, Arrow or JNI codec), and a fresh {@code local[2]} Spark
 * session in a child JVM whose class path is Spark's jars plus only the bundle, writing ZSTD and
 * SNAPPY files with Spark's writer and reading them through {@code format("parquet-arrow")} (the
 * codecs' natives loading in the child), and reading a file on a loopback S3 server through the
 * bundle's relocated AWS SDK.
 */
class SparkBundleIT {
  private static final Logger LOG = LoggerFactory.getLogger(SparkBundleIT.class);
  @RegisterExtension final LeakCheckingAllocator allocator = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static Path bundle() {
    Path jar = Path.of(System.getProperty("bundle.jar"));
    assertTrue(Files.isRegularFile(jar), "the bundle jar is built in package: " + jar);
    return jar;
  }

  @Test
  void theBundleHoldsOursAndTheRelocatedDependenciesButNotWhatSparkShips() throws IOException {
    List<String> names = new ArrayList<>();
    try (JarFile jar = new JarFile(bundle().toFile())) {
      jar.stream().map(ZipEntry::getName).forEach(names::add);
    }
    for (String present : List.of(
        "org/parquetarrow/spark/ParquetArrowDataSource.class",
        "org/parquetarrow/dataset/scan/Scanner.class",
        "org/parquetarrow/s3/S3Storage.class",
        "org/parquetarrow/shaded/org/apache/thrift/TBase.class",
        "org/parquetarrow/shaded/software/amazon/awssdk/services/s3/S3Client.class",
        "META-INF/services/org.apache.spark.sql.sources.DataSourceRegister",
        "META-INF/services/org.parquetarrow.io.StorageProvider",
        "META-INF/services/org.parquetarrow.shaded.software.amazon.awssdk.http.SdkHttpService")) {
      assertTrue(names.contains(present), "the bundle lacks " + present);
    }
    for (String absent : List.of("org/apache/arrow/", "org/apache/spark/", "scala/", "io/netty/",
        "com/fasterxml/jackson/", "org/slf4j/", "org/apache/thrift/", "software/amazon/", "net/openhft/",
        "io/airlift/", "com/github/luben/", "org/xerial/", "net/jpountz/")) {
      assertFalse(names.stream().anyMatch(n -> n.startsWith(absent)), "the bundle carries " + absent);
    }
  }

  @Test
  void aSparkSessionWithOnlyTheBundleReadsZstdSnappyAndS3() throws Exception {
    List<String> classpath = new ArrayList<>();
    for (String file : System.getProperty("spark.classpath.files").split(",")) {
      for (String entry : Files.readString(Path.of(file)).trim().split(File.pathSeparator)) {
        if (!classpath.contains(entry)) {
          classpath.add(entry);
        }
      }
    }
    assertTrue(classpath.stream().anyMatch(p -> p.contains("spark-sql_2.13")), "Spark's jars: " + classpath);
    assertFalse(classpath.stream().anyMatch(p -> p.contains("parquetarrow") || p.contains("libthrift")
        || p.contains("awssdk")), "only Spark's jars besides the bundle: " + classpath);
    classpath.add(bundle().toString());

    try (LoopbackS3 s3 = LoopbackS3.start()) {
      Path file = dir.resolve("remote.parquet");
      writeIds(file, 10_000);
      s3.put(LoopbackS3.PRIVATE_BUCKET, "bundle/ids.parquet", file);

      Path source = Path.of(SparkBundleIT.class.getResource("/bundle/BundleCheck.java").toURI());
      Path result = dir.resolve("result.txt");
      Path log = dir.resolve("child.log");
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(Arrays.asList(System.getProperty("spark.jvm.flags").trim().split("\\s+")));
      command.addAll(List.of("-Xmx1g", "-cp", String.join(File.pathSeparator, classpath), source.toString(),
          result.toString(), dir.resolve("work").toString(), s3.endpoint().toString(),
          "s3a://" + LoopbackS3.PRIVATE_BUCKET + "/bundle/ids.parquet", LoopbackS3.ACCESS_KEY, LoopbackS3.SECRET_KEY));
      Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      boolean done = child.waitFor(8, TimeUnit.MINUTES);
      if (!done) {
        child.destroyForcibly().waitFor();
      }
      String tail = tail(log, 60);
      assertTrue(done, "the child Spark session did not finish in 8 minutes; its log ends:\n" + tail);
      assertEquals(0, child.exitValue(), "the child Spark session failed; its log ends:\n" + tail);

      Map<String, String> r = new HashMap<>();
      for (String line : Files.readAllLines(result)) {
        r.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
      }
      LOG.info("bundle check: {}", r);
      for (String codec : List.of("zstd", "snappy")) {
        assertEquals("20000", r.get(codec + ".count"), codec);
        assertEquals("0", r.get(codec + ".onlyOurs"), codec);
        assertEquals("0", r.get(codec + ".onlyBuiltIn"), codec);
        // ids 0..999 with id % 7 == 3: 3, 10, ..., 997
        assertEquals("143", r.get(codec + ".filtered"), codec);
        assertEquals("true", r.get(codec + ".plan"), codec);
      }
      assertEquals("10000", r.get("s3.count"));
      assertEquals(Long.toString(9_999L * 10_000 / 2), r.get("s3.sum"));
      String bundleName = bundle().getFileName().toString();
      assertEquals(bundleName, r.get("source.ours"));
      assertEquals(bundleName, r.get("source.thrift"));
      assertEquals(bundleName, r.get("source.awssdk"));
      assertTrue(r.get("source.zstd").startsWith("zstd-jni"), r.get("source.zstd"));
      assertTrue(r.get("source.arrow").startsWith("arrow-vector"), r.get("source.arrow"));
      assertEquals("false", r.get("loadable.thrift"));
      assertEquals("false", r.get("loadable.awssdk"));
    }
  }

  private void writeIds(Path file, int rows) throws IOException {
    Schema schema = new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        ParquetFileWriter w = ParquetFileWriter.open(file, schema,
            WriterProperties.builder().codec(CompressionCodec.ZSTD).rowGroupRows(2_500).build())) {
      root.allocateNew();
      for (int i = 0; i < rows; i++) {
        ((BigIntVector) root.getVector("id")).setSafe(i, i);
      }
      root.setRowCount(rows);
      w.write(root);
    }
  }

  private static String tail(Path log, int lines) throws IOException {
    if (!Files.exists(log)) {
      return "(no log)";
    }
    List<String> all = Files.readAllLines(log);
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }
}
