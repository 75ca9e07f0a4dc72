package org.parquetarrow.it.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.crypto.ColumnDecryptionProperties;
import org.apache.parquet.crypto.DecryptionKeyRetriever;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.parquetarrow.crypto.EncryptedCorpus;
import org.parquetarrow.crypto.FileDecryptionProperties;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.schema.ArrowReadOptions;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.selection.RowSelection;

/**
 * Every encrypted file of parquet-testing read by our reader and by parquet-java (its
 * {@code FileDecryptionProperties} with the same keys and AAD prefix, and a key retriever over the
 * same unwrapped keys for the external key material file) gives the same physical values, row by
 * row and top-level column by column: values in depth-first order within a row, top-level nulls
 * marked, INT96 compared as the nanoseconds since the epoch both encode.
 */
class EncryptedReadVersusParquetJavaIT {
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;
  private static final long NANOS_PER_DAY = 86_400_000_000_000L;

  @TestFactory
  Stream<DynamicTest> everyEncryptedCorpusFileReadsAsParquetJavaReadsIt() {
    List<EncryptedCorpus.File> files = EncryptedCorpus.files();
    assertEquals(13, files.size());
    return files.stream().map(f -> DynamicTest.dynamicTest(f.relative(), () -> compare(f)));
  }

  private static void compare(EncryptedCorpus.File f) throws IOException {
    List<String> leafPaths = new ArrayList<>();
    Map<String, List<String>> ours = ours(f.path(), f.keys(), null, leafPaths);
    Map<String, List<String>> theirs = theirs(f.path(), parquetJavaKeys(f.keys(), leafPaths));
    assertEquals(List.of(Long.toString(f.rows())), ours.get(ROWS), "rows we read");
    assertEquals(List.of(Long.toString(f.rows())), theirs.get(ROWS), "rows parquet-java read");
    assertSameColumns(theirs, ours);
  }

  static void assertSameColumns(Map<String, List<String>> theirs, Map<String, List<String>> ours) {
    assertEquals(theirs.keySet(), ours.keySet());
    for (String column : theirs.keySet()) {
      assertFalse(theirs.get(column).isEmpty(), column);
      assertEquals(theirs.get(column), ours.get(column), column);
    }
  }

  /** The key of the row count in the maps of {@link #ours} and {@link #theirs}. */
  static final String ROWS = "#rows";

  /**
   * Each top-level column as we read it (with {@code selection} of row group 0 when not {@code
   * null}): per row, "null" or its values depth-first; the leaf paths go to {@code leafPaths}.
   */
  static Map<String, List<String>> ours(Path path, FileDecryptionProperties keys, RowSelection selection,
      List<String> leafPaths, String... columns) {
    Map<String, List<String>> ours = new LinkedHashMap<>();
    long rows = 0;
    try (BufferAllocator allocator = new RootAllocator()) {
      ReadOptions.Builder options = ReadOptions.builder(allocator)
          .storedSchema(ArrowReadOptions.StoredSchemaPolicy.IGNORE).decryption(keys);
      if (selection != null) {
        options.rowSelection(0, selection);
      }
      if (columns.length > 0) {
        options.columns(columns);
      }
      try (ParquetFileReader reader = ParquetFileReader.open(path, options.build())) {
        for (ColumnDescriptor c : reader.parquetSchema().columns()) {
          leafPaths.add(c.dottedPath());
        }
        for (VectorSchemaRoot next = reader.readNextBatch(); next != null; next = reader.readNextBatch()) {
          try (VectorSchemaRoot batch = next) {
            for (FieldVector v : batch.getFieldVectors()) {
              List<String> out = ours.computeIfAbsent(v.getName(), k -> new ArrayList<>());
              for (int r = 0; r < batch.getRowCount(); r++) {
                if (v.isNull(r)) {
                  out.add("null");
                } else {
                  arrow(v, r, out);
                }
              }
            }
            rows += batch.getRowCount();
          }
        }
      }
    }
    ours.put(ROWS, List.of(Long.toString(rows)));
    return ours;
  }

  /** The same as parquet-java reads it with {@code keys}. */
  static Map<String, List<String>> theirs(Path path, org.apache.parquet.crypto.FileDecryptionProperties keys)
      throws IOException {
    Map<String, List<String>> theirs = new LinkedHashMap<>();
    long rows = 0;
    try (ParquetReader<Group> r = new ParquetReader.Builder<Group>(new LocalInputFile(path), new PlainParquetConfiguration()) {
          @Override
          protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
          }
        }.withDecryption(keys).build()) {
      for (Group g = r.read(); g != null; g = r.read()) {
        GroupType type = g.getType();
        for (int field = 0; field < type.getFieldCount(); field++) {
          List<String> out = theirs.computeIfAbsent(type.getFieldName(field), k -> new ArrayList<>());
          if (g.getFieldRepetitionCount(field) == 0) {
            out.add("null");
          }
          group(g, field, out);
        }
        rows++;
      }
    }
    theirs.put(ROWS, List.of(Long.toString(rows)));
    return theirs;
  }

  /** The same keys in parquet-java's terms. */
  static org.apache.parquet.crypto.FileDecryptionProperties parquetJavaKeys(
      FileDecryptionProperties keys, List<String> leafPaths) {
    org.apache.parquet.crypto.FileDecryptionProperties.Builder b =
        org.apache.parquet.crypto.FileDecryptionProperties.builder();
    if (keys.footerKey() != null) {
      b.withFooterKey(keys.footerKey());
    }
    Map<ColumnPath, ColumnDecryptionProperties> columns = new HashMap<>();
    for (String path : leafPaths) {
      byte[] key = keys.columnKey(path);
      if (key != null) {
        ColumnPath p = ColumnPath.fromDotString(path);
        columns.put(p, ColumnDecryptionProperties.builder(p).withKey(key).build());
      }
    }
    if (!columns.isEmpty()) {
      b.withColumnKeys(columns);
    }
    if (keys.keyRetriever() != null) {
      DecryptionKeyRetriever retriever = keys.keyRetriever()::key;
      b.withKeyRetriever(retriever);
    }
    if (keys.aadPrefix() != null) {
      b.withAADPrefix(keys.aadPrefix());
    }
    return b.build();
  }

  private static void arrow(FieldVector v, int index, List<String> out) {
    if (v.isNull(index)) {
      return;
    }
    if (v instanceof StructVector s) {
      for (FieldVector child : s.getChildrenFromFields()) {
        arrow(child, index, out);
      }
    } else if (v instanceof ListVector l) {
      for (int j = l.getElementStartIndex(index); j < l.getElementEndIndex(index); j++) {
        arrow(l.getDataVector(), j, out);
      }
    } else if (v instanceof BitVector b) {
      out.add("b:" + (b.get(index) == 1));
    } else if (v instanceof FixedSizeBinaryVector b) {
      out.add("x:" + HexFormat.of().formatHex(b.get(index)));
    } else if (v instanceof BaseVariableWidthVector b) {
      out.add("x:" + HexFormat.of().formatHex(b.get(index)));
    } else if (v instanceof BaseFixedWidthVector b) {
      out.add("i:" + signed(b.getDataBuffer(), index, b.getTypeWidth()));
    } else {
      throw new AssertionError("vector type not compared here: " + v.getField());
    }
  }

  private static long signed(ArrowBuf data, int index, int width) {
    long at = (long) index * width;
    return switch (width) {
      case 1 -> data.getByte(at);
      case 2 -> data.getShort(at);
      case 4 -> data.getInt(at);
      case 8 -> data.getLong(at);
      default -> throw new AssertionError("width " + width);
    };
  }

  private static void group(Group g, int field, List<String> out) {
    Type t = g.getType().getType(field);
    for (int i = 0; i < g.getFieldRepetitionCount(field); i++) {
      if (!t.isPrimitive()) {
        Group child = g.getGroup(field, i);
        for (int f = 0; f < child.getType().getFieldCount(); f++) {
          group(child, f, out);
        }
        continue;
      }
      PrimitiveType p = t.asPrimitiveType();
      out.add(switch (p.getPrimitiveTypeName()) {
        case BOOLEAN -> "b:" + g.getBoolean(field, i);
        case INT32 -> "i:" + g.getInteger(field, i);
        case INT64 -> "i:" + g.getLong(field, i);
        case FLOAT -> "i:" + Float.floatToRawIntBits(g.getFloat(field, i));
        case DOUBLE -> "i:" + Double.doubleToRawLongBits(g.getDouble(field, i));
        case INT96 -> "i:" + int96Nanos(g.getInt96(field, i).getBytes());
        case BINARY, FIXED_LEN_BYTE_ARRAY -> "x:" + HexFormat.of().formatHex(g.getBinary(field, i).getBytes());
      });
    }
  }

  /** INT96: nanoseconds of the day, then the Julian day, little-endian. */
  private static long int96Nanos(byte[] bytes) {
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = b.getLong(0);
    long julianDay = b.getInt(8);
    return (julianDay - JULIAN_EPOCH_DAY) * NANOS_PER_DAY + nanosOfDay;
  }
}
