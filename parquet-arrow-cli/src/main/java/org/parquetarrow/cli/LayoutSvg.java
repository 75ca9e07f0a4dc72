package org.parquetarrow.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.parquetarrow.format.ColumnChunk;
import org.parquetarrow.format.ColumnMetaData;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.format.RowGroup;

/**
 * Draws a file as SVG: one band per row group, its width to scale with the row group's bytes
 * (against the largest), split into column chunks to scale with their compressed bytes, each
 * coloured by codec and labelled with its path and compression ratio where it is wide enough (a
 * tooltip always). A top bar shows the whole file: data against footer and the rest.
 */
final class LayoutSvg {
  private static final int WIDTH = 1000;
  private static final int MARGIN = 20;
  private static final int BAND = 34;
  private static final int GAP = 8;
  private static final int MAX_BANDS = 200;
  private static final Map<CompressionCodec, String> COLOURS = new LinkedHashMap<>();

  static {
    COLOURS.put(CompressionCodec.UNCOMPRESSED, "#b0b0b0");
    COLOURS.put(CompressionCodec.SNAPPY, "#4e79a7");
    COLOURS.put(CompressionCodec.GZIP, "#f28e2b");
    COLOURS.put(CompressionCodec.LZO, "#76b7b2");
    COLOURS.put(CompressionCodec.BROTLI, "#e15759");
    COLOURS.put(CompressionCodec.LZ4, "#59a14f");
    COLOURS.put(CompressionCodec.ZSTD, "#af7aa1");
    COLOURS.put(CompressionCodec.LZ4_RAW, "#edc948");
  }

  private LayoutSvg() {}

  static String render(OpenedParquet p) {
    List<RowGroup> groups = p.metadata.rowGroups();
    int shown = Math.min(groups.size(), MAX_BANDS);
    long largest = 1;
    long data = 0;
    for (RowGroup rg : groups) {
      long b = compressed(rg);
      largest = Math.max(largest, b);
      data += b;
    }
    long fileBytes = p.length;
    int inner = WIDTH - 2 * MARGIN;
    int top = 150;
    int height = top + shown * (BAND + GAP) + (groups.size() > shown ? 30 : 0) + MARGIN;
    StringBuilder s = new StringBuilder();
    s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
        .append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
        .append("\" font-family=\"sans-serif\" font-size=\"11\">\n");
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(s, MARGIN, 22, 15, "bold", java.nio.file.Path.of(p.path).getFileName() + " — " + fileBytes + " bytes, " + p.rows()
        + " rows, " + groups.size() + " row group(s), " + p.schema.columnCount() + " column(s)");
    text(s, MARGIN, 40, 11, "normal", "created by " + p.metadata.createdBy());

    // the whole file: column data against footer (and whatever else: page indexes, bloom filters)
    int footerW = scaled(p.footer.footerLength() + 8L, fileBytes, inner);
    int dataW = scaled(data, fileBytes, inner);
    int otherW = Math.max(0, inner - dataW - footerW);
    int y = 52;
    rect(s, MARGIN, y, dataW, 20, "#6b8fb5", "column data: " + data + " bytes");
    rect(s, MARGIN + dataW, y, otherW, 20, "#d9d9d9", "magic, page indexes, bloom filters: "
        + (fileBytes - data - p.footer.footerLength() - 8) + " bytes");
    rect(s, MARGIN + dataW + otherW, y, footerW, 20, "#333333", "footer: " + p.footer.footerLength() + " bytes");
    if (dataW > 80) {
      text(s, MARGIN + 4, y + 14, 11, "bold", "column data");
    }
    if (footerW > 50) {
      s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"white\">footer</text>%n",
          MARGIN + dataW + otherW + 4, y + 14));
    }
    text(s, MARGIN, y + 34, 11, "normal", String.format(Locale.ROOT,
        "whole file: column data %.1f%% (blue), page indexes, bloom filters and magic %d bytes (light), footer %d"
            + " bytes (dark); row groups below to scale with the largest (%d bytes)",
        100.0 * data / Math.max(1, fileBytes), Math.max(0, fileBytes - data - p.footer.footerLength() - 8),
        p.footer.footerLength(), largest));

    // legend of the codecs used
    int lx = MARGIN;
    for (CompressionCodec codec : codecsUsed(groups)) {
      rect(s, lx, y + 46, 12, 12, colour(codec), codec.name());
      text(s, lx + 16, y + 56, 11, "normal", codec.name());
      lx += 30 + codec.name().length() * 7;
    }

    for (int r = 0; r < shown; r++) {
      RowGroup rg = groups.get(r);
      int by = top + r * (BAND + GAP);
      long rgBytes = compressed(rg);
      int bandW = Math.max(1, scaled(rgBytes, largest, inner));
      text(s, MARGIN, by - 2, 10, "normal", "row group " + r + ": " + rg.numRows() + " rows, " + rgBytes + " bytes");
      double x = MARGIN;
      for (int c = 0; c < rg.columns().size(); c++) {
        ColumnChunk chunk = rg.columns().get(c);
        ColumnMetaData m = chunk.metaData();
        String path = c < p.schema.columnCount() ? p.schema.column(c).dottedPath() : "#" + c;
        if (m == null) {
          continue;
        }
        double w = rgBytes == 0 ? 0 : (double) bandW * m.totalCompressedSize() / rgBytes;
        double ratio = MetadataSummary.ratio(m.totalUncompressedSize(), m.totalCompressedSize());
        String tip = String.format(Locale.ROOT, "%s: %s, %d bytes (%d uncompressed), ratio %.2f", path,
            m.codec(), m.totalCompressedSize(), m.totalUncompressedSize(), ratio);
        rect(s, x, by + 2, w, BAND - 8, colour(m.codec()), tip);
        String label = String.format(Locale.ROOT, "%s ×%.1f", path, ratio);
        if (w > label.length() * 6.2 + 4) {
          text(s, x + 3, by + BAND / 2 + 3, 10, "normal", label);
        } else if (w > 30) {
          text(s, x + 3, by + BAND / 2 + 3, 10, "normal", String.format(Locale.ROOT, "×%.1f", ratio));
        }
        x += w;
      }
    }
    if (groups.size() > shown) {
      text(s, MARGIN, top + shown * (BAND + GAP) + 14, 11, "normal",
          (groups.size() - shown) + " more row group(s) not drawn");
    }
    s.append("</svg>\n");
    return s.toString();
  }

  private static List<CompressionCodec> codecsUsed(List<RowGroup> groups) {
    List<CompressionCodec> used = new ArrayList<>();
    for (RowGroup rg : groups) {
      for (ColumnChunk c : rg.columns()) {
        if (c.metaData() != null && !used.contains(c.metaData().codec())) {
          used.add(c.metaData().codec());
        }
      }
    }
    return used;
  }

  private static long compressed(RowGroup rg) {
    long b = 0;
    for (ColumnChunk c : rg.columns()) {
      if (c.metaData() != null) {
        b += c.metaData().totalCompressedSize();
      }
    }
    return b;
  }

  private static int scaled(long part, long whole, int width) {
    return whole <= 0 ? 0 : (int) Math.round((double) width * part / whole);
  }

  private static String colour(CompressionCodec codec) {
    return COLOURS.getOrDefault(codec, "#999999");
  }

  private static void rect(StringBuilder s, double x, int y, double w, int h, String fill, String title) {
    s.append(String.format(Locale.ROOT,
        "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"%s\" stroke=\"white\" stroke-width=\"0.5\">"
            + "<title>%s</title></rect>\n", x, y, w, h, fill, escape(title)));
  }

  private static void text(StringBuilder s, double x, int y, int size, String weight, String t) {
    s.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%d\" font-size=\"%d\" font-weight=\"%s\">%s</text>\n",
        x, y, size, weight, escape(t)));
  }

  static String escape(String t) {
    StringBuilder b = new StringBuilder(t.length());
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> {
          if (c >= 0x20 || c == '\t') {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }
}
