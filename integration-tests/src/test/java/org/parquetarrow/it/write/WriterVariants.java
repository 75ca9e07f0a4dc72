package org.parquetarrow.it.write;

import java.util.ArrayList;
import java.util.List;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.schema.ArrowWriteOptions;
import org.parquetarrow.write.DataPageVersion;
import org.parquetarrow.write.WriterProperties;

/**
 * The writer configurations the peer tests write a {@link org.parquetarrow.it.peers.RandomTables}
 * table in (each codec, both page versions, dictionary on and off, each non-default encoding on
 * every column that accepts it, dictionary fallback, FIXED_LEN_BYTE_ARRAY decimals, page CRCs
 * without statistics or index), shared by {@link WriterVersusPeersIT} and the arrow-rs peer's test.
 */
public final class WriterVariants {
  private WriterVariants() {}

  /** One writer configuration, and whether Arrow C++ (arrow-dataset 18.3 JNI) and DuckDB can decode it. */
  public record Variant(String name, WriterProperties properties, boolean arrowCppReads, boolean duckDbReads,
      Encoding encoding, List<String> encodedColumns) {
    Variant(String name, WriterProperties properties, boolean arrowCppReads) {
      this(name, properties, arrowCppReads, true, null, List.of());
    }

    Variant duckDbCannotRead() {
      return new Variant(name, properties, arrowCppReads, false, encoding, encodedColumns);
    }
  }

  /** Every configuration, each writing the same table. */
  public static List<Variant> all() {
    List<Variant> out = new ArrayList<>();
    List<CompressionCodec> codecs = List.of(CompressionCodec.UNCOMPRESSED, CompressionCodec.SNAPPY,
        CompressionCodec.GZIP, CompressionCodec.ZSTD, CompressionCodec.LZ4_RAW, CompressionCodec.BROTLI);
    for (CompressionCodec codec : codecs) {
      for (DataPageVersion v : DataPageVersion.values()) {
        for (boolean dictionary : new boolean[] {true, false}) {
          WriterProperties p = small().codec(codec).dataPageVersion(v).dictionary(dictionary).build();
          out.add(new Variant(codec + "-" + v + (dictionary ? "-dict" : "-plain"), p, codec != CompressionCodec.BROTLI));
        }
      }
    }
    for (DataPageVersion v : DataPageVersion.values()) {
      // every column that accepts the encoding gets it, nested leaves included
      out.add(encoded("delta-ints-" + v, v, Encoding.DELTA_BINARY_PACKED,
          "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "date", "time_ms", "time_us",
          "time_ns", "ts_ms_utc", "ts_us", "ts_ns_utc", "ts_int96", "req_i64", "l_i64", "s.a", "m.key_value.value",
          "req_l", "s_req.k"));
      out.add(encoded("delta-length-strings-" + v, v, Encoding.DELTA_LENGTH_BYTE_ARRAY,
          "str", "str_dict", "bin", "req_str", "ll_str", "s.b", "m.key_value.key"));
      out.add(encoded("delta-byte-array-" + v, v, Encoding.DELTA_BYTE_ARRAY,
          "str", "str_dict", "bin", "fsb", "uuid", "dec20", "dec38", "dec60", "f16", "req_str", "ll_str",
          "m_ls.key_value.key", "m_ls.key_value.value.list.element.q"));
      out.add(encoded("byte-stream-split-" + v, v, Encoding.BYTE_STREAM_SPLIT,
          "f32", "f64", "i32", "i64", "s_l.l", "m.key_value.value"));
      // DuckDB 2.0 refuses BYTE_STREAM_SPLIT on FIXED_LEN_BYTE_ARRAY (allowed since format 2.11)
      out.add(encoded("byte-stream-split-fixed-" + v, v, Encoding.BYTE_STREAM_SPLIT,
          "f16", "fsb", "uuid", "dec9", "dec38", "dec60").duckDbCannotRead());
      out.add(encoded("rle-booleans-" + v, v, Encoding.RLE, "b"));
    }
    out.add(new Variant("dictionary-fallback", small().dictionaryPageSizeLimit(300).build(), true));
    // Arrow C++'s decimal layout (the default stores up to 18 digits as INT32/INT64)
    out.add(new Variant("decimals-fixed-len-byte-array", small().arrowOptions(ArrowWriteOptions.builder()
        .decimalEncoding(ArrowWriteOptions.DecimalEncoding.FIXED_LEN_BYTE_ARRAY).build()).build(), true));
    out.add(new Variant("page-crc-no-stats-no-index",
        small().pageChecksum(true).statistics(false).pageIndex(false).build(), true));
    return out;
  }

  /** Several row groups and many pages per chunk even for the default 300 rows. */
  public static WriterProperties.Builder small() {
    return WriterProperties.builder().rowGroupRows(120).dataPageRowLimit(25).dataPageSize(512);
  }

  private static Variant encoded(String name, DataPageVersion v, Encoding e, String... columns) {
    WriterProperties.Builder b = small().dataPageVersion(v);
    for (String c : columns) {
      b.column(c, x -> x.encoding(e).dictionary(false));
    }
    return new Variant(name, b.build(), true, true, e, List.of(columns));
  }
}
