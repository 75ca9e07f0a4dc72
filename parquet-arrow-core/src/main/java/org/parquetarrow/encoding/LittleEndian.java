package org.parquetarrow.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Little-endian reads and writes of heap byte arrays (bounds-checked by the JVM, no allocation). */
final class LittleEndian {
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private LittleEndian() {}

  static int getInt(byte[] b, int pos) {
    return (int) INT.get(b, pos);
  }

  static long getLong(byte[] b, int pos) {
    return (long) LONG.get(b, pos);
  }

  static void putInt(byte[] b, int pos, int v) {
    INT.set(b, pos, v);
  }

  static void putLong(byte[] b, int pos, long v) {
    LONG.set(b, pos, v);
  }

  /**
   * Reads {@code count} (0..8) bytes as an unsigned little-endian number; used where a value is
   * stored in fewer bytes than a whole int or long (RLE run values, page tails).
   */
  static long getBytes(byte[] b, int pos, int count) {
    long v = 0;
    for (int i = 0; i < count; i++) {
      v |= (b[pos + i] & 0xffL) << (8 * i);
    }
    return v;
  }
}
