package org.parquetarrow.bench.data;

import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the scan data sets ahead of a benchmark run (the benchmark would otherwise write them in
 * its first trial setup). Arguments: data set names, or none for all four.
 *
 * <pre>
 * java -Dbench.dir=/tmp/bench-data -cp benchmarks/target/benchmarks.jar \
 *     org.parquetarrow.bench.data.GenerateBenchData NUMERIC LINEITEM
 * </pre>
 */
public final class GenerateBenchData {
  private static final Logger LOG = LoggerFactory.getLogger(GenerateBenchData.class);

  private GenerateBenchData() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(System.getProperty("bench.dir", "target/bench-data"));
    double scale = BenchDataset.scaleFromSystemProperty();
    BenchDataset[] sets = args.length == 0 ? BenchDataset.values() : new BenchDataset[args.length];
    for (int i = 0; i < args.length; i++) {
      sets[i] = BenchDataset.valueOf(args[i]);
    }
    for (BenchDataset set : sets) {
      long start = System.nanoTime();
      Path file = set.ensure(dir, scale);
      LOG.info("{}: {} ({} bytes) in {} s", set, file, Files.size(file), (System.nanoTime() - start) / 1_000_000_000L);
    }
  }
}
