package org.parquetarrow.dataset.prune;

import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.parquetarrow.CorruptFileException;
import org.parquetarrow.ErrorLocation;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.dataset.expr.ColumnRef;
import org.parquetarrow.dataset.expr.ExpressionBinder;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.io.InputFile;

/**
 * One row group of one file as each pruning step sees it: where the filter's columns live in the
 * file, how their modules may be read, where errors point and where bytes read are counted.
 *
 * @param file the file, for reading bloom filters, dictionaries and page indexes
 * @param metadata its footer
 * @param index the row group's index in the file
 * @param rowGroup the row group
 * @param columns each filter column that is not a partition column, resolved in this file
 * @param decryptor the file's decryption state, {@code null} for a plaintext file or one read without keys
 * @param datasetSchema the dataset's schema, which the filter is bound to
 * @param metrics where bytes read are counted
 * @param where the row group, for errors
 */
record RowGroupContext(InputFile file, FileMetaData metadata, int index, RowGroup rowGroup,
    Map<ColumnRef, FileColumn> columns, FileDecryptor decryptor, Schema datasetSchema, PruningMetrics metrics,
    ErrorLocation where) {

  long numRows() {
    return rowGroup.numRows();
  }

  /** The chunk of {@code c} in this row group; a footer without it is corrupt. */
  ColumnChunk chunk(FileColumn c) {
    int ordinal = c.descriptor().ordinal();
    if (ordinal >= rowGroup.columns().size()) {
      throw new CorruptFileException(
          "row group has " + rowGroup.columns().size() + " column chunks, the schema needs column " + ordinal,
          where.withColumn(c.descriptor().dottedPath()), null);
    }
    return rowGroup.columns().get(ordinal);
  }

  /** Whether and how the modules of the chunk of {@code c} may be read. */
  ChunkAccess access(FileColumn c) {
    return ChunkAccess.of(decryptor, metadata, index, c.descriptor().ordinal());
  }

  /** The type of {@code ref} in the dataset, which the filter's literals are bound to. */
  ArrowType datasetType(ColumnRef ref) {
    return ExpressionBinder.resolve(ref, datasetSchema).getType();
  }
}
