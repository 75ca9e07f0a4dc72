package org.parquetarrow.format;

import java.util.List;
import java.util.Objects;

/**
 * The footer of a Parquet file. Optional fields are {@code null} when absent.
 *
 * <pre>{@code
 * FileMetaData md = ParquetFooter.read(LocalInputFile.open(path)).metadata();
 * long rows = md.numRows();
 * }</pre>
 */
public record FileMetaData(
    int version,
    List<SchemaElement> schema,
    long numRows,
    List<RowGroup> rowGroups,
    List<KeyValue> keyValueMetadata,
    String createdBy,
    List<ColumnOrder> columnOrders,
    EncryptionAlgorithm encryptionAlgorithm,
    byte[] footerSigningKeyMetadata) {

  @Override
  public boolean equals(Object o) {
    return o instanceof FileMetaData m
        && version == m.version && schema.equals(m.schema) && numRows == m.numRows
        && rowGroups.equals(m.rowGroups)
        && Objects.equals(keyValueMetadata, m.keyValueMetadata)
        && Objects.equals(createdBy, m.createdBy)
        && Objects.equals(columnOrders, m.columnOrders)
        && Objects.equals(encryptionAlgorithm, m.encryptionAlgorithm)
        && Bytes.eq(footerSigningKeyMetadata, m.footerSigningKeyMetadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(version, schema, numRows, rowGroups, keyValueMetadata, createdBy,
        columnOrders, encryptionAlgorithm, Bytes.hash(footerSigningKeyMetadata));
  }

  @Override
  public String toString() {
    return "FileMetaData[version=" + version + ", schema=" + schema.size() + " elements, numRows=" + numRows
        + ", rowGroups=" + rowGroups.size() + ", createdBy=" + createdBy + "]";
  }
}
