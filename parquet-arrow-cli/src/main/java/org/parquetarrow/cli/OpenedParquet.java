package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.crypto.FileDecryptor;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ChunkDecoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataLimits;
import org.parquetarrow.io.InputFile;
import org.parquetarrow.io.LocalInputFile;
import org.parquetarrow.metadata.ParquetFooter;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.schema.ColumnSuggestions;
import org.parquetarrow.schema.ParquetSchema;

/**
 * A Parquet file opened for inspection: its footer parsed (and decrypted with the keys given), the
 * column metadata of encrypted columns decrypted where a key is at hand.
 */
final class OpenedParquet implements AutoCloseable {
  /** The file as the user named it (a path, {@code s3://...}, a URL). */
  final String path;
  final InputFile file;
  /** The file's length in bytes. */
  final long length;
  final ParquetFooter footer;
  final FileMetaData metadata;
  final ParquetSchema schema;

  private OpenedParquet(String path, InputFile file, ParquetFooter footer) {
    this.path = path;
    this.file = file;
    try {
      this.length = file.length();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    this.footer = footer;
    FileDecryptor d = footer.decryptor();
    this.metadata = d == null ? footer.metadata() : d.decryptColumnMetaData(footer.metadata());
    this.schema = ParquetSchema.fromElements(metadata.schema());
  }

  static OpenedParquet open(Path path, FileDecryptionProperties keys) {
    return open(openFile(path), path.toString(), keys, ChunkDecoding.EAGER);
  }

  /** Opens {@code location} from {@code locations} (which closes the file if this fails). */
  static OpenedParquet open(Locations locations, String location, FileDecryptionProperties keys) {
    return open(locations, location, keys, ChunkDecoding.EAGER);
  }

  /**
   * As {@link #open(Locations, String, FileDecryptionProperties)}, decoding the footer's column
   * chunks when {@code chunks} says (commands that use few or none of them need not decode them all).
   */
  static OpenedParquet open(Locations locations, String location, FileDecryptionProperties keys,
      ChunkDecoding chunks) {
    if (!Locations.isRemote(location)) {
      Path local = org.parquetarrow.io.LocalStorage.path(location);
      return open(openFile(local), local.toString(), keys, chunks);
    }
    return open(locations.open(location), location, keys, chunks);
  }

  private static OpenedParquet open(InputFile in, String path, FileDecryptionProperties keys,
      ChunkDecoding chunks) {
    try {
      return new OpenedParquet(path, in, ParquetFooter.read(in, MetadataLimits.DEFAULT, keys, chunks));
    } catch (RuntimeException e) {
      closeQuietly(in, e);
      throw e;
    }
  }

  static LocalInputFile openFile(Path path) {
    try {
      return LocalInputFile.open(path);
    } catch (NoSuchFileException e) {
      throw new UserInputException(path + ": no such file", e);
    } catch (IOException e) {
      throw new UserInputException(path + ": cannot open: " + e.getMessage(), e);
    }
  }

  /** The leaf column with this dotted path. */
  ColumnDescriptor column(String dottedPath) {
    return schema.findColumn(dottedPath).orElseThrow(() -> new UserInputException(
        path + ": no column '" + dottedPath + "'"
            + ColumnSuggestions.didYouMean(dottedPath, schema.columns().stream().map(ColumnDescriptor::dottedPath).toList())
            + "; columns: " + columnNames()));
  }

  ColumnChunk chunk(int rowGroup, int column) {
    return metadata.rowGroups().get(rowGroup).columns().get(column);
  }

  long rows() {
    long n = 0;
    for (var rg : metadata.rowGroups()) {
      n += rg.numRows();
    }
    return n;
  }

  private String columnNames() {
    List<String> names = schema.columns().stream().map(ColumnDescriptor::dottedPath).toList();
    return String.join(", ", names);
  }

  private static void closeQuietly(InputFile in, RuntimeException pending) {
    try {
      in.close();
    } catch (IOException e) {
      pending.addSuppressed(e);
    }
  }

  @Override
  public void close() {
    try {
      file.close();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
