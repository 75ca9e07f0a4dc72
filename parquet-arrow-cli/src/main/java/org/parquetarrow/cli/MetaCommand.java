package org.parquetarrow.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code meta FILE [--json]}: row groups, column chunks (path, type, encodings, codec, sizes,
 * compression ratio, statistics, dictionary, page index, bloom filter), key-value metadata and
 * created_by.
 */
@Command(name = "meta", mixinStandardHelpOptions = true,
    description = "Print the file's metadata: row groups, column chunks, key-value metadata, writer.")
final class MetaCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file: a path, s3://bucket/key or http(s)://host/file.parquet.")
  String file;

  @Option(names = "--json", description = "One JSON object instead of text.")
  boolean json;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    DatasetDirectories.refuse(file, "for the dataset's files and row groups run: parquet-arrow scan DIR --explain;"
        + " for one file's footer: parquet-arrow meta FILE");
    ObjectNode summary;
    try (Locations locations = storage.locations();
        OpenedParquet p = OpenedParquet.open(locations, file, keys.properties())) {
      summary = MetadataSummary.of(p);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      // decimals print as written (12.30, never 1.23E+1): exact JSON numbers
      ObjectMapper mapper = new ObjectMapper().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
      out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
    } else {
      printText(summary, out);
    }
    out.flush();
    return 0;
  }

  private static void printText(ObjectNode s, PrintWriter out) {
    out.println("file:        " + s.get("file").asText() + " (" + s.get("file_bytes").asLong() + " bytes)");
    out.println("created by:  " + s.get("created_by").asText());
    out.println("version:     " + s.get("format_version").asInt());
    out.println("rows:        " + s.get("num_rows").asLong() + " in " + s.get("num_row_groups").asInt()
        + " row group(s), " + s.get("num_columns").asInt() + " leaf column(s)");
    out.println("footer:      " + s.get("footer_bytes").asInt() + " bytes");
    if (!s.get("encryption").isNull()) {
      out.println("encryption:  " + s.get("encryption").asText());
    }
    JsonNode kv = s.get("key_value_metadata");
    if (kv.size() > 0) {
      out.println("key-value metadata:");
      for (Iterator<Map.Entry<String, JsonNode>> it = kv.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        out.println("  " + e.getKey() + " = " + abbreviate(e.getValue().asText(), 100));
      }
    }
    for (JsonNode g : s.get("row_groups")) {
      out.println();
      out.printf("row group %d: %d rows, %d bytes compressed, %d uncompressed (ratio %.2f)%n",
          g.get("index").asInt(), g.get("num_rows").asLong(), g.get("compressed_bytes").asLong(),
          g.get("uncompressed_bytes").asLong(), g.get("compression_ratio").asDouble());
      for (JsonNode c : g.get("columns")) {
        printColumn(c, out);
      }
    }
  }

  private static void printColumn(JsonNode c, PrintWriter out) {
    if (c.has("readable")) {
      out.println("  " + c.get("path").asText() + ": encrypted, no key given");
      return;
    }
    StringBuilder enc = new StringBuilder();
    for (JsonNode e : c.get("encodings")) {
      enc.append(enc.length() == 0 ? "" : ",").append(e.asText());
    }
    out.printf("  %s: %s %s [%s] values=%d bytes=%d/%d ratio=%.2f%s%s%s%s%s%n",
        c.get("path").asText(), c.get("type").asText(), c.get("codec").asText(), enc,
        c.get("num_values").asLong(), c.get("compressed_bytes").asLong(),
        c.get("uncompressed_bytes").asLong(), c.get("compression_ratio").asDouble(),
        c.get("dictionary").asBoolean() ? " dict" : "",
        c.get("column_index").asBoolean() ? " column-index" : "",
        c.get("offset_index").asBoolean() ? " offset-index" : "",
        c.get("bloom_filter").asBoolean() ? " bloom" : "",
        c.get("encrypted").asBoolean() ? " encrypted" : "");
    JsonNode st = c.get("statistics");
    if (st != null && st.size() > 0) {
      out.println("      stats: " + statsText(st));
    }
  }

  /** The text line shows min/max as text and the counts; the JSON alone has the typed and raw forms. */
  private static final Set<String> JSON_ONLY =
      Set.of("min_value", "max_value", "min_bytes", "max_bytes", "min_exact", "max_exact", "min_max_status");

  static String statsText(JsonNode st) {
    StringBuilder sb = new StringBuilder();
    for (Iterator<Map.Entry<String, JsonNode>> it = st.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (JSON_ONLY.contains(e.getKey())) {
        continue;
      }
      sb.append(sb.length() == 0 ? "" : " ").append(e.getKey()).append('=')
          .append(abbreviate(e.getValue().asText(), 40));
    }
    JsonNode status = st.get("min_max_status");
    if (status != null && !status.asText().equals("USABLE") && !status.asText().equals("ABSENT")) {
      sb.append(sb.length() == 0 ? "" : " ").append("(min/max not usable: ").append(status.asText()).append(')');
    }
    return sb.toString();
  }

  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "…";
  }
}
