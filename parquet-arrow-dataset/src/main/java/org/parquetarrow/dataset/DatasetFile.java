package org.parquetarrow.dataset;

import java.nio.file.Path;
import java.util.Map;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.ParquetFooter;
import org.parquetarrow.schema.SchemaMapping;

/**
 * One Parquet file of a dataset: where it is, its partition values and its footer.
 *
 * @param path the file
 * @param partitionValues partition column name to value, in the canonical form of the column's
 *     type ({@link org.parquetarrow.dataset.expr.Literal}); a {@code null} value is a null
 *     partition
 * @param footer its parsed footer (with the decryption state of an encrypted file read with keys,
 *     which scans reuse instead of reading the footer again)
 * @param mapping its Parquet-to-Arrow schema mapping
 * @param metadata the footer's metadata with the column metadata of encrypted chunks decrypted
 *     where their keys are known (the footer's own metadata for plaintext files): what pruning reads
 */
public record DatasetFile(Path path, Map<String, Object> partitionValues, ParquetFooter footer, SchemaMapping mapping,
    FileMetaData metadata) {
  public DatasetFile {
    partitionValues = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(partitionValues));
  }

  /** A file whose metadata is its footer's as read (plaintext, or read without keys). */
  public DatasetFile(Path path, Map<String, Object> partitionValues, ParquetFooter footer, SchemaMapping mapping) {
    this(path, partitionValues, footer, mapping, footer.metadata());
  }

  /** Rows in the file, from its footer. */
  public long rowCount() {
    return footer.metadata().numRows();
  }
}
