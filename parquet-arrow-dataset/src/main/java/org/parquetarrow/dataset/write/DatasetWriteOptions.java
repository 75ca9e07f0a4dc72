package org.parquetarrow.dataset.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.parquetarrow.write.WriterProperties;

/**
 * How {@link DatasetWriter} lays a dataset out. Immutable; build one with {@link #builder()}.
 *
 * <pre>{@code
 * DatasetWriteOptions options = DatasetWriteOptions.builder()
 *     .partitionBy("year", "country")            // hive directories year=2024/country=FR/
 *     .maxRowsPerFile(1_000_000)
 *     .maxRowsPerGroup(100_000)
 *     .basenameTemplate("part-{i}.parquet")
 *     .existingData(ExistingDataPolicy.OVERWRITE_PARTITIONS)
 *     .writerProperties(WriterProperties.builder().codec(CompressionCodec.ZSTD).build())
 *     .build();
 * }</pre>
 */
public final class DatasetWriteOptions {
  /** The file name pattern unless told otherwise: pyarrow's default apart from its random prefix. */
  public static final String DEFAULT_BASENAME_TEMPLATE = "part-{i}.parquet";
  /** Files open at once unless told otherwise (each buffers up to one row group). */
  public static final int DEFAULT_MAX_OPEN_FILES = 64;

  private final List<String> partitionBy;
  private final long maxRowsPerFile;
  private final long maxRowsPerGroup;
  private final String basenameTemplate;
  private final ExistingDataPolicy existingData;
  private final WriterProperties writerProperties;
  private final int maxOpenFiles;

  private DatasetWriteOptions(Builder b) {
    this.partitionBy = List.copyOf(b.partitionBy);
    this.maxRowsPerFile = b.maxRowsPerFile;
    this.maxRowsPerGroup = b.maxRowsPerGroup;
    this.basenameTemplate = b.basenameTemplate;
    this.existingData = b.existingData;
    this.writerProperties = b.writerProperties;
    this.maxOpenFiles = b.maxOpenFiles;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** No partitioning, one file per {@link WriterProperties#defaults()}, {@link ExistingDataPolicy#ERROR}. */
  public static DatasetWriteOptions defaults() {
    return builder().build();
  }

  /**
   * The top-level columns whose values name the directories, outermost first; they are left out of
   * the files (their values live in the paths only, as pyarrow writes them).
   */
  public List<String> partitionBy() {
    return partitionBy;
  }

  /** Rows after which a file is closed and the next rows of its partition go to a new one. */
  public long maxRowsPerFile() {
    return maxRowsPerFile;
  }

  /**
   * Rows after which a row group is closed; the writer properties' own limits ({@link
   * WriterProperties#rowGroupRows()}, {@link WriterProperties#rowGroupBytes()}) apply too.
   */
  public long maxRowsPerGroup() {
    return maxRowsPerGroup;
  }

  /** The file name in each directory, {@code {i}} replaced by a counter (pyarrow's {@code basename_template}). */
  public String basenameTemplate() {
    return basenameTemplate;
  }

  public ExistingDataPolicy existingData() {
    return existingData;
  }

  /** Codec, encodings, page sizes and the rest of each file's settings. */
  public WriterProperties writerProperties() {
    return writerProperties;
  }

  /**
   * Files open at once (pyarrow's {@code max_open_files}): when a batch needs one more, the least
   * recently written is closed (it is complete, and the next rows of its partition start a new
   * file). Open files hold their current row group in memory, so this bounds the write's memory
   * to about {@code maxOpenFiles} row groups.
   */
  public int maxOpenFiles() {
    return maxOpenFiles;
  }

  /** Builder of {@link DatasetWriteOptions}. */
  public static final class Builder {
    private List<String> partitionBy = List.of();
    private long maxRowsPerFile = Long.MAX_VALUE;
    private long maxRowsPerGroup = Long.MAX_VALUE;
    private String basenameTemplate = DEFAULT_BASENAME_TEMPLATE;
    private ExistingDataPolicy existingData = ExistingDataPolicy.ERROR;
    private WriterProperties writerProperties = WriterProperties.defaults();
    private int maxOpenFiles = DEFAULT_MAX_OPEN_FILES;

    private Builder() {}

    public Builder partitionBy(String... columns) {
      return partitionBy(Arrays.asList(columns));
    }

    /**
     * @throws IllegalArgumentException when a column is named twice
     */
    public Builder partitionBy(List<String> columns) {
      List<String> copy = new ArrayList<>();
      for (String c : columns) {
        Objects.requireNonNull(c, "partition column");
        if (copy.contains(c)) {
          throw new IllegalArgumentException("partition column " + c + " is named twice");
        }
        copy.add(c);
      }
      this.partitionBy = copy;
      return this;
    }

    public Builder maxRowsPerFile(long rows) {
      this.maxRowsPerFile = positive(rows, "max rows per file");
      return this;
    }

    public Builder maxRowsPerGroup(long rows) {
      this.maxRowsPerGroup = positive(rows, "max rows per row group");
      return this;
    }

    /**
     * @throws IllegalArgumentException unless the template holds {@code {i}} once, no {@code /} or
     *     {@code \}, and does not start with {@code .} or {@code _} (readers skip such files)
     */
    public Builder basenameTemplate(String template) {
      Objects.requireNonNull(template, "template");
      int at = template.indexOf("{i}");
      if (at < 0 || template.indexOf("{i}", at + 1) >= 0) {
        throw new IllegalArgumentException("basename template " + template + " must hold {i} exactly once");
      }
      if (template.contains("/") || template.contains("\\")) {
        throw new IllegalArgumentException("basename template " + template + " must be a file name, without / or \\");
      }
      if (template.startsWith(".") || template.startsWith("_")) {
        throw new IllegalArgumentException("basename template " + template
            + " must not start with . or _: readers skip such files as hidden");
      }
      this.basenameTemplate = template;
      return this;
    }

    public Builder existingData(ExistingDataPolicy policy) {
      this.existingData = Objects.requireNonNull(policy, "policy");
      return this;
    }

    public Builder writerProperties(WriterProperties properties) {
      this.writerProperties = Objects.requireNonNull(properties, "properties");
      return this;
    }

    public Builder maxOpenFiles(int files) {
      if (files < 1) {
        throw new IllegalArgumentException("max open files " + files + " is below 1");
      }
      this.maxOpenFiles = files;
      return this;
    }

    public DatasetWriteOptions build() {
      return new DatasetWriteOptions(this);
    }

    private static long positive(long v, String what) {
      if (v < 1) {
        throw new IllegalArgumentException(what + " " + v + " is below 1");
      }
      return v;
    }
  }
}
