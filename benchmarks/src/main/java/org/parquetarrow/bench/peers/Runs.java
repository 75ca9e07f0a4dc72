package org.parquetarrow.bench.peers;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.List;

/**
 * The wall times of one measured task, in seconds, one per run, in the order they ran.
 *
 * <pre>
 * Runs r = new Runs(List.of(0.31, 0.29, 0.30));
 * double typical = r.median(); // 0.30
 * </pre>
 */
public record Runs(List<Double> seconds) {
  public Runs {
    if (seconds.isEmpty()) {
      throw new IllegalArgumentException("a task needs at least one measured run");
    }
    seconds = List.copyOf(seconds);
  }

  @JsonProperty
  public double median() {
    double[] s = sorted();
    int mid = s.length / 2;
    return s.length % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  }

  @JsonProperty
  public double min() {
    return sorted()[0];
  }

  @JsonProperty
  public double max() {
    double[] s = sorted();
    return s[s.length - 1];
  }

  private double[] sorted() {
    double[] s = seconds.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(s);
    return s;
  }
}
