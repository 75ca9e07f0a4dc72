package org.parquetarrow.dataset.prune;

/**
 * Which metadata pruning consults. All on by default; turning one off is for measuring what it
 * buys.
 *
 * <pre>{@code
 * PruningOptions noBloom = PruningOptions.ALL.withBloomFilters(false);
 * }</pre>
 *
 * @param statistics row-group min/max/null-count statistics
 * @param dictionaries dictionary pages of fully dictionary-encoded chunks
 * @param bloomFilters split-block bloom filters, for {@code =} and {@code in}
 * @param pageIndex column and offset indexes, for row selections within row groups
 */
public record PruningOptions(boolean statistics, boolean dictionaries, boolean bloomFilters, boolean pageIndex) {
  public static final PruningOptions ALL = new PruningOptions(true, true, true, true);
  public static final PruningOptions NONE = new PruningOptions(false, false, false, false);

  public PruningOptions withStatistics(boolean on) {
    return new PruningOptions(on, dictionaries, bloomFilters, pageIndex);
  }

  public PruningOptions withDictionaries(boolean on) {
    return new PruningOptions(statistics, on, bloomFilters, pageIndex);
  }

  public PruningOptions withBloomFilters(boolean on) {
    return new PruningOptions(statistics, dictionaries, on, pageIndex);
  }

  public PruningOptions withPageIndex(boolean on) {
    return new PruningOptions(statistics, dictionaries, bloomFilters, on);
  }
}
