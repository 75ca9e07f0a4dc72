package org.parquetarrow.variant;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Writes Variant values into a growable byte array, reused from row to row. Objects and arrays are
 * written children first: their header, whose size depends on the children's, is then inserted
 * before them.
 */
final class VariantEncoder {
  static final int NULL = 0;
  static final int TRUE = 1;
  static final int FALSE = 2;
  static final int BINARY = 15;
  static final int LONG_STRING = 16;
  static final int MAX_SHORT_STRING = 63;

  private byte[] buf = new byte[256];
  private int pos;

  void reset() {
    pos = 0;
  }

  int position() {
    return pos;
  }

  byte[] buffer() {
    return buf;
  }

  private void ensure(long more) {
    long needed = pos + more;
    if (needed > Integer.MAX_VALUE - 16) {
      throw new VariantFormatException("a rebuilt variant value exceeds 2 GiB");
    }
    if (needed > buf.length) {
      buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, 2L * buf.length)));
    }
  }

  void primitive(int typeId) {
    ensure(1);
    buf[pos++] = (byte) (typeId << 2);
  }

  /** A primitive whose data is {@code size} bytes of {@code data} from {@code offset}, as stored. */
  void primitive(int typeId, ArrowBuf data, long offset, int size) {
    ensure(1L + size);
    buf[pos++] = (byte) (typeId << 2);
    data.getBytes(offset, buf, pos, size);
    pos += size;
  }

  /** A decimal: scale byte, then the {@code size} low bytes of a little-endian unscaled value. */
  void decimal(int typeId, int scale, ArrowBuf data, long offset, int size) {
    ensure(2L + size);
    buf[pos++] = (byte) (typeId << 2);
    buf[pos++] = (byte) scale;
    data.getBytes(offset, buf, pos, size);
    pos += size;
  }

  /** A UUID, whose 16 bytes are big-endian in both Parquet and Variant. */
  void uuid(int typeId, ArrowBuf data, long offset) {
    primitive(typeId, data, offset, 16);
  }

  /** A string (short form below 64 bytes) or binary from Arrow data. */
  void bytes(boolean string, ArrowBuf data, long offset, int length) {
    ensure(5L + length);
    if (string && length <= MAX_SHORT_STRING) {
      buf[pos++] = (byte) (length << 2 | VariantValues.BASIC_SHORT_STRING);
    } else {
      buf[pos++] = (byte) ((string ? LONG_STRING : BINARY) << 2);
      LittleEndianBytes.put(buf, pos, length, 4);
      pos += 4;
    }
    data.getBytes(offset, buf, pos, length);
    pos += length;
  }

  /** Copies already encoded bytes. */
  void copy(byte[] src, int offset, int length) {
    ensure(length);
    System.arraycopy(src, offset, buf, pos, length);
    pos += length;
  }

  /** Copies already encoded bytes from Arrow memory. */
  void copy(ArrowBuf src, long offset, int length) {
    ensure(length);
    src.getBytes(offset, buf, pos, length);
    pos += length;
  }

  /**
   * Turns the values written since {@code start} into an object: {@code ids[i]} is the field id of
   * the value starting at {@code start + starts[i]}; the fields are in name order.
   */
  void finishObject(int start, int[] ids, int[] starts, int count) {
    int dataLength = pos - start;
    int maxId = 0;
    for (int i = 0; i < count; i++) {
      maxId = Math.max(maxId, ids[i]);
    }
    int idSize = LittleEndianBytes.widthOf(maxId);
    int offsetSize = LittleEndianBytes.widthOf(dataLength);
    boolean large = count > 0xFF;
    int header = 1 + (large ? 4 : 1) + count * idSize + (count + 1) * offsetSize;
    int at = open(start, dataLength, header);
    buf[at++] = (byte) (VariantValues.BASIC_OBJECT | (offsetSize - 1) << 2 | (idSize - 1) << 4 | (large ? 1 : 0) << 6);
    at = count(at, count, large);
    for (int i = 0; i < count; i++) {
      LittleEndianBytes.put(buf, at, ids[i], idSize);
      at += idSize;
    }
    offsets(at, starts, count, dataLength, offsetSize);
  }

  /** Turns the values written since {@code start} into an array of {@code count} elements. */
  void finishArray(int start, int[] starts, int count) {
    int dataLength = pos - start;
    int offsetSize = LittleEndianBytes.widthOf(dataLength);
    boolean large = count > 0xFF;
    int header = 1 + (large ? 4 : 1) + (count + 1) * offsetSize;
    int at = open(start, dataLength, header);
    buf[at++] = (byte) (VariantValues.BASIC_ARRAY | (offsetSize - 1) << 2 | (large ? 1 : 0) << 4);
    at = count(at, count, large);
    offsets(at, starts, count, dataLength, offsetSize);
  }

  /** Moves the {@code dataLength} bytes at {@code start} right by {@code header} bytes. */
  private int open(int start, int dataLength, int header) {
    ensure(header);
    System.arraycopy(buf, start, buf, start + header, dataLength);
    pos += header;
    return start;
  }

  private int count(int at, int count, boolean large) {
    int size = large ? 4 : 1;
    LittleEndianBytes.put(buf, at, count, size);
    return at + size;
  }

  private void offsets(int at, int[] starts, int count, int dataLength, int offsetSize) {
    for (int i = 0; i < count; i++) {
      LittleEndianBytes.put(buf, at, starts[i], offsetSize);
      at += offsetSize;
    }
    LittleEndianBytes.put(buf, at, dataLength, offsetSize);
  }
}
