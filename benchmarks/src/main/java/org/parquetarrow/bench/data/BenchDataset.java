package org.parquetarrow.bench.data;

import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.Locale;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * The four scan data sets of issue 3, written once by parquet-java with its defaults (1 MB pages,
 * 128 MB row groups, dictionary on, data page v1) into a cache directory.
 *
 * <p>Sizes scale with {@code -Dbench.scale} (default 1): row counts for the synthetic sets, the
 * TPC-H scale factor for lineitem. Files are named after the scale, so a smoke run and a full run
 * share a cache directory without clobbering each other.
 *
 * <pre>
 * Path file = BenchDataset.NUMERIC.ensure(Path.of("target/bench-data"), 1.0);
 * </pre>
 */
public enum BenchDataset {
  /** (a) 10M rows of nullable int32, int64, double, float, boolean, date, timestamp; SNAPPY. */
  NUMERIC("numeric", 10_000_000, CompressionCodecName.SNAPPY, """
      message numeric {
        optional int32 i32;
        optional int64 i64;
        optional double f64;
        optional float f32;
        optional boolean flag;
        optional int32 day (DATE);
        optional int64 ts (TIMESTAMP(MICROS,true));
      }"""),
  /** (b) 10M rows of a 50-value category string and a unique 8–40-byte string; ZSTD. */
  STRINGS("strings", 10_000_000, CompressionCodecName.ZSTD, """
      message strings {
        optional binary category (STRING);
        optional binary id (STRING);
      }"""),
  /** (c) 2M rows of list&lt;int64&gt;, struct&lt;int32,string&gt;, map&lt;string,int64&gt;, nulls at every level; SNAPPY. */
  NESTED("nested", 2_000_000, CompressionCodecName.SNAPPY, """
      message nested {
        optional group ints (LIST) {
          repeated group list {
            optional int64 element;
          }
        }
        optional group pair {
          optional int32 a;
          optional binary b (STRING);
        }
        optional group tags (MAP) {
          repeated group key_value {
            required binary key (STRING);
            optional int64 value;
          }
        }
      }"""),
  /** (d) TPC-H lineitem at scale factor 1 (about 6M rows) from io.trino.tpch; SNAPPY. */
  LINEITEM("lineitem", 0, CompressionCodecName.SNAPPY, """
      message lineitem {
        required int64 l_orderkey;
        required int64 l_partkey;
        required int64 l_suppkey;
        required int32 l_linenumber;
        required int64 l_quantity (DECIMAL(15,2));
        required int64 l_extendedprice (DECIMAL(15,2));
        required int64 l_discount (DECIMAL(15,2));
        required int64 l_tax (DECIMAL(15,2));
        required binary l_returnflag (STRING);
        required binary l_linestatus (STRING);
        required int32 l_shipdate (DATE);
        required int32 l_commitdate (DATE);
        required int32 l_receiptdate (DATE);
        required binary l_shipinstruct (STRING);
        required binary l_shipmode (STRING);
        required binary l_comment (STRING);
      }""");

  private final String fileStem;
  private final long fullRows;
  private final CompressionCodecName codec;
  private final MessageType schema;

  BenchDataset(String fileStem, long fullRows, CompressionCodecName codec, String schema) {
    this.fileStem = fileStem;
    this.fullRows = fullRows;
    this.codec = codec;
    this.schema = MessageTypeParser.parseMessageType(schema);
  }

  /** The scale set with {@code -Dbench.scale}, 1 when unset. */
  public static double scaleFromSystemProperty() {
    return Double.parseDouble(System.getProperty("bench.scale", "1"));
  }

  public MessageType schema() {
    return schema;
  }

  public CompressionCodecName codec() {
    return codec;
  }

  /** Where this data set lives for {@code scale} inside {@code dir}. */
  public Path path(Path dir, double scale) {
    return dir.resolve(String.format(Locale.ROOT, "%s-x%s.parquet", fileStem, Double.toString(scale)));
  }

  /** Writes the file unless it is already in {@code dir}; returns its path. */
  public Path ensure(Path dir, double scale) throws IOException {
    if (!(scale > 0)) {
      throw new IllegalArgumentException("bench.scale must be positive: " + scale);
    }
    Path path = path(dir, scale);
    if (Files.isRegularFile(path) && Files.size(path) > 0) {
      return path;
    }
    Files.createDirectories(dir);
    Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
    // TPC-H decides its own row count from the scale factor; the others have a fixed count
    Iterator<LineItem> items = this == LINEITEM ? new LineItemGenerator(scale, 1, 1).iterator() : null;
    long rows = items != null ? Long.MAX_VALUE : Math.max(1, Math.round(fullRows * scale));
    RowEmitter emitter = switch (this) {
      case NUMERIC -> BenchDataset::numericRow;
      case STRINGS -> BenchDataset::stringsRow;
      case NESTED -> BenchDataset::nestedRow;
      case LINEITEM -> (row, out) -> lineitemRow(items.next(), out);
    };
    try (ParquetWriter<Long> writer = new EmitterParquetWriter(new LocalOutputFile(tmp), schema, emitter)
        .withConf(new PlainParquetConfiguration())
        .withCompressionCodec(codec)
        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
        .build()) {
      for (long row = 0; row < rows && (items == null || items.hasNext()); row++) {
        writer.write(row);
      }
    }
    Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
    return path;
  }

  private static void numericRow(long row, RecordConsumer out) {
    // each column null on about one row in ten, at its own rows
    long h = Mix.of(row, 0);
    if (Mix.below(Mix.of(row, 10), 10) != 0) {
      field(out, "i32", 0).addInteger((int) h);
      end(out, "i32", 0);
    }
    h = Mix.of(row, 1);
    if (Mix.below(Mix.of(row, 11), 10) != 0) {
      field(out, "i64", 1).addLong(h);
      end(out, "i64", 1);
    }
    h = Mix.of(row, 2);
    if (Mix.below(Mix.of(row, 12), 10) != 0) {
      field(out, "f64", 2).addDouble((h >>> 11) * 0x1.0p-53 * 1e6);
      end(out, "f64", 2);
    }
    h = Mix.of(row, 3);
    if (Mix.below(Mix.of(row, 13), 10) != 0) {
      field(out, "f32", 3).addFloat((h >>> 40) * 0x1.0p-24f * 1000f);
      end(out, "f32", 3);
    }
    h = Mix.of(row, 4);
    if (Mix.below(Mix.of(row, 14), 10) != 0) {
      field(out, "flag", 4).addBoolean((h & 1) != 0);
      end(out, "flag", 4);
    }
    h = Mix.of(row, 5);
    if (Mix.below(Mix.of(row, 15), 10) != 0) {
      field(out, "day", 5).addInteger(7_000 + Mix.below(h, 15_000));
      end(out, "day", 5);
    }
    h = Mix.of(row, 6);
    if (Mix.below(Mix.of(row, 16), 10) != 0) {
      field(out, "ts", 6).addLong(1_600_000_000_000_000L + (h >>> 20));
      end(out, "ts", 6);
    }
  }

  private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

  private static void stringsRow(long row, RecordConsumer out) {
    if (Mix.below(Mix.of(row, 10), 20) != 0) {
      field(out, "category", 0).addBinary(Binary.fromString("category-" + Mix.below(Mix.of(row, 0), 50)));
      end(out, "category", 0);
    }
    if (Mix.below(Mix.of(row, 11), 20) != 0) {
      // the row number in base 36, a dash, then filler: unique, 8 to 40 bytes
      long h = Mix.of(row, 1);
      StringBuilder s = new StringBuilder(40).append(Long.toString(row, 36)).append('-');
      int length = 8 + Mix.below(h, 33);
      for (int i = 0; s.length() < length; i++) {
        s.append(ALPHABET[(int) ((h >>> (i % 10 * 6)) & 63) % ALPHABET.length]);
      }
      field(out, "id", 1).addBinary(Binary.fromConstantByteArray(s.toString().getBytes(StandardCharsets.UTF_8)));
      end(out, "id", 1);
    }
  }

  private static void nestedRow(long row, RecordConsumer out) {
    int ints = Mix.below(Mix.of(row, 0), 10); // 0: null list, 1: empty list
    if (ints != 0) {
      field(out, "ints", 0);
      out.startGroup();
      int n = ints == 1 ? 0 : 1 + Mix.below(Mix.of(row, 1), 5);
      if (n > 0) {
        out.startField("list", 0);
        for (int i = 0; i < n; i++) {
          out.startGroup();
          long v = Mix.of(row, 100 + i);
          if (Mix.below(v, 10) != 0) {
            out.startField("element", 0);
            out.addLong(v >> 8);
            out.endField("element", 0);
          }
          out.endGroup();
        }
        out.endField("list", 0);
      }
      out.endGroup();
      end(out, "ints", 0);
    }
    long p = Mix.of(row, 2);
    if (Mix.below(p, 10) != 0) {
      field(out, "pair", 1);
      out.startGroup();
      if (Mix.below(Mix.of(row, 3), 10) != 0) {
        field(out, "a", 0).addInteger((int) p);
        end(out, "a", 0);
      }
      if (Mix.below(Mix.of(row, 4), 10) != 0) {
        field(out, "b", 1).addBinary(Binary.fromString("s" + Mix.below(p, 100_000)));
        end(out, "b", 1);
      }
      out.endGroup();
      end(out, "pair", 1);
    }
    int tags = Mix.below(Mix.of(row, 5), 10); // 0: null map, 1: empty map
    if (tags != 0) {
      field(out, "tags", 2);
      out.startGroup();
      int n = tags == 1 ? 0 : 1 + Mix.below(Mix.of(row, 6), 4);
      if (n > 0) {
        out.startField("key_value", 0);
        for (int i = 0; i < n; i++) {
          out.startGroup();
          field(out, "key", 0).addBinary(Binary.fromString("k" + i));
          end(out, "key", 0);
          long v = Mix.of(row, 200 + i);
          if (Mix.below(v, 7) != 0) {
            field(out, "value", 1).addLong(v >> 16);
            end(out, "value", 1);
          }
          out.endGroup();
        }
        out.endField("key_value", 0);
      }
      out.endGroup();
      end(out, "tags", 2);
    }
  }

  private static void lineitemRow(LineItem li, RecordConsumer out) {
    field(out, "l_orderkey", 0).addLong(li.getOrderKey());
    end(out, "l_orderkey", 0);
    field(out, "l_partkey", 1).addLong(li.getPartKey());
    end(out, "l_partkey", 1);
    field(out, "l_suppkey", 2).addLong(li.getSupplierKey());
    end(out, "l_suppkey", 2);
    field(out, "l_linenumber", 3).addInteger(li.getLineNumber());
    end(out, "l_linenumber", 3);
    field(out, "l_quantity", 4).addLong(li.getQuantity() * 100);
    end(out, "l_quantity", 4);
    field(out, "l_extendedprice", 5).addLong(li.getExtendedPriceInCents());
    end(out, "l_extendedprice", 5);
    field(out, "l_discount", 6).addLong(li.getDiscountPercent());
    end(out, "l_discount", 6);
    field(out, "l_tax", 7).addLong(li.getTaxPercent());
    end(out, "l_tax", 7);
    string(out, "l_returnflag", 8, li.getReturnFlag());
    string(out, "l_linestatus", 9, li.getStatus());
    field(out, "l_shipdate", 10).addInteger(li.getShipDate());
    end(out, "l_shipdate", 10);
    field(out, "l_commitdate", 11).addInteger(li.getCommitDate());
    end(out, "l_commitdate", 11);
    field(out, "l_receiptdate", 12).addInteger(li.getReceiptDate());
    end(out, "l_receiptdate", 12);
    string(out, "l_shipinstruct", 13, li.getShipInstructions());
    string(out, "l_shipmode", 14, li.getShipMode());
    string(out, "l_comment", 15, li.getComment());
  }

  private static void string(RecordConsumer out, String name, int index, String value) {
    field(out, name, index).addBinary(Binary.fromString(value));
    end(out, name, index);
  }

  private static RecordConsumer field(RecordConsumer out, String name, int index) {
    out.startField(name, index);
    return out;
  }

  private static void end(RecordConsumer out, String name, int index) {
    out.endField(name, index);
  }
}
