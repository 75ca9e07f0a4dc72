package org.parquetarrow.write;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.crypto.ColumnEncryptor;
import org.parquetarrow.crypto.FileEncryptor;
import org.parquetarrow.crypto.ModuleType;
import org.parquetarrow.format.BloomFilterAlgorithm;
import org.parquetarrow.format.BloomFilterCompression;
import org.parquetarrow.format.BloomFilterHash;
import org.parquetarrow.format.BloomFilterHeader;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.ColumnOrder;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.MetadataWriter;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.SchemaElement;
import org.parquetarrow.format.SortingColumn;
import org.parquetarrow.io.OutputFile;

/**
 * Writes what follows the row groups of a file: the bloom filters, then the column indexes, then
 * the offset indexes (each kind together, row group by row group, as parquet-java places them,
 * each encrypted as its module when its column is), then the footer (plaintext; signed, a
 * plaintext footer of an encrypted file; or encrypted), its length and the magic. Also the magic
 * the file starts with.
 *
 * <pre>{@code
 * FooterWriter footer = new FooterWriter(out, encryptor);      // encryptor null: a plaintext file
 * List<RowGroup> groups = footer.writeIndexesAndBloomFilters(rowGroups, columnPaths, sortingColumns);
 * FileMetaData written = footer.writeFooter(schema, numRows, groups, keyValues, createdBy, columnOrders);
 * }</pre>
 */
final class FooterWriter {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
  /** The magic of files with an encrypted footer, at both ends. */
  private static final byte[] MAGIC_ENCRYPTED = "PARE".getBytes(StandardCharsets.US_ASCII);
  /** parquet.thrift: "writers should always populate 1" (no agreed meaning of version 2). */
  private static final int FILE_VERSION = 1;

  /** The finished chunks of one row group, one per leaf column, and its row count. */
  record RowGroupChunks(long numRows, List<ColumnChunkWriter.FinishedChunk> chunks) {}

  private final OutputFile.AtomicOutput out;
  /** The file's encryption state, or {@code null} for a plaintext file. */
  private final FileEncryptor encryptor;

  FooterWriter(OutputFile.AtomicOutput out, FileEncryptor encryptor) {
    this.out = out;
    this.encryptor = encryptor;
  }

  /** The magic a file starts with: {@code PARE} when its footer is encrypted, else {@code PAR1}. */
  static byte[] leadingMagic(FileEncryptor encryptor) {
    return encryptor != null && !encryptor.properties().plaintextFooter() ? MAGIC_ENCRYPTED : MAGIC;
  }

  /**
   * Writes the bloom filters and page indexes of {@code rowGroups} at the output's position, and
   * returns the row groups as the footer states them: each chunk with where its filter and indexes
   * went, its crypto metadata and encrypted metadata when its column is encrypted.
   *
   * @param columnPaths the leaf columns' dotted paths, in column order
   */
  List<RowGroup> writeIndexesAndBloomFilters(List<RowGroupChunks> rowGroups, List<String> columnPaths,
      List<SortingColumn> sortingColumns) throws IOException {
    int groups = rowGroups.size();
    int n = columnPaths.size();
    long[][] bloomOffset = new long[groups][n];
    int[][] bloomLength = new int[groups][n];
    for (int g = 0; g < groups; g++) {
      for (int c = 0; c < n; c++) {
        ColumnChunkWriter.FinishedChunk chunk = rowGroups.get(g).chunks.get(c);
        SplitBlockBloomFilter f = chunk.bloomFilter();
        if (f != null) {
          bloomOffset[g][c] = out.position();
          byte[] header = module(chunk, ModuleType.BLOOM_FILTER_HEADER, MetadataWriter.toBytes(new BloomFilterHeader(
              f.numBytes(), BloomFilterAlgorithm.BLOCK, BloomFilterHash.XXHASH, BloomFilterCompression.UNCOMPRESSED)));
          byte[] bits = module(chunk, ModuleType.BLOOM_FILTER_BITSET, f.toBytes());
          out.write(header, 0, header.length);
          out.write(bits, 0, bits.length);
          bloomLength[g][c] = header.length + bits.length;
        }
      }
    }
    long[][] ciOffset = new long[groups][n];
    int[][] ciLength = new int[groups][n];
    for (int g = 0; g < groups; g++) {
      for (int c = 0; c < n; c++) {
        var ci = rowGroups.get(g).chunks.get(c).columnIndex();
        if (ci != null) {
          ciOffset[g][c] = out.position();
          byte[] b = module(rowGroups.get(g).chunks.get(c), ModuleType.COLUMN_INDEX, MetadataWriter.toBytes(ci));
          out.write(b, 0, b.length);
          ciLength[g][c] = b.length;
        }
      }
    }
    long[][] oiOffset = new long[groups][n];
    int[][] oiLength = new int[groups][n];
    for (int g = 0; g < groups; g++) {
      for (int c = 0; c < n; c++) {
        var oi = rowGroups.get(g).chunks.get(c).offsetIndex();
        if (oi != null) {
          oiOffset[g][c] = out.position();
          byte[] b = module(rowGroups.get(g).chunks.get(c), ModuleType.OFFSET_INDEX, MetadataWriter.toBytes(oi));
          out.write(b, 0, b.length);
          oiLength[g][c] = b.length;
        }
      }
    }
    List<RowGroup> result = new ArrayList<>(groups);
    for (int g = 0; g < groups; g++) {
      List<ColumnChunk> chunks = new ArrayList<>(n);
      long uncompressed = 0;
      long compressed = 0;
      ColumnMetaData firstChunk = null;
      for (int c = 0; c < n; c++) {
        ColumnChunkWriter.FinishedChunk finished = rowGroups.get(g).chunks.get(c);
        ColumnChunk ch = finished.chunk();
        ColumnMetaData m = ch.metaData();
        if (bloomLength[g][c] > 0) {
          m = new ColumnMetaData(m.type(), m.encodings(), m.pathInSchema(), m.codec(), m.numValues(),
              m.totalUncompressedSize(), m.totalCompressedSize(), m.keyValueMetadata(), m.dataPageOffset(),
              m.indexPageOffset(), m.dictionaryPageOffset(), m.statistics(), m.encodingStats(), bloomOffset[g][c],
              bloomLength[g][c], m.sizeStatistics(), m.geospatialStatistics());
        }
        uncompressed += m.totalUncompressedSize();
        compressed += m.totalCompressedSize();
        if (c == 0) {
          firstChunk = m;
        }
        chunks.add(withEncryption(new ColumnChunk(null, ch.fileOffset(), m,
            oiLength[g][c] > 0 ? oiOffset[g][c] : null, oiLength[g][c] > 0 ? oiLength[g][c] : null,
            ciLength[g][c] > 0 ? ciOffset[g][c] : null, ciLength[g][c] > 0 ? ciLength[g][c] : null, null, null),
            finished, g, c, columnPaths.get(c)));
      }
      long fileOffset = firstChunk.dictionaryPageOffset() != null
          ? firstChunk.dictionaryPageOffset() : firstChunk.dataPageOffset();
      result.add(new RowGroup(chunks, uncompressed, rowGroups.get(g).numRows, sortingColumns.isEmpty()
          ? null : sortingColumns, fileOffset, compressed, (short) g));
    }
    return result;
  }

  /**
   * Writes the footer of these fields at the output's position, then its length and the closing
   * magic; returns the footer in plaintext (the file's is encrypted when its footer key says so).
   */
  FileMetaData writeFooter(List<SchemaElement> schema, long numRows, List<RowGroup> rowGroups,
      List<KeyValue> keyValues, String createdBy, List<ColumnOrder> columnOrders) throws IOException {
    boolean signed = encryptor != null && encryptor.properties().plaintextFooter();
    FileMetaData footer = new FileMetaData(FILE_VERSION, schema, numRows, rowGroups,
        keyValues.isEmpty() ? null : keyValues, createdBy, columnOrders,
        signed ? encryptor.algorithmMetadata() : null,
        signed ? encryptor.properties().footerKeyMetadata() : null);
    byte[] bytes;
    byte[] magic = MAGIC;
    if (encryptor == null) {
      bytes = MetadataWriter.toBytes(footer);
    } else if (signed) {
      bytes = encryptor.signedFooter(footer);
    } else {
      bytes = encryptor.encryptedFooter(footer);
      magic = MAGIC_ENCRYPTED;
    }
    out.write(bytes, 0, bytes.length);
    byte[] tail = {(byte) bytes.length, (byte) (bytes.length >>> 8), (byte) (bytes.length >>> 16),
        (byte) (bytes.length >>> 24), magic[0], magic[1], magic[2], magic[3]};
    out.write(tail, 0, tail.length);
    return footer;
  }

  /** {@code plaintext} as the chunk's {@code type} module when its column is encrypted, else itself. */
  private static byte[] module(ColumnChunkWriter.FinishedChunk chunk, ModuleType type, byte[] plaintext) {
    ColumnEncryptor modules = chunk.modules();
    return modules == null ? plaintext : modules.encrypt(type, ByteBuffer.wrap(plaintext), -1);
  }

  /**
   * The chunk as the footer stores it: with its crypto metadata when its column is encrypted, and
   * its metadata encrypted when the spec asks for that (own key, or plaintext footer). An
   * encrypted footer then leaves {@code meta_data} out; a plaintext footer keeps a copy that reveals
   * nothing of the values (no statistics, encoding statistics or size statistics), as parquet-java
   * writes it, so readers without the key can still locate the chunk.
   */
  private ColumnChunk withEncryption(ColumnChunk chunk, ColumnChunkWriter.FinishedChunk finished, int rowGroup,
      int column, String path) {
    if (finished.modules() == null) {
      return chunk;
    }
    var crypto = encryptor.columnCryptoMetaData(path, chunk.metaData().pathInSchema());
    ColumnMetaData m = chunk.metaData();
    byte[] encrypted = null;
    if (encryptor.encryptsColumnMetaData(path)) {
      encrypted = encryptor.encryptColumnMetaData(m, rowGroup, column, path);
      m = encryptor.properties().plaintextFooter() ? redacted(m) : null;
    }
    return new ColumnChunk(chunk.filePath(), chunk.fileOffset(), m, chunk.offsetIndexOffset(),
        chunk.offsetIndexLength(), chunk.columnIndexOffset(), chunk.columnIndexLength(), crypto, encrypted);
  }

  private static ColumnMetaData redacted(ColumnMetaData m) {
    return new ColumnMetaData(m.type(), m.encodings(), m.pathInSchema(), m.codec(), m.numValues(),
        m.totalUncompressedSize(), m.totalCompressedSize(), m.keyValueMetadata(), m.dataPageOffset(),
        m.indexPageOffset(), m.dictionaryPageOffset(), null, null, m.bloomFilterOffset(), m.bloomFilterLength(),
        null, null);
  }
}
