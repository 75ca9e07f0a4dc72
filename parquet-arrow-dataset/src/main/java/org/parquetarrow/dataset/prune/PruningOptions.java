package org.parquetarrow.dataset.prune;

/**
 * Which metadata pruning consults. All on by default; turning one off is for measuring what it
 * buys. Immutable; build one with {@link #builder()} (all on) or change one with {@link #toBuilder()}.
 *
 * <pre>{@code
 * PruningOptions noBloom = PruningOptions.builder().bloomFilters(false).build();
 * }</pre>
 */
public final class PruningOptions {
  public static final PruningOptions ALL = builder().build();
  public static final PruningOptions NONE =
      builder().statistics(false).dictionaries(false).bloomFilters(false).pageIndex(false).build();

  private final boolean statistics;
  private final boolean dictionaries;
  private final boolean bloomFilters;
  private final boolean pageIndex;

  private PruningOptions(Builder b) {
    this.statistics = b.statistics;
    this.dictionaries = b.dictionaries;
    this.bloomFilters = b.bloomFilters;
    this.pageIndex = b.pageIndex;
  }

  /**
   * Options with each source on or off.
   *
   * @deprecated use {@link #builder()}
   */
  @Deprecated
  public PruningOptions(boolean statistics, boolean dictionaries, boolean bloomFilters, boolean pageIndex) {
    this(builder().statistics(statistics).dictionaries(dictionaries).bloomFilters(bloomFilters).pageIndex(pageIndex));
  }

  /** A builder with every source on. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options, to change some of them. */
  public Builder toBuilder() {
    return builder().statistics(statistics).dictionaries(dictionaries).bloomFilters(bloomFilters).pageIndex(pageIndex);
  }

  /** Whether row-group min/max/null-count statistics are consulted. */
  public boolean statistics() {
    return statistics;
  }

  /** Whether the dictionary pages of fully dictionary-encoded chunks are consulted. */
  public boolean dictionaries() {
    return dictionaries;
  }

  /** Whether split-block bloom filters are consulted, for {@code =} and {@code in}. */
  public boolean bloomFilters() {
    return bloomFilters;
  }

  /** Whether column and offset indexes are consulted, for row selections within row groups. */
  public boolean pageIndex() {
    return pageIndex;
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#statistics} */
  @Deprecated
  public PruningOptions withStatistics(boolean on) {
    return toBuilder().statistics(on).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#dictionaries} */
  @Deprecated
  public PruningOptions withDictionaries(boolean on) {
    return toBuilder().dictionaries(on).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#bloomFilters} */
  @Deprecated
  public PruningOptions withBloomFilters(boolean on) {
    return toBuilder().bloomFilters(on).build();
  }

  /** @deprecated use {@link #toBuilder()} and {@link Builder#pageIndex} */
  @Deprecated
  public PruningOptions withPageIndex(boolean on) {
    return toBuilder().pageIndex(on).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PruningOptions x && statistics == x.statistics && dictionaries == x.dictionaries
        && bloomFilters == x.bloomFilters && pageIndex == x.pageIndex;
  }

  @Override
  public int hashCode() {
    return (statistics ? 8 : 0) | (dictionaries ? 4 : 0) | (bloomFilters ? 2 : 0) | (pageIndex ? 1 : 0);
  }

  @Override
  public String toString() {
    return "PruningOptions[statistics=" + statistics + ", dictionaries=" + dictionaries + ", bloomFilters="
        + bloomFilters + ", pageIndex=" + pageIndex + "]";
  }

  /** Builder of {@link PruningOptions}; every source starts on. */
  public static final class Builder {
    private boolean statistics = true;
    private boolean dictionaries = true;
    private boolean bloomFilters = true;
    private boolean pageIndex = true;

    private Builder() {}

    /** Row-group min/max/null-count statistics. */
    public Builder statistics(boolean on) {
      this.statistics = on;
      return this;
    }

    /** Dictionary pages of fully dictionary-encoded chunks. */
    public Builder dictionaries(boolean on) {
      this.dictionaries = on;
      return this;
    }

    /** Split-block bloom filters, for {@code =} and {@code in}. */
    public Builder bloomFilters(boolean on) {
      this.bloomFilters = on;
      return this;
    }

    /** Column and offset indexes, for row selections within row groups. */
    public Builder pageIndex(boolean on) {
      this.pageIndex = on;
      return this;
    }

    public PruningOptions build() {
      return new PruningOptions(this);
    }
  }
}
