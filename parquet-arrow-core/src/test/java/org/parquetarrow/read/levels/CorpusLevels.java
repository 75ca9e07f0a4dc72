package org.parquetarrow.read.levels;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.parquetarrow.compress.Codecs;
import org.parquetarrow.compress.Decompressor;
import org.parquetarrow.encoding.LevelDecoder;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.DataPageHeader;
import org.parquetarrow.format.DataPageHeaderV2;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.MetadataReader;
import org.parquetarrow.format.PageHeader;
import org.parquetarrow.format.Repetition;
import org.parquetarrow.format.SchemaElement;

/**
 * A test-only stand-in for the page reader: the levels of every data page of a column chunk of a
 * small corpus file, concatenated, decoded with the project's own footer, codec and level
 * decoders (tested elsewhere).
 */
final class CorpusLevels {
  private CorpusLevels() {}

  /** One leaf column of the schema, in file order, with its maximum levels. */
  record Leaf(String path, int maxDef, int maxRep) {}

  /** A column chunk's levels; {@code rep} is all zeros for a flat column. */
  record Levels(int[] def, int[] rep) {
    int count() {
      return def.length;
    }
  }

  static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static FileMetaData footer(byte[] file) {
    int length = ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return MetadataReader.readFileMetaData(ByteBuffer.wrap(file, file.length - 8 - length, length));
  }

  /** The leaves in schema order with the levels counted from their ancestors' repetitions. */
  static List<Leaf> leaves(FileMetaData meta) {
    List<Leaf> out = new ArrayList<>();
    List<SchemaElement> schema = meta.schema();
    int next = 1;
    for (int c = 0; c < schema.get(0).numChildren(); c++) {
      next = walk(schema, next, "", 0, 0, out);
    }
    return out;
  }

  private static int walk(List<SchemaElement> schema, int index, String prefix, int def, int rep,
      List<Leaf> out) {
    SchemaElement e = schema.get(index);
    String path = prefix.isEmpty() ? e.name() : prefix + "." + e.name();
    Repetition r = e.repetitionType();
    int d = def + (r == Repetition.OPTIONAL || r == Repetition.REPEATED ? 1 : 0);
    int p = rep + (r == Repetition.REPEATED ? 1 : 0);
    Integer children = e.numChildren();
    if (children == null || children == 0) {
      out.add(new Leaf(path, d, p));
      return index + 1;
    }
    int next = index + 1;
    for (int c = 0; c < children; c++) {
      next = walk(schema, next, path, d, p, out);
    }
    return next;
  }

  /** Every data page's levels of one column chunk, concatenated. */
  static Levels levels(byte[] file, ColumnMetaData chunk, Leaf leaf) {
    long start = chunk.dataPageOffset();
    if (chunk.dictionaryPageOffset() != null && chunk.dictionaryPageOffset() > 0) {
      start = Math.min(start, chunk.dictionaryPageOffset());
    }
    long end = start + chunk.totalCompressedSize();
    int[] def = new int[0];
    int[] rep = new int[0];
    LevelDecoder defs = new LevelDecoder();
    LevelDecoder reps = new LevelDecoder();
    try (Decompressor codec = Codecs.decompressor(chunk.codec())) {
      long pos = start;
      while (pos < end) {
        ByteBuffer at = ByteBuffer.wrap(file, (int) pos, (int) (end - pos));
        PageHeader h = MetadataReader.readPageHeader(at);
        int body = at.position();
        pos = body + (long) h.compressedPageSize();
        int n;
        int old = def.length;
        if (h.dataPageHeader() != null) {
          DataPageHeader d = h.dataPageHeader();
          byte[] page = new byte[h.uncompressedPageSize()];
          codec.decompress(file, body, h.compressedPageSize(), page, 0, page.length);
          n = d.numValues();
          int used = init(reps, d.repetitionLevelEncoding(), page, 0, leaf.maxRep(), n);
          init(defs, d.definitionLevelEncoding(), page, used, leaf.maxDef(), n);
        } else if (h.dataPageHeaderV2() != null) {
          DataPageHeaderV2 d = h.dataPageHeaderV2();
          n = d.numValues();
          int repLength = d.repetitionLevelsByteLength();
          reps.initV2(file, body, repLength, leaf.maxRep());
          defs.initV2(file, body + repLength, d.definitionLevelsByteLength(), leaf.maxDef());
        } else {
          continue; // dictionary or index page
        }
        def = Arrays.copyOf(def, old + n);
        rep = Arrays.copyOf(rep, old + n);
        defs.read(def, old, n);
        reps.read(rep, old, n);
      }
    }
    return new Levels(def, rep);
  }

  private static int init(LevelDecoder d, Encoding encoding, byte[] page, int offset, int max, int n) {
    if (encoding == Encoding.BIT_PACKED) {
      return d.initV1BitPacked(page, offset, page.length - offset, max, n);
    }
    return d.initV1Rle(page, offset, page.length - offset, max);
  }
}
