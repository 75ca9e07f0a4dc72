package org.parquetarrow.compress;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryInputTransport;
import org.parquetarrow.format.CompressionCodec;

/**
 * Test-only: finds the compressed pages of a Parquet file by reading just enough of the thrift
 * footer (column chunk codec and offsets) and of each page header (type, sizes, v2 level lengths)
 * with libthrift's compact protocol. Every other field is skipped. The real footer and page header
 * parsers live elsewhere; this only has to be right for the valid corpus files.
 */
final class CorpusPages {
  static final int DATA_PAGE = 0;
  static final int INDEX_PAGE = 1;
  static final int DICTIONARY_PAGE = 2;
  static final int DATA_PAGE_V2 = 3;

  /**
   * One page's compressed section: for v2 data pages, only the values after the (never compressed)
   * levels.
   */
  record Page(
      Path file,
      String column,
      int ordinal,
      int type,
      CompressionCodec codec,
      byte[] fileBytes,
      int offset,
      int compressedLength,
      int uncompressedLength) {

    byte[] compressed() {
      byte[] b = new byte[compressedLength];
      System.arraycopy(fileBytes, offset, b, 0, compressedLength);
      return b;
    }

    @Override
    public String toString() {
      return file.getFileName()
          + " column "
          + column
          + " page "
          + ordinal
          + " (type "
          + type
          + ", "
          + codec
          + ", "
          + compressedLength
          + " -> "
          + uncompressedLength
          + " bytes)";
    }
  }

  private record Chunk(String column, CompressionCodec codec, long start, long length) {}

  private CorpusPages() {}

  static final class NotParquetException extends IOException {
    private static final long serialVersionUID = 1L;

    NotParquetException(String message) {
      super(message);
    }
  }

  /**
   * The compressed pages of every column chunk whose codec is not UNCOMPRESSED.
   *
   * @throws IllegalStateException if a page header or chunk does not fit the file
   */
  static List<Page> compressedPages(Path file) throws IOException, TException {
    return compressedPages(file, true);
  }

  /**
   * Like {@link #compressedPages(Path)}, for damaged files: whatever pages could be located before
   * the footer or a page header stopped making sense.
   */
  static List<Page> compressedPagesBestEffort(Path file) throws IOException {
    try {
      return compressedPages(file, false);
    } catch (TException | RuntimeException | NotParquetException e) {
      return List.of();
    }
  }

  private static List<Page> compressedPages(Path file, boolean strict)
      throws IOException, TException {
    byte[] bytes = Files.readAllBytes(file);
    int n = bytes.length;
    if (n < 12 || !"PAR1".equals(new String(bytes, n - 4, 4, StandardCharsets.US_ASCII))) {
      throw new NotParquetException(file + " is not a plaintext-footer Parquet file");
    }
    int footerLength = AbstractDecompressor.readIntLittleEndian(bytes, n - 8);
    if (footerLength < 0 || footerLength > n - 12) {
      throw new IllegalStateException("footer length " + footerLength + " does not fit");
    }
    List<Chunk> chunks = readFooter(bytes, n - 8 - footerLength, footerLength);
    List<Page> pages = new ArrayList<>();
    for (Chunk chunk : chunks) {
      if (chunk.codec() != CompressionCodec.UNCOMPRESSED) {
        try {
          readPages(file, bytes, chunk, pages);
        } catch (TException | RuntimeException e) {
          if (strict) {
            throw e;
          }
        }
      }
    }
    return pages;
  }

  private static List<Chunk> readFooter(byte[] bytes, int offset, int length) throws TException {
    TProtocol p = new TCompactProtocol(new TMemoryInputTransport(bytes, offset, length));
    List<Chunk> chunks = new ArrayList<>();
    p.readStructBegin();
    for (TField f = p.readFieldBegin(); f.type != TType.STOP; f = p.readFieldBegin()) {
      if (f.id == 4 && f.type == TType.LIST) { // row_groups
        TList groups = p.readListBegin();
        for (int g = 0; g < groups.size; g++) {
          readRowGroup(p, chunks);
        }
        p.readListEnd();
      } else {
        TProtocolUtil.skip(p, f.type);
      }
      p.readFieldEnd();
    }
    p.readStructEnd();
    return chunks;
  }

  private static void readRowGroup(TProtocol p, List<Chunk> chunks) throws TException {
    p.readStructBegin();
    for (TField f = p.readFieldBegin(); f.type != TType.STOP; f = p.readFieldBegin()) {
      if (f.id == 1 && f.type == TType.LIST) { // columns
        TList columns = p.readListBegin();
        for (int c = 0; c < columns.size; c++) {
          Chunk chunk = readColumnChunk(p);
          if (chunk != null) {
            chunks.add(chunk);
          }
        }
        p.readListEnd();
      } else {
        TProtocolUtil.skip(p, f.type);
      }
      p.readFieldEnd();
    }
    p.readStructEnd();
  }

  private static Chunk readColumnChunk(TProtocol p) throws TException {
    Chunk chunk = null;
    p.readStructBegin();
    for (TField f = p.readFieldBegin(); f.type != TType.STOP; f = p.readFieldBegin()) {
      if (f.id == 3 && f.type == TType.STRUCT) { // meta_data
        chunk = readColumnMetaData(p);
      } else {
        TProtocolUtil.skip(p, f.type);
      }
      p.readFieldEnd();
    }
    p.readStructEnd();
    return chunk;
  }

  private static Chunk readColumnMetaData(TProtocol p) throws TException {
    String column = "";
    int codec = -1;
    long totalCompressed = 0;
    long dataPageOffset = 0;
    long dictionaryPageOffset = 0;
    p.readStructBegin();
    for (TField f = p.readFieldBegin(); f.type != TType.STOP; f = p.readFieldBegin()) {
      if (f.id == 3 && f.type == TType.LIST) { // path_in_schema
        TList path = p.readListBegin();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < path.size; i++) {
          sb.append(i == 0 ? "" : ".").append(p.readString());
        }
        p.readListEnd();
        column = sb.toString();
      } else if (f.id == 4 && f.type == TType.I32) {
        codec = p.readI32();
      } else if (f.id == 7 && f.type == TType.I64) {
        totalCompressed = p.readI64();
      } else if (f.id == 9 && f.type == TType.I64) {
        dataPageOffset = p.readI64();
      } else if (f.id == 11 && f.type == TType.I64) {
        dictionaryPageOffset = p.readI64();
      } else {
        TProtocolUtil.skip(p, f.type);
      }
      p.readFieldEnd();
    }
    p.readStructEnd();
    // a dictionary_page_offset of 0 means "absent" (see dict-page-offset-zero.parquet)
    long start =
        dictionaryPageOffset > 0 && dictionaryPageOffset < dataPageOffset
            ? dictionaryPageOffset
            : dataPageOffset;
    return new Chunk(column, CompressionCodec.fromValue(codec), start, totalCompressed);
  }

  private static void readPages(Path file, byte[] bytes, Chunk chunk, List<Page> out)
      throws TException {
    long pos = chunk.start();
    long end = chunk.start() + chunk.length();
    if (chunk.codec() == null || pos < 4 || chunk.length() < 0 || end > bytes.length) {
      throw new IllegalStateException(file + ": column chunk " + chunk + " does not fit the file");
    }
    int ordinal = 0;
    while (pos < end) {
      TMemoryInputTransport t = new TMemoryInputTransport(bytes, (int) pos, (int) (end - pos));
      TProtocol p = new TCompactProtocol(t);
      int type = -1;
      int uncompressed = -1;
      int compressed = -1;
      int levelsLength = 0;
      boolean valuesCompressed = true;
      p.readStructBegin();
      for (TField f = p.readFieldBegin(); f.type != TType.STOP; f = p.readFieldBegin()) {
        if (f.id == 1 && f.type == TType.I32) {
          type = p.readI32();
        } else if (f.id == 2 && f.type == TType.I32) {
          uncompressed = p.readI32();
        } else if (f.id == 3 && f.type == TType.I32) {
          compressed = p.readI32();
        } else if (f.id == 8 && f.type == TType.STRUCT) { // data_page_header_v2
          p.readStructBegin();
          for (TField g = p.readFieldBegin(); g.type != TType.STOP; g = p.readFieldBegin()) {
            if ((g.id == 5 || g.id == 6) && g.type == TType.I32) {
              levelsLength += p.readI32();
            } else if (g.id == 7 && (g.type == TType.BOOL)) {
              valuesCompressed = p.readBool();
            } else {
              TProtocolUtil.skip(p, g.type);
            }
            p.readFieldEnd();
          }
          p.readStructEnd();
        } else {
          TProtocolUtil.skip(p, f.type);
        }
        p.readFieldEnd();
      }
      p.readStructEnd();
      int data = t.getBufferPosition();
      if (compressed < levelsLength
          || uncompressed < levelsLength
          || levelsLength < 0
          || compressed > end - data) {
        throw new IllegalStateException(file + ": page header at " + pos + " does not fit");
      }
      if (type != INDEX_PAGE && valuesCompressed) {
        out.add(
            new Page(
                file,
                chunk.column(),
                ordinal,
                type,
                chunk.codec(),
                bytes,
                data + levelsLength,
                compressed - levelsLength,
                uncompressed - levelsLength));
      }
      ordinal++;
      pos = (long) data + compressed;
    }
  }
}
