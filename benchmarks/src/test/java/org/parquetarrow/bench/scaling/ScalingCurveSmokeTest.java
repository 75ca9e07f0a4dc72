package org.parquetarrow.bench.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.parquetarrow.bench.data.BenchDataset;
import org.parquetarrow.read.ReadOptions.PageReadAhead;

/**
 * The scaling curve on 1% of the four data sets, in batches small enough that a read on 3
 * threads decodes several windows: every thread count, with the page read-ahead on and off, must
 * give one thread's rows and checksum ({@link ScalingCurve#measure} throws otherwise; the data sets
 * are written by parquet-java, with offset indexes, so windows split their row groups, nested ones
 * included), and the table has a row per data set, read-ahead policy and thread count. No time is
 * asserted.
 */
class ScalingCurveSmokeTest {
  @Test
  void everyThreadCountReadsWhatOneThreadReadsWithTheReadAheadOnAndOff() throws Exception {
    ScalingCurve.Options o = ScalingCurve.Options.parse("--scale", "0.01", "--threads", "3", "--batch", "1000",
        "--runs", "1", "--warmups", "0");
    assertEquals(List.of(PageReadAhead.AUTO, PageReadAhead.OFF), o.readAhead, "both curves by default");
    List<ScalingCurve.Curve> curves = new ArrayList<>();
    for (BenchDataset d : BenchDataset.values()) {
      Path file = d.ensure(Path.of("target/bench-data"), 0.01);
      for (PageReadAhead readAhead : o.readAhead) {
        ScalingCurve.Curve c = ScalingCurve.measure(d, file, 1000, 3, 0, 1, readAhead);
        assertTrue(c.rows() > 3 * 1000, d + " has rows for several windows: " + c.rows());
        assertEquals(readAhead, c.readAhead());
        assertEquals(List.of(1, 2, 3), c.points().stream().map(ScalingCurve.Point::threads).toList());
        assertEquals(1.0, c.points().get(0).speedUp(), 1e-9);
        for (ScalingCurve.Point p : c.points()) {
          assertEquals(Files.exists(Path.of("/proc/self/stat")), p.minorFaults().min() >= 0,
              "page faults counted where /proc/self/stat exists: " + p);
        }
        curves.add(c);
      }
    }
    String table = ScalingCurve.render("bin/bench-scaling --quick", "start", "end", o, curves);
    for (BenchDataset d : BenchDataset.values()) {
      for (String policy : new String[] {"default (auto)", "off"}) {
        for (int t = 1; t <= 3; t++) {
          String row = "| " + d + " | " + policy + " | ";
          int threads = t;
          assertTrue(table.lines().anyMatch(l -> l.startsWith(row) && l.contains(" | " + threads + " | ")), table);
        }
      }
    }
  }

  @Test
  void theTableHasAPageFaultColumn() throws Exception {
    ScalingCurve.Options o = ScalingCurve.Options.parse("--scale", "0.01", "--threads", "2", "--batch", "1000",
        "--runs", "1", "--warmups", "0", "--sets", "NUMERIC", "--read-ahead", "off");
    Path file = BenchDataset.NUMERIC.ensure(Path.of("target/bench-data"), 0.01);
    ScalingCurve.Curve c = ScalingCurve.measure(BenchDataset.NUMERIC, file, 1000, 2, 0, 1, PageReadAhead.OFF);
    String table = ScalingCurve.render("bin/bench-scaling", "start", "end", o, List.of(c));
    assertTrue(table.contains("| process CPU s per scan | minor page faults per scan | peak Arrow MB |"), table);
    String one = table.lines().filter(l -> l.startsWith("| NUMERIC | off | ") && l.contains(" | 1 | ")).findFirst()
        .orElseThrow();
    String[] cells = one.split(" \\| ");
    assertEquals(12, cells.length, one);
    String faults = cells[9];
    assertTrue(Files.exists(Path.of("/proc/self/stat")) ? faults.matches("[0-9,]+") : faults.equals("—"), one);
  }

  @Test
  void policiesMeasuredInTheSameRoundsGiveOneCurveEachInTheirOrder() throws Exception {
    Path file = BenchDataset.NUMERIC.ensure(Path.of("target/bench-data"), 0.01);
    List<ScalingCurve.Curve> curves = ScalingCurve.measure(BenchDataset.NUMERIC, file, 1000, 2, 1, 2,
        List.of(PageReadAhead.AUTO, PageReadAhead.OFF));
    assertEquals(List.of(PageReadAhead.AUTO, PageReadAhead.OFF), curves.stream().map(ScalingCurve.Curve::readAhead).toList());
    for (ScalingCurve.Curve c : curves) {
      assertEquals(curves.get(0).rows(), c.rows());
      assertEquals(curves.get(0).checksum(), c.checksum());
      assertEquals(List.of(1, 2), c.points().stream().map(ScalingCurve.Point::threads).toList());
      // two timed rounds per point, the warm-up left out
      c.points().forEach(p -> assertEquals(2, p.runs().seconds().size(), c.readAhead() + " " + p));
      // the same-round speed-up pairs each round's one-thread time with its two-thread time
      List<Double> one = c.points().get(0).runs().seconds();
      List<Double> two = c.points().get(1).runs().seconds();
      assertEquals(List.of(1.0, 1.0), c.points().get(0).roundSpeedUps().seconds());
      assertEquals((one.get(0) / two.get(0) + one.get(1) / two.get(1)) / 2, c.points().get(1).roundSpeedUps().median(), 1e-12);
    }
  }

  @Test
  void touchingFreshMemoryCountsPageFaults() {
    long before = ScalingCurve.minorFaults();
    // 64 MiB the process never had: allocateDirect zeroes it, so every page is touched once
    ByteBuffer fresh = ByteBuffer.allocateDirect(64 << 20);
    long after = ScalingCurve.minorFaults();
    assertEquals(64 << 20, fresh.capacity());
    if (Files.exists(Path.of("/proc/self/stat"))) {
      // 16,384 pages of 4 KiB, or 32 huge pages of 2 MiB where the kernel backs them so
      assertTrue(after - before >= 32, "faults " + before + " → " + after);
    } else {
      assertEquals(-1, after);
    }
  }

  @Test
  void theReadAheadFlagPicksTheCurves() {
    assertEquals(List.of(PageReadAhead.OFF), ScalingCurve.Options.parse("--read-ahead", "off").readAhead);
    assertEquals(List.of(PageReadAhead.SEVERAL_PAGES), ScalingCurve.Options.parse("--read-ahead", "on").readAhead);
    assertEquals(List.of(PageReadAhead.NEXT_PAGE), ScalingCurve.Options.parse("--read-ahead", "next").readAhead);
    assertEquals(List.of(PageReadAhead.AUTO, PageReadAhead.OFF),
        ScalingCurve.Options.parse("--read-ahead", "both").readAhead);
    assertEquals(List.of(PageReadAhead.AUTO), ScalingCurve.Options.parse("--read-ahead", "default").readAhead);
    assertEquals(List.of(PageReadAhead.AUTO, PageReadAhead.SEVERAL_PAGES, PageReadAhead.NEXT_PAGE, PageReadAhead.OFF),
        ScalingCurve.Options.parse("--read-ahead", "all").readAhead);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ScalingCurve.Options.parse("--read-ahead", "sometimes"));
    assertTrue(e.getMessage().contains("both, default, on, next, off, all"), e.getMessage());
  }
}
