package org.parquetarrow.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * RLE BOOLEAN values (data page v1 and v2): a 4-byte little-endian length, then the RLE /
 * bit-packed hybrid with bit width 1. Repeated runs become runs of bits written at once.
 *
 * <pre>{@code
 * var d = new RleBooleanDecoder();
 * d.init(page, offset, length, count);
 * d.read(bitVector.getDataBuffer(), 0, count);
 * }</pre>
 */
public final class RleBooleanDecoder implements BooleanValueDecoder {
  // booleans are levels with maximum 1 whose "validity" is the value itself
  private final LevelDecoder runs = new LevelDecoder("RLE BOOLEAN");

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    runs.initV1Rle(buf, offset, length, 1);
  }

  @Override
  public void read(ArrowBuf bitmap, long bitOffset, int n) {
    runs.readValidity(bitmap, bitOffset, n);
  }

  @Override
  public void skip(int n) {
    runs.skip(n);
  }
}
