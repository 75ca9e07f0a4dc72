package org.parquetarrow.format;

import java.util.Objects;

/**
 * A column chunk of a row group. {@code metaData} may be {@code null} in encrypted files, where
 * {@code encryptedColumnMetadata} holds it.
 */
public record ColumnChunk(
    String filePath,
    long fileOffset,
    ColumnMetaData metaData,
    Long offsetIndexOffset,
    Integer offsetIndexLength,
    Long columnIndexOffset,
    Integer columnIndexLength,
    ColumnCryptoMetaData cryptoMetadata,
    byte[] encryptedColumnMetadata) {

  @Override
  public boolean equals(Object o) {
    return o instanceof ColumnChunk c
        && Objects.equals(filePath, c.filePath) && fileOffset == c.fileOffset
        && Objects.equals(metaData, c.metaData)
        && Objects.equals(offsetIndexOffset, c.offsetIndexOffset)
        && Objects.equals(offsetIndexLength, c.offsetIndexLength)
        && Objects.equals(columnIndexOffset, c.columnIndexOffset)
        && Objects.equals(columnIndexLength, c.columnIndexLength)
        && Objects.equals(cryptoMetadata, c.cryptoMetadata)
        && Bytes.eq(encryptedColumnMetadata, c.encryptedColumnMetadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(filePath, fileOffset, metaData, offsetIndexOffset, offsetIndexLength,
        columnIndexOffset, columnIndexLength, cryptoMetadata, Bytes.hash(encryptedColumnMetadata));
  }

  @Override
  public String toString() {
    return "ColumnChunk[filePath=" + filePath + ", fileOffset=" + fileOffset + ", metaData=" + metaData
        + ", offsetIndexOffset=" + offsetIndexOffset + ", offsetIndexLength=" + offsetIndexLength
        + ", columnIndexOffset=" + columnIndexOffset + ", columnIndexLength=" + columnIndexLength
        + ", cryptoMetadata=" + cryptoMetadata
        + ", encryptedColumnMetadata=" + Bytes.str(encryptedColumnMetadata) + "]";
  }
}
