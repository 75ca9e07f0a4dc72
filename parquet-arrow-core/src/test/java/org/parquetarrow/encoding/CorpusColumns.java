package org.parquetarrow.encoding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TList;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryInputTransport;

/**
 * A test-only stand-in for the page reader, just enough to feed the decoders real pages of flat
 * columns from corpus files: a generic thrift compact reader (structs as field-id maps), the
 * footer's schema and column chunks, and each chunk's pages, decompressed.
 */
final class CorpusColumns {
  private CorpusColumns() {}

  /** A leaf column chunk; {@code path} is dotted, levels come from the schema. */
  record Chunk(String path, int physicalType, int typeLength, int maxDef, int maxRep, int codec,
      long start, long length) {
    boolean flat() {
      return !path.contains(".") && maxRep == 0;
    }
  }

  /** One page: {@code data} holds the whole decompressed page body (v2: levels, then values). */
  record Page(int type, int numValues, int encoding, int defEncoding, int defLength, int repLength,
      int numNulls, byte[] data) {}

  static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private record Leaf(int typeLength, int maxDef, int maxRep) {}

  /** Every leaf column chunk of one row group. */
  @SuppressWarnings("unchecked")
  static List<Chunk> chunks(byte[] file, int rowGroup) {
    int footerLength = LittleEndian.getInt(file, file.length - 8);
    Map<Short, Object> meta = struct(file, file.length - 8 - footerLength, footerLength);
    List<Object> schema = (List<Object>) meta.get((short) 2);
    Map<String, Leaf> leaves = new HashMap<>();
    Map<Short, Object> root = (Map<Short, Object>) schema.get(0);
    int index = 1;
    for (int c = 0; c < (Integer) root.get((short) 5); c++) {
      index = walk(schema, index, "", 0, 0, leaves);
    }
    List<Object> groups = (List<Object>) meta.get((short) 4);
    Map<Short, Object> group = (Map<Short, Object>) groups.get(rowGroup);
    List<Chunk> chunks = new ArrayList<>();
    for (Object o : (List<Object>) group.get((short) 1)) {
      Map<Short, Object> cmd = (Map<Short, Object>) ((Map<Short, Object>) o).get((short) 3);
      StringBuilder path = new StringBuilder();
      for (Object part : (List<Object>) cmd.get((short) 3)) {
        path.append(path.length() == 0 ? "" : ".").append(name((byte[]) part));
      }
      Leaf leaf = leaves.get(path.toString());
      Long dict = (Long) cmd.get((short) 11);
      long data = (Long) cmd.get((short) 9);
      long start = dict != null && dict > 0 ? Math.min(dict, data) : data;
      chunks.add(new Chunk(path.toString(), (Integer) cmd.get((short) 1), leaf.typeLength(),
          leaf.maxDef(), leaf.maxRep(), (Integer) cmd.get((short) 4), start, (Long) cmd.get((short) 7)));
    }
    return chunks;
  }

  @SuppressWarnings("unchecked")
  private static int walk(List<Object> schema, int index, String prefix, int def, int rep,
      Map<String, Leaf> leaves) {
    Map<Short, Object> e = (Map<Short, Object>) schema.get(index);
    String path = prefix.isEmpty() ? name((byte[]) e.get((short) 4)) : prefix + "." + name((byte[]) e.get((short) 4));
    Integer repetition = (Integer) e.get((short) 3);
    int d = def + (repetition != null && repetition != 0 ? 1 : 0);
    int r = rep + (repetition != null && repetition == 2 ? 1 : 0);
    Integer children = (Integer) e.get((short) 5);
    index++;
    if (children == null || children == 0) {
      Integer typeLength = (Integer) e.get((short) 2);
      leaves.put(path, new Leaf(typeLength == null ? 0 : typeLength, d, r));
      return index;
    }
    for (int c = 0; c < children; c++) {
      index = walk(schema, index, path, d, r, leaves);
    }
    return index;
  }

  private static String name(byte[] utf8) {
    return new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Every page of a chunk, decompressed. */
  @SuppressWarnings("unchecked")
  static List<Page> pages(byte[] file, Chunk chunk) {
    List<Page> pages = new ArrayList<>();
    long pos = chunk.start();
    long end = chunk.start() + chunk.length();
    while (pos < end) {
      int[] headerLength = new int[1];
      Map<Short, Object> h = struct(file, (int) pos, (int) (end - pos), headerLength);
      int type = (Integer) h.get((short) 1);
      int uncompressed = (Integer) h.get((short) 2);
      int compressed = (Integer) h.get((short) 3);
      int bodyStart = (int) pos + headerLength[0];
      pos = bodyStart + (long) compressed;
      if (type == 0) {
        Map<Short, Object> d = (Map<Short, Object>) h.get((short) 5);
        byte[] body = decompress(chunk.codec(), file, bodyStart, compressed, uncompressed);
        pages.add(new Page(0, (Integer) d.get((short) 1), (Integer) d.get((short) 2),
            (Integer) d.get((short) 3), -1, -1, -1, body));
      } else if (type == 2) {
        Map<Short, Object> d = (Map<Short, Object>) h.get((short) 7);
        byte[] body = decompress(chunk.codec(), file, bodyStart, compressed, uncompressed);
        pages.add(new Page(2, (Integer) d.get((short) 1), (Integer) d.get((short) 2), -1, -1, -1, -1, body));
      } else if (type == 3) {
        Map<Short, Object> d = (Map<Short, Object>) h.get((short) 8);
        int defLength = (Integer) d.get((short) 5);
        int repLength = (Integer) d.get((short) 6);
        Boolean isCompressed = (Boolean) d.get((short) 7);
        int levels = defLength + repLength;
        byte[] body = new byte[uncompressed];
        System.arraycopy(file, bodyStart, body, 0, levels);
        byte[] values = isCompressed == null || isCompressed
            ? decompress(chunk.codec(), file, bodyStart + levels, compressed - levels, uncompressed - levels)
            : java.util.Arrays.copyOfRange(file, bodyStart + levels, bodyStart + compressed);
        System.arraycopy(values, 0, body, levels, values.length);
        pages.add(new Page(3, (Integer) d.get((short) 1), (Integer) d.get((short) 4), 3,
            defLength, repLength, (Integer) d.get((short) 2), body));
      }
    }
    return pages;
  }

  private static byte[] decompress(int codec, byte[] src, int off, int len, int uncompressed) {
    byte[] out = new byte[uncompressed];
    try {
      switch (codec) {
        case 0:
          System.arraycopy(src, off, out, 0, len);
          return out;
        case 1:
          org.xerial.snappy.Snappy.uncompress(src, off, len, out, 0);
          return out;
        case 2:
          try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(src, off, len))) {
            return in.readNBytes(uncompressed);
          }
        case 6:
          com.github.luben.zstd.Zstd.decompressByteArray(out, 0, uncompressed, src, off, len);
          return out;
        default:
          throw new IllegalArgumentException("codec " + codec + " not handled by the test harness");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Map<Short, Object> struct(byte[] buf, int off, int len) {
    return struct(buf, off, len, new int[1]);
  }

  /** Reads one thrift struct; {@code consumed[0]} receives its encoded length. */
  static Map<Short, Object> struct(byte[] buf, int off, int len, int[] consumed) {
    try {
      TMemoryInputTransport t = new TMemoryInputTransport(buf, off, len);
      TCompactProtocol p = new TCompactProtocol(t);
      Map<Short, Object> s = readStruct(p);
      consumed[0] = t.getBufferPosition() - off;
      return s;
    } catch (TException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<Short, Object> readStruct(TCompactProtocol p) throws TException {
    Map<Short, Object> fields = new HashMap<>();
    p.readStructBegin();
    while (true) {
      TField f = p.readFieldBegin();
      if (f.type == TType.STOP) {
        break;
      }
      fields.put(f.id, readValue(p, f.type));
      p.readFieldEnd();
    }
    p.readStructEnd();
    return fields;
  }

  private static Object readValue(TCompactProtocol p, byte type) throws TException {
    switch (type) {
      case TType.BOOL:
        return p.readBool();
      case TType.BYTE:
        return (int) p.readByte();
      case TType.I16:
        return (int) p.readI16();
      case TType.I32:
        return p.readI32();
      case TType.I64:
        return p.readI64();
      case TType.DOUBLE:
        return p.readDouble();
      case TType.STRING:
        java.nio.ByteBuffer b = p.readBinary();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
      case TType.STRUCT:
        return readStruct(p);
      case TType.LIST:
      case TType.SET:
        TList l = type == TType.LIST ? p.readListBegin() : toList(p.readSetBegin());
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < l.size; i++) {
          items.add(readValue(p, l.elemType));
        }
        return items;
      default:
        org.apache.thrift.protocol.TProtocolUtil.skip(p, type);
        return null;
    }
  }

  private static TList toList(org.apache.thrift.protocol.TSet s) {
    return new TList(s.elemType, s.size);
  }
}
