package org.parquetarrow.bench.peers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs several tasks round-robin (run 1 of each, then run 2 of each, …) so that a change in what
 * else the machine does hits every task alike, instead of whichever happened to run then.
 *
 * <pre>
 * Map&lt;String, Runs&gt; times = Interleaved.time(Map.of("ours", () -> scan()), 2, 5);
 * </pre>
 */
final class Interleaved {
  /** One measured operation; {@link #prepare} runs untimed before each run (e.g. deleting the last output). */
  interface Task {
    void run() throws Exception;

    default void prepare() throws Exception {}
  }

  private Interleaved() {}

  /** {@code warmups} untimed rounds, then {@code runs} timed rounds; times in task order. */
  static Map<String, Runs> time(Map<String, Task> tasks, int warmups, int runs) throws Exception {
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    tasks.keySet().forEach(name -> seconds.put(name, new ArrayList<>()));
    for (int round = 0; round < warmups + runs; round++) {
      for (Map.Entry<String, Task> t : tasks.entrySet()) {
        t.getValue().prepare();
        long start = System.nanoTime();
        t.getValue().run();
        double elapsed = (System.nanoTime() - start) / 1e9;
        if (round >= warmups) {
          seconds.get(t.getKey()).add(elapsed);
        }
      }
    }
    Map<String, Runs> result = new LinkedHashMap<>();
    seconds.forEach((name, s) -> result.put(name, new Runs(s)));
    return result;
  }
}
