package org.parquetarrow.dataset.scan;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.parquetarrow.UnsupportedFeatureException;

/**
 * Unsigned byte comparisons of a string or binary vector's values in place: offsets (32 or 64
 * bits), fixed size, or views (16 bytes a value: the length, then the value itself up to 12
 * bytes, else a prefix, a data buffer index and an offset into it).
 */
final class BytesAccess {
  private final ArrowBuf data;
  private final ArrowBuf offsets;
  private final int offsetWidth;
  private final int fixedWidth;
  private final List<ArrowBuf> viewData;
  // where the value last located lies
  private ArrowBuf buf;
  private long at;
  private int len;

  BytesAccess(FieldVector v) {
    this.data = v.getDataBuffer();
    List<ArrowBuf> views = null;
    if (v instanceof BaseVariableWidthVector) {
      offsets = v.getOffsetBuffer();
      offsetWidth = 4;
      fixedWidth = 0;
    } else if (v instanceof BaseLargeVariableWidthVector) {
      offsets = v.getOffsetBuffer();
      offsetWidth = 8;
      fixedWidth = 0;
    } else if (v instanceof FixedSizeBinaryVector f) {
      offsets = null;
      offsetWidth = 0;
      fixedWidth = f.getByteWidth();
    } else if (v instanceof BaseVariableWidthViewVector view) {
      offsets = null;
      offsetWidth = 0;
      fixedWidth = 0;
      views = view.getDataBuffers();
    } else {
      throw new UnsupportedFeatureException("scan", "filtering on " + v.getField().getType() + " vectors");
    }
    this.viewData = views;
  }

  private void locate(int i) {
    if (viewData != null) {
      long view = (long) i * BaseVariableWidthViewVector.ELEMENT_SIZE;
      len = data.getInt(view);
      if (len <= BaseVariableWidthViewVector.INLINE_SIZE) {
        buf = data;
        at = view + BaseVariableWidthViewVector.LENGTH_WIDTH;
      } else {
        int prefixEnd = BaseVariableWidthViewVector.LENGTH_WIDTH + BaseVariableWidthViewVector.PREFIX_WIDTH;
        buf = viewData.get(data.getInt(view + prefixEnd));
        at = data.getInt(view + prefixEnd + BaseVariableWidthViewVector.BUF_INDEX_WIDTH);
      }
      return;
    }
    buf = data;
    if (fixedWidth > 0) {
      at = (long) i * fixedWidth;
      len = fixedWidth;
    } else if (offsetWidth == 4) {
      at = offsets.getInt((long) i * 4);
      len = (int) (offsets.getInt((long) (i + 1) * 4) - at);
    } else {
      at = offsets.getLong((long) i * 8);
      len = (int) (offsets.getLong((long) (i + 1) * 8) - at);
    }
  }

  int compare(int i, byte[] v) {
    locate(i);
    int n = Math.min(len, v.length);
    for (int k = 0; k < n; k++) {
      int d = (buf.getByte(at + k) & 0xFF) - (v[k] & 0xFF);
      if (d != 0) {
        return d;
      }
    }
    return Integer.compare(len, v.length);
  }

  boolean startsWith(int i, byte[] prefix) {
    locate(i);
    if (len < prefix.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if (buf.getByte(at + k) != prefix[k]) {
        return false;
      }
    }
    return true;
  }
}
