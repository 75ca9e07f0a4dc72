package org.parquetarrow.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.write.BloomFilterOptions;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.WriterProperties;

/**
 * The data source options of a write, parsed once on the driver (so a bad value fails the write
 * before any task runs) and shipped to the tasks, which build their {@link WriterProperties} from it.
 *
 * <ul>
 *   <li>{@code compression}: {@code snappy} (default), {@code zstd}, {@code gzip}, {@code lz4_raw},
 *       {@code brotli}, {@code uncompressed} (or {@code none})
 *   <li>{@code pageVersion}: data page header {@code 1} (default) or {@code 2}
 *   <li>{@code dictionary}: dictionary encoding, {@code true} (default) or {@code false}
 *   <li>{@code pageIndex}: column and offset index, {@code true} (default) or {@code false}
 *   <li>{@code bloomFilterColumns}: comma list of dotted column paths given split-block bloom filters
 *   <li>{@code bloomFilterFpp}: their false-positive probability (default 0.01)
 *   <li>{@code rowGroupRows}, {@code rowGroupBytes}: where a row group closes (default the writer's)
 *   <li>{@code batchRows}: rows converted into one Arrow batch before it is written (default 4096)
 *   <li>{@code maxRecordsPerFile}: rows per file before a new one is started (default 0: no limit)
 *   <li>{@code partitionOverwriteMode}: {@code static} (an overwrite replaces every partition) or
 *       {@code dynamic} (only the partitions the write has rows for); default the session's {@code
 *       spark.sql.sources.partitionOverwriteMode}
 * </ul>
 *
 * <p>A bad value is an {@link IllegalArgumentException} naming the option and the valid values.
 */
record WriteConfig(Codec codec, DataPageVersion pageVersion, boolean dictionary, boolean pageIndex,
    List<String> bloomFilterColumns, double bloomFilterFpp, long rowGroupRows, long rowGroupBytes, int batchRows,
    long maxRecordsPerFile, PartitionOverwrite partitionOverwrite) implements Serializable {

  /** What an overwrite of a partitioned destination replaces, as Spark's file sources name it. */
  enum PartitionOverwrite {
    /** Everything the destination held. */
    STATIC,
    /** Only the partition directories the write has rows for; the others stay. */
    DYNAMIC
  }

  /** The codecs the writer produces, as the option spells them, and the file name infix Spark uses. */
  enum Codec {
    UNCOMPRESSED(CompressionCodec.UNCOMPRESSED, ""),
    SNAPPY(CompressionCodec.SNAPPY, ".snappy"),
    GZIP(CompressionCodec.GZIP, ".gz"),
    ZSTD(CompressionCodec.ZSTD, ".zstd"),
    LZ4_RAW(CompressionCodec.LZ4_RAW, ".lz4raw"),
    BROTLI(CompressionCodec.BROTLI, ".br");

    final CompressionCodec format;
    final String fileInfix;

    Codec(CompressionCodec format, String fileInfix) {
      this.format = format;
      this.fileInfix = fileInfix;
    }

    static Codec parse(String value) {
      String v = value.trim().toUpperCase(Locale.ROOT);
      if (v.equals("NONE")) {
        return UNCOMPRESSED;
      }
      for (Codec c : values()) {
        if (c.name().equals(v)) {
          return c;
        }
      }
      throw new IllegalArgumentException("option compression: unknown codec '" + value
          + "' (valid: uncompressed, none, snappy, gzip, zstd, lz4_raw, brotli)");
    }
  }

  /** The write options this source takes (keys matched ignoring case). */
  static final List<String> OPTIONS = List.of("compression", "pageVersion", "bloomFilterColumns", "bloomFilterFpp",
      "rowGroupRows", "rowGroupBytes", "batchRows", "maxRecordsPerFile", "partitionOverwriteMode", "dictionary",
      "pageIndex", "s3.endpoint", "s3.region", "s3.pathStyle", "s3.anonymous", "s3.accessKeyId", "s3.secretAccessKey");

  static WriteConfig parse(Map<String, String> options, String sessionPartitionOverwriteMode) {
    return parse(options, sessionPartitionOverwriteMode, "snappy");
  }

  /**
   * @param sessionCodec the session's {@code spark.sql.parquet.compression.codec}: the codec when
   *     neither option {@code compression} nor {@code parquet.compression} names one, as with
   *     Spark's built-in writer
   */
  static WriteConfig parse(Map<String, String> options, String sessionPartitionOverwriteMode, String sessionCodec) {
    // a typo of one of ours would otherwise be ignored, the files written with the default
    ReadConfig.refuseMisspelledOptions(options, OPTIONS, "write");
    WriterProperties defaults = WriterProperties.defaults();
    Codec codec = Codec.parse(get(options, "compression", get(options, "parquet.compression", sessionCodec)));
    DataPageVersion version = switch (get(options, "pageVersion", "1").trim()) {
      case "1" -> DataPageVersion.V1;
      case "2" -> DataPageVersion.V2;
      default -> throw new IllegalArgumentException("option pageVersion must be 1 or 2, not '"
          + get(options, "pageVersion", "") + "'");
    };
    List<String> bloom = new ArrayList<>();
    for (String c : get(options, "bloomFilterColumns", "").split(",")) {
      if (!c.isBlank()) {
        bloom.add(c.trim());
      }
    }
    double fpp = fraction(options, "bloomFilterFpp", 0.01);
    long groupRows = positive(options, "rowGroupRows", defaults.rowGroupRows());
    long groupBytes = positive(options, "rowGroupBytes", defaults.rowGroupBytes());
    long batch = positive(options, "batchRows", 4096);
    if (batch > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("option batchRows must be at most " + Integer.MAX_VALUE + ", not " + batch);
    }
    long perFile = number(options, "maxRecordsPerFile", 0);
    if (perFile < 0) {
      throw new IllegalArgumentException("option maxRecordsPerFile must be 0 (no limit) or positive, not " + perFile);
    }
    String mode = get(options, "partitionOverwriteMode", sessionPartitionOverwriteMode).trim().toUpperCase(Locale.ROOT);
    PartitionOverwrite overwrite = switch (mode) {
      case "STATIC" -> PartitionOverwrite.STATIC;
      case "DYNAMIC" -> PartitionOverwrite.DYNAMIC;
      default -> throw new IllegalArgumentException("option partitionOverwriteMode must be static or dynamic, not '"
          + get(options, "partitionOverwriteMode", sessionPartitionOverwriteMode) + "'");
    };
    return new WriteConfig(codec, version, bool(options, "dictionary", true), bool(options, "pageIndex", true),
        List.copyOf(bloom), fpp, groupRows, groupBytes, (int) batch, perFile, overwrite);
  }

  /** The writer's settings; bloom filters are sized for a row group of distinct values, up to a million. */
  WriterProperties properties(String sparkSchemaJson) {
    WriterProperties.Builder b = WriterProperties.builder()
        .codec(codec.format)
        .dataPageVersion(pageVersion)
        .dictionary(dictionary)
        .pageIndex(pageIndex)
        .rowGroupRows(rowGroupRows)
        .rowGroupBytes(rowGroupBytes)
        // Spark's own reader takes the exact Spark types from this key, as from files Spark wrote
        .keyValue("org.apache.spark.sql.parquet.row.metadata", sparkSchemaJson);
    BloomFilterOptions sizing = new BloomFilterOptions(Math.max(1, Math.min(rowGroupRows, 1_000_000)), bloomFilterFpp);
    for (String column : bloomFilterColumns) {
      b.column(column, c -> c.bloomFilter(sizing));
    }
    return b.build();
  }

  private static boolean bool(Map<String, String> options, String key, boolean fallback) {
    String v = get(options, key, Boolean.toString(fallback)).trim().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("option " + key + " must be true or false, not '" + v + "'");
    };
  }

  private static long positive(Map<String, String> options, String key, long fallback) {
    long n = number(options, key, fallback);
    if (n < 1) {
      throw new IllegalArgumentException("option " + key + " must be at least 1, not " + n);
    }
    return n;
  }

  private static long number(Map<String, String> options, String key, long fallback) {
    String v = get(options, key, Long.toString(fallback));
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be a whole number, not '" + v + "'", e);
    }
  }

  private static double fraction(Map<String, String> options, String key, double fallback) {
    String v = get(options, key, Double.toString(fallback));
    double d;
    try {
      d = Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be a number in (0, 1), not '" + v + "'", e);
    }
    if (!(d > 0 && d < 1)) {
      throw new IllegalArgumentException("option " + key + " must be a number in (0, 1), not '" + v + "'");
    }
    return d;
  }

  private static String get(Map<String, String> options, String key, String fallback) {
    for (Map.Entry<String, String> e : options.entrySet()) {
      if (e.getKey().equalsIgnoreCase(key)) {
        return e.getValue();
      }
    }
    return fallback;
  }
}
