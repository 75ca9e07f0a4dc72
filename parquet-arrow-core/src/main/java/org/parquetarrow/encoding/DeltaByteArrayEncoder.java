package org.parquetarrow.encoding;

import java.util.Arrays;
import java.util.Objects;

/**
 * DELTA_BYTE_ARRAY encoding (front coding), for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY: each value
 * stores the length of the prefix it shares with the previous value and its remaining suffix.
 *
 * <pre>{@code
 * var enc = new DeltaByteArrayEncoder();
 * enc.write(bytes, 0, bytes.length);
 * enc.flushTo(pageSink);
 * }</pre>
 */
public final class DeltaByteArrayEncoder {
  private final DeltaBinaryPackedEncoder prefixes = DeltaBinaryPackedEncoder.int32();
  private final DeltaLengthByteArrayEncoder suffixes = new DeltaLengthByteArrayEncoder();
  private byte[] previous = new byte[64];
  private int previousLength;

  public void write(byte[] value, int off, int len) {
    Objects.checkFromIndexSize(off, len, value.length);
    int max = Math.min(len, previousLength);
    int prefix = Arrays.mismatch(previous, 0, max, value, off, off + max);
    if (prefix < 0) {
      prefix = max;
    }
    prefixes.write(prefix);
    suffixes.write(value, off + prefix, len - prefix);
    if (len > previous.length) {
      previous = Arrays.copyOf(previous, Math.max(len, 2 * previous.length));
    }
    System.arraycopy(value, off, previous, 0, len);
    previousLength = len;
  }

  public int estimatedSize() {
    return prefixes.estimatedSize() + suffixes.estimatedSize();
  }

  /** Appends the page section and starts over (the next page's first value has no prefix). */
  public void flushTo(ByteSink sink) {
    prefixes.flushTo(sink);
    suffixes.flushTo(sink);
    previousLength = 0;
  }
}
