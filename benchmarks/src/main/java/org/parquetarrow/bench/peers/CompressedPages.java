package org.parquetarrow.bench.peers;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.Decompressor;
import org.parquetarrow.format.CompressionCodec;

/**
 * Every page of every column chunk of a file, held compressed in memory, for the "decompress
 * only" floor of a scan (issue 18 item 1): the time a reader cannot go below without a faster
 * codec, measured with the decompressors parquet-arrow's reader uses ({@link Codecs}).
 *
 * <p>Pages are found with parquet-java's footer and page-header parsers, so the floor shares no
 * code with the reader it bounds apart from the codec itself. Dictionary pages count; for v2 data
 * pages only the compressed section (levels are stored uncompressed).
 *
 * <pre>
 * CompressedPages pages = CompressedPages.read(Path.of("lineitem.parquet"));
 * long bytes = pages.decompressAll(); // the timed part
 * </pre>
 */
public final class CompressedPages {
  private record Page(CompressionCodec codec, byte[] chunk, int offset, int length, int uncompressedLength) {}

  private final List<Page> pages;
  private final long compressedBytes;
  private final byte[] scratch;

  private CompressedPages(List<Page> pages) {
    this.pages = pages;
    this.compressedBytes = pages.stream().mapToLong(Page::length).sum();
    this.scratch = new byte[pages.stream().mapToInt(Page::uncompressedLength).max().orElse(0)];
  }

  /** Reads the pages of every column chunk of {@code file}. */
  public static CompressedPages read(Path file) throws IOException {
    List<Page> pages = new ArrayList<>();
    try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file),
            ParquetReadOptions.builder(new PlainParquetConfiguration()).build());
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      for (BlockMetaData block : footer.getFooter().getBlocks()) {
        for (ColumnChunkMetaData column : block.getColumns()) {
          addPages(channel, column, pages);
        }
      }
    }
    return new CompressedPages(pages);
  }

  public int pageCount() {
    return pages.size();
  }

  /** Bytes of compressed page data (headers excluded). */
  public long compressedBytes() {
    return compressedBytes;
  }

  /** Decompresses every page once into a reused buffer; returns the bytes produced. */
  public long decompressAll() {
    long produced = 0;
    Decompressor current = null;
    try {
      for (Page p : pages) {
        if (current == null || current.codec() != p.codec()) {
          if (current != null) {
            current.close();
          }
          current = Codecs.decompressor(p.codec());
        }
        produced += current.decompress(p.chunk(), p.offset(), p.length(), scratch, 0, p.uncompressedLength());
      }
    } finally {
      if (current != null) {
        current.close();
      }
    }
    return produced;
  }

  private static void addPages(FileChannel channel, ColumnChunkMetaData column, List<Page> pages)
      throws IOException {
    CompressionCodec codec = CompressionCodec.valueOf(column.getCodec().name());
    byte[] chunk = new byte[Math.toIntExact(column.getTotalSize())];
    ByteBuffer buffer = ByteBuffer.wrap(chunk);
    long position = column.getStartingPos();
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer, position + buffer.position());
      if (n < 0) {
        throw new IOException("column chunk " + column.getPath() + " runs past the end of the file");
      }
    }
    ByteArrayInputStream in = new ByteArrayInputStream(chunk);
    while (in.available() > 0) {
      PageHeader header = Util.readPageHeader(in);
      int start = chunk.length - in.available();
      int length = header.getCompressed_page_size();
      int uncompressed = header.getUncompressed_page_size();
      int levels = 0;
      boolean compressed = true;
      if (header.isSetData_page_header_v2()) {
        DataPageHeaderV2 v2 = header.getData_page_header_v2();
        levels = v2.getDefinition_levels_byte_length() + v2.getRepetition_levels_byte_length();
        compressed = v2.isIs_compressed();
      }
      if (compressed && length > levels) {
        pages.add(new Page(codec, chunk, start + levels, length - levels, uncompressed - levels));
      }
      in.skip(length);
    }
  }
}
