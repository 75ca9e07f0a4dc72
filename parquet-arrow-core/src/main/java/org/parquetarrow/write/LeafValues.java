package org.parquetarrow.write;

import org.apache.arrow.vector.ValueVector;
import org.parquetarrow.bloom.BloomFilterBuilder;
import org.parquetarrow.encoding.ByteSink;

/**
 * The dense non-null values of one leaf column for the batch being written, converted to the
 * column's physical representation, with the per-type operations a column writer needs over a
 * range of them: PLAIN encoding, dictionary ids, statistics and bloom filter hashes. One call per
 * range, never per value. Statistics are kept for the open page and for the column chunk.
 */
abstract class LeafValues {
  final ValueOrder order;
  /** Values loaded by the last {@link #gather}. */
  int count;
  /** NaNs met by {@link #updateStatistics} since the column writer last took them. */
  long pageNans;
  /**
   * The order of floating-point statistics; set once by the file writer before any value, and
   * read only where {@link ValueOrder#hasNans()}.
   */
  FloatingPointOrder floatingPointOrder = FloatingPointOrder.TYPE_DEFINED_ORDER;

  LeafValues(ValueOrder order) {
    this.order = order;
  }

  /** Whether this is a floating-point column written in IEEE 754 total order. */
  final boolean totalOrder() {
    return order.hasNans() && floatingPointOrder == FloatingPointOrder.IEEE_754_TOTAL_ORDER;
  }

  /**
   * The PLAIN bytes of the standard (quiet, positive) NaN of this floating-point type: both bounds
   * of a page or chunk of only NaNs in total order, as parquet-java 1.18 writes them.
   */
  final byte[] standardNaN() {
    return switch (order) {
      case FLOAT -> new byte[] {0, 0, (byte) 0xc0, 0x7f};
      case DOUBLE -> new byte[] {0, 0, 0, 0, 0, 0, (byte) 0xf8, 0x7f};
      case FLOAT16 -> new byte[] {0, 0x7e};
      default -> throw new IllegalStateException(order + " has no NaN");
    };
  }

  /** Loads {@code n} values of {@code vector} at {@code indices[0 .. n)}, replacing the previous batch. */
  abstract void gather(ValueVector vector, int[] indices, int n);

  /**
   * Checks, before anything of the batch is encoded, that the {@code n} values of {@code vector}
   * at {@code indices} convert to the column's type without loss.
   *
   * @throws IllegalArgumentException naming {@code column} and the first value that does not
   */
  void checkConvertible(ValueVector vector, int[] indices, int n, String column) {}

  /**
   * Whether {@link #gather} would copy more than {@code limit} bytes for these values: what bounds a
   * piece of a batch, so that large binary values are written a few rows at a time. Never for
   * values held as numbers.
   */
  boolean gathersMoreThan(ValueVector vector, int[] indices, int n, long limit) {
    return false;
  }

  /** Mean bytes of the values loaded by the last {@link #gather}; what sizes a column writer's steps. */
  long meanValueBytes() {
    return 8;
  }

  /** Bytes of the PLAIN encoding of values {@code [from, to)}. */
  abstract long plainSize(int from, int to);

  abstract void writePlain(int from, int to, ByteSink sink);

  /** Whether this type takes dictionary encoding. */
  boolean dictionarySupported() {
    return true;
  }

  /** Looks up (adding when new) each value of {@code [from, to)} in the dictionary; writes the ids. */
  abstract void dictionaryIds(int from, int to, int[] out, int outOffset);

  abstract int dictionarySize();

  /** Writes the PLAIN encoding of the dictionary entries {@code ids[0 .. n)} name, in that order. */
  abstract void writePlainFromDictionary(int[] ids, int n, ByteSink sink);

  /** Bytes of the dictionary page's PLAIN content. */
  abstract long dictionaryPlainSize();

  abstract void writeDictionary(ByteSink sink);

  abstract void clearDictionary();

  /** Folds values {@code [from, to)} into the open page's min/max, counting NaNs in {@link #pageNans}. */
  abstract void updateStatistics(int from, int to);

  /**
   * Like {@link #updateStatistics} for values {@code [from, to)} just looked up by {@link
   * #dictionaryIds}, whose ids are {@code ids[idOffset ..]}: a type may take the min/max from the
   * distinct dictionary entries instead of every value.
   */
  void updateStatisticsFromDictionary(int from, int to, int[] ids, int idOffset) {
    updateStatistics(from, to);
  }

  /** Whether the open page has a min/max (false when all values are null or NaN, or the order is undefined). */
  abstract boolean pageHasMinMax();

  /** PLAIN bytes (without length prefix) of the open page's min. */
  abstract byte[] pageMin();

  abstract byte[] pageMax();

  /** Folds the open page's min/max into the chunk's and forgets the page's. */
  abstract void endPageStatistics();

  abstract boolean chunkHasMinMax();

  abstract byte[] chunkMin();

  abstract byte[] chunkMax();

  abstract void resetChunkStatistics();

  /** Adds the xxHash64 of the PLAIN encoding of each value of {@code [from, to)} to {@code filter}. */
  abstract void addHashes(int from, int to, BloomFilterBuilder filter);

  /** For BYTE_ARRAY columns, the value bytes of {@code [from, to)} without length prefixes. */
  long unencodedByteArrayBytes(int from, int to) {
    return 0;
  }
}
