package org.parquetarrow.write;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.ValueVector;
import org.parquetarrow.bloom.BloomFilterBuilder;
import org.parquetarrow.bloom.SplitBlockBloomFilter;
import org.parquetarrow.encoding.ByteSink;
import org.parquetarrow.encoding.PlainBooleanEncoder;

/** BOOLEAN values, one byte (0 or 1) each. Not dictionary encoded (as Arrow C++ and parquet-java). */
final class BooleanValues extends LeafValues {
  byte[] values = new byte[0];
  private int pageSeen; // bit 0: saw false, bit 1: saw true
  private int chunkSeen;

  BooleanValues(boolean statistics) {
    super(statistics ? ValueOrder.BOOLEAN : ValueOrder.NONE);
  }

  @Override
  void gather(ValueVector vector, int[] idx, int n) {
    if (values.length < n) {
      values = new byte[Math.max(n, values.length + (values.length >> 1))];
    }
    count = n;
    ArrowBuf data = ((BitVector) vector).getDataBuffer();
    for (int i = 0; i < n; i++) {
      int e = idx[i];
      values[i] = (byte) ((data.getByte(e >>> 3) >>> (e & 7)) & 1);
    }
  }

  @Override
  long plainSize(int from, int to) {
    return (to - from + 7) / 8;
  }

  /** PLAIN booleans pack across ranges: the column writer uses {@link #writePlain(int, int, PlainBooleanEncoder)}. */
  @Override
  void writePlain(int from, int to, ByteSink sink) {
    PlainBooleanEncoder e = new PlainBooleanEncoder();
    writePlain(from, to, e);
    e.flushTo(sink);
  }

  void writePlain(int from, int to, PlainBooleanEncoder encoder) {
    for (int i = from; i < to; i++) {
      encoder.write(values[i] != 0);
    }
  }

  @Override
  boolean dictionarySupported() {
    return false;
  }

  @Override
  void dictionaryIds(int from, int to, int[] out, int outOffset) {
    throw new IllegalStateException("booleans are not dictionary encoded");
  }

  @Override
  void writePlainFromDictionary(int[] ids, int n, ByteSink sink) {
    throw new IllegalStateException("booleans are not dictionary encoded");
  }

  @Override
  int dictionarySize() {
    return 0;
  }

  @Override
  long dictionaryPlainSize() {
    return 0;
  }

  @Override
  void writeDictionary(ByteSink sink) {
    throw new IllegalStateException("booleans are not dictionary encoded");
  }

  @Override
  void clearDictionary() {}

  @Override
  void updateStatistics(int from, int to) {
    if (order == ValueOrder.NONE) {
      return;
    }
    for (int i = from; i < to && pageSeen != 3; i++) {
      pageSeen |= values[i] == 0 ? 1 : 2;
    }
  }

  @Override
  boolean pageHasMinMax() {
    return pageSeen != 0;
  }

  @Override
  byte[] pageMin() {
    return new byte[] {(byte) ((pageSeen & 1) != 0 ? 0 : 1)};
  }

  @Override
  byte[] pageMax() {
    return new byte[] {(byte) ((pageSeen & 2) != 0 ? 1 : 0)};
  }

  @Override
  void endPageStatistics() {
    chunkSeen |= pageSeen;
    pageSeen = 0;
  }

  @Override
  boolean chunkHasMinMax() {
    return chunkSeen != 0;
  }

  @Override
  byte[] chunkMin() {
    return new byte[] {(byte) ((chunkSeen & 1) != 0 ? 0 : 1)};
  }

  @Override
  byte[] chunkMax() {
    return new byte[] {(byte) ((chunkSeen & 2) != 0 ? 1 : 0)};
  }

  @Override
  void resetChunkStatistics() {
    chunkSeen = 0;
    pageSeen = 0;
  }

  @Override
  void addHashes(int from, int to, BloomFilterBuilder filter) {
    for (int i = from; i < to; i++) {
      filter.insert(SplitBlockBloomFilter.hashBytes(values, i, 1));
    }
  }
}
