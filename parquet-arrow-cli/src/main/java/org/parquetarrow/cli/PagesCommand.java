package org.parquetarrow.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.parquetarrow.schema.ColumnDescriptor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code pages FILE [--column PATH]}: every page header (type, encoding, sizes, values, rows, CRC,
 * statistics) of one column or of all, row group by row group.
 */
@Command(name = "pages", mixinStandardHelpOptions = true,
    description = "Print every page header of one or all columns (no page is decompressed).")
final class PagesCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "The Parquet file: a path, s3://bucket/key or http(s)://host/file.parquet.")
  String file;

  @Option(names = "--column", paramLabel = "PATH", description = "Only this column (dotted path).")
  String column;

  @Option(names = "--json", description = "One JSON object per page, one per line.")
  boolean json;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    ObjectMapper mapper = new ObjectMapper();
    try (Locations locations = storage.locations();
        OpenedParquet p = OpenedParquet.open(locations, file, keys.properties())) {
      List<ColumnDescriptor> columns = column == null ? p.schema.columns() : List.of(p.column(column));
      if (!json) {
        out.printf("%-3s %-24s %4s %10s %-15s %-18s %10s %10s %8s %7s %7s %-12s %s%n", "rg", "column",
            "page", "offset", "type", "encoding", "compressed", "uncompr.", "values", "nulls", "rows",
            "crc", "statistics");
      }
      for (int r = 0; r < p.metadata.rowGroups().size(); r++) {
        for (ColumnDescriptor c : columns) {
          for (PageInfo page : ChunkPages.walk(p, r, c.ordinal())) {
            if (json) {
              out.println(mapper.writeValueAsString(toJson(page, c, mapper)));
            } else {
              printText(page, c, out);
            }
          }
        }
      }
    }
    out.flush();
    return 0;
  }

  private static void printText(PageInfo page, ColumnDescriptor c, PrintWriter out) {
    String crc = page.crc() == null ? "-" : String.format("%08x%s", page.crc(), page.crcMatches() ? "" : "!BAD");
    String stats = page.statistics() == null ? "" : MetaCommand.statsText(MetadataSummary.statistics(page.statistics(), c));
    out.printf("%-3d %-24s %4d %10d %-15s %-18s %10d %10d %8s %7s %7s %-12s %s%n", page.rowGroup(),
        page.column(), page.ordinal(), page.offset(), page.type(),
        page.encoding() == null ? "-" : page.encoding().name(), page.compressedBytes(),
        page.uncompressedBytes(), count(page.numValues()), count(page.numNulls()), count(page.numRows()),
        crc, stats);
  }

  private static String count(int n) {
    return n < 0 ? "-" : Integer.toString(n);
  }

  private static ObjectNode toJson(PageInfo page, ColumnDescriptor c, ObjectMapper mapper) {
    ObjectNode o = mapper.createObjectNode();
    o.put("row_group", page.rowGroup());
    o.put("column", page.column());
    o.put("page", page.ordinal());
    o.put("offset", page.offset());
    o.put("header_bytes", page.headerBytes());
    o.put("type", String.valueOf(page.type()));
    o.put("encoding", page.encoding() == null ? null : page.encoding().name());
    o.put("compressed_bytes", page.compressedBytes());
    o.put("uncompressed_bytes", page.uncompressedBytes());
    if (page.numValues() >= 0) {
      o.put("num_values", page.numValues());
    }
    if (page.numNulls() >= 0) {
      o.put("num_nulls", page.numNulls());
    }
    if (page.numRows() >= 0) {
      o.put("num_rows", page.numRows());
    }
    if (page.crc() != null) {
      o.put("crc", Integer.toUnsignedLong(page.crc()));
      o.put("crc_matches", page.crcMatches());
    }
    if (page.statistics() != null) {
      o.set("statistics", MetadataSummary.statistics(page.statistics(), c));
    }
    return o;
  }
}
