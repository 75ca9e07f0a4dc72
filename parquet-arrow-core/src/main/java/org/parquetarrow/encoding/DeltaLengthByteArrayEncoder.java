package org.parquetarrow.encoding;

import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;

/**
 * DELTA_LENGTH_BYTE_ARRAY encoding: the lengths as DELTA_BINARY_PACKED, then all bytes back to
 * back.
 *
 * <pre>{@code
 * var enc = new DeltaLengthByteArrayEncoder();
 * enc.write(varChar.getOffsetBuffer(), varChar.getDataBuffer(), BinaryOutput.OffsetWidth.INT32, 0, rowCount);
 * enc.flushTo(pageSink);
 * }</pre>
 */
public final class DeltaLengthByteArrayEncoder {
  private final DeltaBinaryPackedEncoder lengths = DeltaBinaryPackedEncoder.int32();
  private final ByteSink data = new ByteSink();

  public void write(byte[] value, int off, int len) {
    Objects.checkFromIndexSize(off, len, value.length);
    lengths.write(len);
    data.write(value, off, len);
  }

  /** Appends values {@code from .. from + n - 1} of an Arrow variable-width layout. */
  public void write(ArrowBuf offsets, ArrowBuf data, BinaryOutput.OffsetWidth width, int from, int n) {
    boolean wide = width == BinaryOutput.OffsetWidth.INT64;
    long start = wide ? offsets.getLong(8L * from) : offsets.getInt(4L * from);
    long first = start;
    for (int i = from; i < from + n; i++) {
      long end = wide ? offsets.getLong(8L * (i + 1)) : offsets.getInt(4L * (i + 1));
      if (end < start || end - start > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("value " + i + " has length " + (end - start));
      }
      lengths.write(end - start);
      start = end;
    }
    long total = start - first;
    if (total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(total + " bytes in one call");
    }
    this.data.write(data, first, (int) total);
  }

  public int estimatedSize() {
    return lengths.estimatedSize() + data.size();
  }

  public void flushTo(ByteSink sink) {
    lengths.flushTo(sink);
    sink.write(data);
    data.reset();
  }
}
