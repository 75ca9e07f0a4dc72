package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class LayoutCommandTest {
  /** One drawn column chunk: its tooltip and width. */
  private record Box(String title, double width, String fill) {}

  private static List<Box> chunkBoxes(Path svg) throws Exception {
    Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
    assertEquals("svg", d.getDocumentElement().getTagName());
    NodeList rects = d.getElementsByTagName("rect");
    List<Box> boxes = new ArrayList<>();
    for (int i = 0; i < rects.getLength(); i++) {
      Element r = (Element) rects.item(i);
      NodeList t = r.getElementsByTagName("title");
      if (t.getLength() == 1 && t.item(0).getTextContent().contains(" uncompressed), ratio ")) {
        boxes.add(new Box(t.item(0).getTextContent(), Double.parseDouble(r.getAttribute("width")), r.getAttribute("fill")));
      }
    }
    return boxes;
  }

  @Test
  void chunksAreDrawnToScaleAndColouredByCodec(@TempDir Path dir) throws Exception {
    // catalog: geospatial.parquet, 31 row groups, 3 leaf columns
    String f = Cli.corpus("data/geospatial/geospatial.parquet");
    Path svg = dir.resolve("out.svg");
    Cli r = Cli.run("layout", f, "--svg", svg.toString());
    assertEquals(0, r.exit(), r.err());
    List<Box> boxes = chunkBoxes(svg);
    JsonNode meta = Cli.run("meta", f, "--json").json();
    List<JsonNode> chunks = new ArrayList<>();
    long largest = 0;
    for (JsonNode g : meta.get("row_groups")) {
      largest = Math.max(largest, g.get("compressed_bytes").asLong());
      g.get("columns").forEach(chunks::add);
    }
    assertEquals(31 * 3, boxes.size());
    assertEquals(chunks.size(), boxes.size());
    double pxPerByte = 960.0 / largest;
    for (int i = 0; i < boxes.size(); i++) {
      JsonNode c = chunks.get(i);
      Box b = boxes.get(i);
      assertTrue(b.title().startsWith(c.get("path").asText() + ": " + c.get("codec").asText()), b.title());
      assertEquals(c.get("compressed_bytes").asLong() * pxPerByte, b.width(), 1.0, b.title());
    }
  }

  @Test
  void codecsGetTheirOwnColours(@TempDir Path dir) throws Exception {
    Path snappy = dir.resolve("s.svg");
    Path gzip = dir.resolve("g.svg");
    assertEquals(0, Cli.run("layout", Cli.corpus("data/sort_columns.parquet"), "--svg", snappy.toString()).exit());
    assertEquals(0, Cli.run("layout", Cli.corpus("data/data_index_bloom_encoding_stats.parquet"), "--svg", gzip.toString()).exit());
    String s = chunkBoxes(snappy).get(0).fill();
    String g = chunkBoxes(gzip).get(0).fill();
    assertTrue(!s.equals(g), s + " vs " + g);
    assertTrue(chunkBoxes(gzip).get(0).title().contains("GZIP"));
  }

  @Test
  void unwritableOutputIsAnInputError() {
    Cli r = Cli.run("layout", Cli.corpus("data/sort_columns.parquet"), "--svg", "/nonexistent-dir/x.svg");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("/nonexistent-dir/x.svg"), r.err());
  }
}
