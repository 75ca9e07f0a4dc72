package org.parquetarrow.bench.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.parquetarrow.io.FetchOptions;
import org.parquetarrow.io.RemoteReadOptions;
import org.parquetarrow.read.ParquetFileReader;
import org.parquetarrow.read.ReadOptions;
import org.parquetarrow.testing.LeakCheckingAllocator;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Keeps the S3 scan benchmark from rotting: on a tiny lineitem (scale 0.001) and one run, every
 * scan must read the footer's rows, each remote scan the local one's checksum, and the requests
 * and bytes must be what a full scan costs. No time is asserted.
 */
@Timeout(300)
class S3ScanBenchmarkTest {
  @TempDir Path dir;
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void aTinyRunReportsEveryScanWithItsRequestsAndBytes() throws Exception {
    S3ScanBenchmark.Settings settings = new S3ScanBenchmark.Settings(dir, 0.001, 1, 5, true,
        FetchOptions.defaults(), RemoteReadOptions.defaults());
    S3ScanBenchmark.Report report = S3ScanBenchmark.run(settings);

    long footerRows;
    try (ParquetFileReader r = ParquetFileReader.open(dir.resolve("lineitem-x0.001.parquet"),
        ReadOptions.builder(memory.allocator()).build())) {
      footerRows = r.metadata().numRows();
    }
    assertEquals(footerRows, report.footerRows());
    assertTrue(footerRows > 5_000, "TPC-H lineitem at scale 0.001 has about 6,000 rows, not " + footerRows);
    assertTrue(report.notes().isEmpty(), () -> "scans left out: " + report.notes());
    for (String reader : List.of("parquetArrow file", "parquetArrow dataset", "arrowCpp")) {
      S3ScanBenchmark.Row local = report.row(reader, "local");
      S3ScanBenchmark.Row s3 = report.row(reader, "s3");
      assertNotNull(local, reader + " local");
      assertNotNull(s3, reader + " s3");
      assertEquals(footerRows, local.rows(), reader);
      assertEquals(footerRows, s3.rows(), reader);
      assertEquals(local.checksum(), s3.checksum(), reader);
      assertTrue(s3.medianSeconds() > 0 && local.medianSeconds() > 0, reader);
      assertTrue(report.ratio(reader) > 0 && report.pairedRatio(reader) > 0, reader);
      // the object is small enough for one footer request and a request or two for its row group
      assertTrue(s3.requests() >= 1 && s3.requests() <= 10, reader + ": " + s3.requests() + " requests");
      // a full scan asks for at least every byte of column data, and for no byte twice over
      assertTrue(s3.requestedBytes() >= report.fileBytes() / 2 && s3.requestedBytes() <= 2 * report.fileBytes(),
          reader + ": " + s3.requestedBytes() + " bytes requested of " + report.fileBytes());
    }
    // what our reader counted is what the proxy saw asked for
    S3ScanBenchmark.Row file = report.row("parquetArrow file", "s3");
    assertEquals(file.requestedBytes(), file.readerBytes());
    String table = report.table();
    assertTrue(table.contains("| parquetArrow file | s3 |") && table.contains("S3 ÷ local"), table);
  }

  @Test
  void requestedBytesFollowTheRangeHeaders() {
    long object = 1_000;
    assertEquals(100, S3ScanBenchmark.requestedBytes(
        List.of("GET /private/bench/lineitem/x.parquet range=bytes=0-99"), object));
    assertEquals(50 + 100 + 1_000, S3ScanBenchmark.requestedBytes(List.of(
        "GET /private/bench/lineitem/x.parquet range=bytes=-50",
        "GET /private/bench/lineitem/x.parquet range=bytes=900-",
        "GET /private/bench/lineitem/x.parquet",
        "GET /private?list-type=2&prefix=bench%2Flineitem%2F",
        "HEAD /private/bench/lineitem/x.parquet"), object));
    // a suffix longer than the object, and a range past its end, count what exists
    assertEquals(1_000 + 10, S3ScanBenchmark.requestedBytes(List.of(
        "GET /private/bench/lineitem/x.parquet range=bytes=-65536",
        "GET /private/bench/lineitem/x.parquet range=bytes=990-5000"), object));
  }

  @Test
  void theMedianIsTheMiddleRun() {
    assertEquals(2.0, S3ScanBenchmark.median(new double[] {3, 1, 2}));
    assertEquals(2.5, S3ScanBenchmark.median(new double[] {4, 1, 2, 3}));
  }
}
