package org.parquetarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.format.CompressionCodec;
import org.parquetarrow.io.LocalOutputFile;
import org.parquetarrow.write.ParquetFileWriter;
import org.parquetarrow.write.WriterProperties;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code layout --svg} opened in a real browser: headless Chromium (Debian's {@code chromium},
 * which {@code bin/run-tests} installs) screenshots the SVG, and the picture must show what the SVG
 * says — not blank, every codec of the legend in its colour, and each column chunk's box painted
 * in its codec's colour where the SVG puts it. A missing Chromium fails the test.
 */
class LayoutInChromiumTest {
  private static final int TOLERANCE = 6;
  private static final long BROWSER_SECONDS = 90;

  /** A box of the SVG: where it is and its fill. */
  private record Box(double x, double y, double w, double h, int rgb, String title) {}

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void renderedSvgShowsTheChunksInTheirCodecColours(@TempDir Path dir) throws Exception {
    Path chromium = chromium();
    Path parquet = dir.resolve("three-codecs.parquet");
    writeThreeCodecs(parquet);
    Path svg = dir.resolve("layout.svg");
    Cli r = Cli.run("layout", parquet.toString(), "--svg", svg.toString());
    assertEquals(0, r.exit(), r.err());

    Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
    int width = Integer.parseInt(d.getDocumentElement().getAttribute("width"));
    int height = Integer.parseInt(d.getDocumentElement().getAttribute("height"));
    Map<String, Integer> legend = new LinkedHashMap<>();
    List<Box> chunks = new ArrayList<>();
    NodeList rects = d.getElementsByTagName("rect");
    for (int i = 0; i < rects.getLength(); i++) {
      Element e = (Element) rects.item(i);
      NodeList titles = e.getElementsByTagName("title");
      if (titles.getLength() != 1) {
        continue;
      }
      String title = titles.item(0).getTextContent();
      Box b = new Box(Double.parseDouble(e.getAttribute("x")), Double.parseDouble(e.getAttribute("y")),
          Double.parseDouble(e.getAttribute("width")), Double.parseDouble(e.getAttribute("height")),
          Integer.parseInt(e.getAttribute("fill").substring(1), 16), title);
      if (title.contains(" uncompressed), ratio ")) {
        chunks.add(b);
      } else if (title.matches("[A-Z0-9_]+")) {
        legend.put(title, b.rgb());
      }
    }
    assertEquals(Set.of("SNAPPY", "GZIP", "ZSTD"), legend.keySet(), "the legend names the codecs written");
    assertEquals(3 * 3, chunks.size(), "three row groups of three column chunks");

    BufferedImage png = screenshot(chromium, svg, width, height, dir);
    assertEquals(width, png.getWidth());
    assertEquals(height, png.getHeight());

    Set<Integer> colours = new HashSet<>();
    Map<Integer, Integer> counts = new LinkedHashMap<>();
    long nonWhite = 0;
    for (int y = 0; y < png.getHeight(); y++) {
      for (int x = 0; x < png.getWidth(); x++) {
        int rgb = png.getRGB(x, y) & 0xFFFFFF;
        colours.add(rgb);
        counts.merge(rgb, 1, Integer::sum);
        if (rgb != 0xFFFFFF) {
          nonWhite++;
        }
      }
    }
    long area = (long) width * height;
    assertTrue(nonWhite > area / 10, "mostly blank: " + nonWhite + " of " + area + " pixels not white");
    assertTrue(colours.size() > 20, "too few colours for boxes, legend and anti-aliased text: " + colours.size());
    for (Map.Entry<String, Integer> codec : legend.entrySet()) {
      long painted = counts.entrySet().stream().filter(c -> near(c.getKey(), codec.getValue()))
          .mapToLong(Map.Entry::getValue).sum();
      // the legend's 12 x 12 square alone is 144 pixels; the chunks of that codec add far more
      assertTrue(painted > 500, codec.getKey() + " (#" + Integer.toHexString(codec.getValue()) + "): " + painted + " pixels");
    }
    for (Box b : chunks) {
      if (b.w() < 5) {
        continue; // too thin to hold a pixel clear of the white outline
      }
      // inside the box, left of and above its label
      int x = (int) Math.round(b.x() + 2);
      int y = (int) Math.round(b.y() + 3);
      int got = png.getRGB(x, y) & 0xFFFFFF;
      assertTrue(near(got, b.rgb()), b.title() + ": pixel (" + x + ", " + y + ") is #" + Integer.toHexString(got)
          + ", not #" + Integer.toHexString(b.rgb()));
    }
  }

  private static boolean near(int a, int b) {
    for (int shift = 0; shift <= 16; shift += 8) {
      if (Math.abs(((a >> shift) & 0xFF) - ((b >> shift) & 0xFF)) > TOLERANCE) {
        return false;
      }
    }
    return true;
  }

  /**
   * Chromium on the PATH. Its absence is a failure, not a skip: {@code bin/run-tests}, the README's
   * test command, installs it.
   */
  private static Path chromium() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser")) {
        Path p = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    String message = "headless Chromium is needed to check that the layout SVG renders, and neither chromium nor "
        + "chromium-browser is on the PATH; install Debian's package: apt-get install -y chromium";
    return fail(message + " (bin/run-tests installs it)");
  }

  private static BufferedImage screenshot(Path chromium, Path svg, int width, int height, Path dir) throws Exception {
    Path png = dir.resolve("layout.png");
    Path profile = Files.createDirectory(dir.resolve("chromium-profile"));
    Path log = dir.resolve("chromium.log");
    // the network is closed here: without these flags Chromium waits on lookups and updates
    ProcessBuilder pb = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=" + profile,
        "--screenshot=" + png, "--window-size=" + width + "," + height, svg.toUri().toString());
    pb.redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p = pb.start();
    try {
      if (!p.waitFor(BROWSER_SECONDS, TimeUnit.SECONDS)) {
        fail("chromium did not finish within " + BROWSER_SECONDS + " s; its output:\n" + Files.readString(log));
      }
      assertEquals(0, p.exitValue(), "chromium failed:\n" + Files.readString(log));
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    assertTrue(Files.isRegularFile(png), "no screenshot written; chromium said:\n" + Files.readString(log));
    BufferedImage image = ImageIO.read(png.toFile());
    assertNotNull(image, "not a PNG: " + png);
    return image;
  }

  /** Three row groups of three columns, each column with its own codec. */
  private static void writeThreeCodecs(Path file) throws Exception {
    Schema schema = new Schema(List.of(
        new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("label", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
        new Field("x", FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null)));
    WriterProperties props = WriterProperties.builder()
        .rowGroupRows(20_000)
        .column("id", c -> c.codec(CompressionCodec.SNAPPY))
        .column("label", c -> c.codec(CompressionCodec.GZIP))
        .column("x", c -> c.codec(CompressionCodec.ZSTD))
        .build();
    try (BufferAllocator a = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, a);
        ParquetFileWriter w = ParquetFileWriter.open(LocalOutputFile.of(file), schema, props)) {
      for (int g = 0; g < 3; g++) {
        root.allocateNew();
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector label = (VarCharVector) root.getVector("label");
        Float8Vector x = (Float8Vector) root.getVector("x");
        for (int i = 0; i < 20_000; i++) {
          long row = g * 20_000L + i;
          id.setSafe(i, row * 31);
          label.setSafe(i, ("label-" + DemoData.mix(row) % 5000).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          x.setSafe(i, DemoData.mix(row + 7) / 1e6);
        }
        root.setRowCount(20_000);
        w.write(root);
      }
    }
  }
}
