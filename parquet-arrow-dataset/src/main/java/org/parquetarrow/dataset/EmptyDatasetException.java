package org.parquetarrow.dataset;

/**
 * Discovery found no Parquet file to make a dataset of: the directory or prefix exists but holds
 * none (hidden files and {@code _}-prefixed ones do not count). A caller that can supply the
 * schema itself (an engine given one by its user) can tell this from a damaged or missing dataset.
 *
 * <pre>{@code
 * try {
 *   ds = DatasetDiscovery.directory(dir, DiscoveryOptions.defaults());
 * } catch (EmptyDatasetException e) {
 *   ds = null; // nothing written yet
 * }
 * }</pre>
 */
public class EmptyDatasetException extends DatasetException {
  private static final long serialVersionUID = 1L;

  public EmptyDatasetException(String problem) {
    super(problem);
  }
}
