package org.parquetarrow.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --lanes N}: {@link org.parquetarrow.read.ReadOptions.Builder#parallelism(int)} for a
 * command reading one file. A lane decodes every N-th window of rows (whole batches of a row
 * group), ahead of the output, which still comes in file order; not to be confused with
 * {@code bench --threads}, the pool decoding a batch's columns in parallel (and the lanes' pool when
 * both are given). 0, negative numbers and non-numbers are picocli's usage errors (exit 2).
 *
 * <pre>{@code
 * parquet-arrow cat big.parquet --lanes 4
 * }</pre>
 */
final class LanesMixin {
  @Option(names = "--lanes", defaultValue = "1", paramLabel = "N", converter = AtLeastOne.class,
      description = "Lanes decoding windows of whole batches (row groups, or parts of them with an"
          + " offset index) ahead of the output, each on its own thread; rows still come in file order"
          + " (default ${DEFAULT-VALUE}: decode on the calling thread).")
  int lanes = 1;

  /** An integer of at least 1; anything else is refused as picocli refuses a non-number. */
  static final class AtLeastOne implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      int n;
      try {
        n = Integer.parseInt(value.trim());
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + value + "' is not a whole number");
      }
      if (n < 1) {
        throw new TypeConversionException("'" + value + "' is below 1");
      }
      return n;
    }
  }
}
