package org.parquetarrow.it.peers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.parquetarrow.testing.ArrowValues.Entry;
import org.parquetarrow.testing.ArrowValues.Struct;

/**
 * Writes a {@link Table} with parquet-java (1.18, example Group API) under several writer
 * settings: data page v1 and v2, dictionary on, off and falling back to plain mid-chunk, every
 * codec parquet-java can write (LZO through the test-scope aircompressor shim; BROTLI has no
 * codec on Maven Central), tiny pages and row groups, BYTE_STREAM_SPLIT and page CRCs.
 *
 * <p>Parquet types chosen per Arrow type: signed 32/64-bit ints plain INT32/INT64, other ints
 * INT32/INT64 with INT(bits, signed); float16 FIXED_LEN_BYTE_ARRAY(2) FLOAT16; decimals INT32 (p
 * &le; 9), INT64 (p &le; 18), BYTE_ARRAY for {@code dec20}, else the smallest
 * FIXED_LEN_BYTE_ARRAY; dates DATE; times and timestamps with their unit (timestamps with a zone
 * adjusted to UTC); {@code ts_int96} as legacy INT96; strings BYTE_ARRAY STRING; {@code uuid}
 * FIXED_LEN_BYTE_ARRAY(16) UUID; lists three-level {@code list}/{@code element}; maps {@code
 * key_value}/{@code key}/{@code value}. The expected Arrow data is the table itself.
 */
public final class ParquetJavaPeer {
  private ParquetJavaPeer() {}

  public static final String NAME = "parquet-java";

  /**
   * One set of writer settings. A dictionary falls back to plain mid-chunk only once some pages
   * were written with it: the {@code dictfallback} variants cut pages at 20 rows and let the
   * dictionary fill past 2 KiB a few pages later (a fallback before the first page flush would
   * re-encode the whole chunk as plain, leaving no dictionary page at all). The {@code tinypages}
   * variant cuts row groups by rows (120), not bytes: a byte limit left a seed with wide random
   * rows fewer than 6 pages of 17 rows per row group.
   */
  public record Variant(
      String name, CompressionCodecName codec, WriterVersion version, boolean dictionary,
      int dictionaryPageSize, int pageSize, int pageRowLimit, long rowGroupSize,
      int rowGroupRowLimit, boolean byteStreamSplit, boolean checksums) {}

  private static final int DEFAULT_PAGE = 1 << 20;
  private static final long DEFAULT_ROW_GROUP = 128L << 20;
  private static final int ANY_ROWS = Integer.MAX_VALUE;

  public static List<Variant> variants() {
    WriterVersion v1 = WriterVersion.PARQUET_1_0;
    WriterVersion v2 = WriterVersion.PARQUET_2_0;
    return List.of(
        new Variant("v1-uncompressed-dict", CompressionCodecName.UNCOMPRESSED, v1, true, DEFAULT_PAGE, DEFAULT_PAGE, 20_000, DEFAULT_ROW_GROUP, ANY_ROWS, false, false),
        new Variant("v2-snappy-dict", CompressionCodecName.SNAPPY, v2, true, DEFAULT_PAGE, DEFAULT_PAGE, 20_000, DEFAULT_ROW_GROUP, ANY_ROWS, false, false),
        new Variant("v1-gzip-plain", CompressionCodecName.GZIP, v1, false, DEFAULT_PAGE, DEFAULT_PAGE, 20_000, DEFAULT_ROW_GROUP, ANY_ROWS, false, false),
        new Variant("v2-zstd-plain", CompressionCodecName.ZSTD, v2, false, DEFAULT_PAGE, DEFAULT_PAGE, 20_000, DEFAULT_ROW_GROUP, ANY_ROWS, false, false),
        new Variant("v1-lz4hadoop-dictfallback", CompressionCodecName.LZ4, v1, true, 2048, DEFAULT_PAGE, 20, DEFAULT_ROW_GROUP, ANY_ROWS, false, false),
        new Variant("v2-lz4raw-dictfallback", CompressionCodecName.LZ4_RAW, v2, true, 2048, DEFAULT_PAGE, 20, DEFAULT_ROW_GROUP, ANY_ROWS, false, false),
        new Variant("v1-lzo-dict", CompressionCodecName.LZO, v1, true, DEFAULT_PAGE, DEFAULT_PAGE, 20_000, DEFAULT_ROW_GROUP, ANY_ROWS, false, false),
        new Variant("v2-uncompressed-tinypages", CompressionCodecName.UNCOMPRESSED, v2, true, DEFAULT_PAGE, 512, 17, DEFAULT_ROW_GROUP, 120, false, false),
        new Variant("v1-snappy-bytestreamsplit-crc", CompressionCodecName.SNAPPY, v1, false, DEFAULT_PAGE, 2048, 20_000, DEFAULT_ROW_GROUP, ANY_ROWS, true, true));
  }

  /** Every variant, written to {@code dir}. */
  public static List<PeerFile> write(Table table, Path dir) {
    List<PeerFile> files = new ArrayList<>();
    for (Variant v : variants()) {
      files.add(write(table, dir, v));
    }
    return files;
  }

  public static PeerFile write(Table table, Path dir, Variant v) {
    Path path = dir.resolve(NAME + "-" + v.name() + ".parquet");
    MessageType schema = messageType(table.schema());
    try {
      Files.deleteIfExists(path);
      try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(path))
          .withConf(new PlainParquetConfiguration())
          .withType(schema)
          .withCompressionCodec(v.codec())
          .withWriterVersion(v.version())
          .withDictionaryEncoding(v.dictionary())
          .withDictionaryPageSize(v.dictionaryPageSize())
          .withPageSize(v.pageSize())
          .withPageRowCountLimit(v.pageRowLimit())
          .withMinRowCountForPageSizeCheck(1)
          .withRowGroupSize(v.rowGroupSize())
          .withRowGroupRowCountLimit(v.rowGroupRowLimit())
          .withByteStreamSplitEncoding(v.byteStreamSplit())
          .withPageWriteChecksumEnabled(v.checksums())
          .build()) {
        for (Group g : groups(table, schema)) {
          w.write(g);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new PeerFile(NAME, v.name(), path, v.codec().getParquetCompressionCodec().name(), table);
  }

  /** Reads a file back through parquet-java's own example Group reader. */
  public static List<Group> readGroups(Path path) {
    List<Group> out = new ArrayList<>();
    try (ParquetReader<Group> r = new ParquetReader.Builder<Group>(new LocalInputFile(path), new PlainParquetConfiguration()) {
          @Override
          protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
          }
        }.build()) {
      for (Group g = r.read(); g != null; g = r.read()) {
        out.add(g);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  // ---- Arrow schema -> Parquet schema

  public static MessageType messageType(Schema schema) {
    List<Type> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(type(f));
    }
    return new MessageType("schema", fields);
  }

  private static Type type(Field f) {
    Repetition rep = f.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
    String name = f.getName();
    ArrowType t = f.getType();
    switch (t.getTypeID()) {
      case Bool:
        return Types.primitive(PrimitiveTypeName.BOOLEAN, rep).named(name);
      case Int: {
        ArrowType.Int i = (ArrowType.Int) t;
        PrimitiveTypeName p = i.getBitWidth() == 64 ? PrimitiveTypeName.INT64 : PrimitiveTypeName.INT32;
        boolean plain = i.getIsSigned() && i.getBitWidth() >= 32;
        return Types.primitive(p, rep)
            .as(plain ? null : LogicalTypeAnnotation.intType(i.getBitWidth(), i.getIsSigned())).named(name);
      }
      case FloatingPoint: {
        FloatingPointPrecision p = ((ArrowType.FloatingPoint) t).getPrecision();
        if (p == FloatingPointPrecision.HALF) {
          return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(2)
              .as(LogicalTypeAnnotation.float16Type()).named(name);
        }
        return Types.primitive(p == FloatingPointPrecision.SINGLE ? PrimitiveTypeName.FLOAT : PrimitiveTypeName.DOUBLE, rep).named(name);
      }
      case Decimal: {
        ArrowType.Decimal d = (ArrowType.Decimal) t;
        LogicalTypeAnnotation a = LogicalTypeAnnotation.decimalType(d.getScale(), d.getPrecision());
        if (d.getPrecision() <= 9) {
          return Types.primitive(PrimitiveTypeName.INT32, rep).as(a).named(name);
        }
        if (d.getPrecision() <= 18) {
          return Types.primitive(PrimitiveTypeName.INT64, rep).as(a).named(name);
        }
        if (name.equals("dec20")) {
          return Types.primitive(PrimitiveTypeName.BINARY, rep).as(a).named(name);
        }
        return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(decimalBytes(d.getPrecision())).as(a).named(name);
      }
      case Date:
        return Types.primitive(PrimitiveTypeName.INT32, rep).as(LogicalTypeAnnotation.dateType()).named(name);
      case Time: {
        ArrowType.Time tm = (ArrowType.Time) t;
        PrimitiveTypeName p = tm.getBitWidth() == 32 ? PrimitiveTypeName.INT32 : PrimitiveTypeName.INT64;
        return Types.primitive(p, rep).as(LogicalTypeAnnotation.timeType(true, unit(tm.getUnit()))).named(name);
      }
      case Timestamp: {
        ArrowType.Timestamp ts = (ArrowType.Timestamp) t;
        if (name.equals("ts_int96")) {
          return Types.primitive(PrimitiveTypeName.INT96, rep).named(name);
        }
        return Types.primitive(PrimitiveTypeName.INT64, rep)
            .as(LogicalTypeAnnotation.timestampType(ts.getTimezone() != null, unit(ts.getUnit()))).named(name);
      }
      case Utf8:
        return Types.primitive(PrimitiveTypeName.BINARY, rep).as(LogicalTypeAnnotation.stringType()).named(name);
      case Binary:
        return Types.primitive(PrimitiveTypeName.BINARY, rep).named(name);
      case FixedSizeBinary: {
        int width = ((ArrowType.FixedSizeBinary) t).getByteWidth();
        return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(width)
            .as(name.equals("uuid") ? LogicalTypeAnnotation.uuidType() : null).named(name);
      }
      case Struct: {
        List<Type> children = new ArrayList<>();
        for (Field c : f.getChildren()) {
          children.add(type(c));
        }
        return Types.buildGroup(rep).addFields(children.toArray(new Type[0])).named(name);
      }
      case List: {
        Type element = type(f.getChildren().get(0));
        return Types.buildGroup(rep).as(LogicalTypeAnnotation.listType())
            .addField(Types.repeatedGroup().addField(element).named("list")).named(name);
      }
      case Map: {
        Field entries = f.getChildren().get(0);
        return Types.buildGroup(rep).as(LogicalTypeAnnotation.mapType())
            .addField(Types.repeatedGroup()
                .addField(type(entries.getChildren().get(0)))
                .addField(type(entries.getChildren().get(1)))
                .named("key_value"))
            .named(name);
      }
      default:
        throw new IllegalArgumentException("no Parquet type for " + t + " (" + name + ")");
    }
  }

  private static LogicalTypeAnnotation.TimeUnit unit(org.apache.arrow.vector.types.TimeUnit u) {
    return switch (u) {
      case MILLISECOND -> LogicalTypeAnnotation.TimeUnit.MILLIS;
      case MICROSECOND -> LogicalTypeAnnotation.TimeUnit.MICROS;
      case NANOSECOND -> LogicalTypeAnnotation.TimeUnit.NANOS;
      case SECOND -> throw new IllegalArgumentException("Parquet has no second unit");
    };
  }

  /** Smallest two's-complement width holding every unscaled value of {@code precision} digits. */
  static int decimalBytes(int precision) {
    BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    return (max.bitLength() + 1 + 7) / 8;
  }

  // ---- rows -> Groups

  static List<Group> groups(Table table, MessageType schema) {
    SimpleGroupFactory factory = new SimpleGroupFactory(schema);
    List<Field> fields = table.fields();
    List<Group> out = new ArrayList<>(table.rowCount());
    for (int row = 0; row < table.rowCount(); row++) {
      Group g = factory.newGroup();
      for (int c = 0; c < fields.size(); c++) {
        Object v = table.columns().get(c).get(row);
        if (v != null) {
          add(g, fields.get(c), v);
        }
      }
      out.add(g);
    }
    return out;
  }

  private static void add(Group g, Field f, Object v) {
    String name = f.getName();
    ArrowType t = f.getType();
    switch (t.getTypeID()) {
      case Bool -> g.add(name, (Boolean) v);
      case Int -> {
        if (((ArrowType.Int) t).getBitWidth() == 64) {
          g.add(name, ((Number) v).longValue());
        } else {
          g.add(name, ((Number) v).intValue());
        }
      }
      case FloatingPoint -> {
        if (v instanceof Short half) {
          g.add(name, Binary.fromConstantByteArray(new byte[] {(byte) (short) half, (byte) (half >> 8)}));
        } else if (v instanceof Float x) {
          g.add(name, (float) x);
        } else {
          g.add(name, (double) (Double) v);
        }
      }
      case Decimal -> {
        ArrowType.Decimal d = (ArrowType.Decimal) t;
        BigInteger unscaled = ((BigDecimal) v).unscaledValue();
        if (d.getPrecision() <= 9) {
          g.add(name, unscaled.intValueExact());
        } else if (d.getPrecision() <= 18) {
          g.add(name, unscaled.longValueExact());
        } else if (name.equals("dec20")) {
          g.add(name, Binary.fromConstantByteArray(unscaled.toByteArray()));
        } else {
          g.add(name, Binary.fromConstantByteArray(signExtend(unscaled.toByteArray(), decimalBytes(d.getPrecision()))));
        }
      }
      case Date -> g.add(name, ((Number) v).intValue());
      case Time -> {
        if (((ArrowType.Time) t).getBitWidth() == 32) {
          g.add(name, ((Number) v).intValue());
        } else {
          g.add(name, ((Number) v).longValue());
        }
      }
      case Timestamp -> {
        if (name.equals("ts_int96")) {
          g.add(name, Binary.fromConstantByteArray(int96(((Number) v).longValue())));
        } else {
          g.add(name, ((Number) v).longValue());
        }
      }
      case Utf8 -> g.add(name, Binary.fromString((String) v));
      case Binary, FixedSizeBinary -> g.add(name, Binary.fromConstantByteArray((byte[]) v));
      case Struct -> {
        Group s = g.addGroup(name);
        List<Object> values = ((Struct) v).fields();
        for (int c = 0; c < values.size(); c++) {
          if (values.get(c) != null) {
            add(s, f.getChildren().get(c), values.get(c));
          }
        }
      }
      case List -> {
        Group l = g.addGroup(name);
        Field element = f.getChildren().get(0);
        for (Object e : (List<?>) v) {
          Group rep = l.addGroup("list");
          if (e != null) {
            add(rep, element, e);
          }
        }
      }
      case Map -> {
        Group m = g.addGroup(name);
        Field entries = f.getChildren().get(0);
        for (Object o : (List<?>) v) {
          Entry e = (Entry) o;
          Group kv = m.addGroup("key_value");
          add(kv, entries.getChildren().get(0), e.key());
          if (e.value() != null) {
            add(kv, entries.getChildren().get(1), e.value());
          }
        }
      }
      default -> throw new IllegalArgumentException("no Group value for " + t);
    }
  }

  private static byte[] signExtend(byte[] bigEndian, int width) {
    byte[] out = new byte[width];
    byte fill = bigEndian[0] < 0 ? (byte) -1 : 0;
    int pad = width - bigEndian.length;
    for (int k = 0; k < width; k++) {
      out[k] = k < pad ? fill : bigEndian[k - pad];
    }
    return out;
  }

  /** Legacy INT96 timestamp: nanoseconds of the day, then the Julian day, both little-endian. */
  static byte[] int96(long epochNanos) {
    long nanosPerDay = 86_400_000_000_000L;
    long day = Math.floorDiv(epochNanos, nanosPerDay);
    long nanosOfDay = Math.floorMod(epochNanos, nanosPerDay);
    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(nanosOfDay);
    b.putInt(Math.toIntExact(day + 2_440_588L)); // Julian day number of 1970-01-01
    return b.array();
  }
}
