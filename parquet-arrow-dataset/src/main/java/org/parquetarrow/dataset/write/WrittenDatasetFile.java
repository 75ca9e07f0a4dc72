package org.parquetarrow.dataset.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.ParquetSchema;
import org.parquetarrow.stats.ColumnChunkStatistics;

/**
 * One file a {@link DatasetWriter} wrote, as its footer describes it.
 *
 * <pre>{@code
 * for (WrittenDatasetFile f : files) {
 *   log.info("{} {} rows, id in [{}, {}]", f.path(), f.rowCount(),
 *       f.statistics("id").get(0).min().orElse(null), f.statistics("id").get(0).max().orElse(null));
 * }
 * }</pre>
 *
 * @param path where it is
 * @param partitionValues partition column to value ({@link String}, {@link Long}, {@link
 *     java.math.BigInteger}, {@link java.time.LocalDate}, {@link Boolean}; {@code null} for the null
 *     partition), outermost first; empty without partitioning
 * @param rowCount rows in the file
 * @param sizeInBytes the file's size
 * @param metadata the footer written (its row groups, column chunks and statistics)
 * @param schema the file's Parquet schema (the partition columns are not in it)
 */
public record WrittenDatasetFile(Path path, Map<String, Object> partitionValues, long rowCount, long sizeInBytes,
    FileMetaData metadata, ParquetSchema schema) {
  public WrittenDatasetFile {
    Objects.requireNonNull(path, "path");
    partitionValues = Collections.unmodifiableMap(new LinkedHashMap<>(partitionValues));
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(schema, "schema");
  }

  /**
   * The statistics of leaf column {@code columnPath} (a dotted Parquet path such as {@code id} or
   * {@code user.name}), one per row group.
   *
   * @throws IllegalArgumentException when the file has no such column (listing its columns)
   */
  public List<ColumnChunkStatistics> statistics(String columnPath) {
    ColumnDescriptor column = schema.findColumn(columnPath).orElseThrow(() -> new IllegalArgumentException(
        "no column " + columnPath + " in " + path + "; its columns are "
            + schema.columns().stream().map(ColumnDescriptor::dottedPath).toList()));
    List<ColumnChunkStatistics> out = new ArrayList<>();
    for (int g = 0; g < metadata.rowGroups().size(); g++) {
      out.add(ColumnChunkStatistics.of(metadata, schema, g, column.ordinal()));
    }
    return out;
  }

  /** Nulls of leaf column {@code columnPath} over the file's row groups, or -1 when a chunk does not say. */
  public long nullCount(String columnPath) {
    long sum = 0;
    for (ColumnChunkStatistics s : statistics(columnPath)) {
      if (s.nullCount().isEmpty()) {
        return -1;
      }
      sum += s.nullCount().getAsLong();
    }
    return sum;
  }
}
