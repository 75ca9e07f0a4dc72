package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HexFormat;
import org.parquetarrow.format.AesGcmCtrV1;
import org.parquetarrow.format.AesGcmV1;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.Encoding;
import org.parquetarrow.format.FileMetaData;
import org.parquetarrow.format.KeyValue;
import org.parquetarrow.format.RowGroup;
import org.parquetarrow.format.Statistics;
import org.parquetarrow.schema.ColumnDescriptor;
import org.parquetarrow.stats.ColumnChunkStatistics;

/**
 * The footer of an opened file as a JSON tree: the one model both {@code meta --json} prints and
 * the text form of {@code meta} is laid out from. Field names are snake_case, as in the thrift IDL.
 */
final class MetadataSummary {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private MetadataSummary() {}

  static ObjectNode of(OpenedParquet p) {
    FileMetaData md = p.metadata;
    ObjectNode root = JSON.objectNode();
    root.put("file", p.path.toString());
    root.put("file_bytes", p.length);
    root.put("created_by", md.createdBy());
    root.put("format_version", md.version());
    root.put("num_rows", md.numRows());
    root.put("num_row_groups", md.rowGroups().size());
    root.put("num_columns", p.schema.columnCount());
    root.put("footer_bytes", p.footer.footerLength());
    root.put("encryption", md.encryptionAlgorithm() == null ? null : algorithm(md));
    ObjectNode kv = root.putObject("key_value_metadata");
    if (md.keyValueMetadata() != null) {
      for (KeyValue e : md.keyValueMetadata()) {
        kv.put(e.key(), e.value());
      }
    }
    ArrayNode groups = root.putArray("row_groups");
    for (int r = 0; r < md.rowGroups().size(); r++) {
      groups.add(rowGroup(p, r));
    }
    return root;
  }

  private static String algorithm(FileMetaData md) {
    if (md.encryptionAlgorithm() instanceof AesGcmV1) {
      return "AES_GCM_V1";
    }
    if (md.encryptionAlgorithm() instanceof AesGcmCtrV1) {
      return "AES_GCM_CTR_V1";
    }
    return md.encryptionAlgorithm().getClass().getSimpleName();
  }

  private static ObjectNode rowGroup(OpenedParquet p, int r) {
    RowGroup rg = p.metadata.rowGroups().get(r);
    ObjectNode g = JSON.objectNode();
    g.put("index", r);
    g.put("num_rows", rg.numRows());
    g.put("total_byte_size", rg.totalByteSize());
    long compressed = 0;
    long uncompressed = 0;
    ArrayNode cols = g.putArray("columns");
    for (int c = 0; c < rg.columns().size(); c++) {
      ColumnChunk chunk = rg.columns().get(c);
      ColumnDescriptor column = c < p.schema.columnCount() ? p.schema.column(c) : null;
      ColumnChunkStatistics stats = column == null ? null : ColumnChunkStatistics.of(p.metadata, p.schema, r, c);
      cols.add(column(chunk, column, stats, c));
      if (chunk.metaData() != null) {
        compressed += chunk.metaData().totalCompressedSize();
        uncompressed += chunk.metaData().totalUncompressedSize();
      }
    }
    g.put("compressed_bytes", compressed);
    g.put("uncompressed_bytes", uncompressed);
    g.put("compression_ratio", ratio(uncompressed, compressed));
    return g;
  }

  private static ObjectNode column(ColumnChunk chunk, ColumnDescriptor column, ColumnChunkStatistics stats, int ordinal) {
    ObjectNode o = JSON.objectNode();
    ColumnMetaData m = chunk.metaData();
    o.put("path", column != null ? column.dottedPath() : m == null ? "#" + ordinal : String.join(".", m.pathInSchema()));
    o.put("encrypted", chunk.cryptoMetadata() != null);
    if (m == null) {
      o.put("readable", false);
      return o;
    }
    o.put("type", m.type().name());
    ArrayNode enc = o.putArray("encodings");
    for (Encoding e : m.encodings()) {
      enc.add(e.name());
    }
    o.put("codec", m.codec().name());
    o.put("num_values", m.numValues());
    o.put("compressed_bytes", m.totalCompressedSize());
    o.put("uncompressed_bytes", m.totalUncompressedSize());
    o.put("compression_ratio", ratio(m.totalUncompressedSize(), m.totalCompressedSize()));
    o.put("data_page_offset", m.dataPageOffset());
    boolean dictionary = m.dictionaryPageOffset() != null && m.dictionaryPageOffset() > 0;
    o.put("dictionary", dictionary);
    if (dictionary) {
      o.put("dictionary_page_offset", m.dictionaryPageOffset());
    }
    o.put("column_index", chunk.columnIndexOffset() != null);
    o.put("offset_index", chunk.offsetIndexOffset() != null);
    o.put("bloom_filter", m.bloomFilterOffset() != null);
    if (m.bloomFilterOffset() != null) {
      o.put("bloom_filter_offset", m.bloomFilterOffset());
      if (m.bloomFilterLength() != null) {
        o.put("bloom_filter_length", m.bloomFilterLength());
      }
    }
    if (m.statistics() != null && stats != null) {
      ObjectNode st = statistics(stats);
      // whether pruning (and ColumnChunkStatistics.min()) may use the bounds, or why not
      st.put("min_max_status", stats.minMaxStatus().name());
      o.set("statistics", st);
    }
    return o;
  }

  /**
   * Statistics of a page, which carry no verdict on trust (that needs the file's writer and column
   * order): as {@link #statistics(ColumnChunkStatistics)}.
   */
  static ObjectNode statistics(Statistics s, ColumnDescriptor column) {
    return statistics(ColumnChunkStatistics.of(column.node(), s, null, null));
  }

  /**
   * {@code min}/{@code max} as text (see {@link StatValueText}) and the counts, then the typed
   * {@code min_value}/{@code max_value} (JSON values of the column's Arrow type), the stored
   * {@code min_bytes}/{@code max_bytes} in hex and {@code min_exact}/{@code max_exact}.
   */
  static ObjectNode statistics(ColumnChunkStatistics s) {
    ObjectNode o = JSON.objectNode();
    // min_value/max_value follow the column order; the deprecated min/max are signed-only
    byte[] min = s.minBytes().orElse(null);
    byte[] max = s.maxBytes().orElse(null);
    if (min != null) {
      o.put("min", StatValueText.of(min, s));
    }
    if (max != null) {
      o.put("max", StatValueText.of(max, s));
    }
    s.nullCount().ifPresent(n -> o.put("null_count", n));
    s.distinctCount().ifPresent(n -> o.put("distinct_count", n));
    s.nanCount().ifPresent(n -> o.put("nan_count", n));
    if (min != null) {
      s.valueOf(min).ifPresent(v -> o.set("min_value", StatValueText.json(v)));
    }
    if (max != null) {
      s.valueOf(max).ifPresent(v -> o.set("max_value", StatValueText.json(v)));
    }
    if (min != null) {
      o.put("min_bytes", HexFormat.of().formatHex(min));
      o.put("min_exact", s.isMinExact());
    }
    if (max != null) {
      o.put("max_bytes", HexFormat.of().formatHex(max));
      o.put("max_exact", s.isMaxExact());
    }
    return o;
  }

  static double ratio(long uncompressed, long compressed) {
    if (compressed <= 0) {
      return 0;
    }
    return Math.round(1000.0 * uncompressed / compressed) / 1000.0;
  }
}
