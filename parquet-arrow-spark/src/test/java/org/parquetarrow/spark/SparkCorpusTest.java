package org.parquetarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.parquetarrow.ParquetException;
import org.parquetarrow.testing.TestData;

/**
 * Every file of parquet-testing/data read through both Spark readers in one session: Spark's
 * built-in {@code parquet} source and ours ({@code parquet-arrow}). The expected rows always come
 * from the built-in reader. Each file's outcome is recorded in {@link #EXPECTED}, so a change in
 * behaviour on any file (better or worse) fails the test:
 *
 * <ul>
 *   <li>{@code AGREE}: both read the file; the same schema and the same rows (compared as sorted
 *       JSON lines, which render binary values as base64 and keep NaN, nulls and nesting).
 *   <li>{@code SCHEMA ours=<our schema>}: both read it, the schemas differ for the reason given in
 *       {@link #SCHEMA_DIFFERENCES} (a difference without a reason there fails); our columns are
 *       cast to the built-in's types and the rows must then agree.
 *   <li>{@code AGREE ROWS_DIFFER}: a known row difference, a finding explained beside the entry.
 *   <li>{@code SCHEMA_ONLY ...}: a file ({@link #SCHEMA_ONLY}) whose data cannot be read here.
 *   <li>{@code BOTH_FAIL ours=X}: the built-in reader fails; ours fails too, with the typed
 *       parquet-arrow exception X (never an unchecked JDK exception).
 *   <li>{@code BUILTIN_FAILS ours reads}: the built-in fails, ours reads the file.
 *   <li>{@code OURS_FAILS X}: a known difference: the built-in reads the file, ours refuses it
 *       with the typed exception X naming the column.
 * </ul>
 */
class SparkCorpusTest {
  private static final long TIMEOUT_SECONDS = 60;
  private static final long MAX_FULL_COMPARE_BYTES = 8L << 20;

  /** The schema differences we accept, file by file, with the reason. */
  static final Map<String, String> SCHEMA_DIFFERENCES = new TreeMap<>();

  /** Every file's expected outcome. */
  static final Map<String, String> EXPECTED = new TreeMap<>();

  /**
   * Files whose data cannot be read in a test JVM: only their schemas (footers) are compared, and
   * the outcome recorded is {@code SCHEMA_ONLY ...}.
   */
  static final Map<String, String> SCHEMA_ONLY = new TreeMap<>();

  static {
    SCHEMA_ONLY.put("large_string_map.brotli.parquet",
        "CATALOG.md: each of its 2 map keys is 2^30 characters, the key chunk decodes to more than"
            + " 2 GiB and needs several GiB of heap (the test JVM has 1 GiB)");
    // The list's element carries the NULL (UNKNOWN) logical type on an INT32: we read it as Arrow's
    // null type, Spark's void, as Arrow C++ does; the built-in ignores the annotation and
    // reads int.
    // The only row is an empty list, so the rows agree once our void is cast to int.
    SCHEMA_DIFFERENCES.put("null_list.parquet", "list element of the NULL logical type read as void");
    EXPECTED.put("alltypes_dictionary.parquet", "AGREE");
    EXPECTED.put("alltypes_plain.parquet", "AGREE");
    EXPECTED.put("alltypes_plain.snappy.parquet", "AGREE");
    EXPECTED.put("alltypes_tiny_pages.parquet", "AGREE");
    EXPECTED.put("alltypes_tiny_pages_plain.parquet", "AGREE");
    EXPECTED.put("binary.parquet", "AGREE");
    EXPECTED.put("binary_truncated_min_max.parquet", "AGREE");
    // built-in: NullPointerException in its vectorized reader (DECIMAL on BYTE_ARRAY)
    EXPECTED.put("byte_array_decimal.parquet", "BUILTIN_FAILS ours reads");
    // built-in: Unsupported encoding BYTE_STREAM_SPLIT
    EXPECTED.put("byte_stream_split.zstd.parquet", "BUILTIN_FAILS ours reads");
    // built-in: Illegal Parquet type FLOAT16
    EXPECTED.put("byte_stream_split_extended.gzip.parquet", "BUILTIN_FAILS ours reads");
    EXPECTED.put("column_chunk_key_value_metadata.parquet", "AGREE");
    EXPECTED.put("concatenated_gzip_members.parquet", "AGREE");
    EXPECTED.put("data_index_bloom_encoding_stats.parquet", "AGREE");
    EXPECTED.put("data_index_bloom_encoding_with_length.parquet", "AGREE");
    // KNOWN DIFFERENCE: the built-in does not verify page CRCs (parquet.page.verify-
    // checksum.enabled is off); we do and refuse the altered pages (CATALOG.md: two pages
    // carry a wrong CRC)
    EXPECTED.put("datapage_v1-corrupt-checksum.parquet", "OURS_FAILS ChecksumException");
    EXPECTED.put("datapage_v1-snappy-compressed-checksum.parquet", "AGREE");
    EXPECTED.put("datapage_v1-uncompressed-checksum.parquet", "AGREE");
    EXPECTED.put("datapage_v2.snappy.parquet", "AGREE");
    EXPECTED.put("datapage_v2_empty_datapage.snappy.parquet", "AGREE");
    EXPECTED.put("delta_binary_packed.parquet", "AGREE");
    EXPECTED.put("delta_byte_array.parquet", "AGREE");
    EXPECTED.put("delta_encoding_optional_column.parquet", "AGREE");
    EXPECTED.put("delta_encoding_required_column.parquet", "AGREE");
    EXPECTED.put("delta_length_byte_array.parquet", "AGREE");
    EXPECTED.put("dict-page-offset-zero.parquet", "AGREE");
    EXPECTED.put("encrypt_columns_and_footer.parquet.encrypted", "BOTH_FAIL ours=ParquetCryptoException");
    EXPECTED.put("encrypt_columns_and_footer_aad.parquet.encrypted", "BOTH_FAIL ours=ParquetCryptoException");
    EXPECTED.put("encrypt_columns_and_footer_bloom_filter.parquet.encrypted", "BOTH_FAIL ours=ParquetCryptoException");
    EXPECTED.put("encrypt_columns_and_footer_ctr.parquet.encrypted", "BOTH_FAIL ours=ParquetCryptoException");
    EXPECTED.put("encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted", "BOTH_FAIL ours=ParquetCryptoException");
    // plaintext footer: both stop at the schema, on TIME(MILLIS) which Spark has no type for
    EXPECTED.put("encrypt_columns_plaintext_footer.parquet.encrypted", "BOTH_FAIL ours=UnmappableTypeException");
    EXPECTED.put("external_key_material_java.parquet.encrypted", "BOTH_FAIL ours=ParquetCryptoException");
    EXPECTED.put("fixed_length_byte_array.parquet", "AGREE");
    EXPECTED.put("fixed_length_decimal.parquet", "AGREE");
    EXPECTED.put("fixed_length_decimal_legacy.parquet", "AGREE");
    // built-in: Illegal Parquet type FLOAT16
    EXPECTED.put("float16_nonzeros_and_nans.parquet", "BUILTIN_FAILS ours reads");
    // built-in: Illegal Parquet type FLOAT16
    EXPECTED.put("float16_zeros_and_nans.parquet", "BUILTIN_FAILS ours reads");
    // built-in: Illegal Parquet type FLOAT16
    EXPECTED.put("floating_orders_nan_count.parquet", "BUILTIN_FAILS ours reads");
    EXPECTED.put("hadoop_lz4_compressed.parquet", "AGREE");
    EXPECTED.put("hadoop_lz4_compressed_larger.parquet", "AGREE");
    EXPECTED.put("incorrect_map_schema.parquet", "AGREE");
    EXPECTED.put("int32_decimal.parquet", "AGREE");
    EXPECTED.put("int32_with_null_pages.parquet", "AGREE");
    EXPECTED.put("int64_decimal.parquet", "AGREE");
    // KNOWN DIFFERENCE (finding, not fixed: the fix is in parquet-arrow-core). The year-290000 row
    // (documented micros 9089380393200000000) reads as -7188624036226874385 micros
    // (-225829-07-28T21:56:13.125Z) through ours, +290000-12-30T23:00:00Z through the built-in; the
    // other 5 rows agree. Spark's writer wrapped the Julian microseconds past
    // Long.MAX_VALUE, so the
    // file holds Julian day -105862232 and nanos-of-day -32509551616000 (both negative);
    // Spark reads
    // them back with signed day and signed nanos and so recovers the value. Core's
    // read.FixedConversion.int96 takes the day as unsigned (as Arrow C++) and divides the nanos
    // unsigned (Long.divideUnsigned; Arrow C++ divides them signed), which gives
    // -7188624036226874385.
    // Reading day and nanos signed for the Spark source would make this row agree.
    EXPECTED.put("int96_from_spark.parquet", "AGREE ROWS_DIFFER 1 of 6");
    EXPECTED.put("large_string_map.brotli.parquet", "SCHEMA_ONLY AGREE");
    EXPECTED.put("list_columns.parquet", "AGREE");
    EXPECTED.put("lz4_raw_compressed.parquet", "AGREE");
    EXPECTED.put("lz4_raw_compressed_larger.parquet", "AGREE");
    // built-in: Invalid map type (MAP without a value field)
    EXPECTED.put("map_no_value.parquet", "BUILTIN_FAILS ours reads");
    EXPECTED.put("nan_in_stats.parquet", "AGREE");
    // built-in: EOFException, the chunk's declared size is 15 bytes short (CATALOG.md: Arrow
    // C++ reads past it, as we do)
    EXPECTED.put("nation.dict-malformed.parquet", "BUILTIN_FAILS ours reads");
    EXPECTED.put("nested_lists.snappy.parquet", "AGREE");
    EXPECTED.put("nested_maps.snappy.parquet", "AGREE");
    EXPECTED.put("nested_structs.rust.parquet", "AGREE");
    // built-in: ArrayIndexOutOfBoundsException in Hadoop's LZ4 codec on a raw LZ4 block
    EXPECTED.put("non_hadoop_lz4_compressed.parquet", "BUILTIN_FAILS ours reads");
    EXPECTED.put("nonnullable.impala.parquet", "AGREE");
    EXPECTED.put("null_list.parquet", "SCHEMA ours=struct<emptylist:array<void>>");
    EXPECTED.put("nullable.impala.parquet", "AGREE");
    EXPECTED.put("nulls.snappy.parquet", "AGREE");
    EXPECTED.put("old_list_structure.parquet", "AGREE");
    EXPECTED.put("overflow_i16_page_cnt.parquet", "AGREE");
    EXPECTED.put("page_v2_empty_compressed.parquet", "AGREE");
    EXPECTED.put("plain-dict-uncompressed-checksum.parquet", "AGREE");
    EXPECTED.put("repeated_no_annotation.parquet", "AGREE");
    EXPECTED.put("repeated_primitive_no_list.parquet", "AGREE");
    EXPECTED.put("rle-dict-snappy-checksum.parquet", "AGREE");
    // KNOWN DIFFERENCE: as datapage_v1-corrupt-checksum, a page whose CRC does not match
    EXPECTED.put("rle-dict-uncompressed-corrupt-checksum.parquet", "OURS_FAILS ChecksumException");
    EXPECTED.put("rle_boolean_encoding.parquet", "AGREE");
    EXPECTED.put("single_nan.parquet", "AGREE");
    EXPECTED.put("sort_columns.parquet", "AGREE");
    EXPECTED.put("uniform_encryption.parquet.encrypted", "BOTH_FAIL ours=ParquetCryptoException");
    // built-in: NullPointerException on the unknown logical type
    EXPECTED.put("unknown-logical-type.parquet", "BUILTIN_FAILS ours reads");
  }

  private static final ExecutorService POOL = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "corpus-read");
    t.setDaemon(true);
    return t;
  });

  @AfterAll
  static void stopPool() {
    POOL.shutdownNow();
  }

  @Test
  void everyCorpusFileReadsAsTheBuiltInReaderReadsIt() throws Exception {
    Path data = TestData.parquetTesting().resolve("data");
    assertTrue(Files.isDirectory(data), data + " missing");
    List<Path> files;
    try (Stream<Path> s = Files.list(data)) {
      files = s.filter(p -> p.getFileName().toString().matches(".*\\.parquet(\\.encrypted)?"))
          .sorted().collect(Collectors.toList());
    }
    assertTrue(files.size() > 60, "the corpus has its files: " + files.size());
    SparkSession spark = LocalSpark.session();
    Map<String, String> observed = new TreeMap<>();
    Map<String, String> details = new TreeMap<>();
    for (Path f : files) {
      String name = f.getFileName().toString();
      // Every file is compared in full (the largest is 0.8 MB; the class takes about 30 s). A file
      // past this size must be given a capped comparison (count plus a sample) before it is added.
      assertTrue(Files.size(f) < MAX_FULL_COMPARE_BYTES || SCHEMA_ONLY.containsKey(name),
          name + " is " + Files.size(f) + " bytes: compare it by count plus a sample");
      String outcome;
      try {
        outcome = outcome(spark, f, details);
      } catch (AssertionError e) {
        outcome = "MISMATCH " + e.getMessage();
      }
      observed.put(name, outcome);
    }
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, String> e : observed.entrySet()) {
      String want = EXPECTED.get(e.getKey());
      if (!e.getValue().equals(want)) {
        problems.add(e.getKey() + ": expected <" + want + "> but was <" + e.getValue() + ">"
            + (details.containsKey(e.getKey()) ? " -- " + details.get(e.getKey()) : ""));
      }
    }
    for (String name : EXPECTED.keySet()) {
      if (!observed.containsKey(name)) {
        problems.add(name + ": expected in the corpus but not found");
      }
    }
    assertTrue(problems.isEmpty(), problems.size() + " files differ from their recorded outcome:\n"
        + String.join("\n", problems));
    for (String o : EXPECTED.values()) {
      assertFalse(o.contains("UNCHECKED"), "a recorded outcome is an unchecked exception: " + o);
    }
  }

  /** The two files whose pages fail their CRCs read as the built-in reader reads them once we are told not to check. */
  @Test
  void pagesWithBadChecksumsReadWhenChecksumsAreNotVerified() throws Exception {
    SparkSession spark = LocalSpark.session();
    for (String name : List.of("datapage_v1-corrupt-checksum.parquet", "rle-dict-uncompressed-corrupt-checksum.parquet")) {
      String file = TestData.parquetTesting().resolve("data").resolve(name).toString();
      Read builtin = read(spark.read().parquet(file));
      Read ours = read(spark.read().format("parquet-arrow").option("verifyChecksums", "false").load(file));
      assertEquals(builtin.schema, ours.schema, name);
      assertEquals(builtin.rows, ours.rows, name);
    }
  }

  private static <T> T timed(java.util.concurrent.Callable<T> c) throws Exception {
    Future<T> f = POOL.submit(c);
    try {
      return f.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new AssertionError("read did not finish in " + TIMEOUT_SECONDS + " s");
    } catch (java.util.concurrent.ExecutionException e) {
      throw (Exception) (e.getCause() instanceof Exception ? e.getCause() : new RuntimeException(e.getCause()));
    }
  }

  private static final class Read {
    StructType schema;
    List<String> rows;
    Dataset<Row> df;
  }

  private static Read read(Dataset<Row> df) throws Exception {
    Read r = new Read();
    r.df = df;
    r.schema = df.schema();
    r.rows = timed(() -> {
      List<String> l = new ArrayList<>(df.toJSON().collectAsList());
      l.sort(null);
      return l;
    });
    return r;
  }

  private static String outcome(SparkSession spark, Path f, Map<String, String> details) throws Exception {
    String name = f.getFileName().toString();
    String path = f.toString();
    System.out.println("SparkCorpusTest reading " + name);
    if (SCHEMA_ONLY.containsKey(name)) {
      StructType b;
      try {
        b = spark.read().parquet(path).schema();
      } catch (Exception e) {
        return "SCHEMA_ONLY built-in fails";
      }
      StructType o;
      try {
        o = spark.read().format("parquet-arrow").load(path).schema();
      } catch (Exception e) {
        return "SCHEMA_ONLY ours fails " + classify(e, details, name);
      }
      details.put(name, "built-in " + b.simpleString() + " ours " + o.simpleString());
      return b.equals(o) ? "SCHEMA_ONLY AGREE" : "SCHEMA_ONLY SCHEMA_DIFFERS";
    }
    Read builtin = null;
    Throwable builtinError = null;
    try {
      builtin = read(spark.read().parquet(path));
    } catch (Exception e) {
      builtinError = e;
    }
    Read ours = null;
    Throwable oursError = null;
    try {
      ours = read(spark.read().format("parquet-arrow").load(path));
    } catch (Exception e) {
      oursError = e;
    }
    if (oursError instanceof AssertionError) {
      throw (AssertionError) oursError;
    }
    String oursFailure = oursError == null ? null : classify(oursError, details, name);
    if (builtin == null) {
      details.put(name, "built-in: " + rootMessage(builtinError)
          + (oursError == null ? "" : "; ours: " + rootMessage(oursError)));
      return oursError == null ? "BUILTIN_FAILS ours reads" : "BOTH_FAIL ours=" + oursFailure;
    }
    if (ours == null) {
      details.put(name, "ours: " + rootMessage(oursError));
      return "OURS_FAILS " + oursFailure;
    }
    String prefix = "AGREE";
    if (!builtin.schema.equals(ours.schema)) {
      details.put(name, "built-in " + builtin.schema.simpleString() + " ours " + ours.schema.simpleString());
      String reason = SCHEMA_DIFFERENCES.get(name);
      if (reason == null) {
        return "SCHEMA_DIFFERS unjustified";
      }
      prefix = "SCHEMA ours=" + ours.schema.simpleString();
      List<Column> cols = new ArrayList<>();
      for (StructField field : builtin.schema.fields()) {
        cols.add(functions.col("`" + field.name() + "`").cast(field.dataType()).as(field.name()));
      }
      ours = read(ours.df.select(cols.toArray(new Column[0])));
    }
    if (!builtin.rows.equals(ours.rows)) {
      List<String> missing = new ArrayList<>(builtin.rows);
      missing.removeAll(ours.rows);
      List<String> extra = new ArrayList<>(ours.rows);
      extra.removeAll(builtin.rows);
      details.put(name, "rows " + builtin.rows.size() + " vs " + ours.rows.size() + "; built-in only "
          + missing.stream().limit(2).collect(Collectors.toList()) + "; ours only "
          + extra.stream().limit(2).collect(Collectors.toList()));
      return prefix + " ROWS_DIFFER " + missing.size() + " of " + builtin.rows.size();
    }
    return prefix;
  }

  /** The typed parquet-arrow exception in the chain, or UNCHECKED plus the root class. */
  private static String classify(Throwable e, Map<String, String> details, String name) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ParquetException || t instanceof UnmappableTypeException) {
        return t.getClass().getSimpleName();
      }
    }
    // A task failure reaches the driver as a SparkException whose message names the task's
    // exception.
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("executor driver\\): ([\\w.$]+)")
        .matcher(String.valueOf(e.getMessage()));
    if (m.find() && m.group(1).startsWith("org.parquetarrow.")) {
      String cls = m.group(1);
      try {
        Class<?> c = Class.forName(cls);
        if (ParquetException.class.isAssignableFrom(c) || UnmappableTypeException.class.isAssignableFrom(c)) {
          return c.getSimpleName();
        }
      } catch (ClassNotFoundException ignored) {
        // fall through: not one of ours
      }
    }
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return "UNCHECKED " + root.getClass().getName() + (m.find(0) ? " (task: " + m.group(1) + ")" : "");
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String m = root.getClass().getSimpleName() + ": " + root.getMessage();
    return m.length() > 300 ? m.substring(0, 300) : m;
  }
}
