package org.parquetarrow.dataset;

import java.nio.file.Path;
import java.util.Map;
import org.parquetarrow.format.ParquetFooter;
import org.parquetarrow.schema.SchemaMapping;

/**
 * One Parquet file of a dataset: where it is, its partition values and its footer.
 *
 * @param path the file
 * @param partitionValues partition column name to value, in the canonical form of the column's
 *     type ({@link org.parquetarrow.dataset.expr.Literal}); a {@code null} value is a null
 *     partition
 * @param footer its parsed footer
 * @param mapping its Parquet-to-Arrow schema mapping
 */
public record DatasetFile(Path path, Map<String, Object> partitionValues, ParquetFooter footer, SchemaMapping mapping) {
  public DatasetFile {
    partitionValues = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(partitionValues));
  }

  /** Rows in the file, from its footer. */
  public long rowCount() {
    return footer.metadata().numRows();
  }
}
