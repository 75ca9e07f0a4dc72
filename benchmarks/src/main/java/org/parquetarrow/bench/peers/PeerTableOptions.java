package org.parquetarrow.bench.peers;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@link PeerTable} runs: the data scale, how many untimed and timed rounds, where the data
 * sets are cached and where the table goes.
 *
 * <pre>
 * PeerTableOptions o = PeerTableOptions.builder().scale(0.3).runs(5).build();
 * PeerTableOptions q = PeerTableOptions.builder().quick().build(); // scale 0.01, one run
 * </pre>
 */
public final class PeerTableOptions {
  /** The scale of the smoke run: about 1% of the full data sets. */
  public static final double QUICK_SCALE = 0.01;

  private final double scale;
  private final int warmups;
  private final int runs;
  private final int footerOpensPerRun;
  private final Path dataDir;
  private final Path outDir;

  private PeerTableOptions(Builder b) {
    this.scale = b.scale;
    this.warmups = b.warmups;
    this.runs = b.runs;
    this.footerOpensPerRun = b.footerOpensPerRun;
    this.dataDir = b.dataDir;
    this.outDir = b.outDir;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Options from command-line arguments: {@code --scale S}, {@code --runs N}, {@code --warmups N},
   * {@code --quick}, {@code --data DIR}, {@code --out DIR}.
   *
   * @throws IllegalArgumentException naming an unknown argument or a bad value
   */
  public static PeerTableOptions parse(String... args) {
    Builder b = builder();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--quick" -> b.quick();
        case "--scale" -> b.scale(Double.parseDouble(value(args, ++i, a)));
        case "--runs" -> b.runs(Integer.parseInt(value(args, ++i, a)));
        case "--warmups" -> b.warmups(Integer.parseInt(value(args, ++i, a)));
        case "--data" -> b.dataDir(Path.of(value(args, ++i, a)));
        case "--out" -> b.outDir(Path.of(value(args, ++i, a)));
        default -> throw new IllegalArgumentException("unknown argument " + a
            + "; valid: --scale S, --runs N, --warmups N, --quick, --data DIR, --out DIR");
      }
    }
    return b.build();
  }

  private static String value(String[] args, int i, String flag) {
    if (i >= args.length) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return args[i];
  }

  public double scale() {
    return scale;
  }

  public int warmups() {
    return warmups;
  }

  public int runs() {
    return runs;
  }

  public int footerOpensPerRun() {
    return footerOpensPerRun;
  }

  public Path dataDir() {
    return dataDir;
  }

  public Path outDir() {
    return outDir;
  }

  /** Builds {@link PeerTableOptions}; defaults: scale 1, 2 warm-up and 5 timed rounds. */
  public static final class Builder {
    private double scale = 1;
    private int warmups = 2;
    private int runs = 5;
    private int footerOpensPerRun = 20;
    private Path dataDir = Path.of("target/bench-data");
    private Path outDir = Path.of("target/peer-table");

    private Builder() {}

    /** Scale 0.01, no warm-up, one timed round, a few footer opens: the smoke run. */
    public Builder quick() {
      scale = QUICK_SCALE;
      warmups = 0;
      runs = 1;
      footerOpensPerRun = 3;
      return this;
    }

    /** Multiplies the data sets' row counts (TPC-H scale factor for LINEITEM); must be positive. */
    public Builder scale(double scale) {
      if (!(scale > 0)) {
        throw new IllegalArgumentException("--scale must be positive: " + scale);
      }
      this.scale = scale;
      return this;
    }

    public Builder warmups(int warmups) {
      if (warmups < 0) {
        throw new IllegalArgumentException("--warmups must not be negative: " + warmups);
      }
      this.warmups = warmups;
      return this;
    }

    public Builder runs(int runs) {
      if (runs < 1) {
        throw new IllegalArgumentException("--runs must be at least 1: " + runs);
      }
      this.runs = runs;
      return this;
    }

    /** Opens of the wide file per timed round (one open takes milliseconds). */
    public Builder footerOpensPerRun(int opens) {
      if (opens < 1) {
        throw new IllegalArgumentException("footer opens per run must be at least 1: " + opens);
      }
      this.footerOpensPerRun = opens;
      return this;
    }

    public Builder dataDir(Path dir) {
      this.dataDir = Objects.requireNonNull(dir, "dataDir");
      return this;
    }

    public Builder outDir(Path dir) {
      this.outDir = Objects.requireNonNull(dir, "outDir");
      return this;
    }

    public PeerTableOptions build() {
      return new PeerTableOptions(this);
    }
  }
}
