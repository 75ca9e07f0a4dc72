package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Dictionary-encoded fixed-width values: indices decoded a chunk at a time and gathered from a
 * {@link FixedWidthDictionary}.
 *
 * <pre>{@code
 * var d = new DictionaryFixedWidthDecoder(FixedWidthDictionary.fromPlain(dictPage, 0, len, entries, 4));
 * d.init(page, offset, length, count);
 * d.read(intVector.getDataBuffer(), 0, count);
 * }</pre>
 */
public final class DictionaryFixedWidthDecoder implements FixedWidthValueDecoder {
  private static final int CHUNK = 1024;

  private final FixedWidthDictionary dictionary;
  private final DictionaryIndexDecoder indices = new DictionaryIndexDecoder();
  private final int[] ids = new int[CHUNK];

  public DictionaryFixedWidthDecoder(FixedWidthDictionary dictionary) {
    this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
  }

  @Override
  public int byteWidth() {
    return dictionary.byteWidth();
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    indices.init(buf, offset, length, valueCount, dictionary.size());
  }

  @Override
  public void read(ArrowBuf dst, long dstOffset, int n) {
    Checks.checkCount(n);
    int w = dictionary.byteWidth();
    ArrowBufs.address(dst, dstOffset, (long) n * w);
    for (int done = 0; done < n; ) {
      int c = Math.min(CHUNK, n - done);
      indices.read(ids, 0, c);
      dictionary.gather(ids, 0, c, dst, dstOffset + (long) done * w);
      done += c;
    }
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    indices.skip(n);
  }
}
