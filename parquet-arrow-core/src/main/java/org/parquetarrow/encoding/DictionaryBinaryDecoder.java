package org.parquetarrow.encoding;

import java.util.Objects;
/**
 * Dictionary-encoded BYTE_ARRAY values: indices decoded a chunk at a time and gathered from a
 * {@link BinaryDictionary}.
 *
 * <pre>{@code
 * var d = new DictionaryBinaryDecoder(BinaryDictionary.fromPlain(dictPage, 0, len, entries));
 * d.init(page, offset, length, count);
 * d.read(binaryOutput, count);
 * }</pre>
 */
public final class DictionaryBinaryDecoder implements BinaryValueDecoder {
  private static final int CHUNK = 1024;

  private final BinaryDictionary dictionary;
  private final DictionaryIndexDecoder indices = new DictionaryIndexDecoder();
  private final int[] ids = new int[CHUNK];

  public DictionaryBinaryDecoder(BinaryDictionary dictionary) {
    this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
  }

  @Override
  public void init(byte[] buf, int offset, int length, int valueCount) {
    indices.init(buf, offset, length, valueCount, dictionary.size());
  }

  @Override
  public void read(BinaryOutput out, int n) {
    Checks.checkCount(n);
    for (int done = 0; done < n; ) {
      int c = Math.min(CHUNK, n - done);
      indices.read(ids, 0, c);
      dictionary.gather(ids, 0, c, out);
      done += c;
    }
  }

  @Override
  public void skip(int n) {
    Checks.checkCount(n);
    indices.skip(n);
  }
}
